"""Bounded load: explore and ingest threads together on one tenant (docs/reliability.md).

Loopback only: run it against the local server, under the machine's benchmark lock:

    flock /tmp/memgraph-bench.lock python bench/bench_load.py \
        --explore-threads 8 --ingest-threads 2 --seconds 60

Seeds a fresh tenant with people, places and employers (structured records), then runs
the threads until the time is up. Every explore reinforces what it returned, so at the end
each memory's access_count and recall_frequency must equal the number of times it was
returned; the script reports throughput, latency percentiles, errors and counter
mismatches (the last two must be zero), and deletes its tenant.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from load_support import counter_mismatches, run_load, seed_records

from memgraph.memory import Memory
from memgraph.providers.embeddings import HashingEmbedder
from memgraph.settings import Settings


class RetryCounter(logging.Handler):
    """Counts the driver's "will be retried" warnings: transient failures (deadlocks
    between concurrent writers) that the driver resolved by running the work again."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.retries = 0

    def emit(self, record: logging.LogRecord) -> None:
        if "retried" in record.getMessage():
            self.retries += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--explore-threads", type=int, default=8)
    parser.add_argument("--ingest-threads", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--embedder", choices=["hashing", "default"], default="hashing",
                        help="hashing: no model time in the figure; default: the settings'")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args()

    settings = Settings()
    retries = RetryCounter()
    driver_log = logging.getLogger("neo4j")
    driver_log.addHandler(retries)
    driver_log.propagate = False   # counted here, not printed once per retry
    if "127.0.0.1" not in settings.neo4j_uri and "localhost" not in settings.neo4j_uri:
        parser.error(f"loopback only: NEO4J_URI is {settings.neo4j_uri}")
    embedder = HashingEmbedder(384) if args.embedder == "hashing" else None
    user_id = f"bench-load-{uuid.uuid4().hex[:8]}"
    with Memory(settings, embedder=embedder) as memory:
        memory.init()
        try:
            memory.ingest_records(seed_records(), user_id=user_id)
            report = run_load(memory, user_id, explore_threads=args.explore_threads,
                              ingest_threads=args.ingest_threads, seconds=args.seconds)
            mismatches = counter_mismatches(memory.graph, user_id, report.returned)
        finally:
            memory.forget_user(user_id)
    summary = {
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, "
                   f"load average {os.getloadavg()[0]:.2f} at the end",
        "explore_threads": args.explore_threads, "ingest_threads": args.ingest_threads,
        "seconds": args.seconds, "embedder": args.embedder,
        "explores": report.explores, "explores_per_s": round(report.explores / args.seconds, 1),
        "explore_p50_ms": round(report.percentile(report.explore_ms, 0.50), 1),
        "explore_p95_ms": round(report.percentile(report.explore_ms, 0.95), 1),
        "ingests": report.ingests, "ingests_per_s": round(report.ingests / args.seconds, 1),
        "ingest_p50_ms": round(report.percentile(report.ingest_ms, 0.50), 1),
        "results_returned": report.results_returned,
        "memories_returned": len(report.returned),
        "most_returned": max(report.returned.values(), default=0),
        "driver_retries": retries.retries,
        "errors": len(report.errors), "counter_mismatches": len(mismatches),
    }
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        for key, value in summary.items():
            print(f"{key:>20}: {value}")
    for error in report.errors[:5]:
        print(f"error: {error}", file=sys.stderr)
    for mismatch in mismatches[:5]:
        print(f"mismatch (uid, returned, access_count, recall_frequency): {mismatch}",
              file=sys.stderr)
    return 1 if report.errors or mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
