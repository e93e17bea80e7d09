"""Faults: kill -9 of a nightly run in the middle of decay.

The run is a real process (`memgraph jobs run nightly`), killed with SIGKILL: no handler
runs, its lock stays behind. The lock says until when, a rerun before then is refused in
one line, a rerun after it completes, and decay is applied exactly once: every element
equals an uncrashed control tenant's.
"""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from jobs_support import T0, lifecycle
from support import CliRun, assert_one_line_error, scalar

from memgraph.graph.connection import Graph
from memgraph.memory import Memory

# -- kill -9 of `memgraph jobs run nightly` ----------------------------------------------

AS_OF = T0 + timedelta(days=35)
ELEMENTS = 1500


def element_rows(user_id: str) -> list[dict[str, Any]]:
    """Nodes whose decay differs: states, confidences, recall frequencies, some crossing
    the archive threshold inside the period, some pinned."""
    rows = []
    for i in range(ELEMENTS):
        props = lifecycle(
            salience=[0.5, 0.9, 0.015, 0.3][i % 4], state=["candidate", "active"][i % 2],
            confidence=[0.5, 0.7, 0.85][i % 3], recall_frequency=i % 5,
            decay_gradient=[1.0, 1.3, 0.6][i % 3],
            ttl_policy=["decay", "decay", "decay", "keep_forever", "ephemeral"][i % 5])
        props.update(uid=f"{user_id}-{i}", user_id=user_id, name=f"element {i}",
                     canonical_name=f"element {i}", description="", aliases=[],
                     is_dirty=False)
        rows.append(props)
    return rows


def load_elements(graph: Graph, user_id: str) -> None:
    with graph.session() as session:
        session.run("UNWIND $rows AS row CREATE (n:Memory:Concept) SET n = row",
                    rows=element_rows(user_id)).consume()


def salience_by_name(graph: Graph, user_id: str) -> dict[str, tuple[float, str]]:
    with graph.session() as session:
        rows = session.run("MATCH (n:Memory {user_id: $u}) RETURN n.name AS name, "
                           "n.salience AS s, n.state AS state", u=user_id).data()
    return {r["name"]: (r["s"], r["state"]) for r in rows}


@pytest.mark.slow
def test_nightly_killed_mid_decay_says_until_when_and_the_rerun_decays_once(
        memory: Memory, graph: Graph, user_id: str) -> None:
    control = f"{user_id}-control"
    try:
        load_elements(graph, user_id)
        load_elements(graph, control)
        lease_s = 8.0   # the refused rerun below starts well within it
        env = {**os.environ, "MEMGRAPH_EMBEDDER": "hashing", "MEMGRAPH_LLM": "offline",
               # one element per transaction: decay takes long enough to be cut in half
               "MEMGRAPH_LIFECYCLE__BATCH_SIZE": "1", "MEMGRAPH_LIFECYCLE__JOB_CONCURRENCY": "1",
               "MEMGRAPH_LIFECYCLE__JOB_LOCK_MINUTES": str(lease_s / 60)}
        command = [sys.executable, "-m", "memgraph", "jobs", "run", "nightly", "--user",
                   user_id, "--as-of", AS_OF.isoformat(), "--json"]
        proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        decayed_query = ("MATCH (n:Memory {user_id: $u}) WHERE n.last_decayed_at = $t "
                         "RETURN count(n)")
        deadline = time.monotonic() + 120
        decayed = 0
        while decayed == 0 and proc.poll() is None and time.monotonic() < deadline:
            decayed = scalar(graph, decayed_query, u=user_id, t=AS_OF)
            time.sleep(0.02)
        assert proc.poll() is None, proc.communicate()[1]
        os.kill(proc.pid, signal.SIGKILL)                     # mid-decay
        proc.wait(timeout=30)
        killed_at = datetime.now(UTC)
        assert 0 < scalar(graph, decayed_query, u=user_id, t=AS_OF) < ELEMENTS

        # The dead run's lock is still there and says until when; a rerun is refused.
        with graph.session() as session:
            locks = session.run("MATCH (l:JobLock) WHERE l.scope = $u "
                                "RETURN l.name AS name, l.expires_at AS until",
                                u=user_id).data()
        assert {lock["name"] for lock in locks} == {f"nightly:{user_id}", f"decay:{user_id}"}
        untils = {lock["name"]: lock["until"].to_native() for lock in locks}
        until = max(untils.values())
        assert killed_at < until <= killed_at + timedelta(seconds=lease_s + 1)
        refused = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
        assert_one_line_error(CliRun(refused.returncode, refused.stdout, refused.stderr))
        message = refused.stderr.strip()
        assert "already running" in message and "until" in message
        assert untils[f"nightly:{user_id}"].strftime("%Y-%m-%dT%H:%M:%S") in message

        # Once the lease has run out the rerun takes the lock over and completes.
        time.sleep(max(0.0, (until - datetime.now(UTC)).total_seconds()) + 1)
        rerun = subprocess.run(command, env={**env, "MEMGRAPH_LIFECYCLE__BATCH_SIZE": "500"},
                               capture_output=True, text=True, timeout=300)
        assert rerun.returncode == 0, rerun.stderr
        assert json.loads(rerun.stdout)["status"] == "ok"

        # The control tenant: the same elements, one uncrashed run at the same as_of.
        report = memory.run_job("nightly", user_id=control, as_of=AS_OF)
        assert report.status == "ok"
        crashed, clean = salience_by_name(graph, user_id), salience_by_name(graph, control)
        assert crashed.keys() == clean.keys() and len(clean) == ELEMENTS
        for name, (salience, state) in clean.items():
            assert math.isclose(crashed[name][0], salience, rel_tol=1e-6), name
            assert crashed[name][1] == state, name
        assert {state for _, state in clean.values()} >= {"archived", "active"}
        assert scalar(graph, "MATCH (l:JobLock) WHERE l.scope = $u RETURN count(l)",
                     u=user_id) == 0
    finally:
        graph.run_autocommit("graph/delete_user", user_id=control)
