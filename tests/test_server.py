"""The local Neo4j server command: install, start, status, stop, on its own home and ports."""

from __future__ import annotations

import shutil
import socket
import stat
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pydantic import SecretStr
from support import PRIVATE_SERVER_JVM

from memgraph.errors import AuthenticationError, ServerError
from memgraph.graph.connection import Graph
from memgraph.local_neo4j import LocalServer
from memgraph.local_neo4j.local import vector_population_buffer_mb
from memgraph.settings import ServerSettings, Settings


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def own_server(home: Path, settings: Settings) -> LocalServer:
    """A server with its own home and ports, so the shared one is never touched."""
    shared_lib = settings.server.home.expanduser().resolve() / "lib"
    if shared_lib.is_dir():  # reuse the jars already fetched: install then skips Maven
        shutil.copytree(shared_lib, home / "lib")
    bolt, http = free_port(), free_port()
    server_settings = ServerSettings(home=home, bolt_port=bolt, http_port=http, heap="512m",
                                     pagecache="64m", start_timeout_s=300,
                                     jvm_options=PRIVATE_SERVER_JVM)
    own = settings.model_copy(update={"server": server_settings, "neo4j_password": None,
                                      "neo4j_uri": f"bolt://127.0.0.1:{bolt}"})
    return LocalServer(own)


@pytest.fixture(scope="module")
def private_server(tmp_path_factory: pytest.TempPathFactory,
                   settings: Settings) -> Iterator[LocalServer]:
    server = own_server(tmp_path_factory.mktemp("neo4j-home"), settings)
    yield server
    server.stop()


def test_install_is_idempotent(private_server: LocalServer) -> None:
    private_server.install()
    assert private_server.is_installed()
    assert (private_server.conf_dir / "neo4j.conf").is_file()
    assert private_server.install() is False


def test_install_sets_a_random_password_only_the_owner_can_read(
        private_server: LocalServer, settings: Settings) -> None:
    stored = private_server.password_file
    assert stored.is_file() and stat.S_IMODE(stored.stat().st_mode) == 0o600
    password = stored.read_text(encoding="utf-8").strip()
    assert len(password) >= 32 and password != "memgraph-local"
    shared = LocalServer(settings).password_file
    if shared.is_file():   # another install, another password
        assert shared.read_text(encoding="utf-8").strip() != password
    assert private_server.settings.password() == password   # found without NEO4J_PASSWORD


def test_the_admin_tool_never_gets_the_password_on_its_command_line(
        tmp_path: Path, settings: Settings) -> None:
    server = own_server(tmp_path, settings)
    server._write_conf()
    seen: list[bytes] = []
    setting = threading.Thread(target=server._set_initial_password)
    setting.start()
    while setting.is_alive():   # every process's argv while the admin tool runs
        for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
            try:
                text = cmdline.read_bytes()
            except OSError:
                continue
            if b"set-initial-password" in text and str(tmp_path).encode() in text:
                seen.append(text)
        time.sleep(0.02)
    setting.join()
    password = server.password_file.read_text(encoding="utf-8").strip()
    assert seen, "the admin tool was never seen running"
    assert not any(password.encode() in argv for argv in seen)
    assert (tmp_path / "data" / "dbms" / "auth.ini").is_file()
    assert not list((tmp_path / "run").glob("*.args"))   # the argument file is gone


def test_a_password_that_starts_with_a_dash_is_set_not_taken_for_an_option(
        tmp_path: Path, settings: Settings) -> None:
    server = own_server(tmp_path, settings)
    server = LocalServer(server.settings.model_copy(
        update={"neo4j_password": SecretStr("-Xy_z-0123456789abcdefgh")}))
    server._write_conf()
    server._set_initial_password()
    assert (tmp_path / "data" / "dbms" / "auth.ini").is_file()
    assert server.password_file.read_text(encoding="utf-8").strip() == "-Xy_z-0123456789abcdefgh"


def test_an_install_with_the_old_default_password_gets_a_random_one_at_start(
        tmp_path: Path, settings: Settings) -> None:
    server = own_server(tmp_path, settings)
    server._write_conf()
    subprocess.run(["java", "-cp", f"{server.lib}/*", "org.neo4j.cli.AdminTool", "dbms",
                    "set-initial-password", "memgraph-local"], check=True,   # as installs did
                   capture_output=True, env=server._env())
    assert server.settings.password() == "memgraph-local"   # keeps working until started
    try:
        assert server.start() is True and server.replaced_legacy_password
        stored = server.password_file
        assert stat.S_IMODE(stored.stat().st_mode) == 0o600
        assert server.settings.password() == stored.read_text(encoding="utf-8").strip()
        graph = Graph.open(server.settings)
        graph.close()
        old = server.settings.model_copy(update={"neo4j_password": SecretStr("memgraph-local")})
        with pytest.raises(AuthenticationError):
            Graph.open(old)
    finally:
        server.stop(timeout_s=0)   # a throwaway: no clean shutdown to wait for


def test_start_waits_for_bolt_and_http_and_the_server_answers(
        private_server: LocalServer) -> None:
    import urllib.request

    assert private_server.start() is True
    with urllib.request.urlopen(private_server.browser_url, timeout=10) as response:
        assert response.status == 200     # right away: start waited for HTTP too
    status = private_server.status()
    assert status.running and status.pid
    # the JVM got the options the settings add to memgraph's own
    command_line = Path(f"/proc/{status.pid}/cmdline").read_bytes().split(b"\0")
    assert [option.encode() for option in PRIVATE_SERVER_JVM] == [
        part for part in command_line if part.startswith(b"-XX:Tiered")]
    graph = Graph.open(private_server.settings)
    try:
        info = graph.read("graph/server_info")[0]
    finally:
        graph.close()
    assert info["version"].startswith("5.26")
    assert info["edition"] == "community"


def test_a_started_line_from_an_earlier_run_does_not_count_for_this_start(
        tmp_path: Path, settings: Settings) -> None:
    """The console log is appended to: a start that read the last run's "Started." went
    on before the server listened on HTTP (the browser-assets test failed on a busy
    machine)."""
    server = own_server(tmp_path, settings)
    server.console_log.parent.mkdir(parents=True, exist_ok=True)
    server.console_log.write_bytes(b"2026-11-26 INFO  Started.\n2026-11-26 INFO  Stopped.\n")
    this_start = server.console_log.stat().st_size
    with open(server.console_log, "ab") as log:
        log.write(b"2026-11-26 INFO  Bolt enabled on 127.0.0.1:7689.\n")
    assert not server._log_says_started(this_start)
    with open(server.console_log, "ab") as log:
        log.write(b"2026-11-26 INFO  Started.\n")
    assert server._log_says_started(this_start)


def test_vector_index_builds_get_a_quarter_of_the_heap(private_server: LocalServer) -> None:
    conf = (private_server.conf_dir / "neo4j.conf").read_text(encoding="utf-8")
    assert "internal.dbms.index.vector.population_ram_buffer_size=128\n" in conf  # 512m heap
    merge = private_server.cfg.vector_merge_factor
    assert f"internal.dbms.index.vector.standard_merge_factor={merge}\n" in conf
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
        # an earlier test's connections may leave the port in TIME_WAIT; the blocker must still bind
        blocker.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        blocker.bind(("127.0.0.1", private_server.cfg.bolt_port))
        blocker.listen(1)
        with pytest.raises(ServerError, match=f"port {private_server.cfg.bolt_port}"):
            private_server.start()
    assert not private_server.status().running


def test_start_before_install_is_a_clear_error(tmp_path: Path, settings: Settings) -> None:
    server = LocalServer(settings.model_copy(update={"server": ServerSettings(home=tmp_path)}))
    with pytest.raises(ServerError, match="not installed"):
        server.start()
