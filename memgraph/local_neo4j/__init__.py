"""A real Neo4j 5.26 Community server on machines without Docker."""

from memgraph.local_neo4j.local import LocalServer, ServerStatus

__all__ = ["LocalServer", "ServerStatus"]
