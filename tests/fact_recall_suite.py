"""The fact-recall suite: scripted multi-session conversations and questions about them.

The conversations and questions are in fact_recall_suite.json; this module loads and runs them.

One hundred and three people talk to an agent over three to eight sessions each (jobs,
homes, family, pets, preferences, things that change, pronouns, dates, events, health;
the last fourteen written in session 52 by a helper session that saw neither the code nor
the suite, their questions with them, before any run). Every message
is ingested as it is, through the default offline ingestion (the rule extractor), one
source per message with the session's date as event time. Then each question is asked
with ``explore()`` and the first results are checked for the memory that answers it: a
fact (subject, type, object) or an entity (a node by name).

Categories: jobs, homes, family, pets, preferences, changes (the current fact after a
change, or the earlier one when the question asks for the past), pronouns (facts stated
about "she"/"he" in the sentence after the person was named), dates ("when…"), two-facts
(the answer hangs off a person the question only describes: "Maya's brother"), speaker
(questions asked in the first person, "where do I live?"), entities (a bare name), events
(what a person took part in or went and did: "what workshop did Ben attend?", "has Tom been
bowling?"; added in session 25 with a fifth session for four of the people), broad
(an overview of a person: "what has Maya been up to?"; the person's Macro or one of their
Storylines answers, so the suite runs the storylines job after ingesting, as the nightly
jobs would), health (an injury or a condition one had: "what injury did Hugh have?";
added in session 49 with twenty-eight people written as tours, some typing as quick messages
do: "im jess, i work as a barista").

The questions were written with the conversations, before the suite was first run, and
are not tuned one by one: the gate is the share at rank 1 and in the top 3
(tests/test_fact_recall.py; `python bench/fact_recall.py` prints it by category).
Used by the test and the bench command; nothing here touches the graph by itself.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from memgraph.graph.names import canonical_name
from memgraph.graph.vocabulary import SUMMARY_KINDS
from memgraph.memory import Memory
from memgraph.retrieve.results import Result


@dataclass(frozen=True)
class Session:
    date: str            # ISO date of the session; messages are a minute apart
    turns: tuple[str, ...]   # "assistant: ..." marks the agent's turns; others are the user's


@dataclass(frozen=True)
class Conversation:
    user: str
    speaker: str
    sessions: tuple[Session, ...]


@dataclass(frozen=True)
class Question:
    user: str
    text: str
    category: str
    fact: tuple[str, str, str] | None = None   # (subject, TYPE, object)
    entity: str | None = None
    summary: str | None = None    # the subject whose Macro or Storyline answers


A = "assistant: "
SUITE_FILE = Path(__file__).with_name("fact_recall_suite.json")


def _load(path: Path = SUITE_FILE) -> tuple[tuple[Conversation, ...], tuple[Question, ...]]:
    """The conversations and questions are data (fact_recall_suite.json), kept apart from
    the code that runs them so that adding a question never touches Python."""
    data = json.loads(path.read_text(encoding="utf-8"))
    conversations = tuple(
        Conversation(c["user"], c["speaker"],
                     tuple(Session(s["date"], tuple(s["turns"])) for s in c["sessions"]))
        for c in data["conversations"])
    questions = tuple(
        Question(q["user"], q["text"], q["category"],
                 fact=tuple(q["fact"]) if "fact" in q else None, entity=q.get("entity"),
                 summary=q.get("summary"))
        for q in data["questions"])
    return conversations, questions


CONVERSATIONS, QUESTIONS = _load()


# -- running the suite ---------------------------------------------------------------------
def ingest(memory: Memory, conversation: Conversation, user_id: str) -> None:
    """Every message of one conversation, in order, through the default ingestion; then
    the storylines job, as the nightly run would do (the broad questions need it)."""
    for n, session in enumerate(conversation.sessions, start=1):
        start = datetime.fromisoformat(session.date).replace(hour=18, tzinfo=UTC)
        for i, turn in enumerate(session.turns, start=1):
            speaker, text = (("assistant", turn[len(A):]) if turn.startswith(A)
                             else (conversation.speaker, turn))
            memory.ingest(text, user_id=user_id, speaker=speaker,
                          session_id=f"{conversation.user}-s{n}",
                          event_at=start + timedelta(minutes=i), external_id=f"S{n}:{i}")
    memory.run_job("storylines", user_id=user_id)


def _same(expected: str, found: str) -> bool:
    """A name answers when its words include the expected ones ("chess" in "playing
    chess"); canonical names, so case and apostrophes do not matter."""
    want, got = canonical_name(expected).split(), canonical_name(found).split()
    return bool(want) and all(w in got for w in want)


def answers(question: Question, result: Result) -> bool:
    if question.summary is not None:
        # the offline synthesiser titles a summary by its subject ("Maya over time",
        # "Maya: lives in Cardiff (2024-06-02)")
        return result.kind in SUMMARY_KINDS and _same(question.summary, result.name)
    if question.fact is not None:
        subject, rel, obj = question.fact
        return (result.element == "relationship" and result.kind == rel
                and result.start is not None and result.end is not None
                and _same(subject, result.start["name"]) and _same(obj, result.end["name"]))
    return (result.element == "node" and question.entity is not None
            and canonical_name(result.name) == canonical_name(question.entity))


@dataclass
class Outcome:
    question: Question
    rank: int | None                     # 1-based rank of the first answering result
    top: list[str] = field(default_factory=list)   # what came first, for reading failures


def ask(memory: Memory, question: Question, user_id: str, k: int = 10) -> Outcome:
    results = memory.explore(question.text, user_id=user_id, k=k, reinforce=False)
    rank = next((i for i, r in enumerate(results, start=1) if answers(question, r)), None)
    return Outcome(question, rank, [f"{r.kind} {r.name}" for r in results[:3]])


def run_suite(memory: Memory, user_for: Callable[[str], str],
              conversations: Sequence[Conversation] = CONVERSATIONS,
              questions: Sequence[Question] = QUESTIONS) -> list[Outcome]:
    """Ingest every conversation (each its own tenant), then ask every question."""
    for conversation in conversations:
        ingest(memory, conversation, user_for(conversation.user))
    return [ask(memory, q, user_for(q.user)) for q in questions]


def figures(outcomes: Sequence[Outcome]) -> dict[str, dict[str, Any]]:
    """Per category and overall ("all"): n, share at rank 1, share in the top 3."""
    groups: dict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        groups[o.question.category].append(o)
        groups["all"].append(o)
    return {name: {"n": len(group),
                   "at_1": sum(o.rank == 1 for o in group) / len(group),
                   "top_3": sum(o.rank is not None and o.rank <= 3 for o in group) / len(group)}
            for name, group in sorted(groups.items(), key=lambda kv: (kv[0] == "all", kv[0]))}
