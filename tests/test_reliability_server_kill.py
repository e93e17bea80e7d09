"""Faults: kill -9 of the database in the middle of `memgraph ingest --file`.

The database killed is a private server (its own home under a temporary directory and its
own ports, started with ``LocalServer`` like `memgraph server start`), never the shared
one. The rerun of the same command finishes the work: every source exactly once, none
pending, no twins, no fact twice.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from support import PRIVATE_SERVER_JVM, CliRun, assert_one_line_error, scalar

from memgraph.graph.connection import Graph
from memgraph.graph.names import canonical_name
from memgraph.graph.schema import SCHEMA_VERSION, recorded_version
from memgraph.local_neo4j import LocalServer
from memgraph.memory import Memory
from memgraph.providers.embeddings import HashingEmbedder
from memgraph.settings import ServerSettings, Settings


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def private_ports() -> tuple[int, int]:
    """MEMGRAPH_TEST_PRIVATE_PORTS="bolt,http" pins them (machines shared by several
    developers hand out port ranges); otherwise two free ports."""
    pinned = os.environ.get("MEMGRAPH_TEST_PRIVATE_PORTS")
    if pinned:
        bolt, http = (int(p) for p in pinned.split(","))
        return bolt, http
    return free_port(), free_port()


@pytest.fixture(scope="module")
def private_server(tmp_path_factory: pytest.TempPathFactory,
                   settings: Settings) -> Iterator[LocalServer]:
    """A server of our own to kill: a copy of the installed jars, fresh data, own ports."""
    home = tmp_path_factory.mktemp("crash-neo4j")
    shared_lib = settings.server.home.expanduser().resolve() / "lib"
    if shared_lib.is_dir():   # install then skips Maven
        shutil.copytree(shared_lib, home / "lib")
    bolt, http = private_ports()
    own = settings.model_copy(update={
        "server": ServerSettings(home=home, bolt_port=bolt, http_port=http, heap="512m",
                                 pagecache="64m", start_timeout_s=600,
                                 jvm_options=PRIVATE_SERVER_JVM),
        "neo4j_uri": f"bolt://127.0.0.1:{bolt}",
        "neo4j_password": None})   # its own install's random password, found in its home
    server = LocalServer(own)
    server.install()
    server.start()
    yield server
    server.stop(timeout_s=0)   # a throwaway: no clean shutdown to wait for


def cli_env(server: LocalServer) -> dict[str, str]:
    cfg = server.settings.server
    # a lost server is reported after 1 s of retries instead of the default 10
    return {**os.environ, "NEO4J_URI": server.bolt_uri, "MEMGRAPH_EMBEDDER": "hashing",
            "MEMGRAPH_TRANSACTION_RETRY_S": "1",
            "MEMGRAPH_LLM": "offline", "MEMGRAPH_SERVER__HOME": str(server.home),
            "MEMGRAPH_SERVER__BOLT_PORT": str(cfg.bolt_port),
            "MEMGRAPH_SERVER__HTTP_PORT": str(cfg.http_port)}


def finished(proc: subprocess.Popen[str], timeout: float) -> CliRun:
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        raise AssertionError(f"still running after {timeout}s: {err[-2000:]}") from None
    return CliRun(proc.returncode, out, err)


# -- processes initialising the fresh database at once ----------------------------------

def test_three_processes_initialising_a_fresh_database_at_once_all_succeed(
        private_server: LocalServer) -> None:
    """Agents started together each run `memgraph init`: on a fresh database their
    CREATE ... IF NOT EXISTS statements deadlock on the same label locks (seen as every
    test of one pytest-xdist worker failing at setup); the loser runs its statement again."""
    graph = Graph.open(private_server.settings)
    try:
        assert recorded_version(graph) == (None, None)      # fresh: nothing made yet
    finally:
        graph.close()
    command = [sys.executable, "-m", "memgraph", "init", "--json"]
    env = {**cli_env(private_server), "MEMGRAPH_TRANSACTION_RETRY_S": "10"}   # the default
    procs = [subprocess.Popen(command, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(3)]
    runs = [finished(proc, timeout=300) for proc in procs]
    assert [run.code for run in runs] == [0, 0, 0], [run.stderr for run in runs]
    graph = Graph.open(private_server.settings)
    try:
        assert recorded_version(graph)[0] == SCHEMA_VERSION
    finally:
        graph.close()


# -- kill -9 of Neo4j during `memgraph ingest --file` -----------------------------------

PEOPLE = ["Ada Vance", "Bruno Keller", "Chiara Rossi", "Dev Patel", "Elena Sorokina"]
EMPLOYERS = ["Globex", "Initech", "Hooli", "Acme Rail"]


def conversation(n: int) -> list[dict[str, str]]:
    forms = ["{p} works at {e}.", "Yesterday I had lunch with {p}.",
             "My friend {p} plays chess with {q}.", "{p} visited Lisbon with {q}."]
    return [{"content": forms[i % len(forms)].format(
                 p=PEOPLE[i % len(PEOPLE)], q=PEOPLE[(i + 2) % len(PEOPLE)],
                 e=EMPLOYERS[i % len(EMPLOYERS)]) + f" (entry {i})",
             "external_id": f"line-{i}"}
            for i in range(n)]


@pytest.mark.slow
def test_neo4j_killed_mid_ingest_then_rerun_stores_every_source_exactly_once(
        private_server: LocalServer, tmp_path: Path) -> None:
    user = "crash-ingest"
    lines = conversation(40)
    path = tmp_path / "chat.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    settings = private_server.settings
    with Memory(settings, embedder=HashingEmbedder(384)) as memory:
        memory.init()
    command = [sys.executable, "-m", "memgraph", "ingest", "--file", str(path), "--user", user,
               "--json"]
    env = cli_env(private_server)

    proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    graph = Graph.open(settings)
    try:
        deadline = time.monotonic() + 600
        written = 0
        while written < 10 and proc.poll() is None:   # some sources in, most to come
            assert time.monotonic() < deadline, "the ingest made no progress"
            written = scalar(graph, "MATCH (s:Source {user_id: $u}) RETURN count(s)", u=user)
            time.sleep(0.2)
    finally:
        graph.close()
    assert proc.poll() is None, "the ingest finished before the fault: give it more lines"
    pid = private_server.status().pid
    assert pid is not None
    os.kill(pid, signal.SIGKILL)                         # the database dies mid-ingest
    crashed = finished(proc, timeout=180)   # its message is checked last, below

    assert private_server.start() is True                # recovery from its own logs
    rerun = finished(subprocess.Popen(command, env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True), timeout=600)
    assert rerun.code == 0, rerun.stderr
    again = finished(subprocess.Popen(command, env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True), timeout=600)
    assert again.code == 0, again.stderr
    assert json.loads(again.stdout)["created"] == 0      # a third run changes nothing

    graph = Graph.open(settings)
    try:
        with graph.session() as session:
            sources = session.run(
                "MATCH (s:Source {user_id: $u}) RETURN s.external_id AS id, "
                "s.extraction_status AS status", u=user).data()
            nodes = session.run(
                "MATCH (n:Memory {user_id: $u}) WHERE n:Person OR n:Concept OR n:Entity "
                "RETURN n.name AS name", u=user).data()
            facts = session.run(
                "MATCH (a:Memory {user_id: $u})-[r]->(b:Memory {user_id: $u}) "
                "WHERE NOT a:Source AND NOT b:Source AND r.valid_to IS NULL "
                "RETURN a.uid AS a, type(r) AS t, b.uid AS b", u=user).data()
    finally:
        graph.close()
    ids = sorted(s["id"] for s in sources)
    assert ids == sorted(line["external_id"] for line in lines)     # each exactly once
    assert {s["status"] for s in sources} == {"done"}                # none pending
    names = [canonical_name(n["name"]) for n in nodes]
    assert len(names) == len(set(names)), sorted(names)              # no twins
    assert all(canonical_name(p) in names for p in PEOPLE)
    keys = [(f["a"], f["t"], f["b"]) for f in facts]
    assert len(keys) == len(set(keys))                               # no fact twice
    assert_one_line_error(crashed, "not reachable")    # the crash itself: one clear line


