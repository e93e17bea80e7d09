"""Running a job: the lock, the run record, progress, the report.

A job is a function ``run(ctx: JobContext) -> None`` that does its work in units (one
transaction each) and adds to ``ctx.report.counts``. The runner around it guarantees:
- never twice at once: a ``:JobLock`` node per job and scope, with an expiry refreshed at
  every unit, so a crashed holder's lock is taken over once it expires;
- every run recorded: a ``:JobRun`` node (start, end, status, counts, errors, as_of);
- resumable: each job marks what it finished inside the unit's own transaction (decay's
  anchor, ``is_dirty``, archived sources, deleted duplicates), so the next run picks up
  exactly the remainder and never applies anything twice.
Dry runs take no lock and record nothing: they change nothing at all.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from memgraph.errors import InvalidInputError, JobError, JobLockedError, MemgraphError
from memgraph.graph.values import to_native
from memgraph.jobs.context import (
    Fault,
    JobContext,
    JobReport,
    Progress,
    in_shard,
    lease_until,
    parse_shard,
)

if TYPE_CHECKING:
    from memgraph.graph.connection import Graph
    from memgraph.jobs.synthesis import Synthesiser
    from memgraph.providers.base import Embedder
    from memgraph.settings import Settings

# The order of `nightly` (docs/lifecycle.md): decay first so every later step sees today's
# salience; consolidate before cleanup so expiring notes are folded into descriptions before
# they go; episodic after cleanup so its fresh insight notes are not touched by it and are
# described next night; dedupe so it compares the freshest descriptions and embeddings;
# storylines after them, so its subjects are the deduplicated nodes; vector_indexes last,
# so a tenant's own index is built on what the others left.
JOB_NAMES = ("decay", "consolidate", "cleanup", "episodic", "dedupe", "storylines",
             "vector_indexes")
NIGHTLY = "nightly"

def _now() -> datetime:
    return datetime.now(UTC)


def _job_functions() -> dict[str, Callable[[JobContext], None]]:
    from memgraph.jobs import (
        cleanup,
        consolidate,
        decay,
        dedupe,
        episodic,
        storylines,
        vector_indexes,
    )

    return {"decay": decay.run, "consolidate": consolidate.run, "cleanup": cleanup.run,
            "episodic": episodic.run, "dedupe": dedupe.run, "storylines": storylines.run,
            "vector_indexes": vector_indexes.run}


def run_job(name: str, *, graph: Graph, settings: Settings,
            embedder_factory: Callable[[], Embedder], synthesiser: Synthesiser,
            user_id: str | None = None, all_users: bool = False, dry_run: bool = False,
            as_of: datetime | None = None, simulate: bool = False,
            all_elements: bool = False, progress: Progress | None = None,
            fault: Fault | None = None, run_id: str | None = None,
            shard: tuple[int, int] | None = None) -> JobReport:
    """Run one job, or ``nightly`` (all of them in order), under its lock; return the report.
    ``run_id`` names the run's record (the HTTP API hands it out before the run starts).

    The scope is explicit: one ``user_id``, or ``all_users=True``. A future ``as_of`` is
    refused unless the run is a dry run or a simulation (``simulate=True``) of one user
    (``check_clock``)."""
    if name != NIGHTLY and name not in JOB_NAMES:
        raise InvalidInputError(f"unknown job {name!r}; use one of "
                                + ", ".join((*JOB_NAMES, NIGHTLY)))
    if all_users == (user_id is not None):
        raise InvalidInputError("a job runs for one user or for all users: give a user_id "
                                "or all_users=True (exactly one of them)")
    check_clock(as_of, dry_run=dry_run, simulate=simulate, all_users=all_users)
    if shard is not None and (not all_users or not 1 <= shard[0] <= shard[1]):
        raise InvalidInputError("a shard (K/N, K from 1 to N) splits an all-users run "
                                "between workers; a one-user run has none")
    as_of = _aware(as_of or _now())
    steps = list(JOB_NAMES) if name == NIGHTLY else [name]

    def make_ctx(job: str, uid: str | None = None) -> JobContext:
        report = JobReport(job=job, run_id=uid or uuid.uuid4().hex, user_id=user_id, as_of=as_of,
                           dry_run=dry_run, started_at=_now())
        return JobContext(graph=graph, settings=settings, report=report,
                          embedder_factory=embedder_factory, synthesiser=synthesiser,
                          all_elements=all_elements, progress=progress, fault=fault,
                          shard=shard)

    outer = make_ctx(name, run_id)
    with _held(outer):
        if name != NIGHTLY:
            _run_body(outer, _job_functions()[name])
            return outer.report
        for step in steps:
            ctx = make_ctx(step)
            with _held(ctx, parent=outer.report.run_id):
                _run_body(ctx, _job_functions()[step])
            outer.report.steps.append(ctx.report)
            if ctx.report.status == "failed":
                outer.report.errors.append(f"{step}: {ctx.report.errors[-1]}")
                break   # later steps depend on earlier ones (see the order above)
        for step_report in outer.report.steps:
            outer.report.add(**{f"{step_report.job}.{k}": v
                                for k, v in step_report.counts.items()})
        outer.report.status = "failed" if outer.report.errors else "ok"
    return outer.report


def _run_body(ctx: JobContext, body: Callable[[JobContext], None]) -> None:
    try:
        body(ctx)
    except MemgraphError as e:
        ctx.report.errors.append(str(e))
        ctx.report.status = "failed"
    else:
        ctx.report.status = "partial" if ctx.report.errors else "ok"
    ctx.report.usage = ctx.synthesiser.usage.as_dict()


class _held:
    """Context manager: take the lock and record the run (both skipped for dry runs)."""

    def __init__(self, ctx: JobContext, parent: str | None = None) -> None:
        self.ctx, self.parent = ctx, parent

    def __enter__(self) -> JobContext:
        ctx, report = self.ctx, self.ctx.report
        if report.dry_run:
            return ctx
        # Each shard of an all-users run has its own lock: N workers run side by side,
        # two workers of the same shard do not.
        shard = f"#{ctx.shard[0]}/{ctx.shard[1]}" if ctx.shard else ""
        scope = report.user_id or f"*{shard}"
        name = f"{report.job}:{scope}"
        rows = ctx.graph.write("jobs/acquire_lock", job=report.job, scope=scope, lock_name=name,
                               holder=report.run_id, now=_now(),
                               expires_at=lease_until(ctx.settings))
        if not rows[0]["acquired"]:
            raise JobLockedError(f"job {report.job!r} is already running: "
                                 + "; ".join(rows[0]["held_by"]))
        ctx.lock_name = name
        ctx.graph.write("jobs/start_run", run_id=report.run_id, job=report.job, scope=scope,
                        user_id=report.user_id, started_at=report.started_at,
                        as_of=report.as_of, dry_run=False, parent=self.parent)
        return ctx

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: object) -> None:
        ctx, report = self.ctx, self.ctx.report
        report.finished_at = _now()
        if exc is not None:
            report.status = "failed"
            report.errors.append(f"{type(exc).__name__}: {exc}")
        if ctx.lock_name is None:
            return
        try:
            ctx.graph.write("jobs/finish_run", run_id=report.run_id, status=report.status,
                            finished_at=report.finished_at, counts=json.dumps(report.counts),
                            errors=report.errors, usage=json.dumps(report.usage))
        finally:
            ctx.graph.write("jobs/release_lock", lock_name=ctx.lock_name, holder=report.run_id)
            ctx.lock_name = None


def check_clock(as_of: datetime | None, *, dry_run: bool, simulate: bool,
                all_users: bool) -> None:
    """Nothing but an explicit simulation writes a clock in the future.

    A run at a future ``as_of`` moves every clock it touches there (``last_decayed_at``,
    ``updated_at``, note expiry, archival), so the real runs after it find nothing left to
    do until that day comes. It is allowed as a dry run (writes nothing), or as a
    simulation of one user (``simulate``: the demo, a throwaway tenant). A simulation
    never covers all users."""
    if simulate and all_users:
        raise InvalidInputError("a simulation runs for one user (--user), never for all "
                                "users")
    if simulate and as_of is None:
        raise InvalidInputError("a simulation needs the time it simulates (--as-of)")
    if as_of is None or dry_run or simulate or _aware(as_of) <= _now():
        return
    raise InvalidInputError(
        f"--as-of {_aware(as_of).isoformat()} is in the future: a real run would write "
        "that time into the graph and the real nightly runs would then find nothing to "
        "do; use --dry-run to see what would happen, or --simulate with --user to move "
        "one (throwaway) user's clock forward")


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def parse_as_of(text: str) -> datetime:
    """``--as-of`` values: ISO 8601 date or date-time; naive times are UTC."""
    try:
        return _aware(datetime.fromisoformat(text))
    except ValueError as e:
        raise InvalidInputError(f"--as-of {text!r} is not an ISO date or date-time "
                                "(e.g. 2025-06-01 or 2025-06-01T03:00:00+00:00)") from e


def history(graph: Graph, user_id: str | None, limit: int = 20) -> list[dict[str, Any]]:
    """Recent runs of one user's scope, or of every scope (``user_id=None``, the caller's
    explicit all-users choice), newest first."""
    rows = graph.read("jobs/history", user_id=user_id, limit=limit)
    for row in rows:
        for key in ("counts", "usage"):
            row[key] = json.loads(row[key]) if row.get(key) else {}
        for key in ("started_at", "finished_at", "as_of"):
            if row.get(key) is not None:
                row[key] = to_native(row[key])
    return rows


__all__ = ["JOB_NAMES", "NIGHTLY", "JobContext", "JobError", "JobReport", "check_clock",
           "history", "in_shard", "parse_as_of", "parse_shard", "run_job"]
