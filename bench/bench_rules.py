"""Benchmark the offline rule extractor on hostile text (docs/benchmarks.md, "Rule
extractor on hostile input"). No server needed: extraction is pure Python.

    flock /tmp/memgraph-bench.lock python -u bench/bench_rules.py --sizes 1000,10000,100000

Each input is a family of text that makes backtracking regular expressions super-linear
(runs of capitals, "Aa " repeated, long names, punctuation storms, ...) cut to the given
size in bytes; the figures are the CPU time and the wall-clock time of one
``RuleExtractor.extract`` (the tool calls validated into a plan, no graph; the
whole-source name scan included), each the best of ``--repeat`` runs, printed with the
load average at that moment (on a shared machine the wall-clock time is the CPU time
times the contention). 100 KB is the
largest source ingestion accepts.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

# the hostile families live with the tests that use them too
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from hostile_text import FAMILIES, extract_seconds, hostile_text


def best_of(repeat: int, text: str) -> tuple[float, float]:
    cpu = min(extract_seconds(text, time.process_time) for _ in range(repeat))
    wall = min(extract_seconds(text) for _ in range(repeat))
    return cpu, wall


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="1000,10000,100000",
                    help="input sizes in bytes, comma-separated")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, "
          f"python {platform.python_version()}, load {os.getloadavg()[0]:.1f}")
    print(f"{'family':<14}" + "".join(f"{f'{s:,} B cpu / wall':>26}" for s in sizes))
    worst = worst_wall = 0.0
    for family in FAMILIES:
        cells = []
        for size in sizes:
            cpu, wall = best_of(args.repeat, hostile_text(FAMILIES[family], size))
            worst, worst_wall = max(worst, cpu), max(worst_wall, wall)
            cells.append(f"{cpu * 1000:>12.1f} / {wall * 1000:>7.1f} ms")
        print(f"{family:<14}" + "".join(cells))
    print(f"worst: {worst * 1000:.1f} ms CPU, {worst_wall * 1000:.1f} ms wall-clock; "
          f"load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
