"""explore() latency on a real conversation tenant (a LoCoMo user kept by bench/locomo.py).

    bash bench/fresh_server.sh bash -c '
        python bench/locomo.py --data ../shared/bench/locomo/locomo_dev.json --keep \\
            --no-baselines &&
        python bench/explore_latency.py --data ../shared/bench/locomo/locomo_dev.json \\
            --user conv-26 --rounds 12 --stages'

On a fresh server (bench/fresh_server.sh): a long-lived one's history (what was written
and deleted there, how its index segments merged) moved the figure by more than any change
of the code (docs/benchmarks.md, "Session 57"). ``--user`` is a user kept by
``bench/locomo.py --keep`` (``locomo-conv-26-RUN``) or a conversation's sample id
(``conv-26``: the one user of it kept on the server). ``--rounds N`` measures N times in
one process, a line each (the server's JIT warms over the first rounds).

Asks the conversation's category 1-4 questions (embedded first, so the figures leave the
query embedding apart, as the targets do), 10 warm-up calls, then each question once
read-only and once with reinforcement (the default call), k = 10. Prints p50/p95/mean in
ms and the load average. Reinforcement changes salience and access counts of the kept
user only.

``--stages`` adds, for the read-only calls, where the time went: p50 of the candidate
query and of the provenance query (each a round trip, timed at the client), and of the
rest (fusion, re-rank and building the results in Python) per call.

``--embed`` times the call end to end, as a caller without a vector makes it: the query is
embedded inside each call, not beforehand.

``--pause-ms N`` waits N ms between calls, outside the timing, as an agent does while its
model reads the results. Back to back (the default, 0), the reinforcement written behind
one call competes with the next call for the machine's cores; with a pause it is written
in the pause (retrieval.reinforce_in_background; docs/retrieval.md).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from locomo import kept_user_questions

from memgraph.memory import Memory
from memgraph.settings import Settings


def main() -> None:
    ap = argparse.ArgumentParser(description="explore() latency on a kept LoCoMo user")
    ap.add_argument("--data", required=True, help="path to locomo_dev.json")
    ap.add_argument("--user", required=True,
                    help="a user kept by bench/locomo.py --keep, or a sample id (conv-26): "
                         "the one user of it kept on the server")
    ap.add_argument("--rounds", type=int, default=1,
                    help="measure this many times in one process (a line each)")
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--pause-ms", type=float, default=0.0,
                    help="wait this long between calls, outside the timing")
    ap.add_argument("--stages", action="store_true",
                    help="also print p50 per stage of the read-only calls")
    ap.add_argument("--embed", action="store_true",
                    help="embed the query inside each timed call (end to end)")
    args = ap.parse_args()
    memory = Memory(Settings(llm="offline", embedder="local"))
    args.user = kept_user(memory, args.user)
    questions = kept_user_questions(args.data, args.user)
    vectors = [memory.embedder.embed_query(q) for q in questions]
    for q, v in list(zip(questions, vectors, strict=True))[:10]:
        memory.explore(q, user_id=args.user, k=args.k, reinforce=False, vector=v)
    queries = timed_queries(memory) if args.stages else {}
    for _ in range(args.rounds):
        measure(memory, args, questions, vectors, queries)
    memory.close()


def kept_user(memory: Memory, user: str) -> str:
    """``user`` itself, or for a sample id (``conv-26``) the one kept user of it here."""
    if user.startswith("locomo-"):
        return user
    with memory.graph.session() as session:
        found = [r["u"] for r in session.run(
            "MATCH (u:User) WHERE u.user_id STARTS WITH $prefix RETURN u.user_id AS u",
            prefix=f"locomo-{user}-")]
    if len(found) != 1:
        raise SystemExit(f"{len(found)} kept users of {user} on this server "
                         f"({', '.join(sorted(found)) or 'run bench/locomo.py --keep'}): "
                         "name one with --user")
    return found[0]


def measure(memory: Memory, args: argparse.Namespace, questions: list[str],
            vectors: list[list[float]], queries: dict[str, float]) -> None:
    """One round: every question read-only, then every question with reinforcement."""
    stages: dict[str, list[float]] = {"rest": []}
    for reinforce in (False, True):
        times = []
        for q, v in zip(questions, vectors, strict=True):
            queries.clear()
            start = time.perf_counter()
            memory.explore(q, user_id=args.user, k=args.k, reinforce=reinforce,
                           vector=None if args.embed else v)
            times.append(1000 * (time.perf_counter() - start))
            if args.stages and not reinforce:
                for name, ms in queries.items():
                    stages.setdefault(name, []).append(ms)
                stages["rest"].append(times[-1] - sum(queries.values()))
            if args.pause_ms:
                time.sleep(args.pause_ms / 1000)
        memory.flush()   # what was queued is written before the next mode is timed
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        mode = (" + reinforce" if reinforce else " (read-only)") \
            + (", query embedded in the call" if args.embed else "")
        print(f"| {args.user} | explore{mode} | "
              f"{statistics.median(times):.1f} | {p95:.1f} | {statistics.mean(times):.1f} | "
              f"{'/'.join(f'{x:.1f}' for x in os.getloadavg())} |", flush=True)
    for name, values in stages.items():
        if values:
            print(f"| {args.user} | read-only: {name} | {statistics.median(values):.1f} |")


def timed_queries(memory: Memory) -> dict[str, float]:
    """Time every named read of this Memory's graph (ms per query name, of the last call)."""
    times: dict[str, float] = {}
    read_now = memory.graph.read_now

    def timed(name: str, **params: Any) -> list[dict[str, Any]]:
        start = time.perf_counter()
        try:
            return read_now(name, **params)
        finally:
            times[name] = times.get(name, 0.0) + 1000 * (time.perf_counter() - start)

    memory.graph.read_now = timed   # type: ignore[method-assign]
    return times


if __name__ == "__main__":
    main()
