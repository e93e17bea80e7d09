"""The local Neo4j server command: install, start, status, stop, on its own home and ports."""

from __future__ import annotations

import shutil
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from memgraph.errors import ServerError
from memgraph.graph.connection import Graph
from memgraph.server import LocalServer
from memgraph.server.local import vector_population_buffer_mb
from memgraph.settings import ServerSettings, Settings


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def private_server(tmp_path_factory: pytest.TempPathFactory,
                   settings: Settings) -> Iterator[LocalServer]:
    """A second server with its own home and ports, so the shared one is never touched."""
    home = tmp_path_factory.mktemp("neo4j-home")
    shared_lib = settings.server.home.expanduser().resolve() / "lib"
    if shared_lib.is_dir():  # reuse the jars already fetched: install then skips Maven
        shutil.copytree(shared_lib, home / "lib")
    bolt, http = free_port(), free_port()
    server_settings = ServerSettings(home=home, bolt_port=bolt, http_port=http, heap="512m",
                                     pagecache="64m")
    own = settings.model_copy(update={"server": server_settings,
                                      "neo4j_uri": f"bolt://127.0.0.1:{bolt}"})
    server = LocalServer(own)
    yield server
    server.stop()


def test_install_is_idempotent(private_server: LocalServer) -> None:
    private_server.install()
    assert private_server.is_installed()
    assert (private_server.conf_dir / "neo4j.conf").is_file()
    assert private_server.install() is False


def test_start_waits_for_bolt_and_the_server_answers(private_server: LocalServer) -> None:
    assert private_server.start() is True
    status = private_server.status()
    assert status.running and status.pid
    graph = Graph.open(private_server.settings)
    try:
        info = graph.read("graph/server_info")[0]
    finally:
        graph.close()
    assert info["version"].startswith("5.26")
    assert info["edition"] == "community"


def test_vector_index_builds_get_a_quarter_of_the_heap(private_server: LocalServer) -> None:
    conf = (private_server.conf_dir / "neo4j.conf").read_text(encoding="utf-8")
    assert "internal.dbms.index.vector.population_ram_buffer_size=128\n" in conf  # 512m heap
    assert [vector_population_buffer_mb(h) for h in ("1g", "4096m", "16g", "32m")] == [
        256, 1024, 1900, 16]
    with pytest.raises(ServerError, match="not a JVM size"):
        vector_population_buffer_mb("lots")


def test_starting_twice_is_harmless(private_server: LocalServer) -> None:
    pid = private_server.status().pid
    assert private_server.start() is False
    assert private_server.status().pid == pid


def test_browser_is_served(private_server: LocalServer) -> None:
    import urllib.request

    with urllib.request.urlopen(private_server.browser_url, timeout=10) as response:
        assert response.status == 200
        assert b"<title>Neo4j Browser</title>" in response.read()


def test_stop_is_clean_and_idempotent(private_server: LocalServer) -> None:
    assert private_server.stop() is True
    assert not private_server.status().running
    assert private_server.stop() is False


def test_a_taken_port_is_a_clear_error(private_server: LocalServer) -> None:
    with socket.socket() as blocker:
        blocker.bind(("127.0.0.1", private_server.cfg.bolt_port))
        blocker.listen(1)
        with pytest.raises(ServerError, match=f"port {private_server.cfg.bolt_port}"):
            private_server.start()
    assert not private_server.status().running


def test_start_before_install_is_a_clear_error(tmp_path: Path, settings: Settings) -> None:
    server = LocalServer(settings.model_copy(update={"server": ServerSettings(home=tmp_path)}))
    with pytest.raises(ServerError, match="not installed"):
        server.start()
