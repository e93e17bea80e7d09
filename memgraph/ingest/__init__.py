"""Ingestion: sources in, a clean knowledge graph out.

``pipeline`` orchestrates one source (Source node first, then extraction, then one write
transaction); ``agent`` (an LLM) and ``rules`` (offline) both emit the typed tool calls of
``tools``; ``resolution`` finds existing nodes before anything is created; ``writer``
applies a validated plan in one transaction; ``structured`` is the no-LLM bulk path.
"""

from memgraph.ingest.results import BulkResult, IngestResult

__all__ = ["BulkResult", "IngestResult"]
