"""The one query loader.

Every Cypher statement memgraph runs lives in ``cypher/<area>/<name>.cypher`` and is
loaded by name (``load("graph/ping")``). Queries take parameters only, so any file can be
pasted into Neo4j Browser as it is (with ``:param`` for the parameters).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from memgraph.errors import ConfigurationError

_NAME = re.compile(r"^[a-z0-9_]+(/[a-z0-9_]+)*$")


def _cypher_root() -> Path:
    # Installed wheels carry the files inside the package; a source checkout (and an
    # editable install) reads them from the top-level folder.
    packaged = Path(__file__).parent / "_cypher"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "cypher"


CYPHER_ROOT = _cypher_root()


@cache
def load(name: str) -> str:
    """Return the text of ``cypher/<name>.cypher``, without comment-only lines."""
    if not _NAME.match(name):
        raise ConfigurationError(f"invalid query name {name!r}")
    path = CYPHER_ROOT / f"{name}.cypher"
    if not path.is_file():
        raise ConfigurationError(f"no query named {name!r} (looked for {path})")
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines()
             if not ln.lstrip().startswith("//")]
    return "\n".join(lines).strip()


def statements(name: str) -> list[str]:
    """Split a multi-statement file (schema migrations) on ``;`` at line ends."""
    text = load(name)
    return [s.strip() for s in re.split(r";\s*(?:\n|$)", text) if s.strip()]


def names(area: str) -> list[str]:
    """All query names under ``cypher/<area>/``, sorted."""
    folder = CYPHER_ROOT / area
    return sorted(f"{area}/{p.stem}" for p in folder.glob("*.cypher"))
