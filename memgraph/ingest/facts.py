"""Facts: reinforcement and supersession decided in Python, for every ingestion path.

The structured path writes a batch of records at a time, the agent path one source's
facts; both call :func:`write_facts` inside their write transaction.

Applying a batch's facts one row after another in Cypher made every new fact scan all
earlier facts of its subject, closed ones included (a person who changed employer 200
times costs 200 relationship reads per new fact). Instead, inside the batch's write
transaction, ONE read fetches the still-valid facts of the batch's subjects
(``ingest/open_facts``, once per subject), and :func:`plan_facts` replays the rows in
record order against them, as if each fact were written on its own:

- a still-valid fact of the same type between the same two nodes (the newest) is
  reinforced: confidence and strength up a step each time, capped at 1.0; the source is
  appended to ``source_ids`` once. An event (``vocabulary.EVENT_TYPES``: its
  ``valid_from`` is when it happened, not since when) told with a date of its own more
  than ``event_span`` from every telling of it is another time it happened ("I went to a
  pride parade last Friday", weeks after "this pride parade I went to a few weeks ago"):
  a fact of its own, so that each time keeps its date;
- otherwise the fact is created and ends the still-valid ones it contradicts (same
  subject and exclusive type with another object, or the opposite type on the same
  pair), but not one the same source stated (a message that names two occupations
  states both): they get ``valid_to`` (the new fact's ``valid_from``, else its ``event_at``),
  ``superseded_by``; the new fact's ``supersedes`` names the first one it ended. A fact
  created with a ``valid_to`` of its own is not still valid.
- time is data, not arrival order: a contradicted fact that holds from a LATER moment
  (``valid_from``, else ``event_at``) than the new one is not ended. The new fact is
  the older truth arriving late (a source recovered after a crash, a backfill): it is
  created as history, ending where the newer one begins (``valid_to`` = the newer
  fact's moment, ``superseded_by`` = its uid), and the newer one stays current. On
  equal moments the later arrival wins.
- a fact told as over (``valid_to`` not after its ``event_at``: "I quit my job at
  Deloitte last month") ends the still-valid fact of the same type between the same two
  nodes, at its own ``valid_to`` (and cites its source), when that is not before the
  open fact began; ending before it began, it is an earlier stint, created as history.
  A fact that is over ends nothing else: "Sam worked at Acme until 2020" says nothing
  of where Sam works now. Told as over again, with no still-valid fact to end, it
  reinforces the latest fact told as over between the same two nodes
  (``ingest/over_facts``, read only for such rows) instead of making a second copy.

The outcome is written with two ``UNWIND`` queries: new facts with their final
properties (``ingest/create_facts``) and changes to existing ones by element id
(``ingest/update_facts``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from memgraph.graph.values import to_native
from memgraph.graph.vocabulary import EVENT_TYPES
from memgraph.settings import Settings

# The write queries set these from $now.
_STAMPS = ("created_at", "updated_at", "ingested_at")
# Sent as ISO-8601 text and parsed by the query: the driver's datetime encoding costs
# ~20-40 µs per value in Python, the server's parse next to nothing.
_TIMES = ("event_at", "valid_from", "valid_to")


@dataclass
class _Fact:
    """A still-valid fact: already in the graph (element_id) or created by this batch."""

    uid: str
    type: str
    to_uid: str
    to_name: str | None = None
    valid_at: datetime | None = None         # valid_from, else event_at
    element_id: str | None = None            # None: created by this batch
    new_row: dict[str, Any] | None = None    # the create row of a new fact
    reinforcements: int = 0                  # existing facts: steps to apply
    added_sources: list[str] = field(default_factory=list)
    ended_at: str | None = None              # ISO text; with superseded_by
    superseded_by: str | None = None
    over_at: datetime | None = None          # a fact told as over: its valid_to


@dataclass(frozen=True)
class FactOutcome:
    """What became of one input row: the fact's uid, whether an existing still-valid fact
    was reinforced instead of creating one, the facts it ended as (type, object uid,
    object name when known), the newer fact that made it history on arrival, and whether
    it ended the still-valid fact it repeats."""

    uid: str
    reinforced: bool
    ended: tuple[tuple[str, str, str | None], ...] = ()
    history_of: tuple[str, str, str | None] | None = None
    closed: bool = False      # the row ended this still-valid fact (its ``valid_to``)


@dataclass
class FactPlan:
    creates: list[dict[str, Any]] = field(default_factory=list)
    updates: list[dict[str, Any]] = field(default_factory=list)
    outcomes: list[FactOutcome] = field(default_factory=list)   # one per input row
    created: int = 0
    reinforced: int = 0
    superseded: int = 0


def _capped_step(value: float, step: float) -> float:
    # The same arithmetic as the Cypher CASE (IEEE doubles both sides): one step at a time.
    return 1.0 if value + step > 1.0 else value + step


class _Replay:
    def __init__(self, open_facts: Iterable[dict[str, Any]], *, confidence_step: float,
                 strength_step: float, exclusive_types: Iterable[str],
                 opposite_types: Iterable[tuple[str, str]],
                 over_facts: Iterable[dict[str, Any]] = (),
                 symmetric_types: Iterable[str] = (),
                 event_types: Iterable[str] = (),
                 event_span: timedelta = timedelta(days=7)) -> None:
        self.steps = (confidence_step, strength_step)
        self.events, self.event_span = set(event_types), event_span
        self.symmetric = set(symmetric_types)
        self.exclusive = set(exclusive_types)
        self.opposites = {tuple(p) for p in opposite_types}
        self.opposites |= {(b, a) for a, b in self.opposites}
        # Per subject, its still-valid facts oldest first (the query orders by created_at).
        self.open: dict[str, list[_Fact]] = {}
        self.existing: list[_Fact] = []
        for row in open_facts:
            fact = _Fact(uid=row["uid"], type=row["type"], to_uid=row["to_uid"],
                         to_name=row.get("to_name"), element_id=row["element_id"],
                         valid_at=to_native(row.get("valid_at")))
            self.open.setdefault(row["from_uid"], []).append(fact)
            self.existing.append(fact)
        # Facts told as over, per (subject, type, object): the latest one, which a fact
        # told as over again repeats ("I lost my job at Door Dash", then "since I lost my
        # job at Door Dash") and reinforces, instead of a second closed copy.
        self.over: dict[tuple[str, str, str], _Fact] = {}
        for row in over_facts:
            fact = _Fact(uid=row["uid"], type=row["type"], to_uid=row["to_uid"],
                         to_name=row.get("to_name"), element_id=row["element_id"],
                         over_at=to_native(row.get("valid_to")))
            self._told_over(row["from_uid"], fact)
            self.existing.append(fact)
        self.plan = FactPlan()

    def _told_over(self, from_uid: str, fact: _Fact) -> None:
        key = (from_uid, fact.type, fact.to_uid)
        known = self.over.get(key)
        if known is None or (fact.over_at is not None and known.over_at is not None
                             and fact.over_at >= known.over_at):
            self.over[key] = fact

    def apply(self, row: dict[str, Any]) -> None:
        facts = holder = self.open.setdefault(row["from_uid"], [])
        subject = row["from_uid"]
        same = [f for f in facts if f.type == row["type"] and f.to_uid == row["to_uid"]]
        told = self.over.get((row["from_uid"], row["type"], row["to_uid"]))
        if row["type"] in self.symmetric:
            # told from the other side: the object's fact to the subject is this one
            if not same:
                reverse = self.open.get(row["to_uid"], [])
                same = [f for f in reverse
                        if f.type == row["type"] and f.to_uid == row["from_uid"]]
                if same:
                    holder, subject = reverse, row["to_uid"]
            told = told or self.over.get((row["to_uid"], row["type"], row["from_uid"]))
        over = _over_when_told(row)
        if same and row["type"] in self.events and over is None:
            same = self._same_occurrence(same, row)
        if same and over is None:
            self._reinforce(same[-1], row["source_id"])
            self.plan.outcomes.append(FactOutcome(uid=same[-1].uid, reinforced=True))
        elif same and (same[-1].valid_at is None or over >= same[-1].valid_at):
            self._close(holder, same[-1], row, subject)
        elif over is not None and told is not None:
            self._reinforce(told, row["source_id"])      # told as over before
            self.plan.outcomes.append(FactOutcome(uid=told.uid, reinforced=True))
        else:
            # new; or an earlier stint, over before the still-valid one began
            self._create(facts, row)

    def _same_occurrence(self, same: list[_Fact], row: dict[str, Any]) -> list[_Fact]:
        """Of an event's still-valid facts, those ``row`` may tell again: all of them when
        the row has no date of its own (dated by its message only, it may be a retelling),
        else the ones within ``event_span`` of that date (relative dates are rough: "a few
        weeks ago" and "last week" may be one parade)."""
        when = _moment(row["valid_from"])
        if when is None:
            return same
        return [f for f in same if f.valid_at is None
                or abs(f.valid_at - when) <= self.event_span]

    def _reinforce(self, fact: _Fact, source_id: str) -> None:
        self.plan.reinforced += 1
        if fact.new_row is None:
            fact.reinforcements += 1
            if source_id and source_id not in fact.added_sources:
                fact.added_sources.append(source_id)
            return
        props = fact.new_row["props"]
        props["confidence"] = _capped_step(props["confidence"], self.steps[0])
        props["strength"] = _capped_step(props["strength"], self.steps[1])
        if source_id and source_id not in props["source_ids"]:
            props["source_ids"] = [*props["source_ids"], source_id]

    def _close(self, facts: list[_Fact], fact: _Fact, row: dict[str, Any],
               subject: str) -> None:
        """End a still-valid fact where ``row`` says it ended; its source is cited."""
        facts.remove(fact)
        source_id = row["source_id"]
        if fact.new_row is None:
            fact.ended_at = row["valid_to"]
            if source_id and source_id not in fact.added_sources:
                fact.added_sources.append(source_id)
        else:
            props = fact.new_row["props"]
            fact.new_row["valid_to"] = row["valid_to"]
            if source_id and source_id not in props["source_ids"]:
                props["source_ids"] = [*props["source_ids"], source_id]
        fact.over_at = _moment(row["valid_to"])
        self._told_over(subject, fact)
        self.plan.superseded += 1
        self.plan.outcomes.append(FactOutcome(uid=fact.uid, reinforced=False, closed=True))

    def _contradicts(self, fact: _Fact, row: dict[str, Any]) -> bool:
        if fact.type == row["type"] and row["type"] in self.exclusive:
            return fact.to_uid != row["to_uid"]
        return fact.to_uid == row["to_uid"] and (fact.type, row["type"]) in self.opposites

    def _create(self, facts: list[_Fact], row: dict[str, Any]) -> None:
        new = {**row, "props": dict(row["props"])}
        uid = new["props"]["uid"]
        ends_at = new["valid_from"] or new["event_at"]
        at = _moment(ends_at)
        # a fact already over ends nothing that holds now; facts one source states
        # together hold together ("I'm a travel photographer now, I went freelance in
        # July": two occupations), so one does not end the other
        contradicted = [] if _over_when_told(row) else [
            f for f in facts if self._contradicts(f, row) and not _told_with(f, row)]
        newer = [f for f in contradicted
                 if at is not None and f.valid_at is not None and f.valid_at > at]
        ended = [f for f in contradicted if f not in newer]
        history_of = self._history(new, newer)
        for fact in ended:
            facts.remove(fact)
            if fact.new_row is None:
                fact.ended_at, fact.superseded_by = ends_at, uid
            else:
                fact.new_row["valid_to"] = ends_at
                fact.new_row["props"]["superseded_by"] = uid
        if ended:
            new["props"]["supersedes"] = ended[0].uid
        self.plan.outcomes.append(FactOutcome(
            uid=uid, reinforced=False,
            ended=tuple((f.type, f.to_uid, f.to_name) for f in ended),
            history_of=history_of))
        self.plan.created += 1
        self.plan.superseded += len(ended) + (history_of is not None)
        self.plan.creates.append(new)
        if new["valid_to"] is None:
            facts.append(_Fact(uid=uid, type=row["type"], to_uid=row["to_uid"], new_row=new,
                               valid_at=at))
        elif history_of is None and _over_when_told(new) is not None:
            self._told_over(row["from_uid"], _Fact(uid=uid, type=row["type"],
                                                   to_uid=row["to_uid"], new_row=new,
                                                   over_at=_moment(new["valid_to"])))

    @staticmethod
    def _history(new: dict[str, Any], newer: list[_Fact]
                 ) -> tuple[str, str, str | None] | None:
        """A late, older fact ends where the earliest newer contradicting one begins
        (unless it already ended before that); the newer ones stay current."""
        if not newer:
            return None
        first = min(newer, key=lambda f: f.valid_at or datetime.max)
        assert first.valid_at is not None
        own_end = _moment(new["valid_to"])
        if own_end is not None and own_end <= first.valid_at:
            return None
        new["valid_to"] = first.valid_at.isoformat()
        new["props"]["superseded_by"] = first.uid
        return (first.type, first.to_uid, first.to_name)

    def finish(self) -> FactPlan:
        for fact in self.existing:
            if fact.reinforcements or fact.ended_at is not None or fact.added_sources:
                self.plan.updates.append({
                    "element_id": fact.element_id, "steps": fact.reinforcements,
                    "source_ids": fact.added_sources, "valid_to": fact.ended_at,
                    "superseded_by": fact.superseded_by})
        return self.plan


def _told_with(fact: _Fact, row: dict[str, Any]) -> bool:
    """Whether ``fact`` was created by this batch from the source ``row`` comes from."""
    return fact.new_row is not None and bool(row["source_id"]) \
        and row["source_id"] in fact.new_row["props"]["source_ids"]


def plan_facts(rows: Iterable[dict[str, Any]], open_facts: Iterable[dict[str, Any]], *,
               confidence_step: float, strength_step: float, exclusive_types: Iterable[str],
               opposite_types: Iterable[tuple[str, str]],
               over_facts: Iterable[dict[str, Any]] = (),
               symmetric_types: Iterable[str] = (), event_types: Iterable[str] = (),
               event_span: timedelta = timedelta(days=7)) -> FactPlan:
    """Replay fact rows (record order; keys type, from_uid, to_uid, source_id, props with
    uid/confidence/strength/source_ids, and event_at/valid_from/valid_to as ISO text or
    None) against the still-valid facts of their subjects (rows of ``ingest/open_facts``)
    and the facts told as over that rows told as over may repeat (``ingest/over_facts``).
    """
    replay = _Replay(open_facts, confidence_step=confidence_step, strength_step=strength_step,
                     exclusive_types=exclusive_types, opposite_types=opposite_types,
                     over_facts=over_facts, symmetric_types=symmetric_types,
                     event_types=event_types, event_span=event_span)
    for row in rows:
        replay.apply(row)
    return replay.finish()


def fact_row(props: dict[str, Any], *, rel_type: str, from_uid: str, to_uid: str,
             source_id: str) -> dict[str, Any]:
    """A replay row from a relationship's properties (``properties.relationship``): the
    stamps left to the query, times as ISO text."""
    props = {k: v for k, v in props.items() if k not in _STAMPS}
    times = {k: _iso(props.pop(k, None)) for k in _TIMES}
    return {"type": rel_type, "from_uid": from_uid, "to_uid": to_uid,
            "source_id": source_id, "props": props, **times}


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def _moment(iso: str | None) -> datetime | None:
    return datetime.fromisoformat(iso) if iso else None


def _over_when_told(row: dict[str, Any]) -> datetime | None:
    """A row's ``valid_to`` when the fact was already over at its event time (a contract
    that ends in 2030, told in 2024, still holds when told)."""
    over, told = _moment(row["valid_to"]), _moment(row["event_at"])
    if over is None or (told is not None and over > told):
        return None
    return over




def write_facts(run: Callable[..., list[dict[str, Any]]], settings: Settings,
                rows: list[dict[str, Any]]) -> FactPlan:
    """Reinforce or create each fact row (:func:`fact_row`) in order, ending what it
    contradicts, inside the caller's transaction (``run(query_name, **params)``): the
    subjects' still-valid facts are read once, the rows replayed, the outcome written by
    two UNWINDs."""
    ingest = settings.ingest
    # a symmetric fact may be held by its object ("Marco PARTNER_OF Giada" for a row
    # "Giada PARTNER_OF Marco"): their still-valid facts are read too
    subjects = list(dict.fromkeys([
        *(r["from_uid"] for r in rows),
        *(r["to_uid"] for r in rows if r["type"] in ingest.symmetric_types)]))
    told_over = list({pair: None for r in rows if _over_when_told(r) is not None
                      for pair in ((r["from_uid"], r["type"], r["to_uid"]),
                                   *([(r["to_uid"], r["type"], r["from_uid"])]
                                     if r["type"] in ingest.symmetric_types else []))})
    over_facts = run("ingest/over_facts", pairs=[
        {"from_uid": a, "type": t, "to_uid": b} for a, t, b in told_over]) if told_over else []
    plan = plan_facts(rows, run("ingest/open_facts", uids=subjects),
                      confidence_step=ingest.reinforce_confidence_step,
                      strength_step=ingest.reinforce_strength_step,
                      exclusive_types=ingest.exclusive_types,
                      opposite_types=ingest.opposite_types, over_facts=over_facts,
                      symmetric_types=ingest.symmetric_types, event_types=EVENT_TYPES,
                      event_span=timedelta(days=ingest.event_span_days))
    if plan.creates:
        run("ingest/create_facts", rows=plan.creates)
    if plan.updates:
        run("ingest/update_facts", rows=plan.updates,
            confidence_step=ingest.reinforce_confidence_step,
            strength_step=ingest.reinforce_strength_step)
    return plan
