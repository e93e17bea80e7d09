"""context(): explore() results rendered as prompt text within a token budget.

Results go in ranked order (most useful first), except that the summaries among them
(Storylines, Macros) that answer (an overview question's, or any when the caller named
the kinds) come first within ``SUMMARY_SHARE`` of the budget, those that
only competed (a broad question's) are left out (their text restates evidence the budget
holds better; docs/retrieval.md, "Session 62: broad questions"), and the
``incidental`` nodes (neither named by the question nor answering it) come after the rest.
In markdown a day's date is written once (``_markdown_days``). Each is rendered
on its own; an item that does not fit is skipped and the next, shorter ones are still
tried, so the budget is used well; a source whose sentence a fact above already quotes as
its evidence is not repeated, nor is the excerpt of a source whose words the text already
holds quoted again under a fact or a node (it quotes its next source instead);
``truncated`` says something was left out. The
whole text, wrapper included, is measured with ``tokens.count_tokens`` after every
addition, so it never exceeds ``max_tokens``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from datetime import date
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from memgraph.errors import InvalidInputError
from memgraph.graph.vocabulary import EPISODIC_KINDS, EVENT_TYPES, SUMMARY_KINDS
from memgraph.retrieve.answers import is_auto_link
from memgraph.retrieve.results import ContextResult, Provenance, Result
from memgraph.retrieve.tokens import count_tokens, truncate_to_tokens

FORMATS = ("markdown", "xml", "json")
_SENTENCE_BREAK = re.compile(r"(?<=[.!?…])\s+")
# Summaries (Storylines, Macros) among the results go first, within this share of the
# budget: the broad picture, then the evidence (issue 16).
SUMMARY_SHARE = 0.2
MIN_TOKENS = 10
MAX_TOKENS = 100_000
DEFAULT_BUDGET = 1000     # tokens, when a caller names none
ITEM_MAX_TOKENS = 200      # one memory never takes more than this
EVIDENCE_MAX_TOKENS = 60   # each supporting excerpt shown under a semantic node
EVIDENCE_PER_FACT = 2      # excerpts quoted under a fact (a node or a summary quotes one)


def check_budget(max_tokens: int, fmt: str) -> None:
    if not isinstance(max_tokens, int) or not MIN_TOKENS <= max_tokens <= MAX_TOKENS:
        raise InvalidInputError(f"max_tokens must be from {MIN_TOKENS} to {MAX_TOKENS}")
    if fmt not in FORMATS:
        raise InvalidInputError(f"format must be one of {', '.join(FORMATS)}, got {fmt!r}")


def candidates_for(max_tokens: int) -> int:
    """How many results to ask explore() for: about one per 20 tokens, 10 to 200."""
    return max(10, min(200, max_tokens // 20))


def incidental(r: Result) -> bool:
    """A node that the question neither names nor is answered by: it matched the
    question's words or meaning ("running" for "When did Melanie run a charity race?",
    Bailey the cat for "What books has Melanie read?") and shows its name, its notes and
    one source of its own, chosen for it and not for the question. In contexts of 1,000
    tokens over five LoCoMo-style conversations such items held 0.2 evidence messages per
    1,000 tokens against 1.1 for messages and 2.1 for facts (session 44); a context
    gives them what room the evidence leaves. explore() keeps its order."""
    return (r.element == "node" and r.kind not in EPISODIC_KINDS
            and r.kind not in SUMMARY_KINDS and r.score.tier >= 2 and not r.score.subject)


def quoted_sources(r: Result, in_text: frozenset[str] | set[str] = frozenset()
                   ) -> list[Provenance]:
    """The sources whose excerpts a semantic or summary item shows as its evidence: the
    first of its provenance (the most relevant first) whose words the text does not hold
    yet (``in_text``), up to ``EVIDENCE_PER_FACT`` for a fact and one for a node or a
    summary. A node whose first source is quoted above it shows its next one rather than
    nothing (session 38). A fact said in two messages is quoted from both: each telling
    carries its own details (where the camping was, when the job ended), and "How long
    did Jonah work at Spoke & Chain?" needs the first and the last (session 42)."""
    wanted = EVIDENCE_PER_FACT if r.element == "relationship" else 1
    return [p for p in r.provenance if p.excerpt and p.source_uid not in in_text][:wanted]


def quoted_ids(r: Result, in_text: frozenset[str] | set[str] = frozenset()) -> list[str]:
    """The external ids of the sources whose words an item's text holds: a message's own,
    the excerpts quoted under a fact, a node or a summary. The other sources of its
    provenance are listed by id, not quoted."""
    if r.kind in EPISODIC_KINDS:
        return r.external_ids
    return [p.external_id for p in quoted_sources(r, in_text) if p.external_id]


def shown_excerpt(source: Provenance, stated: str = "") -> str:
    """What an item quotes of a source, within ``EVIDENCE_MAX_TOKENS``: its opening words,
    or, under a fact whose sentence (``stated``) comes later in a longer message, the
    message from that sentence on. A message goes on to say what it states: "…Last
    Friday, I went to an LGBTQ+ counseling workshop and it was really enlightening. They
    talked about different therapeutic methods…", where its opening words ("I'm still
    figuring out the details…") filled the excerpt and cut both off (session 42)."""
    sentence = stated.strip().rstrip(".!?… ")
    # a sentence, not a word that may also occur anywhere in a long message
    at = source.excerpt.find(sentence) if " " in sentence else -1
    if at > 0 and count_tokens(source.excerpt[:at + len(sentence)]) > EVIDENCE_MAX_TOKENS:
        return truncate_to_tokens("…" + source.excerpt[at:], EVIDENCE_MAX_TOKENS)
    return truncate_to_tokens(source.excerpt, EVIDENCE_MAX_TOKENS)


def item_fields(r: Result, in_text: frozenset[str] | set[str] = frozenset()
                ) -> dict[str, Any]:
    """What an item shows; ``in_text``: the sources whose words the text already holds,
    whose excerpt a fact or a node above them does not quote again. ``evidence`` is the
    list of excerpts quoted under a semantic item."""
    when = r.event_at.date().isoformat() if r.event_at else ""
    speaker = next((p.speaker for p in r.provenance if p.via == "self" and p.speaker), "")
    ids = ", ".join(dict.fromkeys(p.external_id for p in r.provenance if p.external_id))
    text = truncate_to_tokens(r.text or r.name, ITEM_MAX_TOKENS)
    evidence: list[str] = []
    if r.kind not in EPISODIC_KINDS:
        stated = r.text if r.element == "relationship" else ""
        own = next(iter(quoted_sources(r)), None)
        own_excerpt = shown_excerpt(own, stated) if own else ""
        if own_excerpt and (own_excerpt.strip("…").strip() in text or text in own_excerpt):
            text = ""       # a rule-extracted fact's description is its source's sentence
        # the excerpt of a source whose words are in the text already is not repeated
        evidence = [shown_excerpt(p, stated) for p in quoted_sources(r, in_text)]
        if evidence and text:
            # a note is a sentence of a source: an excerpt quoted below may hold it
            # ("Leila's tutor. I have a tutor now, his name is Kenji." under the message
            # "I gave up on Duolingo. I have a tutor now, his name is Kenji.")
            text = " ".join(s for s in _SENTENCE_BREAK.split(text)
                            if not any(s in e for e in evidence))
        if text.rstrip(".").strip().lower() == r.name.lower():
            text = ""       # "**meat** (Concept): meat" says its name twice
    validity = ""
    if r.element == "relationship":
        if r.valid_to is not None:
            validity = f"until {_short_date(r.valid_to.date().isoformat())}"
        elif r.valid_from is not None:
            at = "on" if r.kind in EVENT_TYPES else "since"
            validity = f"{at} {_short_date(r.valid_from.date().isoformat())}"
    return {"kind": r.kind, "name": r.name, "when": when, "speaker": speaker,
            "text": text, "evidence": evidence, "ids": ids, "uid": r.uid,
            "validity": validity}


def _short_date(iso: str) -> str:
    """"2023-05-08" as "8 May 2023": 3 tokens instead of 7 under the token counter, on
    every line of a markdown context (about a tenth of a short turn's cost)."""
    d = date.fromisoformat(iso)
    return f"{d.day} {d:%b} {d.year}"


def _markdown_item(f: dict[str, Any]) -> str:
    head = f"[{_short_date(f['when'])}] " if f["when"] else ""
    if f["kind"] in EPISODIC_KINDS:
        who = f"{f['speaker']}: " if f["speaker"] else ""
        line = f"- {head}{who}{f['text']}"
    else:
        validity = f" ({f['validity']})" if f.get("validity") else ""
        kind = "" if f["kind"] in f["name"] else f" ({f['kind']})"
        line = f"- {head}**{f['name']}**{kind}{validity}"
        if f["text"]:
            line += f": {f['text']}"
        for excerpt in f["evidence"]:
            line += f' — "{excerpt}"'
    return line + (f" ({f['ids']})" if f["ids"] else "")


def _markdown_days(items: Sequence[dict[str, Any]]) -> list[str]:
    """The items' lines, a day's date written once: the messages of a day that is
    already in the text follow the first one of that day, indented and undated (in their
    order of rank), instead of repeating "[7 May 2023]" on a line of their own. A date
    costs about five tokens, and the messages next to a match are often of its day (the
    `adjacent` vote): about 40 tokens of a 1,000-token context went on repeated dates
    (session 44). It also keeps a day's messages together, as they were said."""
    def day(f: dict[str, Any]) -> str:
        return f["when"] if f["kind"] in EPISODIC_KINDS else ""

    days: dict[str, list[dict[str, Any]]] = {}
    for f in items:
        if day(f):
            days.setdefault(day(f), []).append(f)
    lines = []
    for f in items:
        if not day(f):
            lines.append(_markdown_item(f))
        elif days[day(f)][0] is f:
            first, *rest = days[day(f)]
            lines.append(_markdown_item(first))
            lines.extend("  " + _markdown_item({**g, "when": ""}) for g in rest)
    return lines


def _xml_item(f: dict[str, Any]) -> str:
    attrs = "".join(f" {k}={quoteattr(f[k])}" for k in ("kind", "name", "when", "validity",
                                                          "speaker", "ids") if f.get(k))
    body = escape(f["text"])
    body += "".join(f"<evidence>{escape(excerpt)}</evidence>" for excerpt in f["evidence"])
    return f"<memory{attrs}>{body}</memory>"


def _json_item(f: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in f.items() if v and k != "uid"}


def _render(fmt: str, query: str) -> Callable[[list[dict[str, Any]]], str]:
    if fmt == "markdown":
        return lambda items: "\n".join([f"## Memory relevant to: {query}",
                                        *_markdown_days(items)])
    if fmt == "xml":
        return lambda items: "\n".join([f"<memory_context query={quoteattr(query)}>",
                                        *(_xml_item(f) for f in items), "</memory_context>"])
    return lambda items: json.dumps({"query": query, "memories": [_json_item(f) for f in items]},
                                    ensure_ascii=False)


def build_context(query: str, results: Sequence[Result], max_tokens: int,
                  fmt: str, summaries_asked: bool = False) -> ContextResult:
    """``summaries_asked``: the caller named the kinds or let summaries compete for every
    question, so every summary among the results was asked for and none is left out as
    only competing."""
    render = _render(fmt, truncate_to_tokens(query, max(1, max_tokens // 4)))
    chosen: list[dict[str, Any]] = []
    used: list[Result] = []
    truncated = False
    text = render(chosen)
    if count_tokens(text) > max_tokens:     # even the empty wrapper does not fit
        return ContextResult(text="", format=fmt, memories_used=0, tokens_used=0,  # type: ignore[arg-type]
                             max_tokens=max_tokens, truncated=bool(results))
    covered: set[str] = set()     # sources whose evidence a fact in the text already quotes
    in_text: set[str] = set()     # sources whose words the text holds (whole or quoted)
    excerpts: dict[str, str] = {}  # source -> the excerpt an item in the text shows of it
    quoted_evidence: list[str] = []   # what ContextResult.quoted_ids lists, in text order

    def add(r: Result, fields: dict[str, Any]) -> None:
        chosen.append(fields)
        used.append(r)
        quoted_evidence.extend(quoted_ids(r, in_text))
        if r.kind in EPISODIC_KINDS:
            in_text.add(r.uid)
            return
        for quoted, excerpt in zip(quoted_sources(r, in_text), fields["evidence"], strict=True):
            in_text.add(quoted.source_uid)
            excerpts[quoted.source_uid] = excerpt
            if r.element == "relationship":
                covered.add(quoted.source_uid)   # the excerpt shown with it

    summaries = [r for r in results if r.kind in SUMMARY_KINDS]
    competing = set() if summaries_asked \
        else {r.uid for r in summaries if r.score.tier >= 2}
    summaries = [r for r in summaries if r.uid not in competing]
    summary_budget = int(max_tokens * SUMMARY_SHARE)
    for r in summaries:
        fields = item_fields(r, in_text)
        trial = render([*chosen, fields])
        if count_tokens(trial) - count_tokens(render([])) <= summary_budget:
            add(r, fields)
            text = trial
    for r in sorted(results, key=incidental):   # stable: the rest keep their order
        if r in used or r.uid in competing:
            continue
        if (r.kind in EPISODIC_KINDS and r.uid in covered) \
                or is_auto_link(r.kind, r.text):
            continue      # already quoted; a similarity link says nothing to a prompt
        if r.kind in EPISODIC_KINDS and r.uid in excerpts \
                and excerpts[r.uid] == truncate_to_tokens(r.text or r.name, ITEM_MAX_TOKENS):
            continue      # a node above quotes this message whole
        fields = item_fields(r, in_text)
        trial = render([*chosen, fields])
        if count_tokens(trial) <= max_tokens:
            add(r, fields)
            text = trial
        else:
            truncated = True
    return ContextResult(text=text, format=fmt, memories_used=len(used),  # type: ignore[arg-type]
                         tokens_used=count_tokens(text), max_tokens=max_tokens,
                         truncated=truncated, memories=used,
                         quoted_ids=list(dict.fromkeys(quoted_evidence)))
