"""Location-independent: the local server's home and the model cache are per user (XDG on
Linux), not per current directory; every command finds the running server from anywhere;
the settings still override both."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memgraph.graph.connection import Graph
from memgraph.local_neo4j import LocalServer
from memgraph.settings import Settings


def fresh(**overrides: object) -> Settings:
    return Settings(_env_file=None, **overrides)  # type: ignore[arg-type]


@pytest.fixture
def xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("MEMGRAPH_SERVER__HOME", raising=False)
    monkeypatch.delenv("MEMGRAPH_EMBEDDING_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path


def test_defaults_live_in_the_users_data_and_cache_directories(xdg: Path):
    settings = fresh()
    assert settings.server.home == xdg / "data" / "memgraph" / "neo4j"
    assert settings.embedding_cache_dir == xdg / "cache" / "memgraph" / "models"


def test_defaults_do_not_depend_on_the_current_directory(
        xdg: Path, monkeypatch: pytest.MonkeyPatch):
    homes = set()
    for cwd in (xdg, xdg / "data", Path("/")):
        cwd.mkdir(exist_ok=True)
        monkeypatch.chdir(cwd)
        homes.add((fresh().server.home, fresh().embedding_cache_dir))
    assert len(homes) == 1


def test_without_xdg_variables_the_home_directory_is_used(
        xdg: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")   # invalid by the XDG spec
    monkeypatch.setenv("HOME", str(xdg / "home"))
    settings = fresh()
    assert settings.server.home == xdg / "home" / ".local/share/memgraph/neo4j"
    assert settings.embedding_cache_dir == xdg / "home" / ".cache/memgraph/models"


def test_the_settings_still_override_both(xdg: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("MEMGRAPH_SERVER__HOME", str(xdg / "mine"))
    monkeypatch.setenv("MEMGRAPH_EMBEDDING_CACHE_DIR", str(xdg / "models"))
    settings = fresh()
    assert (settings.server.home, settings.embedding_cache_dir) == (xdg / "mine",
                                                                    xdg / "models")


def test_commands_find_the_running_server_from_another_directory(
        tmp_path: Path, settings: Settings, graph: Graph):
    """The running test server, reached through the default per-user home (a link to its
    real home) from a directory that has nothing to do with it: status sees it running,
    and `memgraph status` connects with the password kept in that home."""
    server = LocalServer(settings)   # the suite's own server, started by the graph fixture
    data = tmp_path / "data"
    (data / "memgraph").mkdir(parents=True)
    (data / "memgraph" / "neo4j").symlink_to(server.home)
    elsewhere = tmp_path / "somewhere" / "else"
    elsewhere.mkdir(parents=True)
    env = {k: v for k, v in os.environ.items()
           if k not in ("MEMGRAPH_SERVER__HOME", "NEO4J_PASSWORD", "MEMGRAPH_NEO4J_PASSWORD")}
    env["XDG_DATA_HOME"] = str(data)

    def memgraph(*args: str) -> dict:
        run = subprocess.run([sys.executable, "-m", "memgraph", *args, "--json"], env=env,
                             cwd=elsewhere, capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stderr
        return json.loads(run.stdout)

    status = memgraph("server", "status")
    assert status["installed"] and status["running"]
    assert Path(status["home"]) == server.home
    assert memgraph("status")["neo4j"]["version"].startswith("5.26")
