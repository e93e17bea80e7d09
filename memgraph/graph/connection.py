"""One driver per process, shared with neomodel, with errors mapped to memgraph's."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, TypeVar

import neo4j
from neo4j import Driver, GraphDatabase, Session
from neo4j import exceptions as neo4j_errors

from memgraph import cypher
from memgraph.errors import (
    AuthenticationError,
    ConfigurationError,
    DatabaseError,
    DatabaseUnavailableError,
    InvalidInputError,
)
from memgraph.graph.write_behind import Merge, WriteBehind
from memgraph.settings import Settings

T = TypeVar("T")

# The backoff of a transaction tried again after a retryable error (a deadlock, a leader
# switch, a lost connection): the driver's managed transactions and Graph.read()/write()
# use the same, within the same window (``Settings.transaction_retry_s``).
RETRY_FIRST_DELAY_S = 1.0
RETRY_JITTER = 0.2


def connect(settings: Settings) -> Driver:
    """Open and verify a driver for ``settings.neo4j_uri``."""
    # A missing password is reported only if the server is reachable and refuses us, so an
    # unreachable server or a bad URI is still named first.
    try:
        password, missing = settings.password(), None
    except ConfigurationError as e:
        password, missing = "", e
    try:
        driver = GraphDatabase.driver(
            settings.neo4j_uri,
            auth=(settings.neo4j_username, password),
            connection_timeout=settings.connection_timeout_s,
            max_transaction_retry_time=settings.transaction_retry_s,
            notifications_min_severity="OFF",
        )
    except (ValueError, neo4j_errors.ConfigurationError) as e:
        raise DatabaseUnavailableError(f"invalid NEO4J_URI {settings.neo4j_uri!r}: {e}") from e
    try:
        with translate_errors(settings.neo4j_uri):
            driver.verify_connectivity()
    except AuthenticationError:
        driver.close()
        if missing is not None:
            raise missing from None
        raise
    return driver


@contextmanager
def translate_errors(uri: str = "") -> Iterator[None]:
    """Turn driver exceptions into memgraph errors with one readable line."""
    try:
        yield
    except neo4j_errors.AuthError as e:
        raise AuthenticationError(
            f"Neo4j at {uri or 'the configured URI'} rejected the username or password "
            "(check NEO4J_USERNAME / NEO4J_PASSWORD)") from e
    except (neo4j_errors.ServiceUnavailable, neo4j_errors.SessionExpired, OSError) as e:
        raise DatabaseUnavailableError(
            f"Neo4j is not reachable at {uri or 'the configured URI'} "
            "(start it with `memgraph server start` or check NEO4J_URI)") from e
    except neo4j_errors.ConstraintError as e:
        raise InvalidInputError(f"constraint violated: {_first_line(e)}") from e
    except neo4j_errors.Neo4jError as e:
        raise DatabaseError(f"Neo4j error {e.code}: {_first_line(e)}") from e
    except neo4j_errors.DriverError as e:
        raise DatabaseError(f"Neo4j driver error: {_first_line(e)}") from e


class _UnloggedList(list[Any]):
    """A parameter list whose repr is its length (see ``unlogged``)."""

    def __repr__(self) -> str:
        return f"[… {len(self)} items]"


class _UnloggedMap(dict[str, Any]):
    def __repr__(self) -> str:
        return f"{{… {len(self)} keys}}"


def unlogged(params: Mapping[str, Any]) -> dict[str, Any]:
    """Query parameters whose top-level lists and maps render as their size.

    The driver (neo4j 6.1, ``Bolt5x5.run``) formats ``repr`` of every parameter for a
    debug line before it checks whether debug logging is on: for a batch of 2,000
    sources carrying 384-float vectors that is ~0.5 s of Python per query, longer than
    the database takes to write them. Subclasses of list and dict pack exactly as the
    plain ones (packstream checks ``isinstance``); only their ``repr`` changes.
    """
    out: dict[str, Any] = {}
    for key, value in params.items():
        if type(value) is list:
            value = _UnloggedList(value)
        elif type(value) is dict:
            value = _UnloggedMap(value)
        out[key] = value
    return out


def run_in(tx: neo4j.ManagedTransaction, name: str, params: Mapping[str, Any]
           ) -> list[dict[str, Any]]:
    """Run the named query inside a caller's transaction; its rows as plain dicts."""
    return [dict(r) for r in tx.run(cypher.load(name), unlogged(params))]


# Another transaction deleted a node or relationship that a query had matched but not yet
# locked. Neo4j reports it as the client's error, but a query that only brings things into
# step (a migration that skips what is already done) can simply run again.
VANISHED_ENTITY = "Neo.ClientError.Statement.EntityNotFound"


def retrying(attempt: Callable[[], T], *, within_s: float, after_lost_connection: bool = True,
             also_retry: frozenset[str] = frozenset(),
             sleep: Callable[[float], None] = time.sleep,
             clock: Callable[[], float] = time.monotonic) -> T:
    """``attempt()``, tried again while it fails on a retryable error and less than
    ``within_s`` seconds have passed since its first failure; delays double from 1 s with
    ±20 % jitter (what the driver does for its managed transactions).

    An error the server reports (a deadlock, a follower asked to write) means the
    transaction did not commit, so it is always tried again. A lost connection is tried
    again only ``after_lost_connection``: an auto-commit write may have committed before
    the connection went, and running it twice would count a reinforcement twice (the
    driver, for the same reason, does not retry a managed transaction whose COMMIT was cut
    off). Errors whose code is in ``also_retry`` are tried again too."""
    first_failure: float | None = None
    delay = RETRY_FIRST_DELAY_S
    while True:
        try:
            return attempt()
        except (neo4j_errors.Neo4jError, neo4j_errors.DriverError) as e:
            if not (e.is_retryable() or getattr(e, "code", None) in also_retry):
                raise
            if isinstance(e, neo4j_errors.DriverError) and not after_lost_connection:
                raise
            now = clock()
            first_failure = now if first_failure is None else first_failure
            if now - first_failure > within_s:
                raise
        sleep(delay * (1.0 + RETRY_JITTER * (2.0 * random.random() - 1.0)))
        delay *= 2.0


def _first_line(e: Exception) -> str:
    text = getattr(e, "message", None) or str(e)
    return text.strip().splitlines()[0][:300] if text else type(e).__name__


class Graph:
    """Thin wrapper: run named queries in read, write or auto-commit transactions.

    Rows come back as plain dicts of the record's values. The named queries return maps,
    lists and scalars, never node or relationship objects, so the driver's ``Record.data()``
    (a recursive walk that converts graph objects) is not needed: on explore()'s candidate
    rows it cost 2 ms per call.
    """

    def __init__(self, driver: Driver, settings: Settings) -> None:
        self.driver = driver
        self.settings = settings
        self.database = settings.neo4j_database
        # writes queued by write_behind(); every other query waits for them first
        self.behind = WriteBehind(
            lambda name, params: self._execute(name, params, neo4j.WRITE_ACCESS, wait=False))

    @classmethod
    def open(cls, settings: Settings) -> Graph:
        return cls(connect(settings), settings)

    def close(self) -> None:
        self.behind.close()
        self.driver.close()

    def use_for_models(self) -> None:
        """Make the neomodel classes in ``graph/models.py`` use this driver (one shared)."""
        from neomodel import db, get_config

        get_config().database_name = self.database
        db.set_connection(driver=self.driver)

    def _session(self, **kwargs: Any) -> Session:
        # Sessions share the bookmark manager of the driver's execute_query: on a cluster, a
        # read right after a write made in another session (write_many, the batch jobs)
        # waits for that write, whichever member serves it (causal consistency).
        kwargs.setdefault("bookmark_manager", self.driver.execute_query_bookmark_manager)
        return self.driver.session(database=self.database, **kwargs)

    @contextmanager
    def session(self, **kwargs: Any) -> Iterator[Session]:
        """A driver session, once the queued writes are done. Inside a transaction of it,
        run queries on that transaction (``run_in``), never through this Graph: that would
        wait for the queue, whose next write may wait for the transaction's locks."""
        self.behind.wait()
        with translate_errors(self.settings.neo4j_uri), self._session(**kwargs) as session:
            yield session

    def read(self, name: str, **params: Any) -> list[dict[str, Any]]:
        """Run the named query as one read transaction (retried on transient errors)."""
        return self._execute(name, params, neo4j.READ_ACCESS)

    def read_now(self, name: str, **params: Any) -> list[dict[str, Any]]:
        """``read``, without first waiting for the writes queued by ``write_behind``:
        for explore(), which may rank by a salience that misses the recalls still queued
        (those of about the last ``write_behind.LINGER_S``)."""
        return self._execute(name, params, neo4j.READ_ACCESS, wait=False)

    def write_behind(self, name: str, *, merge: Merge | None = None,
                     **params: Any) -> None:
        """Queue the named write to run on this Graph's background thread, after those
        queued before it (``memgraph/graph/write_behind.py``; ``merge``: the list
        parameter, its items' key and their list that folds, when jobs may share a
        statement). Every other query through this Graph waits for the queue first."""
        self.behind.submit(name, params, merge=merge)

    def write(self, name: str, **params: Any) -> list[dict[str, Any]]:
        """Run the named query as one write transaction: all or nothing (retried on
        transient errors, as a whole)."""
        return self._execute(name, params, neo4j.WRITE_ACCESS)

    def _execute(self, name: str, params: Mapping[str, Any], access_mode: str, *,
                 wait: bool = True) -> list[dict[str, Any]]:
        if wait:
            self.behind.wait()
        query, packed = cypher.load(name), unlogged(params)
        with translate_errors(self.settings.neo4j_uri):
            return retrying(lambda: self._run(query, packed, access_mode),
                            within_s=self.settings.transaction_retry_s,
                            after_lost_connection=access_mode == neo4j.READ_ACCESS)

    def _run(self, query: str, params: Mapping[str, Any],
             access_mode: str) -> list[dict[str, Any]]:
        # An auto-commit transaction: the query is its own transaction, which commits when
        # its rows are read, so one round trip instead of a managed transaction's two
        # (begin + run, then commit): 0.3 ms a query on this machine, and explore() makes
        # two (docs/retrieval.md, "Round trips"). It is just as atomic.
        with self._session(default_access_mode=access_mode) as session:
            return [dict(r) for r in session.run(query, params)]

    def run_autocommit(self, name: str, **params: Any) -> list[dict[str, Any]]:
        """Auto-commit run for ``CALL { ... } IN TRANSACTIONS`` batch jobs: not retried,
        since such a query commits batch by batch."""
        self.behind.wait()
        with translate_errors(self.settings.neo4j_uri):
            return self._run(cypher.load(name), unlogged(params), neo4j.WRITE_ACCESS)

    def run_migration(self, name: str, **params: Any) -> list[dict[str, Any]]:
        """Auto-commit run of an idempotent batch migration, run again from the start when
        another transaction deleted a node it had matched (a batch's work that committed
        is skipped the second time)."""
        self.behind.wait()
        with translate_errors(self.settings.neo4j_uri):
            return retrying(lambda: self._run(cypher.load(name), unlogged(params),
                                              neo4j.WRITE_ACCESS),
                            within_s=self.settings.transaction_retry_s,
                            after_lost_connection=False,
                            also_retry=frozenset({VANISHED_ENTITY}))

    def run_schema(self, name: str, identifiers: Mapping[str, str],
                   **params: Any) -> list[dict[str, Any]]:
        """Auto-commit run of a schema command that names a label (``cypher.with_identifiers``
        fills it in; the rest are parameters)."""
        self.behind.wait()
        with translate_errors(self.settings.neo4j_uri):
            return self._run(cypher.with_identifiers(name, **identifiers), unlogged(params),
                             neo4j.WRITE_ACCESS)

    def write_many(self, steps: list[tuple[str, Mapping[str, Any]]]) -> list[list[dict[str, Any]]]:
        """Run several named queries in ONE write transaction: all land or none does."""
        def work(tx: neo4j.ManagedTransaction) -> list[list[dict[str, Any]]]:
            return [run_in(tx, name, params) for name, params in steps]

        with self.session() as session:
            return session.execute_write(work)
