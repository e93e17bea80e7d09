"""Neo4j faults reach the user as one line and a non-zero exit, never a traceback."""

from __future__ import annotations

import socket

import pytest
from pydantic import SecretStr
from support import assert_one_line_error, run_cli

from memgraph.errors import AuthenticationError, DatabaseUnavailableError
from memgraph.graph.connection import Graph
from memgraph.memory import Memory
from memgraph.settings import Settings


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_wrong_password_is_an_authentication_error(settings: Settings, graph: Graph) -> None:
    wrong = settings.model_copy(update={"neo4j_password": SecretStr("not-the-password")})
    with pytest.raises(AuthenticationError, match="rejected the username or password"):
        Graph.open(wrong)


def test_unreachable_server_is_an_unavailable_error(settings: Settings) -> None:
    away = settings.model_copy(update={"neo4j_uri": f"bolt://127.0.0.1:{_closed_port()}"})
    with pytest.raises(DatabaseUnavailableError, match="not reachable"):
        Graph.open(away)


def test_cli_wrong_password_one_line(memory: Memory) -> None:
    run = run_cli("status", env={"NEO4J_PASSWORD": "not-the-password"})
    assert_one_line_error(run, "rejected the username or password")
    assert run.code == 4


def test_cli_unreachable_server_one_line() -> None:
    run = run_cli("status", env={"NEO4J_URI": f"bolt://127.0.0.1:{_closed_port()}"})
    assert_one_line_error(run, "not reachable")
    assert run.code == 4


def test_cli_malformed_uri_one_line() -> None:
    run = run_cli("status", env={"NEO4J_URI": "nonsense://x"})
    assert_one_line_error(run, "NEO4J_URI")
