"""Job 6, Storylines and Macros: the layer between single facts and raw messages.

For each tenant, every person, concept or entity that enough sources are about has a
story: the sources that mention it (and, for a person, the messages they sent) in time
order, cut into **episodes** wherever the subject goes unmentioned for
``storyline_gap_days``, and at most ``storyline_max_days`` after the episode's first
mention (a subject talked about every day has a Storyline a month). An episode of at
least ``storyline_min_sources`` sources is a **Storyline** (a title, a synthesised
summary, the time span; INCLUDES its sources, MENTIONS its subject). A subject with at
least ``macro_min_storylines`` Storylines gets a **Macro**, its lasting summary
(SUMMARIZES the Storylines, MENTIONS the subject).

Dirty-only, like description consolidation: each summary keeps the hash of the evidence it
was written from (``evidence_hash``) and is re-synthesised only when that changes — new
sources extend the open episode, a deleted or re-extracted source leaves it. A summary
whose evidence is gone is archived (a pinned one stays). Storylines and Macros are memories
like any other: salience, state, notes, decay and reinforcement on retrieval
(docs/lifecycle.md, "Storylines and Macros").

Per tenant: summaries are synthesised in LLM batches of ``consolidate_llm_batch`` (a
prompt never holds two tenants' memories; the synthesiser bounds each request in items and
tokens) and written WRITE_CHUNK at a time, one transaction each. A failed batch is recorded
and its summaries stay as they were, to be redone by the next run.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from memgraph.errors import ProviderError
from memgraph.graph.models import new_id
from memgraph.graph.values import to_native
from memgraph.ingest.properties import node_embedding_text, summary_node
from memgraph.ingest.speakers import ANONYMOUS_OWNER, ANONYMOUS_SPEAKERS
from memgraph.jobs.context import JobContext
from memgraph.jobs.synthesis import DatedText, Summary, SummaryItem

WRITE_CHUNK = 64      # summaries embedded and written in one transaction
SUBJECT_PAGE = 500    # subjects read per query
# the speakers whose messages are ANONYMOUS_OWNER's, as a source may spell them (speakers.py
# compares them lower-cased; the speaker index matches them exactly)
ANONYMOUS_SPEAKER_NAMES = sorted({spelling for name in ANONYMOUS_SPEAKERS
                                  for spelling in (name, name.capitalize(), name.upper())})


@dataclass(frozen=True)
class Evidence:
    uid: str
    text: str
    at: datetime
    own: bool = False      # a message the subject sent
    speaker: str = ""      # who sent it (a message)
    until: datetime | None = None   # a Storyline as a Macro's evidence: its last time


@dataclass(frozen=True)
class Written(Summary):
    """A summary as it stands in the graph: its text and its node's uid."""

    uid: str = ""


@dataclass(frozen=True)
class Fact:
    """A relationship of the subject, as a sentence, with the sources it was learnt from."""

    uid: str
    text: str
    at: datetime
    ended: datetime | None
    source_ids: frozenset[str]


@dataclass(frozen=True)
class Episode:
    """What one Storyline (or, with ``layer="Macro"``, one Macro) stands for."""

    key: str
    layer: str
    subject_uid: str
    subject: str
    evidence: tuple[Evidence, ...]     # oldest first
    facts: tuple[Fact, ...] = ()       # learnt from the evidence

    @property
    def evidence_hash(self) -> str:
        """Changes when a piece of evidence joins, leaves or changes its text (a Macro's
        Storyline re-written), or a fact is learnt, ended or removed."""
        return evidence_hash([f"{e.uid}\x1f{e.text}" for e in self.evidence]
                             + [f"{f.uid}@{f.ended.isoformat() if f.ended else ''}"
                                for f in self.facts])


def evidence_hash(keys: Iterator[str] | Sequence[str]) -> str:
    return hashlib.sha256("\n".join(sorted(keys)).encode()).hexdigest()[:16]


def fact_sentence(subject: str, row: dict[str, Any]) -> str:
    """"Sam works at Globex", "Anna sister of Sam"-style: the relationship type in words,
    with when it ended when it did."""
    verb = row["type"].lower().replace("_", " ")
    text = (f"{subject} {verb} {row['other']}" if row["outgoing"]
            else f"{row['other']} {verb} {subject}")
    if row.get("valid_to") is not None:
        text += f" (until {to_native(row['valid_to']).date().isoformat()})"
    return text


def episode_facts(facts: Sequence[Fact], run: Sequence[Evidence],
                  earlier: frozenset[str] | set[str] = frozenset()) -> tuple[Fact, ...]:
    """The facts learnt from at least one of the episode's sources: first those the
    episode brought (learnt from none of the ``earlier`` sources), then those it repeats,
    each oldest first (then by text, so the order never depends on the database's). A
    summary leads with its first fact: what the episode brought."""
    uids = {e.uid for e in run}
    return tuple(sorted((f for f in facts if f.source_ids & uids),
                        key=lambda f: (bool(f.source_ids & earlier), f.at, f.text)))


def subject_episodes(evidence: Sequence[Evidence], facts: Sequence[Fact], gap: timedelta,
                     min_sources: int, max_span: timedelta | None = None
                     ) -> Iterator[tuple[tuple[Evidence, ...], tuple[Fact, ...]]]:
    """A subject's episodes (``episodes``), each with its facts (``episode_facts``)."""
    earlier: set[str] = set()
    position = 0
    for run in episodes(evidence, gap, min_sources, max_span):
        while evidence[position].uid != run[0].uid:
            earlier.add(evidence[position].uid)
            position += 1
        yield run, episode_facts(facts, run, earlier)


def episodes(evidence: Sequence[Evidence], gap: timedelta, min_sources: int,
             max_span: timedelta | None = None) -> list[tuple[Evidence, ...]]:
    """A subject's mentions (oldest first) cut wherever two in a row are more than ``gap``
    apart, and where a run would span more than ``max_span`` from its first mention; the
    runs of at least ``min_sources`` mentions. Cutting from the first mention keeps an
    episode's first source, and so its key, while later mentions arrive."""
    runs: list[list[Evidence]] = []
    for item in evidence:
        if runs and item.at - runs[-1][-1].at <= gap \
                and (max_span is None or item.at - runs[-1][0].at <= max_span):
            runs[-1].append(item)
        else:
            runs.append([item])
    return [tuple(run) for run in runs if len(run) >= min_sources]


def storyline_key(subject_uid: str, run: Sequence[Evidence]) -> str:
    """Stable while an episode grows at its end: the subject and the episode's first
    source (an episode that gains an earlier source is a new one; the old is archived)."""
    return f"{subject_uid}:{run[0].uid}"


def macro_key(subject_uid: str) -> str:
    return f"macro:{subject_uid}"


def run(ctx: JobContext) -> None:
    for user_id in ctx.tenants():
        ctx.checkpoint(f"storylines:{user_id}")
        _run_tenant(ctx, user_id)


def _run_tenant(ctx: JobContext, user_id: str) -> None:
    cfg = ctx.settings.lifecycle
    gap = timedelta(days=cfg.storyline_gap_days)
    stories = [Episode(key=storyline_key(s["uid"], run), layer="Storyline",
                       subject_uid=s["uid"], subject=s["name"], evidence=run, facts=facts)
               for s in _subjects(ctx, user_id)
               for run, facts in subject_episodes(s["evidence"], s["facts"], gap,
                                                  cfg.storyline_min_sources,
                                                  timedelta(days=cfg.storyline_max_days))]
    existing = {row["key"]: row for row in ctx.graph.read("jobs/summaries_existing",
                                                           user_id=user_id)}
    written = _write_layer(ctx, user_id, stories, existing)
    macros = _macros(stories, written, cfg.macro_min_storylines)
    _write_layer(ctx, user_id, macros, existing)
    current = {e.key for e in stories} | {e.key for e in macros}
    gone = [row["uid"] for key, row in existing.items()
            if key not in current and row["state"] != "archived"
            and row["ttl_policy"] != "keep_forever"]
    if not gone:
        return
    if ctx.dry_run:
        ctx.report.add(summaries_would_archive=len(gone))
        return
    archived = ctx.graph.write("jobs/archive_summaries", user_id=user_id, uids=gone,
                               as_of=ctx.as_of)[0]["archived"]
    ctx.report.add(summaries_archived=archived)


def _subjects(ctx: JobContext, user_id: str) -> Iterator[dict[str, Any]]:
    after = ""
    while True:
        rows = ctx.graph.read("jobs/storyline_evidence", user_id=user_id, after=after,
                              page=SUBJECT_PAGE, anonymous_owner=ANONYMOUS_OWNER,
                              anonymous_speakers=ANONYMOUS_SPEAKER_NAMES,
                              min_sources=ctx.settings.lifecycle.storyline_min_sources)
        for row in rows:
            name = row["name"] or row["uid"]
            yield {"uid": row["uid"], "name": name,
                   "evidence": [Evidence(s["uid"], s["text"], to_native(s["at"]), s["own"],
                                         s["speaker"]) for s in row["sources"]],
                   "facts": [Fact(f["uid"], fact_sentence(name, f), to_native(f["at"]),
                                  to_native(f["valid_to"]) if f["valid_to"] else None,
                                  frozenset(f["source_ids"])) for f in row["facts"]]}
        if len(rows) < SUBJECT_PAGE:
            return
        after = rows[-1]["uid"]


def _macros(stories: Sequence[Episode], summaries: dict[str, Written],
            min_storylines: int) -> list[Episode]:
    """One Macro per subject with enough Storylines; its evidence is their summaries (a
    Storyline whose summary failed this run keeps the Macro as it was)."""
    by_subject: dict[str, list[Episode]] = {}
    for story in stories:
        by_subject.setdefault(story.subject_uid, []).append(story)
    macros = []
    for subject_uid, own in by_subject.items():
        if len(own) < min_storylines or any(s.key not in summaries for s in own):
            continue
        # A Storyline's uid and text stand for it in the Macro's evidence: the Macro is
        # re-written when one of its Storylines is (its summary, hence its text, changes).
        evidence = tuple(Evidence(summaries[s.key].uid,
                                  f"{summaries[s.key].title}: {summaries[s.key].summary}",
                                  s.evidence[0].at, until=max(e.at for e in s.evidence))
                         for s in own)
        macros.append(Episode(key=macro_key(subject_uid), layer="Macro",
                              subject_uid=subject_uid, subject=own[0].subject,
                              evidence=evidence))
    return macros


def _write_layer(ctx: JobContext, user_id: str, wanted: Sequence[Episode],
                 existing: dict[str, dict[str, Any]]) -> dict[str, Written]:
    """Synthesise and write the summaries whose evidence changed; return every summary of
    the layer that is current (unchanged ones as stored, written ones as written)."""
    current: dict[str, Written] = {}
    if not wanted:
        return current
    dirty: list[Episode] = []
    for episode in wanted:
        row = existing.get(episode.key)
        if row is not None and row["evidence_hash"] == episode.evidence_hash \
                and row["state"] != "archived":
            current[episode.key] = Written(row.get("title") or "", row.get("summary") or "",
                                           row["uid"])
        else:
            dirty.append(episode)
    layer = wanted[0].layer.lower() + "s"
    ctx.report.add(**{f"{layer}_unchanged": len(wanted) - len(dirty)})
    if ctx.dry_run:
        ctx.report.add(**{f"{layer}_would_write": len(dirty)})
        return current
    for start in range(0, len(dirty), WRITE_CHUNK):
        chunk = dirty[start:start + WRITE_CHUNK]
        ctx.checkpoint(f"{layer}:{chunk[0].key}")
        current.update(_write_chunk(ctx, user_id, chunk, existing))
        ctx.tick(layer, start + len(chunk), len(dirty))
    return current


def _write_chunk(ctx: JobContext, user_id: str, chunk: Sequence[Episode],
                 existing: dict[str, dict[str, Any]]) -> dict[str, Written]:
    items = [SummaryItem(key=e.key, layer=e.layer, subject=e.subject,
                         evidence=tuple(DatedText(x.text, x.at, x.own, x.speaker, x.until)
                                        for x in e.evidence),
                         facts=tuple(DatedText(f.text, f.at) for f in e.facts),
                         user_id=user_id) for e in chunk]
    summaries: dict[str, Summary] = {}
    batch = ctx.settings.lifecycle.consolidate_llm_batch
    layer = chunk[0].layer.lower() + "s"
    for start in range(0, len(items), batch):
        try:
            summaries.update(ctx.synthesiser.summaries(items[start:start + batch]))
        except ProviderError as e:
            ctx.report.errors.append(f"{layer} {items[start].subject}…: {e}")
    done = [e for e in chunk if e.key in summaries]
    if len(done) < len(chunk):
        ctx.report.add(**{f"{layer}_failed": len(chunk) - len(done)})
    if not done:
        return {}
    embedder = ctx.embedder_factory()
    vectors = embedder.embed_batch([node_embedding_text(summaries[e.key].title,
                                                        summaries[e.key].summary)
                                    for e in done])
    rows = []
    for episode, vector in zip(done, vectors, strict=True):
        known = existing.get(episode.key)
        uid = known["uid"] if known else new_id()
        summary = summaries[episode.key]
        rows.append({
            "uid": uid, "key": episode.key, "title": summary.title,
            "summary": summary.summary, "evidence_hash": episode.evidence_hash,
            "span_start": episode.evidence[0].at, "span_end": episode.evidence[-1].at,
            "subject_uid": episode.subject_uid, "embedding": vector,
            "create": summary_node(ctx.settings, uid=uid, user_id=user_id, now=ctx.as_of),
            "source_uids": [x.uid for x in episode.evidence],
            "fact_uids": [f.uid for f in episode.facts],
            "storyline_uids": ([x.uid for x in episode.evidence]
                               if episode.layer == "Macro" else [])})
    query = "jobs/write_storylines" if chunk[0].layer == "Storyline" else "jobs/write_macros"
    written = ctx.graph.write(query, user_id=user_id, rows=rows, as_of=ctx.as_of,
                              embedding_model=embedder.model_name)[0]["written"]
    created = sum(1 for e in done if e.key not in existing)
    ctx.report.add(**{f"{layer}_created": created, f"{layer}_updated": written - created})
    return {row["key"]: Written(row["title"], row["summary"], row["uid"]) for row in rows}
