"""Reciprocal rank fusion and the re-rank: pure functions, no I/O.

final = w_relevance * relevance
      + w_salience * (initial + min(0, salience - initial) * relevance)
      + w_recency * recency + w_importance * importance

relevance  = rrf / max(rrf over the candidates), in (0, 1]
rrf        = sum over signals of 1 / (rrf_k + rank), rank 1-based
salience   = the element's salience (seed 001), in [0, 1]; ``initial`` is where every
             memory starts (lifecycle.initial_salience, 0.5). How far disuse (decay)
             moved it below there counts, in proportion to relevance; use keeps a memory
             from fading (decay starts from higher) but never lifts it over what the next
             question matches as well: what earlier questions returned is not what this
             one needs (docs/retrieval.md, sessions 61 and 62)
recency    = 0.5 ** (age_days / half_life), age from the event time (a node's: when it
             was last told about; the creation time when there is none); never from the
             last access, which salience counts
importance = node ``importance``; relationships use ``strength``
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from memgraph.graph.names import canonical_name, word_stem
from memgraph.graph.vocabulary import (
    EPISODIC_KINDS,
    SEMANTIC_KINDS,
    TIE_TYPES,
    is_assistant,
    layer_of,
)
from memgraph.retrieve.answers import REPEATS_TIER, Shaped, evidence_repeated, shape
from memgraph.retrieve.config import Weights
from memgraph.retrieve.query import (
    ANSWER_FORMS,
    FUNCTION_WORDS,
    VALUES_SAID,
    Period,
    QueryIntent,
    Window,
    words,
)
from memgraph.retrieve.results import ScoreBreakdown, as_datetime
from memgraph.settings import LifecycleSettings

_INITIAL_SALIENCE = LifecycleSettings().initial_salience


@dataclass
class Candidate:
    """One element found by at least one signal; ``props`` is its projected properties."""

    key: str                       # elementId: unique across nodes and relationships
    element: str                   # node | relationship
    props: dict[str, Any]
    ranks: dict[str, int] = field(default_factory=dict)
    signal_scores: dict[str, float] = field(default_factory=dict)


def merge_signals(signals: Mapping[str, Sequence[dict[str, Any]]]) -> dict[str, Candidate]:
    """Rows ``{key, element, props, score}`` per signal (best first) → candidates by key."""
    out: dict[str, Candidate] = {}
    for signal, rows in signals.items():
        for rank, row in enumerate(rows, start=1):
            cand = out.get(row["key"])
            if cand is None:
                cand = out[row["key"]] = Candidate(row["key"], row["element"], row["props"])
            if signal not in cand.ranks:          # first (best) occurrence wins
                cand.ranks[signal] = rank
                cand.signal_scores[signal] = float(row["score"])
    return out


# final = the sum of w x value, salience's value as read through relevance (the module doc)
SCORE_TERMS = ("relevance", "salience", "recency", "importance")


def rrf_score(ranks: Mapping[str, int], k: int,
              signal_weights: Mapping[str, float] | None = None) -> float:
    """Weighted RRF: sum over signals of weight / (k + rank); a signal not named weighs 1."""
    weights = signal_weights or {}
    # a loop, not sum() over a generator: called a few hundred times per explore() (the
    # lists that only vote re-sort the candidates by it), it is half the time
    total = 0.0
    for signal, rank in ranks.items():
        total += weights.get(signal, 1.0) / (k + rank)
    return total


def recency(props: Mapping[str, Any], now: datetime, half_life_days: float) -> float:
    """How recent the memory is, by when it happened, halving every ``half_life_days``: a
    message's or a fact's event time, a node's ``told_at`` (when a source last told of it),
    the write time only when neither is known (in a history imported after the fact,
    every node was new beside messages months old: docs/retrieval.md, "Session 100"). Not
    by when it was last returned: use is what salience counts (reinforcement, then the
    nightly decay), and an access time read here too lifted whatever an earlier question
    had returned above what the next one needs (docs/retrieval.md, "Session 60")."""
    when = as_datetime(props.get("event_at")) or as_datetime(props.get("told_at")) \
        or as_datetime(props.get("created_at"))
    if when is None:
        return 0.0
    age_days = max(0.0, (now - when).total_seconds() / 86400.0)
    return 0.5 ** (age_days / half_life_days)


def importance(props: Mapping[str, Any], element: str) -> float:
    key = "strength" if element == "relationship" else "importance"
    return _unit(props.get(key), 0.5)


def rerank(candidates: Sequence[Candidate], weights: Weights, rrf_k: int, now: datetime,
           half_life_days: float, subjects: frozenset[str] | set[str] = frozenset(),
           signal_weights: Mapping[str, float] | None = None, limit: int | None = None,
           intent: QueryIntent | None = None, named: frozenset[str] | set[str] = frozenset(),
           fact_scores: Mapping[str, float] | None = None,
           answers: set[str] | None = None, best_source_sim: float | None = None,
           asked: set[str] | None = None, joined: set[str] | None = None,
           initial_salience: float = _INITIAL_SALIENCE, people: Sequence[str] = (),
           graph_found: Mapping[str, str] | None = None,
           ) -> list[tuple[Candidate, ScoreBreakdown]]:
    """Score every candidate; best first, ties broken by ``best_direct_rank``, then key.

    ``subjects`` (keys) are nodes the query names: what it is about, not an answer. Their
    relevance is 0 (they follow every answer) and they do not set the best RRF. With an
    ``intent`` the fused scores are answer-shaped first (memgraph/retrieve/answers.py):
    facts carry their sources' evidence, superseded facts yield to current ones, and the
    ``named`` nodes of a bare-name query come first (tier 0, relevance 1); ``people``, the
    names of the people the query names; ``graph_found``, the answers the graph's shape
    gives, with why each answers (answers.graph_answers). Only the first ``limit`` (all
    when None) are returned, and only they get a ``ScoreBreakdown``.
    """
    if not candidates:
        return []
    rrfs = {c.key: rrf_score(c.ranks, rrf_k, signal_weights) for c in candidates}
    shaped = shape(candidates, rrfs, intent, set(named), now, fact_scores, answers,
                   best_source_sim, asked, joined, people, graph_found) \
        if intent is not None \
        else Shaped(adjusted=dict(rrfs))
    adjusted = shaped.adjusted
    best = max((v for k, v in adjusted.items() if k not in subjects), default=0.0) or 1.0
    scored = _scored(candidates, shaped, subjects, best, weights, now, half_life_days,
                     initial_salience)
    if intent is not None:
        # what shows only the messages shown above it follows whatever shows a new one
        # (answers.evidence_repeated)
        repeated = set(evidence_repeated([item[4] for item in scored], shaped.tier,
                                         fact_scores or ()))
        for key in repeated:
            shaped.tier[key] = REPEATS_TIER
            shaped.why(key, "shows no message the results above it have not shown: "
                            "ranks after those that do")
        if repeated:
            # the tier alone changes (relevance and the other terms stay)
            scored = [(REPEATS_TIER, *item[1:]) if item[3] in repeated else item
                      for item in scored]
            scored.sort(key=lambda item: item[:4])
    # only the first `limit` get a breakdown: building one for every candidate (~80 on a
    # LoCoMo question) cost more than the scoring
    w = weights
    out = []
    for tier, negative_final, _, _, c, numbers in scored[:limit]:
        values = dict(zip(SCORE_TERMS, numbers, strict=True))
        terms = {name: getattr(w, name) * value for name, value in values.items()}
        terms["salience"] = w.salience * retained(values["salience"], values["relevance"],
                                                  initial_salience)
        reasons = list(shaped.reasons.get(c.key, []))
        if c.key in subjects and tier != 0:
            reasons.append("the question's subject: its facts and episodes answer, not it")
        reasons += [why for signal, why in VOTE_REASONS.items() if signal in c.ranks]
        out.append((c, ScoreBreakdown(
            ranks=dict(c.ranks), signal_scores=dict(c.signal_scores), rrf=rrfs[c.key],
            adjusted=adjusted[c.key], evidence=shaped.evidence.get(c.key, 0.0), tier=tier,
            layer=layer_of(c.element, str(c.props.get("kind") or "")),
            reasons=reasons, terms=terms, final=-negative_final,
            subject=c.key in subjects and tier != 0, **values)))
    return out


def _scored(candidates: Sequence[Candidate], shaped: Shaped, subjects: frozenset[str] | set[str],
            best: float, weights: Weights, now: datetime, half_life_days: float,
            initial_salience: float) -> list[tuple[Any, ...]]:
    """Each candidate's sort key and terms, best first: (tier, -final, best direct rank,
    key, candidate, (relevance, salience, recency, importance))."""
    w = weights
    scored = []
    for c in candidates:
        tier = shaped.tier.get(c.key, 2)
        relevance = 1.0 if tier == 0 else 0.0 if c.key in subjects \
            else shaped.adjusted[c.key] / best
        salience = _unit(c.props.get("salience"), initial_salience)
        fresh = recency(c.props, now, half_life_days)
        weight = importance(c.props, c.element)
        # the same sum, in the same order, as the breakdown's terms (so they add up to it)
        final = (w.relevance * relevance
                 + w.salience * retained(salience, relevance, initial_salience)
                 + w.recency * fresh + w.importance * weight)
        scored.append((tier, -final, best_direct_rank(c), c.key, c,
                       (relevance, salience, fresh, weight)))
    scored.sort(key=lambda item: item[:4])
    return scored


def retained(salience: float, relevance: float, initial: float) -> float:
    """Salience as the re-rank reads it: where every memory starts, less how far disuse
    (decay) moved it below there, that distance in proportion to relevance.

    Use (reinforcement) is retention, not relevance: it keeps a memory from fading, so
    after a month unused memories rank below the used ones, but it does not lift a memory
    over what the next question matches as well. Counted whole, a memory returned five
    times outweighed a better match by up to 0.17 of relevance; in proportion to
    relevance it still cost the questions asked after a pass 1.3-1.4 points of R@1, all of
    the drift there was (docs/retrieval.md, "Session 62")."""
    return initial + min(0.0, salience - initial) * relevance


def best_direct_rank(candidate: Candidate) -> int:
    """The candidate's best rank in the query's own matches (vector, full-text).

    Equal final scores are common (the same ranks in different lists, one session's event
    time): the element the query itself matched best goes first; the key only decides
    what is still equal, so the order no longer depends on element ids alone.
    """
    return min((rank for signal, rank in candidate.ranks.items() if signal in DIRECT_SIGNALS),
               default=1_000_000)


def _unit(value: Any, default: float) -> float:
    if value is None:
        return default
    return min(1.0, max(0.0, float(value)))


# -- what only a graph memory can add: subjects and adjacency ------------------------------
SUBJECT_KINDS = frozenset(SEMANTIC_KINDS)
EPISODE_KINDS = frozenset(EPISODIC_KINDS)
DIRECT_SIGNALS = frozenset({"vector", "fulltext"})   # the query's own matches


def has_words(text: str, phrase: str) -> bool:
    """Whether ``phrase`` occurs in ``text`` as whole words, with no word character on
    either side: what ``(?<!\\w)phrase(?!\\w)`` finds. A pattern per node name missed
    ``re``'s cache on a large tenant and was compiled on every call (docs/benchmarks.md,
    "Retrieval speed", session 14)."""
    start = text.find(phrase)
    while start >= 0:
        end = start + len(phrase)
        if not (start and _is_word_char(text[start - 1])) \
                and not (end < len(text) and _is_word_char(text[end])):
            return True
        start = text.find(phrase, start + 1)
    return False


def _is_word_char(char: str) -> bool:
    return char.isalnum() or char == "_"


def find_subjects(candidates: Sequence[Candidate], query: str) -> dict[str, set[str]]:
    """Semantic nodes the query names (uid → the names it used): the question's subject.

    A node counts when its name or an alias occurs in the query as whole words AND the
    full-text index matched it (so a name made only of stop words, e.g. a Concept "to"
    from a rule extractor, never does).
    """
    text = query.lower()
    out: dict[str, set[str]] = {}
    for c in candidates:
        if c.element != "node" or c.props.get("kind") not in SUBJECT_KINDS:
            continue
        if "linked" in c.ranks:     # named by the query, or its speaker ("I", "my")
            out[c.props["uid"]] = {(c.props.get("name") or "").lower()}
            continue
        if "fulltext" not in c.ranks:
            continue
        names = [c.props.get("name") or "", *(c.props.get("aliases") or [])]
        hits = {n.lower() for n in names
                if len(n.strip()) >= 2 and has_words(text, n.lower().strip())}
        if hits:
            out[c.props["uid"]] = hits
    return out


def add_graph_signals(candidates: Sequence[Candidate], query: str, rrf_k: int,
                      seeds: int, signal_weights: Mapping[str, float] | None = None,
                      direct_only: bool = False, form: str = "") -> set[str]:
    """Two more ranked lists from the graph, added to the candidates' ranks; returns the
    keys of the subject nodes (the re-rank gives them no relevance of their own).

    - ``subject`` (seed 002's subject-aware boosting): the episodes spoken by a node the
      query names, or that MENTION it or write its name (``names_written_about``), ranked
      by their fused rank so far;
    - ``adjacent``: the episodes next (NEXT) to one of the ``seeds`` strongest episodes
      and said by another speaker (``replies``), ranked by that neighbour's rank (a
      question's evidence is often the turn before or after the one that matched best:
      the question to an answer, the answer to a question); then the seeds' own
      speaker's turns one reply away (``continued``: the story goes on after the other
      speaker's "Oh no!"). For a question that asks for a time or a number (``form``),
      a reply that only repeats the value its seed told (``repeats_value``) gets no vote
      from it.
    Neither list brings new candidates; both only vote, like the text signals, in RRF.
    With ``direct_only`` they vote only for candidates a direct signal (vector, full-text)
    found: a graph-only find would otherwise collect up to three indirect votes (graph,
    subject, adjacent) and outrank turns both text signals matched.
    """
    subjects = find_subjects(candidates, query)
    names = set().union(*subjects.values()) if subjects else set()
    subject_keys = {c.key for c in candidates if c.props.get("uid") in subjects}
    episodes = episodes_in_fused_order(candidates, rrf_k, signal_weights)
    voters = [c for c in episodes if not direct_only or DIRECT_SIGNALS & c.ranks.keys()]
    if subjects:
        written = names_written_about(names, episodes)
        voting = {c.key for c in voters}
        about = [c for c in episodes_about(subjects, episodes, written) if c.key in voting]
        for rank, c in enumerate(about, start=1):
            c.ranks["subject"], c.signal_scores["subject"] = rank, 1.0
    by_key = {c.key: c for c in voters}
    neighbours: list[Candidate] = []
    for hit in episodes[:seeds]:
        for key in hit.props.get("adjacent") or []:
            c = by_key.get(key)
            if c is not None and c not in neighbours and replies(hit, c) \
                    and not repeats_value(c, hit, form):
                neighbours.append(c)
    # then the same speaker's turn on either side of the other's reply: a story goes on
    # after "Oh no!" ("Juni ate a sock…" / "Oh no! Is she OK?" / "She's fine now… $600
    # later"); less often evidence than a reply, so after all the replies
    everyone = {c.key: c for c in candidates}
    for hit in episodes[:seeds]:
        neighbours.extend(c for c in continued(hit, everyone, voters) if c not in neighbours)
    for rank, c in enumerate(neighbours, start=1):
        c.ranks["adjacent"], c.signal_scores["adjacent"] = rank, 1.0
    return subject_keys


# the questions a message asks: its sentences that end with "?"
_QUESTIONS = re.compile(r"[^.!?]*\?")
# what a question sets aside, from the word that says so to the end of its clause: "What
# do you like to do outside work?" asks about pastimes, not work
_SET_ASIDE = re.compile(
    r"\b(?:outside|besides|apart from|aside from|other than|except)\b[^,;:?]*")


def asked_words(text: str) -> set[str]:
    """The stems of the content words of the questions a message asks ("Hi Marcus! What
    did it show?": {"show"}; "How was the first pottery class?? I've been waiting all week
    to ask.": {"first", "pottery", "class"}), but not of what a question sets aside
    ("What do you like to do outside work?": {"like"})."""
    return {word_stem(w) for question in _QUESTIONS.findall(text.lower())
            for w in words(_SET_ASIDE.sub(" ", question))
            if w not in FUNCTION_WORDS and len(w) > 2}


def add_answered_signal(candidates: Sequence[Candidate], topic: Sequence[str], form: str,
                        rrf_k: int, seeds: int,
                        signal_weights: Mapping[str, float] | None = None,
                        direct_only: bool = False) -> None:
    """One more list: the reply to a question someone asked in the conversation about what
    the user's question asks. One of the ``seeds`` strongest episodes asks a question (a
    sentence that ends with "?") holding a word of ``topic`` (the question's content
    words, the people it names apart; by stem), and the next message is another
    speaker's: that one gets a vote, in the asking message's fused order. "What did
    Marcus's MRI show?" matches "I got my MRI results back" best, which only announced
    them; the other speaker asked "What did it show?", and the next turn answers ("a
    bulging disc at L4-L5"). None for a question that asks when (``form`` "time",
    query.answer_form): a follow-up asks for the details of what was just told, whose date
    was told with it, in the message the question already matches (docs/retrieval.md,
    "Session 84"); for one that asks for a number the reply must state one. Like
    ``adjacent`` it brings no new candidate, and with ``direct_only`` it votes only for one
    a direct signal found."""
    stems = {word_stem(w) for w in topic}
    if not stems or form == "time":
        return
    holds = ANSWER_FORMS.get(form)
    episodes = episodes_in_fused_order(candidates, rrf_k, signal_weights)
    by_key = {c.key: c for c in episodes}
    answers: list[Candidate] = []
    for asker in episodes[:seeds]:
        reply = by_key.get(asker.props.get("next") or "")
        if (reply is not None and reply not in answers
                and replies(asker, reply)
                and (not direct_only or DIRECT_SIGNALS & reply.ranks.keys())
                and (holds is None or holds(reply.props.get("text_head") or ""))
                and stems & asked_words(asker.props.get("text_head") or "")):
            answers.append(reply)
    for rank, c in enumerate(answers, start=1):
        c.ranks["answered"], c.signal_scores["answered"] = rank, 1.0


def continued(hit: Candidate, everyone: Mapping[str, Candidate],
              voters: Sequence[Candidate]) -> list[Candidate]:
    """The ``voters`` that go on with ``hit``'s story: said by its speaker on the other
    side of a reply to it (a candidate next to both, said by another speaker). A reply
    that is no candidate is not looked up: whether a message between two of one
    speaker's is a reply or a third note of theirs is unknown without it, and the
    measured gain was the same without the look-up (docs/retrieval.md, "Session 43")."""
    speaker = (hit.props.get("speaker") or "").lower()
    if not speaker:
        return []
    mids = {key for key in hit.props.get("adjacent") or []
            if (mid := everyone.get(key)) is not None and mid.props.get("speaker")
            and not is_assistant(mid.props["speaker"]) and replies(hit, mid)}
    return [c for c in voters if c is not hit
            and (c.props.get("speaker") or "").lower() == speaker
            and mids.intersection(c.props.get("adjacent") or [])]


def repeats_value(reply: Candidate, told: Candidate, form: str) -> bool:
    """Whether a reply states no value of the asked ``form`` (a time, a number:
    query.VALUES_SAID) but the ones the message it answers told: "March 11th is on our
    calendar!" after "The grand opening is set for Saturday, March 11th.", "Thirty-one
    jars?!" after "I sold thirty-one jars". The value is the told message's evidence; the
    listener's echo of it, voted for as that message's neighbour, came first for "When was
    the grand opening?"."""
    values = VALUES_SAID.get(form)
    if values is None:
        return False
    said = values(reply.props.get("text_head") or "")
    return bool(said) and said <= values(told.props.get("text_head") or "")


def replies(one: Candidate, other: Candidate) -> bool:
    """Whether two neighbouring episodes may be a question and its answer: said by two
    speakers, or by one not known. One speaker's messages in a row are separate notes
    ("I drive a Skoda." then "My dentist is Dr. Okafor."): in a memory of a few dozen,
    the neighbours of the five best matches are most of it, and their vote put unrelated
    notes first (docs/retrieval.md, "Session 41")."""
    speaker = (one.props.get("speaker") or "").lower()
    return not speaker or speaker != (other.props.get("speaker") or "").lower()


def episodes_about(subjects: Mapping[str, set[str]], episodes: Sequence[Candidate],
                   written: set[str]) -> list[Candidate]:
    """The ``episodes`` (in fused order) about one of the ``subjects`` (uid → the names
    the query used): spoken by it, MENTIONing it or writing one of its ``written`` names.

    A list is a vote for some episodes over others. A subject that every episode is about
    tells none of them apart: the one speaker of a one-person memory, whom "I" or "my"
    names ("what do I know about Anna?"). Its vote would only lift every message above
    the facts and nodes that answer, so it casts none; the other subjects still do
    (Anna's messages), and a list that still holds every episode casts none either.
    "Every episode" means every one a person sent: the assistant's own turns, which speak
    for nobody, would otherwise be all the list told apart (session 40)."""
    def is_about(c: Candidate, uid: str, names: set[str]) -> bool:
        own = written & names
        return ((c.props.get("speaker") or "").lower() in names
                or uid in (c.props.get("mentions") or [])
                or (bool(own) and writes_any(c.props.get("text_head") or "", own)))

    people = {c.key for c in episodes if not is_assistant(c.props.get("speaker"))}
    everyone = people or {c.key for c in episodes}
    # each episode read once per subject; a subject about every episode tells none apart
    per_subject = [{c.key for c in episodes if is_about(c, uid, names)}
                   for uid, names in subjects.items()]
    keys = set().union(*(found for found in per_subject if not everyone <= found))
    return [] if everyone <= keys else [c for c in episodes if c.key in keys]


def writes_any(text: str, names: set[str]) -> bool:
    """Whether ``text`` writes one of ``names`` (lower case) as whole words."""
    lowered = text.lower()
    return any(has_words(lowered, name) for name in names)


def names_written_about(names: set[str], episodes: Sequence[Candidate]) -> set[str]:
    """The names (lower case) the query calls its subjects by that also count when a
    message only writes them: a message that names Rory is about Rory, whether or not the
    extractor made it MENTION him ("Rory's home for the summer…": a sentence's first word
    is not read as a name). A speaker's name is left out: their own messages are in the
    list already, and in the other speaker's their name is mostly the one addressed
    ("Thanks, Ruth!") (docs/retrieval.md, "Session 37")."""
    speakers = {(c.props.get("speaker") or "").lower() for c in episodes}
    speaker_words = {word for speaker in speakers for word in speaker.split()}
    return {name for name in names
            if name and name not in speakers and name not in speaker_words}


# -- time: the period a question names ------------------------------------------------------
def add_time_signal(candidates: Sequence[Candidate], period: Period | Window | None,
                    rrf_k: int,
                    signal_weights: Mapping[str, float] | None = None) -> None:
    """The ``time`` list: the candidates whose event time falls in the period the question
    names ("when did Melanie go camping in June?", "what did Gina find on 1 February,
    2023?", "what did I do last week?"; a calendar period with a week's grace after it,
    query.PERIOD_GRACE_DAYS), ranked by their fused rank so far. Episodes count by
    ``event_at``, facts by ``event_at`` or ``valid_from``; semantic nodes have no event
    time. Like ``subject`` it brings no new candidate; it only votes in RRF."""
    if period is None:
        return
    dated = []
    for c in candidates:
        when = as_datetime(c.props.get("event_at") or c.props.get("valid_from"))
        if when is not None and period.holds(when):
            dated.append(c)
    vote_in_fused_order("time", dated, rrf_k, signal_weights)


def add_answer_form_signal(candidates: Sequence[Candidate], form: str, rrf_k: int,
                           signal_weights: Mapping[str, float] | None = None) -> None:
    """One more list for a question that asks for a kind of value (query.answer_form): the
    episodes whose first words (``text_head``) hold a value of that kind
    (query.ANSWER_FORMS), ranked by their fused rank so far, as the ``when`` list ("When
    did Maisie take her first steps?": "SHE WALKED! Tuesday night…") or the ``number``
    list ("How long did Jonah work there?": "three years"). Like ``time`` it brings no new
    candidate; it only votes."""
    holds = ANSWER_FORMS.get(form)
    if holds is None:
        return
    found = [c for c in candidates if holds(c.props.get("text_head") or "")]
    vote_in_fused_order(ANSWER_FORM_SIGNALS[form], found, rrf_k, signal_weights)


def add_person_signal(candidates: Sequence[Candidate], named: set[str], answers: set[str],
                      rrf_k: int, signal_weights: Mapping[str, float] | None = None) -> None:
    """One more list for a question that asks who: the people among the candidates that
    the question does not name and that are not speakers of the conversation, ranked by
    their fused rank so far ("Who has helped Naomi practise her Portuguese?": Carolina,
    "speaks only Portuguese with me so I have to practise"). It only votes; not for one
    a candidate fact ties to someone (a kin, friend or acquaintance), to a node the
    question names, or that answers (``answers``, keys): that fact tells who in the node's
    place ("Ellie FRIEND_OF Jess" for "Who did Ellie travel with?", "Amara KNOWS Okafor"
    for "Who is the paediatrician?")."""
    speakers = {canonical_name(str(c.props.get("speaker")))
                for c in candidates if c.props.get("speaker")}
    linked = {c.props.get("uid") for c in candidates if "linked" in c.ranks}
    tied = {c.props.get(end) for c in candidates if c.element == "relationship"
            and (c.key in answers or c.props.get("kind") in TIE_TYPES
                 or linked & {c.props.get("start_uid"), c.props.get("end_uid")})
            for end in ("start_uid", "end_uid")}
    found = [c for c in candidates
             if c.element == "node" and c.props.get("kind") == "Person"
             and c.key not in named and "linked" not in c.ranks
             and c.props.get("uid") not in tied
             and canonical_name(str(c.props.get("name") or "")) not in speakers]
    vote_in_fused_order("who", found, rrf_k, signal_weights)


def in_fused_order(candidates: Iterable[Candidate], rrf_k: int,
                   signal_weights: Mapping[str, float] | None) -> list[Candidate]:
    """``candidates`` best first by their fused (RRF) score so far, ties by key: the order
    in which the lists that only vote cast their votes and the graph picks its seeds."""
    return sorted(candidates, key=lambda c: (-rrf_score(c.ranks, rrf_k, signal_weights), c.key))


def episodes_in_fused_order(candidates: Iterable[Candidate], rrf_k: int,
                            signal_weights: Mapping[str, float] | None) -> list[Candidate]:
    """The episodes (sources, artifacts) among ``candidates``, in fused order."""
    return in_fused_order((c for c in candidates if c.props.get("kind") in EPISODE_KINDS),
                          rrf_k, signal_weights)


def vote_in_fused_order(signal: str, chosen: list[Candidate], rrf_k: int,
                        signal_weights: Mapping[str, float] | None) -> None:
    """Give ``chosen`` a ranked list of their own, ``signal``, in their fused order so far
    (ties by key): how the lists that only vote (time, when, number) cast their votes."""
    for rank, c in enumerate(in_fused_order(chosen, rrf_k, signal_weights), start=1):
        c.ranks[signal], c.signal_scores[signal] = rank, 1.0


ANSWER_FORM_SIGNALS = {"time": "when", "number": "number"}
# what a result's breakdown says of the lists that only vote, when it is in one
VOTE_REASONS = {"when": "says when, as the question asks",
                "who": "someone the question does not name, as a question that asks who "
                       "asks for",
                "number": "states a number, as the question asks",
                "answered": "replies to a question asked in the conversation about what "
                            "the question asks"}


def interleave(parts: Sequence[tuple[str, Sequence[Any]]], k: int) -> list[Any]:
    """The results of a question that compares two events (query.comparison_parts), from
    each part's own ranking in turn: the first of each, then the second of each, and so on
    to ``k``, each result once (by ``key``). Each says which part it answers and where it
    ranked there: one ranking of the whole question favours the messages that match both
    parts' words, and each event is told in a message of its own."""
    merged: list[Any] = []
    seen: set[str] = set()
    for rank in range(max((len(results) for _, results in parts), default=0)):
        for part, results in parts:
            if rank >= len(results) or results[rank].key in seen:
                continue
            result = results[rank]
            seen.add(result.key)
            reason = f'{rank + 1}. for "{part}", one of two events the question compares'
            score = result.score.model_copy(update={"reasons": [reason, *result.score.reasons]})
            merged.append(result.model_copy(update={"score": score}))
    return merged[:k]
