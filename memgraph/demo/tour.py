"""The end-to-end tour behind `memgraph demo` (the README's first command).

Ingests the sample conversation shipped with memgraph, shows what was learned, explores,
traverses and builds a prompt context, then runs the nightly jobs as if months had
passed and shows what faded, what was archived and what was consolidated.

The tour touches its own user only: the months later are a simulation of that one user
(``run_job(..., simulate=True)``), and the user is reset at the start only when it is empty
or was made by an earlier tour (``User.demo_tour``), unless ``reset=True`` says to delete
whatever it holds.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from importlib import resources
from typing import Any

from memgraph.errors import InvalidInputError
from memgraph.graph.vocabulary import SEMANTIC_KINDS
from memgraph.memory import Memory

QUESTIONS = ("Where does Sam work now?", "Who is Anna?", "What does Sam do for fun?")
TRAVERSE_FROM = "Sam"
CONTEXT_QUESTION = "What should I know about Sam's job and family?"
STORY_QUESTION = "What has Sam been up to?"   # asked after the nightly run built his story
MONTHS_LATER = 4
SEMANTIC = {kind.value for kind in SEMANTIC_KINDS}


def sample_conversation() -> Iterator[dict[str, Any]]:
    text = resources.files("memgraph.demo").joinpath("sample_conversation.jsonl").read_text(
        encoding="utf-8")
    for line in text.splitlines():
        if line.strip():
            yield json.loads(line)


@dataclass
class Change:
    kind: str
    name: str
    state_before: str
    state_after: str
    salience_before: float
    salience_after: float
    archived_reason: str | None = None


@dataclass
class Consolidated:
    """A semantic node the nightly run rewrote or gave insights from archived sources."""
    kind: str
    name: str
    description_before: str
    description_after: str
    insights: list[str]
    derived_from: int


@dataclass
class TourReport:
    user_id: str
    learned: list[str] = field(default_factory=list)
    ingest_counts: dict[str, int] = field(default_factory=dict)
    answers: dict[str, list[Any]] = field(default_factory=dict)
    traversal: Any = None
    context: Any = None
    nightly: Any = None
    as_of: datetime | None = None
    changes: list[Change] = field(default_factory=list)
    consolidated: list[Consolidated] = field(default_factory=list)
    summaries: list[dict[str, Any]] = field(default_factory=list)   # Storylines, Macros
    story: list[Any] = field(default_factory=list)   # STORY_QUESTION's first results


def run_tour(memory: Memory, user_id: str = "demo", *, reset: bool = False) -> TourReport:
    """Run every step for ``user_id``, reset first so the tour can be run again. A user
    with memories that no tour made is refused unless ``reset`` (delete them)."""
    claim_tenant(memory, user_id, reset=reset)
    report = TourReport(user_id=user_id)
    counts = {"sources": 0, "nodes_created": 0, "relationships_created": 0,
              "relationships_superseded": 0, "notes_added": 0}
    for message in sample_conversation():
        result = memory.ingest(message.pop("content"), user_id=user_id, **message)
        report.learned += result.learned
        for key in counts:
            counts[key] += 1 if key == "sources" else int(getattr(result, key))
    report.ingest_counts = counts
    report.answers = {q: memory.explore(q, user_id=user_id, k=3) for q in QUESTIONS}
    report.traversal = memory.traverse(TRAVERSE_FROM, user_id=user_id, depth=1)
    report.context = memory.context(CONTEXT_QUESTION, user_id=user_id, max_tokens=250)

    before = _snapshot(memory, user_id)
    now = datetime.now(UTC)
    report.as_of = now + timedelta(days=30 * MONTHS_LATER)
    report.nightly = memory.run_job("nightly", user_id=user_id, as_of=report.as_of,
                                    simulate=True, all_elements=True)
    rewind_clocks(memory, user_id, report.as_of - now, now)
    after = _snapshot(memory, user_id)
    report.changes = [
        Change(b["kind"], b["name"], b["state"], a["state"], b["salience"], a["salience"],
               a["archived_reason"] if a["state"] == "archived" else None)
        for uid, b in before.items() if (a := after.get(uid)) is not None
        and (a["state"] != b["state"] or abs(a["salience"] - b["salience"]) > 1e-9)
    ]
    report.changes.sort(key=lambda c: (c.state_after != "archived", c.salience_after))
    report.consolidated = [
        Consolidated(b["kind"], b["name"], b["description"], a["description"],
                     [note for note in a["notes"] if note not in b["notes"]], a["derived_from"])
        for uid, b in before.items() if (a := after.get(uid)) is not None
        and b["kind"] in SEMANTIC and (a["description"] != b["description"]
                                       or a["derived_from"] > b["derived_from"])
    ]
    report.consolidated.sort(key=lambda c: (-c.derived_from, c.name))
    report.summaries = [{k: row[k] for k in ("layer", "title", "summary", "state")}
                        for row in memory.graph.read("jobs/summaries_existing",
                                                     user_id=user_id)]
    report.story = memory.explore(STORY_QUESTION, user_id=user_id, k=3)
    return report


def rewind_clocks(memory: Memory, user_id: str, offset: timedelta, now: datetime) -> int:
    """Move every date later than ``now`` on ``user_id``'s elements back by ``offset``.

    The tour's nightly runs as of a day months ahead (a simulation of its own user), and
    every clock it touches (decay, consolidation, note times and expiries, archival, the
    run records) would otherwise stay in the future: nothing but a simulation writes a
    future clock, and the simulation cleans up after itself. Salience, states and notes
    keep what the months did; their dates come back as if the months had passed before
    today (an expiry still ahead stays ahead). Returns the number of elements rewritten."""
    return int(memory.graph.write("demo/rewind_clocks", user_id=user_id, now=now,
                                  offset=offset)[0]["rewound"])


def claim_tenant(memory: Memory, user_id: str, *, reset: bool = False) -> None:
    """Make ``user_id`` the tour's: empty it if it is empty or an earlier tour's (or with
    ``reset``), refuse otherwise, then mark it as the demo's own."""
    if not user_id:
        raise InvalidInputError("the demo needs a user to write to")
    sessions = sorted({m["session_id"] for m in sample_conversation() if m.get("session_id")})
    found = memory.graph.read("demo/tenant", user_id=user_id, sessions=sessions)[0]
    if found["memories"] and not found["demo_tour"] and not reset:
        raise InvalidInputError(
            f"user {user_id!r} holds {found['memories']} memories that the demo did not "
            "make; the demo starts by deleting its user: pick another --user, or pass "
            "--reset to delete them")
    memory.forget_user(user_id)
    memory.graph.write("demo/mark_tenant", user_id=user_id, now=datetime.now(UTC))


def _snapshot(memory: Memory, user_id: str) -> dict[str, dict[str, Any]]:
    return {row["uid"]: row for row in memory.graph.read("demo/snapshot", user_id=user_id)}
