"""Graph.read()/write() run each named query as one auto-commit transaction, tried again on
a retryable failure (a deadlock, a leader switch; a lost connection for a read) as the
driver would try a managed transaction again. Neo4j Community cannot set a lock timeout at
run time and picks a deadlock's victim itself, so the retry policy is shown without a
server; every test that reads or writes the graph runs through it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from neo4j import exceptions as neo4j_errors
from retrieve_data import add_node, props_of

from memgraph.errors import DatabaseError
from memgraph.graph.connection import VANISHED_ENTITY, Graph, retrying
from memgraph.settings import Settings

T = TypeVar("T")


class _Clock:
    """A clock that moves only when the retry loop sleeps."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds

    def retry(self, attempt: Callable[[], T], **options: Any) -> T:
        options.setdefault("within_s", Settings().transaction_retry_s)
        return retrying(attempt, sleep=self.sleep, clock=lambda: self.now, **options)


class _Failing:
    """An attempt that raises ``errors`` one per call (the last one for ever when
    ``forever``), then returns "done"; it counts its calls."""

    def __init__(self, *errors: Exception, forever: bool = False) -> None:
        self.errors, self.forever, self.calls = list(errors), forever, 0

    def __call__(self) -> str:
        self.calls += 1
        if self.errors:
            raise self.errors[0] if self.forever else self.errors.pop(0)
        return "done"


def test_retrying_backs_off_and_stops_after_its_window() -> None:
    clock = _Clock()
    deadlocked = _Failing(neo4j_errors.TransientError("deadlock detected"), forever=True)
    with pytest.raises(neo4j_errors.TransientError):
        clock.retry(deadlocked, within_s=10.0)
    # 1, 2, 4, 8 s (±20 %): the fifth failure comes more than 10 s after the first
    assert deadlocked.calls == 5
    assert all(0.8 * 2 ** i <= s <= 1.2 * 2 ** i for i, s in enumerate(clock.sleeps))
    short = _Failing(neo4j_errors.TransientError("deadlock detected"), forever=True)
    with pytest.raises(neo4j_errors.TransientError):
        _Clock().retry(short, within_s=1.0)     # 1 s (±20 %), then once more past the window
    assert short.calls in (2, 3)


def test_retrying_returns_the_first_success_and_passes_other_errors_at_once() -> None:
    clock = _Clock()
    assert clock.retry(_Failing(neo4j_errors.ServiceUnavailable("leader switch"))) == "done"
    assert len(clock.sleeps) == 1
    refused = _Failing(neo4j_errors.ClientError("syntax error"), forever=True)
    with pytest.raises(neo4j_errors.ClientError):
        clock.retry(refused)
    assert refused.calls == 1 and len(clock.sleeps) == 1


def test_an_idempotent_migration_runs_again_when_a_node_it_matched_was_deleted() -> None:
    """Neo4j reports a node deleted by another transaction between a batch query's match
    and its write as the client's error (EntityNotFound); `memgraph init`'s migrations,
    which skip what is already done, run again. Any other query stops at it."""
    def vanished() -> neo4j_errors.Neo4jError:     # as the driver builds it from the server
        return neo4j_errors.Neo4jError._hydrate_neo4j(
            code=VANISHED_ENTITY, message="Unable to load NODE 4:3fe2:138.")

    clock = _Clock()
    migration = _Failing(vanished())
    assert clock.retry(migration, also_retry=frozenset({VANISHED_ENTITY})) == "done"
    assert migration.calls == 2
    query = _Failing(vanished(), forever=True)
    with pytest.raises(neo4j_errors.ClientError):
        clock.retry(query)
    assert query.calls == 1


def test_a_write_is_not_run_again_after_a_lost_connection_but_after_a_deadlock() -> None:
    """A lost connection may come after an auto-commit write committed: running it again
    would apply it twice. A deadlock is reported by the server, so nothing committed."""
    clock = _Clock()
    cut_off = _Failing(neo4j_errors.SessionExpired("connection lost"), forever=True)
    with pytest.raises(neo4j_errors.SessionExpired):
        clock.retry(cut_off, after_lost_connection=False)
    assert cut_off.calls == 1 and clock.sleeps == []
    deadlocked_once = _Failing(neo4j_errors.TransientError("deadlock detected"))
    assert clock.retry(deadlocked_once, after_lost_connection=False) == "done"
    assert deadlocked_once.calls == 2 and len(clock.sleeps) == 1


def test_a_write_that_fails_on_its_last_row_leaves_no_row_written(graph: Graph,
                                                                  user_id: str) -> None:
    first, second = (add_node(graph, user_id, "Concept", name) for name in ("Kelp", "Krill"))
    rows = [{"uid": first, "embedding": [0.25] * 384},
            {"uid": second, "embedding": "not a vector"}]
    with pytest.raises(DatabaseError):
        graph.write("graph/write_vectors", rows=rows, user_id=user_id,
                    embedding_model="test-model")
    for uid in (first, second):
        props = props_of(graph, uid)
        assert props.get("embedding") is None and props.get("embedding_model") is None
    rows[1]["embedding"] = [0.5] * 384
    assert graph.write("graph/write_vectors", rows=rows, user_id=user_id,
                       embedding_model="test-model") == [{"written": 2}]
