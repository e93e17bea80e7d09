"""Small helpers shared by tests (no fixtures here; see conftest.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from memgraph.graph.connection import Graph


@dataclass(frozen=True)
class CliRun:
    code: int
    stdout: str
    stderr: str


# The suite's private servers (its own ports and homes, started and killed by the server
# and crash tests) live for seconds: a JVM that stops at the quick compiler starts them
# on about half the CPU time (8-9 s instead of 14-17 s here), which the other test
# worker has back. The shared server runs the whole suite and keeps the default.
PRIVATE_SERVER_JVM = ("-XX:TieredStopAtLevel=1",)


def run_cli(*args: str, env: Mapping[str, str] | None = None, timeout: float = 300) -> CliRun:
    """Run ``python -m memgraph ARGS`` in a subprocess, as a user would."""
    full_env = {**os.environ, **(env or {})}
    proc = subprocess.run([sys.executable, "-m", "memgraph", *args], capture_output=True,
                          text=True, env=full_env, timeout=timeout)
    return CliRun(proc.returncode, proc.stdout, proc.stderr)


def assert_one_line_error(run: CliRun, *fragments: str) -> None:
    """The CLI failed with a non-zero exit and exactly one line on stderr, no traceback."""
    assert run.code != 0, run
    lines = [ln for ln in run.stderr.strip().splitlines() if ln.strip()]
    assert len(lines) == 1, run.stderr
    assert "Traceback" not in run.stderr
    assert lines[0].startswith("Error: "), lines[0]
    for fragment in fragments:
        assert fragment.lower() in lines[0].lower(), (fragment, lines[0])


def scalar(graph: Graph, query: str, **params: Any) -> Any:
    """The single value an ad-hoc read returns (tests checking the graph directly)."""
    with graph.session() as session:
        return session.run(query, **params).single()[0]
