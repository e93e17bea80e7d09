"""Bounded load for one tenant: explore and ingest threads together for a fixed time.

Shared by tests/test_reliability_load.py (a short run, in CI) and bench/bench_load.py (the
figure in docs/reliability.md). Loopback only: the server is the local one. Every explore
reinforces what it returns, so afterwards each returned memory's ``access_count`` and
``recall_frequency`` must equal the number of times it was returned: a lost update shows
as a mismatch.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from memgraph.graph.connection import Graph
from memgraph.memory import Memory

T = TypeVar("T")

PEOPLE = ["Ada Vance", "Bruno Keller", "Chiara Rossi", "Dev Patel", "Elena Sorokina",
          "Farid Haddad", "Greta Lind", "Hugo Brandt"]
PLACES = ["Lisbon", "Oslo", "Kyoto", "Quito", "Tunis", "Perth", "Cork", "Nantes"]
EMPLOYERS = ["Globex", "Initech", "Umbrella Labs", "Stark Foundry", "Wayne Clinic",
             "Acme Rail", "Hooli", "Vandelay Imports"]
QUERIES = [f"where does {p} work?" for p in PEOPLE] + \
          [f"who lives in {c}?" for c in PLACES] + ["chess club", "new job"]


def seed_records(n_people: int = len(PEOPLE)) -> list[dict[str, Any]]:
    """Structured records: people, where they live and work (no counters touched)."""
    records = []
    for i, person in enumerate(PEOPLE[:n_people]):
        place, employer = PLACES[i % len(PLACES)], EMPLOYERS[i % len(EMPLOYERS)]
        records.append({
            "content": f"{person} lives in {place} and works at {employer}; plays chess.",
            "entities": [{"name": person, "kind": "Person",
                          "description": f"{person}, chess club member"},
                         {"name": place, "kind": "Entity", "entity_type": "place"},
                         {"name": employer, "kind": "Entity", "entity_type": "organisation"}],
            "relationships": [
                {"source": person, "target": place, "type": "LIVES_IN",
                 "description": f"{person} lives in {place}"},
                {"source": person, "target": employer, "type": "WORKS_AT",
                 "description": f"{person} works at {employer}"}]})
    return records


@dataclass
class LoadReport:
    explore_threads: int
    ingest_threads: int
    seconds: float
    explores: int = 0
    ingests: int = 0
    results_returned: int = 0
    errors: list[str] = field(default_factory=list)
    returned: Counter[str] = field(default_factory=Counter)
    explore_ms: list[float] = field(default_factory=list)
    ingest_ms: list[float] = field(default_factory=list)

    def percentile(self, values: list[float], q: float) -> float:
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def run_load(memory: Memory, user_id: str, *, explore_threads: int, ingest_threads: int,
             seconds: float, k: int = 10, min_rounds: int = 0) -> LoadReport:
    """Run the threads until ``seconds`` have passed (and each explore thread has done
    ``min_rounds``); every error is kept, none raised."""
    report = LoadReport(explore_threads, ingest_threads, seconds)
    lock = threading.Lock()
    deadline = time.monotonic() + seconds
    memory.ensure_schema()
    _ = memory._ingestor   # created once here, not raced by the threads

    def attempt(what: str, call: Callable[..., T], *args: Any,
                **kwargs: Any) -> tuple[T, float] | None:
        """The call's result and its milliseconds, or None with the error recorded: the
        figure counts every failure, whatever its kind."""
        started = time.perf_counter()
        try:
            result = call(*args, **kwargs)
        except Exception as e:
            with lock:
                report.errors.append(f"{what}: {type(e).__name__}: {e}")
            return None
        return result, (time.perf_counter() - started) * 1000

    def ingest_one(text: str, external_id: str) -> None:
        result = memory.ingest(text, user_id=user_id,
                               external_id=f"{external_id}-{uuid.uuid4().hex[:6]}")
        if result.status != "done":
            raise RuntimeError(f"status {result.status}: {result.error}")

    def explorer(worker: int) -> None:
        # every thread asks the same queries in the same order: the same memories are
        # reinforced by several transactions at once, where a lost update would show
        n = 0
        while time.monotonic() < deadline or n < min_rounds:
            query = QUERIES[n % len(QUERIES)]
            n += 1
            timed = attempt("explore", memory.explore, query, user_id=user_id, k=k)
            if timed is None:
                continue
            results, elapsed = timed
            with lock:
                report.explores += 1
                report.results_returned += len(results)
                report.returned.update(r.uid for r in results)
                report.explore_ms.append(elapsed)

    def ingester(worker: int) -> None:
        n = 0
        while time.monotonic() < deadline:
            person = PEOPLE[(worker + n) % len(PEOPLE)]
            text = (f"{person} moved to {PLACES[n % len(PLACES)]} and started a new job at "
                    f"{EMPLOYERS[(n + worker) % len(EMPLOYERS)]}.")
            n += 1
            timed = attempt("ingest", ingest_one, text, f"load-{worker}-{n}")
            if timed is None:
                continue
            with lock:
                report.ingests += 1
                report.ingest_ms.append(timed[1])

    threads = [threading.Thread(target=explorer, args=(i,)) for i in range(explore_threads)]
    threads += [threading.Thread(target=ingester, args=(i,)) for i in range(ingest_threads)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return report


def counter_mismatches(graph: Graph, user_id: str,
                       returned: Counter[str]) -> list[tuple[str, int, int, int]]:
    """(uid, times returned, access_count, recall_frequency) for every memory whose
    counters disagree with how often it was returned (all start at zero)."""
    with graph.session() as session:
        rows = session.run(
            "MATCH (n:Memory {user_id: $u}) RETURN n.uid AS uid, "
            "coalesce(n.access_count, 0) AS a, coalesce(n.recall_frequency, 0) AS f "
            "UNION ALL MATCH (:Memory {user_id: $u})-[r]->() WHERE r.user_id = $u "
            "RETURN r.uid AS uid, coalesce(r.access_count, 0) AS a, "
            "coalesce(r.recall_frequency, 0) AS f", u=user_id).data()
    seen = {r["uid"]: (r["a"], r["f"]) for r in rows}
    bad = [(uid, returned.get(uid, 0), a, f) for uid, (a, f) in seen.items()
           if a != returned.get(uid, 0) or f != returned.get(uid, 0)]
    bad += [(uid, n, -1, -1) for uid, n in returned.items() if uid not in seen]
    return bad
