"""The first calls after the local server starts, with and without its warm-up
(docs/benchmarks.md, "First calls after a start").

A Neo4j that just started compiles its own code and plans each query the first time it
runs; `memgraph server start --warm-up` then plans memgraph's common queries
(memgraph/warm_up.py) before it returns. Each round restarts the local server of your settings once
per arm (the arms alternate, the first changing every round) and times, as new processes
as a user runs them: the start itself, then `status`, `ingest`, `explore` read-only,
`explore`, `context` and `traverse`. Wall-clock seconds; `sum` is what a user waits from
`server start` to the sixth answer, `calls` the six calls alone.

    bash bench/fresh_server.sh python bench/first_calls.py --rounds 3

It restarts the server it is given: run it on a server nobody else is using. Its tenant
(`first-calls`, a few messages) is written once and deleted at the end.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from pathlib import Path

MEMGRAPH = str(Path(sys.executable).with_name("memgraph"))
if not Path(MEMGRAPH).exists():
    MEMGRAPH = shutil.which("memgraph") or "memgraph"

USER = "first-calls"
MESSAGES = ["My sister Anna moved to Lisbon last year.",
            "She works at Lisbon Children's Hospital as a nurse.",
            "I started a new job at Globex in March.",
            "Anna adopted a cat named Miso."]


def timed(*args: str) -> float:
    began = time.perf_counter()
    run = subprocess.run([MEMGRAPH, *args], capture_output=True, text=True)
    seconds = time.perf_counter() - began
    if run.returncode != 0:
        raise SystemExit(f"memgraph {' '.join(args)} failed: {run.stderr.strip()}")
    return seconds


def calls(round_no: int) -> list[tuple[str, tuple[str, ...]]]:
    return [
        ("status", ("status", "--user", USER)),
        ("ingest", ("ingest", f"Anna visited Porto on trip {round_no}.", "--user", USER,
                    "--speaker", "Sam")),
        ("explore -r", ("explore", "Where does Anna live?", "--user", USER,
                        "--no-reinforce")),
        ("explore", ("explore", "Where does Sam work?", "--user", USER)),
        ("context", ("context", "What do I know about Anna?", "--user", USER)),
        ("traverse", ("traverse", "Anna", "--user", USER)),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    timed("init")
    for message in MESSAGES:
        timed("ingest", message, "--user", USER, "--speaker", "Sam")
    arms = [("warm-up", ("--warm-up",)), ("no warm-up", ())]
    names = ["start"] + [name for name, _ in calls(0)] + ["sum", "calls"]
    print(f"{'round':<6}{'arm':<12}" + "".join(f"{n:>12}" for n in names))
    try:
        for round_no in range(1, args.rounds + 1):
            for arm, flags in arms if round_no % 2 else arms[::-1]:
                timed("server", "stop")
                row = [timed("server", "start", *flags)]
                row += [timed(*call) for _, call in calls(round_no)]
                row += [sum(row), sum(row[1:])]
                print(f"{round_no:<6}{arm:<12}" + "".join(f"{s:>12.2f}" for s in row),
                      flush=True)
    finally:
        timed("forget", "--user", USER, "--yes")


if __name__ == "__main__":
    main()
