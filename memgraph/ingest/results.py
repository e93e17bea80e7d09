"""What an ingestion reports back to the caller (and the CLI renders)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class IngestResult:
    """The outcome of ingesting one source."""

    source_uid: str
    status: str                      # done | failed | pending | skipped
    duplicate: bool = False          # the idempotency key was already known: nothing changed
    resumed: bool = False            # a source left pending/failed by an earlier run, redone
    dry_run: bool = False            # rehearsed and rolled back: what would have been written
    error: str = ""
    nodes_created: int = 0
    nodes_updated: int = 0
    relationships_created: int = 0
    relationships_reinforced: int = 0
    relationships_superseded: int = 0
    notes_added: int = 0
    mentions: int = 0
    links_added: int = 0
    llm_calls: int = 0
    tokens_used: int = 0
    refused: list[str] = field(default_factory=list)   # tool calls refused back to the agent
    learned: list[str] = field(default_factory=list)   # one readable line per fact written
    ids: dict[str, str] = field(default_factory=dict)  # ref -> uid of what was written

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


# A report keeps the first errors only (a million bad lines must not fill the memory);
# the counts always cover every item.
MAX_REPORTED_ERRORS = 100


@dataclass
class BulkResult:
    """The outcome of a batch: many sources, counted.

    Every item lands in exactly one of ``created`` (a source extracted by this call:
    new, or resumed after an earlier run left it unfinished),
    ``duplicates`` (already ingested: nothing changed), ``failed`` (refused: bad JSON, an
    invalid record, another tenant's line; nothing written) and ``extraction_failed`` (the
    source is stored but its extraction failed: ``retry_failed`` redoes it), so they add
    up to ``sources``.
    """

    sources: int = 0
    created: int = 0
    duplicates: int = 0
    failed: int = 0
    extraction_failed: int = 0
    nodes_created: int = 0
    relationships_created: int = 0
    relationships_superseded: int = 0
    llm_calls: int = 0
    tokens_used: int = 0
    seconds: float = 0.0
    errors: list[str] = field(default_factory=list)
    # the tenant's own vector index, made at the end because the ingest left the tenant
    # due for one (`retrieval.own_vector_index_on_bulk_ingest`): its name, or why not
    vector_index: str = ""

    def add(self, result: IngestResult, where: str = "") -> None:
        """Count one item; ``where`` (e.g. "line 7") prefixes its error."""
        self.sources += 1
        if result.duplicate:
            self.duplicates += 1
        elif result.status == "failed" and not result.source_uid:
            self.failed += 1
        elif result.status == "failed":
            self.extraction_failed += 1
        else:
            self.created += 1
        self.nodes_created += result.nodes_created
        self.relationships_created += result.relationships_created
        self.relationships_superseded += result.relationships_superseded
        self.llm_calls += result.llm_calls
        self.tokens_used += result.tokens_used
        if result.error:
            kept = f"source {result.source_uid} kept, " if result.source_uid else ""
            self.error(f"{where + ': ' if where else ''}{kept}{result.error}")

    def reject(self, where: str, message: str) -> None:
        """Count one item refused before anything was written."""
        self.sources += 1
        self.failed += 1
        self.error(f"{where}: {message}")

    def error(self, message: str) -> None:
        if len(self.errors) < MAX_REPORTED_ERRORS:
            self.errors.append(message)

    @property
    def problems(self) -> int:
        return self.failed + self.extraction_failed

    @property
    def per_second(self) -> float:
        return self.sources / self.seconds if self.seconds > 0 else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "per_second": round(self.per_second, 1)}


@dataclass
class FileReport(BulkResult):
    """The outcome of ``Memory.ingest_file``: one file (or stream), counted per line or
    chunk. For a document, ``sources`` counts its chunks, ``duplicates`` the chunks kept
    from the previous version, and ``artifact_uid`` names the Artifact node."""

    path: str = ""
    format: str = ""              # jsonl | structured | document
    strict: bool = False
    artifact_uid: str = ""        # documents only
    unchanged: bool = False       # documents: same checksum as last time, nothing written
    chunks_removed: int = 0       # documents: chunks of the previous version deleted
