"""What a job works with: ``JobContext`` (the graph, the settings, the tenant or tenants,
the report it adds to, the lock it keeps alive) and ``JobReport``; which tenants a worker
of a sharded all-users run owns (``in_shard``). Every job module imports this, and the
runner (``runner.py``) builds the context and runs the job in it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from memgraph.errors import InvalidInputError, JobLockedError

if TYPE_CHECKING:
    from memgraph.graph.connection import Graph
    from memgraph.jobs.synthesis import Synthesiser
    from memgraph.providers.base import Embedder
    from memgraph.settings import Settings

Progress = Callable[[str, int, int | None], None]   # (step, completed, total)
Fault = Callable[[str], None]                        # test hook: called at every unit


@dataclass
class JobReport:
    job: str
    run_id: str
    user_id: str | None
    as_of: datetime
    dry_run: bool
    started_at: datetime
    finished_at: datetime | None = None
    status: str = "running"
    counts: dict[str, int] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    usage: dict[str, int] = field(default_factory=dict)
    steps: list[JobReport] = field(default_factory=list)

    def add(self, **counts: int) -> None:
        for key, value in counts.items():
            self.counts[key] = self.counts.get(key, 0) + int(value or 0)

    def as_dict(self) -> dict[str, Any]:
        return {"job": self.job, "run_id": self.run_id, "user_id": self.user_id,
                "as_of": self.as_of.isoformat(), "dry_run": self.dry_run,
                "status": self.status, "started_at": self.started_at.isoformat(),
                "finished_at": self.finished_at.isoformat() if self.finished_at else None,
                "counts": self.counts, "errors": self.errors, "usage": self.usage,
                "steps": [s.as_dict() for s in self.steps]}


@dataclass
class JobContext:
    graph: Graph
    settings: Settings
    report: JobReport
    embedder_factory: Callable[[], Embedder]
    synthesiser: Synthesiser
    all_elements: bool = False
    progress: Progress | None = None
    fault: Fault | None = None
    lock_name: str | None = None
    shard: tuple[int, int] | None = None    # (k, n): this worker's tenants of an all-users run

    @property
    def user_id(self) -> str | None:
        return self.report.user_id

    @property
    def as_of(self) -> datetime:
        return self.report.as_of

    @property
    def dry_run(self) -> bool:
        return self.report.dry_run

    def checkpoint(self, unit: str) -> None:
        """Between units of work: keep the lock alive, then the test fault hook."""
        if self.lock_name is not None:
            rows = self.graph.write("jobs/refresh_lock", lock_name=self.lock_name,
                                    holder=self.report.run_id,
                                    expires_at=lease_until(self.settings))
            if not rows or rows[0]["refreshed"] == 0:
                raise JobLockedError(f"lost the lock {self.lock_name!r} (it expired and "
                                     "another run took it over)")
        if self.fault is not None:
            self.fault(unit)

    def tenants(self) -> list[str]:
        """The tenants a set-based job covers: ``[user_id]``, or every tenant for an
        all-users run (``user_id`` is None only for an explicit ``all_users``). Queries
        filter ``user_id IN $user_ids``, one index seek per tenant, instead of
        ``$user_id IS NULL OR ...``, which defeats the index (docs/lifecycle.md)."""
        if self.user_id is not None:
            return [self.user_id]
        return [row["user_id"] for row in self.graph.read("lifecycle/user_ids")
                if in_shard(row["user_id"], self.shard)]

    def tick(self, step: str, completed: int, total: int | None = None) -> None:
        if self.progress is not None:
            self.progress(step, completed, total)


def in_shard(user_id: str, shard: tuple[int, int] | None) -> bool:
    """Whether worker ``k`` of ``n`` (``shard = (k, n)``, 1-based) owns ``user_id``: a
    stable hash of the id, so every tenant is in exactly one shard, on every machine."""
    if shard is None:
        return True
    k, n = shard
    return int(hashlib.sha256(user_id.encode()).hexdigest()[:12], 16) % n == k - 1


def parse_shard(text: str) -> tuple[int, int]:
    """``--shard K/N`` (worker K of N, 1-based)."""
    try:
        k, n = (int(part) for part in text.split("/"))
    except ValueError as e:
        raise InvalidInputError(f"--shard {text!r} is not K/N (e.g. 2/8)") from e
    if not 1 <= k <= n:
        raise InvalidInputError(f"--shard {text!r}: K must be from 1 to N")
    return k, n


def lease_until(settings: Settings) -> datetime:
    # Lock expiry is wall-clock time, never --as-of: simulated time must not free a lock.
    return datetime.now(UTC) + timedelta(minutes=settings.lifecycle.job_lock_minutes)
