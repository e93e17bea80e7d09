"""The local server serves memgraph's guide and style sheet, and Browser opens them on login."""

from __future__ import annotations

import re
import urllib.request
import zipfile
from pathlib import Path

import pytest

from memgraph.graph.vocabulary import (
    ALL_KINDS,
    LIFECYCLE_LABELS,
    SALIENCE_BAND_LABELS,
    STATE_LABELS,
)
from memgraph.local_neo4j import LocalServer
from memgraph.local_neo4j.browser_assets import (
    ASSET_NAMES,
    JAR_FOLDER,
    asset_url,
    assets_dir,
    install_into_jar,
    post_connect_commands,
)


def test_the_local_server_serves_the_guide_and_the_style_sheet(
        neo4j_server: LocalServer | None):
    if neo4j_server is None:
        pytest.fail("this test needs the project's own server (MEMGRAPH_TEST_EXTERNAL_NEO4J "
                    "is set)")
    for name in ASSET_NAMES:
        with urllib.request.urlopen(asset_url(neo4j_server.cfg.http_port, name)) as response:
            assert response.status == 200
            assert response.headers["Access-Control-Allow-Origin"] == "*"
            assert response.read() == (assets_dir() / name).read_bytes()


def test_browser_applies_the_style_and_opens_the_guide_after_login(
        neo4j_server: LocalServer | None):
    if neo4j_server is None:
        pytest.fail("this test needs the project's own server")
    conf = (neo4j_server.conf_dir / "neo4j.conf").read_text(encoding="utf-8")
    port = neo4j_server.cfg.http_port
    assert f"browser.post_connect_cmd={post_connect_commands(port)}" in conf
    assert post_connect_commands(port) == (
        f"style http://localhost:{port}/browser/memgraph/memgraph.grass; "
        f"play http://localhost:{port}/browser/memgraph/guide.html")


def test_the_files_go_into_the_jar_once_and_leave_everything_else_as_it_was(tmp_path: Path):
    jar = tmp_path / "neo4j-browser-0.0.0.jar"
    with zipfile.ZipFile(jar, "w") as archive:
        archive.writestr("browser/index.html", "<html>Browser</html>")
        archive.writestr(f"{JAR_FOLDER}/guide.html", "an older guide")

    assert install_into_jar(jar) is True
    assert install_into_jar(jar) is False          # unchanged files: the jar is not rewritten

    with zipfile.ZipFile(jar) as archive:
        assert archive.read("browser/index.html") == b"<html>Browser</html>"
        for name in ASSET_NAMES:
            assert archive.read(f"{JAR_FOLDER}/{name}") == (assets_dir() / name).read_bytes()
        assert len(archive.namelist()) == 1 + len(ASSET_NAMES)
    assert not list(tmp_path.glob("*.partial"))


def test_the_style_sheet_draws_kind_then_state_then_salience_and_fades_archived_last():
    # Browser merges every rule whose labels a node carries, in file order: later rules win.
    grass = (assets_dir() / "memgraph.grass").read_text(encoding="utf-8")
    order = re.findall(r"^node\.(\w+)\s*\{", grass, flags=re.M)
    kinds = [str(kind) for kind in ALL_KINDS]
    states = [label for label in STATE_LABELS.values() if label != "Archived"]
    assert set(kinds) <= set(order) and set(LIFECYCLE_LABELS) <= set(order)
    last_kind = max(order.index(kind) for kind in kinds)
    assert last_kind < min(order.index(state) for state in states)
    assert max(order.index(state) for state in states) < min(
        order.index(band) for band in SALIENCE_BAND_LABELS)
    assert order[-1] == "Archived"
