"""memgraph's guide and style sheet, served by the local Neo4j next to Neo4j Browser.

Neo4j serves Browser from the ``browser/`` folder inside the neo4j-browser jar, and nothing
else over HTTP, so the two files are added to that jar (under ``browser/memgraph/``): Browser
then reaches them at ``http://localhost:PORT/browser/memgraph/…``, and the server's
``browser.post_connect_cmd`` applies the style and opens the guide on every login. The jar is
rewritten only when the files in it differ from the shipped ones.
"""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

from memgraph.shipped import shipped_folder

ASSET_NAMES = ("guide.html", "memgraph.grass")
JAR_FOLDER = "browser/memgraph"


def assets_dir() -> Path:
    return shipped_folder("browser")


def browser_jar(lib: Path) -> Path | None:
    jars = sorted(lib.glob("neo4j-browser-*.jar"))
    return jars[-1] if jars else None


def install_into_jar(jar: Path) -> bool:
    """Put the guide and the style sheet into Browser's jar. False if already there."""
    wanted = {f"{JAR_FOLDER}/{name}": (assets_dir() / name).read_bytes()
              for name in ASSET_NAMES}
    with zipfile.ZipFile(jar) as current:
        present = {name: current.read(name) for name in wanted if name in current.namelist()}
        if present == wanted:
            return False
        # A new jar beside the old, then one rename: a server running on the old jar keeps
        # its open file, and an interrupted write never leaves a broken jar behind.
        partial = jar.with_name(jar.name + ".partial")
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as updated:
            for item in current.infolist():
                if item.filename not in wanted:
                    updated.writestr(item, current.read(item.filename))
            for name, data in wanted.items():
                updated.writestr(name, data)
    os.replace(partial, jar)
    return True


def asset_url(http_port: int, name: str) -> str:
    # Browser fetches guides and styles only from hosts on its allow-list, which holds
    # `localhost` by default (not 127.0.0.1).
    return f"http://localhost:{http_port}/{JAR_FOLDER}/{name}"


def post_connect_commands(http_port: int) -> str:
    """What Browser runs after each login: apply memgraph's style, open the guide."""
    return (f"style {asset_url(http_port, 'memgraph.grass')}; "
            f"play {asset_url(http_port, 'guide.html')}")
