"""Benchmark whole-process start times of the CLI (docs/benchmarks.md, "Start-up").

Each command is run as a new process, as a user or an MCP client runs it, against a running
server; the median of ``--runs`` (10) wall-clock times is reported next to the median CPU
time of the process (user + system: what it costs without other load) and the load
average. One untimed run first makes sure the model's ONNX build is cached.

    memgraph server start        # the server of your settings
    flock /tmp/memgraph-bench.lock python -u bench/bench_startup.py

Commands: ``memgraph --help``; ``memgraph explore "…" --user U`` (model load and the
query embedding included); ``memgraph ingest "one sentence" --user U`` (a new sentence each
run); ``memgraph mcp --user U`` until it answers ``initialize``; ``memgraph mcp
--list-tools`` with no database reachable. The tenant is deleted afterwards.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

MEMGRAPH = str(Path(sys.executable).with_name("memgraph"))
if not Path(MEMGRAPH).exists():
    MEMGRAPH = shutil.which("memgraph") or "memgraph"

INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                         "clientInfo": {"name": "bench_startup", "version": "0"}}}


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def timed(args: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one whole process that must succeed."""
    start = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed: {proc.stderr.read().decode()[-500:]}")
    return wall, usage.ru_utime + usage.ru_stime


def mcp_initialize(user: str) -> tuple[float, float]:
    """Start `memgraph mcp`, send initialize, stop the clock at its answer."""
    start = time.perf_counter()
    proc = subprocess.Popen([MEMGRAPH, "mcp", "--user", user], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdin and proc.stdout
    proc.stdin.write((json.dumps(INITIALIZE) + "\n").encode())
    proc.stdin.flush()
    answer = json.loads(proc.stdout.readline())
    wall = time.perf_counter() - start
    if "result" not in answer:
        raise SystemExit(f"mcp initialize failed: {answer}")
    proc.stdin.close()
    _, _, usage = os.wait4(proc.pid, 0)
    return wall, usage.ru_utime + usage.ru_stime


def measure(name: str, run: Callable[[int], tuple[float, float]], runs: int) -> dict:
    run(-1)   # warm: the ONNX build cached, the OS file cache filled
    walls, cpus = [], []
    before = load()
    for i in range(runs):
        wall, cpu = run(i)
        walls.append(wall)
        cpus.append(cpu)
    row = {"command": name, "median_s": statistics.median(walls), "min_s": min(walls),
           "max_s": max(walls), "cpu_median_s": statistics.median(cpus),
           "load_before": before, "load_after": load()}
    print(f"| {name} | {row['median_s']:.2f} | {row['min_s']:.2f}–{row['max_s']:.2f} | "
          f"{row['cpu_median_s']:.2f} | {before} → {row['load_after']} |", flush=True)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--only", default="help,explore,ingest,mcp,list-tools")
    args = parser.parse_args()
    user = f"bench-startup-{uuid.uuid4().hex[:8]}"
    only = args.only.split(",")
    offline = {**os.environ, "NEO4J_URI": "bolt://127.0.0.1:9",
               "MEMGRAPH_NEO4J_URI": "bolt://127.0.0.1:9"}
    print(f"memgraph: {MEMGRAPH}; {args.runs} runs each; load {load()}; cpus {os.cpu_count()}")
    print("| command | median s | min–max s | CPU s (median) | load 1/5/15 min |")
    print("|---|---|---|---|---|")
    results = []
    try:
        if "ingest" in only or "explore" in only:   # something to find
            timed([MEMGRAPH, "ingest", "Sam lives in Leeds and works at Acme Corp.",
                   "--user", user])
        if "help" in only:
            results.append(measure("memgraph --help",
                                   lambda i: timed([MEMGRAPH, "--help"]), args.runs))
        if "explore" in only:
            results.append(measure('memgraph explore "where does Sam work" --user U',
                                   lambda i: timed([MEMGRAPH, "explore", "where does Sam work",
                                                    "--user", user]), args.runs))
        if "ingest" in only:
            results.append(measure('memgraph ingest "one sentence" --user U',
                                   lambda i: timed([MEMGRAPH, "ingest",
                                                    f"Sam met Ada at the café, visit {i + 2}.",
                                                    "--user", user]), args.runs))
        if "mcp" in only:
            results.append(measure("memgraph mcp --user U: initialize answered",
                                   lambda i: mcp_initialize(user), args.runs))
        if "list-tools" in only:
            results.append(measure("memgraph mcp --list-tools (no database)",
                                   lambda i: timed([MEMGRAPH, "mcp", "--list-tools"],
                                                   env=offline), args.runs))
    finally:
        subprocess.run([MEMGRAPH, "forget", "--user", user, "--yes"],
                       stdout=subprocess.DEVNULL, check=False)
    print(json.dumps(results))


if __name__ == "__main__":
    main()
