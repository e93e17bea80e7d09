"""Synthesisers: write a description from an element's notes; an insight from old episodes.

Two implementations of one small interface (both batch-first):
- ``OfflineSynthesiser``: deterministic, no model. A description is the current description's
  first sentence plus the newest notes, condensed to the length seed 001 asks per kind.
- ``LLMSynthesiser``: any ``memgraph.providers.llm.LLM``; several elements per call in JSON
  mode; token usage is the LLM's own accounting.
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from memgraph.errors import MalformedOutputError
from memgraph.providers.llm import LLM, Usage

# Seed 001, "Description Consolidation": what each kind's description should be.
GUIDANCE = {
    "Person": "a short description of who they are (appearance, role, context), "
              "at most two sentences",
    "Concept": "one sentence: an overview of the most important information",
    "Entity": "a short overview of the most important information, at most two sentences",
    "relationship": "one sentence: the nature of the relationship and its key details",
}
MAX_SENTENCES = {"Person": 2, "Concept": 1, "Entity": 2, "relationship": 1}
MAX_PIECE_CHARS = 200


@dataclass(frozen=True)
class DatedText:
    text: str
    at: datetime


@dataclass(frozen=True)
class DescribeItem:
    key: str                        # the element's uid
    kind: str                       # Person | Concept | Entity | relationship
    name: str                       # node name, or "Alice KNOWS Bob"
    description: str
    notes: tuple[DatedText, ...]    # oldest first


@dataclass(frozen=True)
class InsightItem:
    key: str                        # cluster key
    node_name: str                  # the semantic node the insight is about
    node_kind: str
    sources: tuple[DatedText, ...]  # the episodes, oldest first


class Synthesiser(ABC):
    def __init__(self) -> None:
        self.usage = Usage()

    @abstractmethod
    def describe(self, items: Sequence[DescribeItem]) -> dict[str, str]:
        """New description per item key (keys missing from the answer were not done)."""

    @abstractmethod
    def insights(self, items: Sequence[InsightItem]) -> dict[str, str]:
        """One semantic insight per item key, distilled from its sources."""


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s.strip()]


def _clip(text: str, limit: int = MAX_PIECE_CHARS) -> str:
    text = " ".join(text.split()).rstrip(".!? ")
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0] + "…"


def _norm(text: str) -> str:
    return re.sub(r"\W+", " ", text.lower()).strip()


class OfflineSynthesiser(Synthesiser):
    """Deterministic: the same input always gives the same text; no model, no usage."""

    def describe(self, items: Sequence[DescribeItem]) -> dict[str, str]:
        return {item.key: self._describe_one(item) for item in items}

    def _describe_one(self, item: DescribeItem) -> str:
        first = _sentences(item.description)[:1]
        base = _clip(first[0]) if first else ""
        fresh: list[str] = []
        for note in sorted(item.notes, key=lambda n: n.at, reverse=True):   # newest first
            piece = _clip(note.text)
            if piece and _norm(piece) not in _norm(base) and all(
                    _norm(piece) != _norm(f) for f in fresh):
                fresh.append(piece)
        if not base and not fresh:
            return item.description
        if MAX_SENTENCES.get(item.kind, 1) == 1:
            parts = [p for p in (base, fresh[0] if fresh else "") if p]
            return "; ".join(parts) + "."
        if not base:
            base, fresh = fresh[0], fresh[1:]
        text = base + "."
        if fresh:
            text += " Recently: " + "; ".join(fresh[:2]) + "."
        return text

    def insights(self, items: Sequence[InsightItem]) -> dict[str, str]:
        out = {}
        for item in items:
            ordered = sorted(item.sources, key=lambda s: s.at)
            first, last = ordered[0].at.date(), ordered[-1].at.date()
            span = str(first) if first == last else f"{first} to {last}"
            gist = "; ".join(_gist(ordered, item.node_name))
            count = len(ordered)
            out[item.key] = (f"From {count} earlier episode{'s' if count > 1 else ''} "
                             f"({span}) about {item.node_name}: {gist}.")
        return out


def _gist(sources: Sequence[DatedText], name: str, pieces: int = 2) -> list[str]:
    """Up to ``pieces`` sentences, in time order, newest episodes first in line: sentences
    that name the node before any that do not ("Hi!" says nothing about Acme Corp), and
    among those the longest of an episode (the most said)."""
    names = re.compile(rf"\b{re.escape(name)}\b", re.IGNORECASE) if name.strip() else None
    naming: list[tuple[int, str]] = []
    other: list[tuple[int, str]] = []
    for at, source in reversed(list(enumerate(sources))):
        sentences = _sentences(source.text)
        said = [s for s in sentences if names and names.search(s)]
        if said:
            naming.append((at, said[0]))
        elif sentences:
            other.append((at, max(sentences, key=len)))
    chosen: list[tuple[int, str]] = []
    for at, sentence in naming + other:
        piece = _clip(sentence, 120)
        if len(chosen) < pieces and all(_norm(piece) != _norm(c) for _, c in chosen):
            chosen.append((at, piece))
    return [piece for _, piece in sorted(chosen)]


DESCRIBE_SYSTEM = (
    "You maintain the descriptions in a memory graph. For every element you are given its "
    "current description and its notes (oldest first). Write an updated description that "
    "keeps what is still true and incorporates the notes. Per kind: "
    + "; ".join(f"{kind}: {text}" for kind, text in GUIDANCE.items())
    + '. Answer with JSON only: {"descriptions": [{"id": "...", "description": "..."}]}, '
    "one entry per element id.")

INSIGHT_SYSTEM = (
    "You consolidate old episodes into lasting knowledge. For every item you are given a "
    "person, concept or entity and the episodes that mention it. Write one sentence of "
    "general, lasting knowledge about it that these episodes support (no small talk). "
    'Answer with JSON only: {"insights": [{"id": "...", "insight": "..."}]}.')


class LLMSynthesiser(Synthesiser):
    def __init__(self, llm: LLM) -> None:
        super().__init__()
        self.llm = llm

    def describe(self, items: Sequence[DescribeItem]) -> dict[str, str]:
        payload = [{"id": i.key, "kind": i.kind, "name": i.name,
                    "description": i.description,
                    "notes": [{"date": n.at.date().isoformat(), "text": n.text}
                              for n in i.notes]} for i in items]
        return self._ask(DESCRIBE_SYSTEM, payload, "descriptions", "description")

    def insights(self, items: Sequence[InsightItem]) -> dict[str, str]:
        payload = [{"id": i.key, "about": f"{i.node_kind} {i.node_name}",
                    "episodes": [{"date": s.at.date().isoformat(), "text": s.text[:1500]}
                                 for s in i.sources]} for i in items]
        return self._ask(INSIGHT_SYSTEM, payload, "insights", "insight")

    def _ask(self, system: str, payload: list[dict[str, Any]], list_key: str,
             text_key: str) -> dict[str, str]:
        messages = [{"role": "system", "content": system},
                    {"role": "user", "content": json.dumps(payload, ensure_ascii=False)}]
        result = self.llm.chat(messages, json_mode=True)
        self.usage.add(result.usage)
        try:
            entries = json.loads(result.content or "")[list_key]
            wanted = {p["id"] for p in payload}
            return {str(e["id"]): str(e[text_key]).strip() for e in entries
                    if str(e.get("id")) in wanted and str(e.get(text_key) or "").strip()}
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            raise MalformedOutputError(
                f"the LLM's {list_key} answer is not the JSON asked for: "
                f"{(result.content or '')[:120]!r}") from e


def make_synthesiser(llm: LLM | None) -> Synthesiser:
    return OfflineSynthesiser() if llm is None else LLMSynthesiser(llm)
