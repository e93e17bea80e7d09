"""Load on the HTTP API: C concurrent clients on the loopback, ingest and search mixed, for a
bounded time, against `memgraph serve` with 1, 2 and 4 uvicorn workers (docs/benchmarks.md,
"HTTP API under load").

Needs a running server (`memgraph server start`; NEO4J_URI etc. as for any command):

    python bench/bench_http.py --workers 1,2,4 --clients 8 --seconds 30

Each client repeats: one ingest (POST /v1/memories, a new sentence) for every three
searches (POST /v1/memories/search, read only), all with one API key of one bench tenant
(the per-key rate limit is raised for the run). Prints, per worker count: requests,
requests per second, p50/p95/p99 latency, and errors (any status other than 200/201).
The bench tenant is forgotten at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

USER = "bench-http"
WORDS = ["Lisbon", "Porto", "Globex", "Initech", "sourdough", "hiking", "chess", "Berlin",
         "the museum", "a new job", "the marathon", "her sister", "the conference"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def memgraph(*args: str, env: dict[str, str]) -> str:
    done = subprocess.run([sys.executable, "-m", "memgraph", *args], env=env, check=True,
                          capture_output=True, text=True, timeout=300)
    return done.stdout


def start(workers: int, port: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    server = subprocess.Popen([sys.executable, "-m", "memgraph", "serve", "--port", str(port),
                               "--workers", str(workers), "--log-level", "warning"], env=env)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=2).status_code == 200:
                return server
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    server.kill()
    sys.exit(f"memgraph serve --workers {workers} did not become ready")


def client(url: str, token: str, until: float, index: int, latencies: list[float],
           errors: list[str]) -> None:
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {token}"},
                      timeout=60) as http:
        n = 0
        while time.monotonic() < until:
            n += 1
            word = WORDS[(index * 7 + n) % len(WORDS)]
            if n % 4 == 0:
                request = ("/v1/memories", {"content": f"Client {index} talked about {word} "
                                                       f"(message {n}).", "speaker": "Bench"})
            else:
                request = ("/v1/memories/search", {"query": f"what about {word}", "k": 10,
                                                   "reinforce": False})
            began = time.perf_counter()
            response = http.post(request[0], json=request[1])
            latencies.append(time.perf_counter() - began)
            if response.status_code not in (200, 201):
                errors.append(f"{response.status_code} {response.text[:80]}")


def measure(url: str, token: str, clients: int, seconds: float) -> dict[str, float]:
    latencies: list[float] = []
    errors: list[str] = []
    until = time.monotonic() + seconds
    threads = [threading.Thread(target=client, args=(url, token, until, i, latencies, errors))
               for i in range(clients)]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - began
    ms = sorted(x * 1000 for x in latencies)

    def pct(p: float) -> float:
        return ms[min(len(ms) - 1, int(p * len(ms)))] if ms else 0.0

    return {"requests": len(ms), "rps": len(ms) / elapsed, "p50": statistics.median(ms),
            "p95": pct(0.95), "p99": pct(0.99), "errors": len(errors),
            "first_error": errors[0] if errors else ""}


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--workers", default="1,2,4", help="uvicorn worker counts to measure")
    p.add_argument("--clients", type=int, default=8, help="concurrent clients")
    p.add_argument("--seconds", type=float, default=30.0, help="duration of each measurement")
    return p


def main() -> None:
    args = parser().parse_args()
    counts = [int(w) for w in args.workers.split(",")]
    env = {**os.environ, "MEMGRAPH_HTTP__RATE_LIMIT_PER_MINUTE": "1000000",
           "MEMGRAPH_HTTP__RATE_LIMIT_BURST": "100000"}
    token = json.loads(memgraph("keys", "create", "--user", USER, "--name", "bench", "--json",
                                env=env))["key"]
    print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}; "
          f"{args.clients} clients, {args.seconds:.0f} s each, 1 ingest : 3 searches")
    print("| workers | requests | req/s | p50 ms | p95 ms | p99 ms | errors |")
    print("|---|---|---|---|---|---|---|")
    try:
        for workers in counts:
            port = free_port()
            server = start(workers, port, env)
            try:
                r = measure(f"http://127.0.0.1:{port}", token, args.clients, args.seconds)
            finally:
                server.terminate()
                server.wait(timeout=60)
            print(f"| {workers} | {r['requests']} | {r['rps']:.1f} | {r['p50']:.0f} | "
                  f"{r['p95']:.0f} | {r['p99']:.0f} | {r['errors']} |", flush=True)
            if r["errors"]:
                print(f"  first error: {r['first_error']}")
    finally:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
        from memgraph.memory import Memory

        with Memory() as memory:
            memory.forget_user(USER)


if __name__ == "__main__":
    main()
