"""Notes with lifetimes, stored as parallel lists on the owning node or relationship.

Neo4j property values cannot be maps and lists cannot hold nulls, so a note is the same
index ``i`` across five lists (same mechanism on nodes and relationships):

    notes[i]             the text (what Browser shows first)
    notes_added_at[i]    DateTime it was written
    notes_expires_at[i]  DateTime it expires; ``FOREVER`` (9999-12-31) for lifetime forever
    notes_lifetime[i]    week | month | year | forever
    notes_source[i]      id of the Source it came from, or "" when none

plus ``notes_next_expiry``, the earliest ``notes_expires_at`` (absent without notes), which
every writer keeps so that note cleanup finds expired notes with an index seek.

Cypher can filter these by index with no plugin (``cypher/lifecycle/cleanup_*``), the
text stays readable in Browser, and the full-text index covers ``notes``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from memgraph.graph.values import to_native
from memgraph.graph.vocabulary import Lifetime

FOREVER = datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC)


LIFETIME_SPAN: dict[Lifetime, timedelta | None] = {
    Lifetime.WEEK: timedelta(days=7),
    Lifetime.MONTH: timedelta(days=30),
    Lifetime.YEAR: timedelta(days=365),
    Lifetime.FOREVER: None,
}

NOTE_LISTS = ("notes", "notes_added_at", "notes_expires_at", "notes_lifetime", "notes_source")
# Kept next to the lists by every writer of notes: the earliest notes_expires_at (absent when
# there are no notes). Note cleanup seeks elements by it instead of scanning every list.
NEXT_EXPIRY = "notes_next_expiry"


def expires_at(added_at: datetime, lifetime: Lifetime | str) -> datetime:
    """When a note written at ``added_at`` with ``lifetime`` expires (FOREVER for never)."""
    span = LIFETIME_SPAN[Lifetime(lifetime)]
    return FOREVER if span is None else added_at + span


def next_expiry(expires: list[Any]) -> Any:
    """``notes_next_expiry`` for these ``notes_expires_at`` values (None when empty)."""
    return min(expires, default=None)


@dataclass(frozen=True)
class Note:
    text: str
    added_at: datetime
    expires_at: datetime
    lifetime: Lifetime
    source_id: str = ""

    @classmethod
    def new(cls, text: str, lifetime: Lifetime | str, added_at: datetime,
            source_id: str = "") -> Note:
        return cls(text=text, added_at=added_at, lifetime=Lifetime(lifetime),
                   expires_at=expires_at(added_at, lifetime), source_id=source_id)

    @property
    def is_forever(self) -> bool:
        return self.expires_at >= FOREVER

    def as_params(self) -> dict[str, Any]:
        """Parameters for the note-appending queries."""
        return {"text": self.text, "added_at": self.added_at, "expires_at": self.expires_at,
                "lifetime": self.lifetime.value, "source_id": self.source_id}


def read_notes(props: dict[str, Any]) -> list[Note]:
    """Rebuild notes from a node's or relationship's properties, oldest first."""
    texts = props.get("notes") or []
    out = []
    for i, text in enumerate(texts):
        out.append(Note(
            text=text,
            added_at=to_native(props["notes_added_at"][i]),
            expires_at=to_native(props["notes_expires_at"][i]),
            lifetime=Lifetime(props["notes_lifetime"][i]),
            source_id=props["notes_source"][i],
        ))
    return sorted(out, key=lambda n: n.added_at)


