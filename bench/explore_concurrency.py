"""explore() from several threads at once on a kept LoCoMo user: reinforcement written
inside each call against reinforcement written behind it (retrieval.reinforce_in_background).

    python bench/locomo.py --data ../shared/bench/locomo/locomo_dev.json --keep
    python bench/explore_concurrency.py --data ../shared/bench/locomo/locomo_dev.json \\
        --user locomo-conv-26-RUN [--threads 4] [--calls 40]

Each thread asks --calls questions, all of them the conversation's first question (every
thread returns the same memories, the case where reinforcement's write locks collide) or
its first --calls questions in turn (--different). Three runs one after the other:
read-only, reinforcement inline, reinforcement behind. Prints p50/p95/max per call in ms,
how many calls took over 500 ms, and calls per second over the run. Queries are embedded
first, as in bench/explore_latency.py.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from locomo import kept_user_questions

from memgraph.memory import Memory
from memgraph.settings import RetrievalSettings, Settings


def main() -> None:
    ap = argparse.ArgumentParser(description="explore() from several threads at once")
    ap.add_argument("--data", required=True, help="path to locomo_dev.json")
    ap.add_argument("--user", required=True, help="a user kept by bench/locomo.py --keep")
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--calls", type=int, default=40, help="explore() calls per thread")
    ap.add_argument("--different", action="store_true",
                    help="each call a different question (default: all the same one)")
    args = ap.parse_args()
    settings = Settings(llm="offline", embedder="local")
    behind = Memory(settings)
    inline = Memory(settings.model_copy(
        update={"retrieval": RetrievalSettings(reinforce_in_background=False)}),
        graph=behind.graph, embedder=behind.embedder)
    questions = kept_user_questions(args.data, args.user)
    asked = questions[:args.calls] if args.different else [questions[0]] * args.calls
    vectors = [behind.embedder.embed_query(q) for q in asked]
    for q, v in zip(asked[:10], vectors, strict=False):
        behind.explore(q, user_id=args.user, reinforce=False, vector=v)

    print(f"{args.threads} threads x {args.calls} calls, "
          f"{'different questions' if args.different else 'the same question'}")
    print("| reinforcement | p50 ms | p95 ms | max ms | calls over 500 ms | calls/s | load |")
    print("|---|---|---|---|---|---|---|")
    for label, memory, reinforce in (("none (read-only)", behind, False),
                                     ("inline", inline, True), ("behind", behind, True)):
        times: list[float] = []
        lock = threading.Lock()

        def worker(memory: Memory = memory, reinforce: bool = reinforce,
                   times: list[float] = times, lock: threading.Lock = lock) -> None:
            for q, v in zip(asked, vectors, strict=True):
                start = time.perf_counter()
                memory.explore(q, user_id=args.user, reinforce=reinforce, vector=v)
                with lock:
                    times.append(1000 * (time.perf_counter() - start))

        threads = [threading.Thread(target=worker) for _ in range(args.threads)]
        start = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        behind.flush()            # the queued writes belong to the run's cost
        wall = time.perf_counter() - start
        times.sort()
        print(f"| {label} | {statistics.median(times):.1f} | "
              f"{times[int(0.95 * (len(times) - 1))]:.1f} | {times[-1]:.1f} | "
              f"{sum(t > 500 for t in times)} | {len(times) / wall:.1f} | "
              f"{'/'.join(f'{x:.1f}' for x in os.getloadavg())} |", flush=True)
    behind.close()


if __name__ == "__main__":
    main()
