"""memgraph: long-term memory for LLM agents, native in Neo4j."""

from memgraph.errors import MemgraphError
from memgraph.memory import Memory
from memgraph.settings import Settings, get_settings

__all__ = ["MemgraphError", "Memory", "Settings", "get_settings"]
__version__ = "0.1.0"
