"""Synthesisers: write a description from an element's notes; an insight from old episodes.

Two implementations of one small interface (both batch-first):
- ``OfflineSynthesiser``: deterministic, no model. A description is the current description's
  first sentence plus the newest notes, condensed to the length seed 001 asks per kind.
- ``LLMSynthesiser``: any ``memgraph.providers.base.LLM``; several elements per call in JSON
  mode, each request bounded in items and tokens; token usage is the LLM's own accounting.
"""

from __future__ import annotations

import json
import math
import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from memgraph.errors import InvalidInputError, MalformedOutputError
from memgraph.ingest.rules import STOPWORDS, addressed
from memgraph.providers.base import LLM, Usage, prompt_tokens
from memgraph.retrieve.filters import ANALYZER_STOP_WORDS
from memgraph.retrieve.tokens import count_tokens, truncate_to_tokens
from memgraph.settings import Settings

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
ITEM_CHARS = 1500   # one note or episode in an LLM request, at most


@dataclass(frozen=True)
class DatedText:
    text: str
    at: datetime
    own: bool = False    # a message sent by the subject of the item it is evidence for
    speaker: str = ""    # who sent it, when a message says
    until: datetime | None = None   # a Storyline under a Macro: when its evidence ends


@dataclass(frozen=True)
class DescribeItem:
    key: str                        # the element's uid
    kind: str                       # Person | Concept | Entity | relationship
    name: str                       # node name, or "Alice KNOWS Bob"
    description: str
    notes: tuple[DatedText, ...]    # oldest first
    user_id: str = ""               # the tenant: one LLM request never mixes two


@dataclass(frozen=True)
class InsightItem:
    key: str                        # cluster key
    node_name: str                  # the semantic node the insight is about
    node_kind: str
    sources: tuple[DatedText, ...]  # the episodes, oldest first
    user_id: str = ""               # the tenant: one LLM request never mixes two


@dataclass(frozen=True)
class SummaryItem:
    """A Storyline (evidence: its sources) or a Macro (evidence: its Storylines' summaries)
    to title and summarise."""

    key: str                        # the summary node's key
    layer: str                      # Storyline | Macro
    subject: str                    # the person, concept or entity it is about
    evidence: tuple[DatedText, ...] # oldest first
    user_id: str = ""               # the tenant: one LLM request never mixes two
    # "Sam works at Globex (until 2024-05-01)": what the episode brought first, then what
    # it repeats, each oldest first (jobs/storylines.py, episode_facts)
    facts: tuple[DatedText, ...] = ()


@dataclass(frozen=True)
class Summary:
    title: str
    summary: str


class Synthesiser(ABC):
    def __init__(self) -> None:
        self.usage = Usage()

    @abstractmethod
    def describe(self, items: Sequence[DescribeItem]) -> dict[str, str]:
        """New description per item key (keys missing from the answer were not done)."""

    @abstractmethod
    def insights(self, items: Sequence[InsightItem]) -> dict[str, str]:
        """One semantic insight per item key, distilled from its sources."""

    @abstractmethod
    def summaries(self, items: Sequence[SummaryItem]) -> dict[str, Summary]:
        """A title and a summary per item key, from its evidence."""


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


    def summaries(self, items: Sequence[SummaryItem]) -> dict[str, Summary]:
        out = {}
        for item in items:
            ordered = sorted(item.evidence, key=lambda e: e.at)
            span = _span(ordered)
            if item.layer == "Macro":
                # A Macro lists its Storylines' titles, oldest first: the shape of the story.
                parts = [_clip(e.text.split(":", 1)[-1].strip(), 80) for e in ordered]
                title = f"{item.subject} over time ({span})"
                summary = (f"{item.subject}, {len(ordered)} storylines from {span}: "
                           + "; ".join(parts) + ".")
            else:
                # The facts learnt in the episode say most, in the job's order (what the
                # episode brought first); the messages' own words add what no fact captured.
                facts = [_clip(f.text, 120) for f in item.facts]
                chosen = _chosen(ordered, item.subject, pieces=1 if facts else 3)
                gist = [piece for _, piece in sorted(chosen)]
                # the title: its first fact, else the sentence that says most of the
                # subject (the summary lists the gist in time order)
                headline = (facts[0].removeprefix(item.subject).strip() if facts
                            else chosen[0][1] if chosen else "episode")
                title = f"{item.subject}: {_clip(headline, 60)} ({span})"
                summary = f"{item.subject}, {span}: " + "; ".join(facts[:6] or gist) + "."
                if facts and gist:
                    summary += f" In {len(ordered)} messages, e.g. \"{gist[0]}\"."
            out[item.key] = Summary(title=title, summary=summary)
        return out


def _span(ordered: Sequence[DatedText]) -> str:
    """From the first item's time to the last one's end: a Macro whose last Storyline
    began in April and ran into May spans into May."""
    first = ordered[0].at.date()
    last = max((t.until or t.at) for t in ordered).date()
    return str(first) if first == last else f"{first} to {last}"


def _gist(sources: Sequence[DatedText], name: str, pieces: int = 2) -> list[str]:
    """Up to ``pieces`` sentences (``_chosen``), in time order."""
    return [piece for _, piece in sorted(_chosen(sources, name, pieces))]


def _chosen(sources: Sequence[DatedText], name: str, pieces: int) -> list[tuple[int, str]]:
    """Up to ``pieces`` (source index, sentence), the one that says most first: sentences
    that say something of the node by name before the node's own words (a message it
    sent), and those before any others ("Hi!" says nothing about Acme Corp). Within each,
    the sentence that shares most with the rest of the episode comes first (``_shared``:
    what the episode is about, not a "take care" that ends it), newer first when equal;
    of a message, its first sentence that names the node, else the statement (a question
    asks rather than tells) that shares most, else its longest."""
    names = re.compile(rf"\b{re.escape(name)}\b", re.IGNORECASE) if name.strip() else None
    weights = _episode_word_weights(sources)
    naming: list[tuple[float, int, str]] = []
    own: list[tuple[float, int, str]] = []
    other: list[tuple[float, int, str]] = []
    for at, source in enumerate(sources):
        sentences = _sentences(source.text)
        said = [s for s in sentences if names and _about(s, names)]
        if said:
            naming.append((_shared(said[0], weights), at, said[0]))
        elif sentences:
            shared, best = max(((_shared(s, weights), s) for s in sentences),
                               key=lambda c: (not c[1].endswith("?"), c[0], len(c[1])))
            (own if source.own else other).append((shared, at, best))
    chosen: list[tuple[int, str]] = []
    for group in (naming, own, other):
        for _, at, sentence in sorted(group, key=lambda c: (-c[0], -c[1])):
            piece = _clip(sentence, 120)
            if len(chosen) < pieces and all(_norm(piece) != _norm(c) for _, c in chosen):
                chosen.append((at, piece))
    return chosen


# Words that any message may hold whatever it is about: they tell nothing of an episode.
_FUNCTION_WORDS = ANALYZER_STOP_WORDS | {word.lower() for word in STOPWORDS} | {
    "me", "him", "them", "us", "you're", "i'm", "it's", "from", "have", "has", "had",
    "been", "were", "would", "could", "should", "can", "just", "about", "what", "when",
    "all", "out", "up", "get", "got", "one", "too", "very", "much", "now", "then", "than"}
_EPISODE_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


def _words(text: str) -> set[str]:
    return {w for w in (m.group().lower() for m in _EPISODE_WORD.finditer(text))
            if len(w) > 2 and w not in _FUNCTION_WORDS}


def _episode_word_weights(sources: Sequence[DatedText]) -> dict[str, float]:
    """How much each word says of what the episode is about: it recurs in other messages
    (df - 1) and is not in all of them (log n/df): a centroid's weights, as extractive
    summarisers weigh sentences, with the episode as its own collection."""
    df: dict[str, int] = {}
    for source in sources:
        for word in _words(source.text):
            df[word] = df.get(word, 0) + 1
    n = len(sources)
    return {w: (d - 1) * math.log(n / d) for w, d in df.items() if 1 < d < n}


def _shared(sentence: str, weights: dict[str, float]) -> float:
    return sum(weights.get(w, 0.0) for w in _words(sentence))


def _about(sentence: str, names: re.Pattern[str]) -> bool:
    """Whether the sentence names the node other than as the one spoken to: "Thanks, Jon!",
    "Hey Jon, how are you?" and "I hope so, Gina." say nothing about Jon or Gina (a name
    set off at the sentence's end, or after a greeting: ``rules.addressed``)."""
    for m in names.finditer(sentence):
        before, after = sentence[:m.start()].rstrip(), sentence[m.end():]
        at_the_end = not after.strip(" .!?") and (not before or before.endswith(","))
        if not at_the_end and not addressed(sentence, m.start(), m.end()):
            return True
    return False


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


SUMMARY_SYSTEM = (
    "You write the summaries of a memory graph. Every item is a Storyline (an episode in "
    "the life of a person, concept or entity, given as its dated messages, each with who "
    "sent it when known: \"I\" in a message is its speaker) or a Macro (a "
    "subject's lasting summary, given as its dated storylines), with the facts known about "
    "its subject. For each, write a short "
    "title (at most 10 words, naming the subject) and a summary of at most three "
    "sentences that keeps names, places and dates. Answer with JSON only: "
    '{"summaries": [{"id": "...", "title": "...", "summary": "..."}]}.')


class LLMSynthesiser(Synthesiser):
    """Several elements per request, within bounds (docs/lifecycle.md, "LLM spend"): per
    element its newest ``max_items`` notes or episodes (each clipped), and at most
    ``prompt_tokens`` per request: a batch that would be larger is split into several
    requests, a lone element still over it loses its oldest notes, then description text."""

    def __init__(self, llm: LLM, *, max_items: int, prompt_tokens: int) -> None:
        super().__init__()
        self.llm = llm
        self.max_items = max_items
        self.prompt_tokens = prompt_tokens

    def describe(self, items: Sequence[DescribeItem]) -> dict[str, str]:
        one_tenant(items)
        payload = [{"id": i.key, "kind": i.kind, "name": i.name,
                    "description": i.description,
                    "notes": [{"date": n.at.date().isoformat(), "text": n.text[:ITEM_CHARS]}
                              for n in self._newest(i.notes)]} for i in items]
        return self._ask_all(DESCRIBE_SYSTEM, payload, "descriptions", "description", "notes")

    def insights(self, items: Sequence[InsightItem]) -> dict[str, str]:
        one_tenant(items)
        payload = [{"id": i.key, "about": f"{i.node_kind} {i.node_name}",
                    "episodes": [{"date": s.at.date().isoformat(), "text": s.text[:ITEM_CHARS]}
                                 for s in self._newest(i.sources)]} for i in items]
        return self._ask_all(INSIGHT_SYSTEM, payload, "insights", "insight", "episodes")

    def summaries(self, items: Sequence[SummaryItem]) -> dict[str, Summary]:
        one_tenant(items)
        payload = [{"id": i.key, "layer": i.layer, "about": i.subject,
                    "facts": [f"{f.at.date().isoformat()}: {f.text[:ITEM_CHARS]}"
                              for f in self._newest(i.facts)],
                    "evidence": [{"date": e.at.date().isoformat(),
                                  **({"until": e.until.date().isoformat()} if e.until else {}),
                                  **({"speaker": e.speaker} if e.speaker else {}),
                                  "text": e.text[:ITEM_CHARS]}
                                 for e in self._newest(i.evidence)]} for i in items]
        out: dict[str, Summary] = {}
        for request in self._requests(SUMMARY_SYSTEM, payload, "evidence"):
            for key, entry in self._entries(SUMMARY_SYSTEM, request, "summaries").items():
                title, summary = (str(entry.get(k) or "").strip() for k in ("title", "summary"))
                if title and summary:
                    out[key] = Summary(title=title, summary=summary)
        return out

    def _newest(self, texts: Sequence[DatedText]) -> list[DatedText]:
        """The newest ``max_items``, oldest first (the order the prompt promises)."""
        return sorted(texts, key=lambda t: t.at)[-self.max_items:]

    def _ask_all(self, system: str, payload: list[dict[str, Any]], list_key: str,
                 text_key: str, items_key: str) -> dict[str, str]:
        out: dict[str, str] = {}
        for request in self._requests(system, payload, items_key):
            out.update(self._ask(system, request, list_key, text_key))
        return out

    def _requests(self, system: str, payload: list[dict[str, Any]],
                  items_key: str) -> list[list[dict[str, Any]]]:
        """The payload packed into requests of at most ``prompt_tokens`` each."""
        requests: list[list[dict[str, Any]]] = []
        current: list[dict[str, Any]] = []
        for entry in payload:
            entry = self._fit(system, entry, items_key)
            if current and self._tokens(system, [*current, entry]) > self.prompt_tokens:
                requests.append(current)
                current = []
            current.append(entry)
        return [*requests, current] if current else requests

    def _fit(self, system: str, entry: dict[str, Any], items_key: str) -> dict[str, Any]:
        entry = {**entry, items_key: list(entry[items_key])}
        while entry[items_key] and self._tokens(system, [entry]) > self.prompt_tokens:
            entry[items_key].pop(0)                       # the oldest goes first
        over = self._tokens(system, [entry]) - self.prompt_tokens
        if over > 0 and "description" in entry:
            keep = max(0, count_tokens(entry["description"]) - over - 8)
            entry["description"] = truncate_to_tokens(entry["description"], keep)
        return entry

    @staticmethod
    def _tokens(system: str, payload: list[dict[str, Any]]) -> int:
        return prompt_tokens(_messages(system, payload), None)

    def _ask(self, system: str, payload: list[dict[str, Any]], list_key: str,
             text_key: str) -> dict[str, str]:
        entries = self._entries(system, payload, list_key)
        answered = {key: str(entry.get(text_key) or "").strip()
                    for key, entry in entries.items()}
        return {key: text for key, text in answered.items() if text}

    def _entries(self, system: str, payload: list[dict[str, Any]],
                 list_key: str) -> dict[str, dict[str, Any]]:
        """The answer's entries by id; only ids that were asked about are accepted."""
        result = self.llm.chat(_messages(system, payload), json_mode=True)
        self.usage.add(result.usage)
        try:
            entries = json.loads(result.content or "")[list_key]
            answered = {str(e["id"]): dict(e) for e in entries}
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            raise MalformedOutputError(
                f"the LLM's {list_key} answer is not the JSON asked for: "
                f"{(result.content or '')[:120]!r}") from e
        # An answer about an element it was not asked about (another tenant's, or one
        # made up) means the model followed something other than this request, e.g. an
        # injected note: none of it is trusted.
        strangers = sorted(set(answered) - {p["id"] for p in payload})
        if strangers:
            raise MalformedOutputError(
                f"the LLM's {list_key} answer names elements that were not in its request "
                f"({', '.join(s[:40] for s in strangers[:3])}); answer refused")
        return answered


def one_tenant(items: Sequence[DescribeItem] | Sequence[InsightItem]
               | Sequence[SummaryItem]) -> None:
    """Every LLM request concerns one tenant: the jobs batch per tenant, this checks it."""
    tenants = {item.user_id for item in items}
    if len(tenants) > 1:
        raise InvalidInputError("an LLM request would mix the memories of "
                                f"{len(tenants)} users; requests are made per user")


def _messages(system: str, payload: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"role": "system", "content": system},
            {"role": "user", "content": json.dumps(payload, ensure_ascii=False)}]


def make_synthesiser(llm: LLM | None, settings: Settings | None = None) -> Synthesiser:
    if llm is None:
        return OfflineSynthesiser()
    limits = (settings or Settings()).lifecycle
    return LLMSynthesiser(llm, max_items=limits.synthesis_max_items,
                          prompt_tokens=limits.synthesis_prompt_tokens)
