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


@dataclass
class BulkResult:
    """The outcome of a batch: many sources, counted."""

    sources: int = 0
    created: int = 0
    duplicates: int = 0
    failed: int = 0
    nodes_created: int = 0
    relationships_created: int = 0
    relationships_superseded: int = 0
    llm_calls: int = 0
    tokens_used: int = 0
    seconds: float = 0.0
    errors: list[str] = field(default_factory=list)

    def add(self, result: IngestResult) -> None:
        self.sources += 1
        self.duplicates += int(result.duplicate)
        self.created += int(not result.duplicate)
        self.failed += int(result.status == "failed")
        self.nodes_created += result.nodes_created
        self.relationships_created += result.relationships_created
        self.relationships_superseded += result.relationships_superseded
        self.llm_calls += result.llm_calls
        self.tokens_used += result.tokens_used
        if result.error:
            self.errors.append(f"{result.source_uid}: {result.error}")

    @property
    def per_second(self) -> float:
        return self.sources / self.seconds if self.seconds > 0 else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "per_second": round(self.per_second, 1)}
