"""Test fixtures: one real Neo4j for the whole session, one fresh tenant per test.

The server is the project's own (``memgraph server``) unless ``NEO4J_URI`` points
elsewhere. Started once per session; stopped at the end only if this session started it
(never by a pytest-xdist worker: the others may still use it).
Tests never wipe the database: each gets its own ``user_id`` and deletes only that.

``scripts/test.sh`` runs the suite in two parts: the tests that touch only their own
tenants on two processes at once (pytest-xdist), then the ``serial`` ones alone, below.
"""

from __future__ import annotations

import fcntl
import os
import uuid
from collections.abc import Iterator

import pytest
from fakes.openai_server import FakeOpenAIServer

from memgraph.demo.tour import run_tour
from memgraph.graph.connection import Graph
from memgraph.graph.tenant_index import tenant_fulltext_name, tenant_index_name
from memgraph.local_neo4j import LocalServer
from memgraph.memory import Memory
from memgraph.providers.embeddings import HashingEmbedder
from memgraph.settings import Settings

# Files whose tests change or read what every tenant shares, or time a lease: they
# run alone, after the tests that only touch their own tenants (`pytest -m serial`).
SERIAL_FILES = {
    # all-users jobs: they take every tenant's job lock and change every tenant
    "test_jobs_runner.py", "test_jobs_shards.py", "test_jobs_storylines.py",
    "test_jobs_tenancy.py", "test_lifecycle_graph.py", "test_deployment.py",
    # the schema, the indexes, migrations and counts over the whole database
    "test_schema.py", "test_vector_storage.py", "test_state_labels.py", "test_status.py",
    "test_tenant_vector_index.py",
    # query statistics over the whole database, and a plan cache a schema change empties
    "test_query_plans.py",
    # a job lease that must outlast a process start: timing on a busy machine
    "test_reliability_crash.py",
    # a browser, and a guide step that lists every user
    "test_browser_view.py",
}


# The parallel part hands whole files to its workers in collection order (scripts/test.sh:
# `--dist loadfile --no-loadscope-reorder`), so the longest files go first: in xdist's own
# order, by number of tests, the two-test server-kill file (90 s) came near the end and
# one worker ran it alone. Longest first, the measured durations of a parallel run
# (`--durations=0`, session 28) would have finished ~18 s sooner. Files not listed keep
# their order after these.
LONGEST_FIRST = (
    "test_reliability_server_kill.py", "test_local_embedding_backends.py", "test_server.py",
    "test_browser_queries.py", "test_registry_models.py", "test_memories.py",
    "test_http_api.py", "test_reliability_writers.py", "test_reliability_hostile.py",
    "test_ingest_rules.py", "test_retrieve_context.py", "test_mcp_server.py",
    "test_fact_recall.py", "test_ingest_rules_hostile.py", "test_ingest_files.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name in SERIAL_FILES:
            item.add_marker(pytest.mark.serial)
    first = {name: rank for rank, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: first.get(item.path.name, len(first)))   # stable


@pytest.fixture(scope="session")
def settings() -> Settings:
    return Settings()


@pytest.fixture(scope="session")
def neo4j_server(settings: Settings) -> Iterator[LocalServer | None]:
    if os.environ.get("MEMGRAPH_TEST_EXTERNAL_NEO4J"):
        yield None
        return
    server = LocalServer(settings)
    home = settings.server.home.expanduser()
    home.parent.mkdir(parents=True, exist_ok=True)
    with open(home.parent / f".{home.name}.test-start.lock", "w") as lock:   # xdist: once
        fcntl.flock(lock, fcntl.LOCK_EX)
        server.install()
        started = server.start()
    yield server
    if started and not os.environ.get("PYTEST_XDIST_WORKER"):
        server.stop()


@pytest.fixture(scope="session")
def graph(settings: Settings, neo4j_server: LocalServer | None) -> Iterator[Graph]:
    g = Graph.open(settings)
    g.use_for_models()
    yield g
    g.close()


@pytest.fixture(scope="session")
def hashing_embedder() -> HashingEmbedder:
    return HashingEmbedder(384)


@pytest.fixture(scope="session")
def memory(settings: Settings, graph: Graph, hashing_embedder: HashingEmbedder) -> Memory:
    """A Memory on the shared server with the fast hashing embedder, schema applied."""
    mem = Memory(settings, graph=graph, embedder=hashing_embedder)
    mem.init()
    return mem


@pytest.fixture(scope="session")
def offline_memory(graph: Graph) -> Memory:
    """The offline defaults as a user gets them: the local embedder, whose cosines the
    similarity thresholds (resolution, auto-links) are about (the test hash embeds names
    apart)."""
    mem = Memory(Settings(llm="offline", embedder="local"), graph=graph)
    mem.init()
    return mem


@pytest.fixture(scope="session")
def demo_graph(memory: Memory) -> Iterator[str]:
    """The user of one run of `memgraph demo`'s tour (ingest, explore, a simulated nightly
    run, storylines), made once and shared by the tests that only read it."""
    user = f"demo-graph-{uuid.uuid4().hex[:8]}"
    run_tour(memory, user, reset=True)
    yield user
    memory.forget_user(user)


@pytest.fixture
def user_id(graph: Graph, memory: Memory) -> Iterator[str]:
    """A fresh tenant; everything it wrote is deleted afterwards.

    Depends on ``memory`` so the schema is applied whatever order tests run in: a test that
    only drives the CLI in a subprocess would otherwise meet a database with no schema.
    """
    # A Memory opened and closed by an earlier test (CLI tests run in-process) leaves
    # neomodel holding its closed driver; point the model classes back at the shared one.
    graph.use_for_models()
    uid = f"test-{uuid.uuid4().hex[:12]}"
    yield uid
    delete_tenant(graph, uid)


@pytest.fixture
def other_user(graph: Graph, user_id: str) -> Iterator[str]:
    """A second fresh tenant beside ``user_id``, deleted afterwards."""
    uid = f"test-{uuid.uuid4().hex[:12]}"
    yield uid
    delete_tenant(graph, uid)


def delete_tenant(graph: Graph, uid: str) -> None:
    for index in (tenant_index_name(uid), tenant_fulltext_name(uid)):
        graph.run_autocommit("graph/drop_index", index=index)
    graph.run_autocommit("graph/delete_user", user_id=uid)


@pytest.fixture
def fake_openai() -> Iterator[FakeOpenAIServer]:
    """A started, scripted OpenAI-compatible HTTP server (see ``tests/fakes/openai_server.py``)."""
    with FakeOpenAIServer() as server:
        yield server
