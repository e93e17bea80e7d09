"""memgraph: long-term memory for LLM agents, native in Neo4j."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from memgraph.errors import MemgraphError
    from memgraph.memory import Memory
    from memgraph.settings import Settings, get_settings

__all__ = ["MemgraphError", "Memory", "Settings", "get_settings"]
__version__ = "0.1.0"

# Imported on first use: `import memgraph.cli` (and so `memgraph --help`) must not pay for
# the Neo4j driver and pydantic-settings.
_LAZY = {"MemgraphError": "memgraph.errors", "Memory": "memgraph.memory",
         "Settings": "memgraph.settings", "get_settings": "memgraph.settings"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'memgraph' has no attribute {name!r}")
