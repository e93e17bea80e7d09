"""Values as the Neo4j driver returns them, made plain Python."""

from __future__ import annotations

from typing import Any


def to_native(value: Any) -> Any:
    """A driver temporal value (``neo4j.time.DateTime``, ``Date``, …) as its Python
    equivalent (an aware ``datetime`` for a DateTime); anything else, None included, as it
    is."""
    return value.to_native() if hasattr(value, "to_native") else value
