"""Test fixtures: one real Neo4j for the whole session, one fresh tenant per test.

The server is the project's own (``memgraph server``) unless ``NEO4J_URI`` points
elsewhere. Started once per session; stopped at the end only if this session started it.
Tests never wipe the database: each gets its own ``user_id`` and deletes only that.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from fakes.openai_server import FakeOpenAIServer

from memgraph.demo.tour import run_tour
from memgraph.graph.connection import Graph
from memgraph.graph.tenant_index import tenant_index_name
from memgraph.local_neo4j import LocalServer
from memgraph.memory import Memory
from memgraph.providers.embeddings import HashingEmbedder
from memgraph.settings import Settings


@pytest.fixture(scope="session")
def settings() -> Settings:
    return Settings()


@pytest.fixture(scope="session")
def neo4j_server(settings: Settings) -> Iterator[LocalServer | None]:
    if os.environ.get("MEMGRAPH_TEST_EXTERNAL_NEO4J"):
        yield None
        return
    server = LocalServer(settings)
    server.install()
    started = server.start()
    yield server
    if started:
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
    graph.run_autocommit("graph/drop_index", index=tenant_index_name(uid))
    graph.run_autocommit("graph/delete_user", user_id=uid)


@pytest.fixture
def fake_openai() -> Iterator[FakeOpenAIServer]:
    """A started, scripted OpenAI-compatible HTTP server (see ``tests/fakes/openai_server.py``)."""
    with FakeOpenAIServer() as server:
        yield server
