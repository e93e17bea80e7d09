"""Where the files memgraph ships beside its code live (Cypher queries, Browser assets)."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def shipped_folder(name: str) -> Path:
    """The top-level folder `name` of the project, wherever memgraph runs from.

    An installed wheel carries it inside the package as ``memgraph/_<name>`` (pyproject's
    force-include); a source checkout, and an editable install, read the repository's own.
    """
    packaged = _PACKAGE / f"_{name}"
    if packaged.is_dir():
        return packaged
    return _PACKAGE.parent / name
