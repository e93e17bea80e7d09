"""explore(): hybrid retrieval in one read, fusion and re-rank in Python, one write.

1. ``retrieve/explore_candidates``: every signal's ranked list and the candidates'
   properties in one query (vector, full-text over nodes and relationships, graph).
2. ``fusion.rerank``: reciprocal rank fusion, then relevance/salience/recency/importance.
3. ``retrieve/provenance`` for the top k that the candidate rows cannot cite (a read; a
   message cites itself from its row, a fact the one message it was learnt from and a
   thing the one message that mentions it, when that message is a candidate too:
   ``own_provenance``; no read when the rows cite them all),
   then, when reinforcing, their reinforcement (``retrieve/reinforce``), queued behind the
   call by default (``retrieval.reinforce_in_background``; ``memgraph/graph/write_behind.py``).

Its reads do not wait for recalls still queued (``Graph.read_now``): what it ranks by may
be one recall behind, which a salience step of 0.1 cannot turn into a wrong answer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cached_property
from typing import Any

from memgraph.errors import DatabaseError, InvalidInputError
from memgraph.graph.connection import Graph
from memgraph.graph.names import canonical_name
from memgraph.graph.schema import FULLTEXT_INDEX, VECTOR_INDEX
from memgraph.graph.vocabulary import SUMMARY_KINDS
from memgraph.retrieve.answers import (
    HOLDS,
    graph_answers,
    held_alike,
    joining_facts,
    message_floor,
    rank_facts,
    speaks_for_question,
    took_over,
)
from memgraph.retrieve.config import RetrievalConfig
from memgraph.retrieve.filters import Filters, content_terms, lucene_phrases
from memgraph.retrieve.fusion import (
    EPISODE_KINDS,
    Candidate,
    add_answer_form_signal,
    add_answered_signal,
    add_graph_signals,
    add_person_signal,
    add_time_signal,
    merge_signals,
    rerank,
)
from memgraph.retrieve.query import (
    TEXT_HEAD_CHARS,
    QueryIntent,
    asks_who,
    read_query,
    relative_period,
)
from memgraph.retrieve.reinforce import reinforce_params
from memgraph.retrieve.results import Provenance, Result, ScoreBreakdown, as_datetime
from memgraph.retrieve.term_weights import (
    Weighing,
    remember_counts,
    weighing,
    weighing_params,
)
from memgraph.retrieve.vector_plan import (
    ANN_SCORE_MARGIN,
    NO_SUCH_INDEX,
    own_index_missing,
    plan_vector,
    tenant_size,
)
from memgraph.settings import LifecycleSettings

MAX_QUERY_CHARS = 4000
MAX_K = 500
TEXT_CHARS = 2000   # of a source's raw content in a result
# of a fact's description in its candidate row, and of a thing's that one message mentions
# (``told_once``): longer ones are cut there, and only the provenance query shows them whole
DESCRIPTION_CHARS = 300
# A Storyline or a Macro is asked for this many times the sources it cites, to choose
# among them those the results above it do not show (cite_unseen)
SUMMARY_CITATION_POOL = 4


@dataclass(frozen=True)
class ExploreRequest:
    user_id: str
    query: str
    vector: list[float] | None
    k: int
    filters: Filters
    config: RetrievalConfig

    @cached_property
    def intent(self) -> QueryIntent:
        # read once per call: every step of explore() asks (about 80 µs a reading)
        return read_query(self.query)


def check_query(query: str, k: int) -> str:
    if not isinstance(query, str) or not query.strip():
        raise InvalidInputError("query is empty: say what to look for")
    if len(query) > MAX_QUERY_CHARS:
        raise InvalidInputError(f"query is longer than {MAX_QUERY_CHARS} characters")
    if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= MAX_K:
        raise InvalidInputError(f"k must be an integer from 1 to {MAX_K}, got {k!r}")
    return query.strip()


def candidate_params(graph: Graph, req: ExploreRequest) -> dict[str, Any]:
    cfg = req.config
    per_signal = max(cfg.candidates_per_signal, req.k)
    use_vector = cfg.use_vector and req.vector is not None
    plan = plan_vector(graph, req.user_id, per_signal, cfg) if use_vector else None
    ann_k = plan.ann_k if plan else per_signal
    size = tenant_size(graph, req.user_id, cfg.tenant_size_ttl_s)
    weighed = (weighing(graph, req.user_id, content_terms(req.query), size, cfg)
               if cfg.use_fulltext else Weighing(None, None))
    # Every value whose type or size changes from call to call (a string, a list, or
    # something that may be null) goes in one of two maps, `$search` and `$filters`: Neo4j
    # keys its cached plans by each parameter's type and size class, and a map's contents
    # count for neither. Top-level, a longer question, a kind filter or a `since` each cost
    # this query a new plan, 2.5-5 s of planning on a 2-core machine (docs/operations.md,
    # "One plan for every call").
    return {
        "search": {
            "user_id": req.user_id,
            "vector": req.vector if use_vector else None,
            "ann_index": plan.index if plan else VECTOR_INDEX,
            # a big tenant's own full-text index, which weighs by its statistics alone
            "ft_index": size.own_fulltext or FULLTEXT_INDEX,
            # the question's terms: as they are (`lucene`), or to be weighed by the
            # tenant's own statistics inside the query (`weigh`; retrieve/term_weights.py)
            "lucene": weighed.plain,
            "weigh": weighed.weigh,
            "name_keys": list(req.intent.name_keys) if cfg.use_facts else [],
            # the nodes a question names by an alias ("Bea"): phrases on that field
            "aliases": (lucene_phrases("aliases", req.intent.name_keys) if cfg.use_facts
                        else None),
        },
        "filters": req.filters.as_map(),
        "relationships": req.filters.relationships,
        "use_vector": use_vector,
        "ann_k": ann_k,
        # one widening step, tenfold (at most vector_fetch_max), before the exact scan
        "ann_k_max": max(ann_k, min(cfg.vector_fetch_max, 10 * ann_k)),
        "exact_first": bool(plan and plan.exact_first),
        "min_vector": min(per_signal, req.k),
        "min_vector_score": cfg.min_vector_score,
        "ann_score_margin": ANN_SCORE_MARGIN,
        "ft_k": per_signal * cfg.fulltext_overfetch,
        "message_words": float(cfg.fulltext_message_words),
        "per_signal": per_signal,
        "seeds": cfg.graph_seeds if cfg.use_graph else 0,
        "hub_degree": cfg.graph_hub_degree,
        "first_person": cfg.use_facts and req.intent.first_person,
        "overview": cfg.use_facts and req.intent.may_ask_overview,
        "fact_max": per_signal, "fact_scan": cfg.fact_scan_max,
        "summaries_compete": summaries_wanted(req),
        "text_chars": TEXT_HEAD_CHARS,
        "description_chars": DESCRIPTION_CHARS,
        **weighing_params(cfg),
    }


def answer_form(req: ExploreRequest) -> str:
    """The kind of value the question asks for ("time", "number"; query.answer_form), ""
    when it asks for none or the answer-form vote is off."""
    return req.intent.answer_form if req.config.use_answer_form else ""


def summaries_asked(kinds: object, config: RetrievalConfig | None) -> bool:
    """The caller lets Storylines and Macros compete for any question: by naming the kinds
    (then ``$kinds`` decides) or with ``summaries_compete``."""
    return kinds is not None or bool(config and config.summaries_compete)


def summaries_wanted(req: ExploreRequest) -> bool:
    """Storylines and Macros compete among the results: when the caller asks for them
    (``summaries_asked``), or for a broad question (several things across episodes, or an
    inference: ``QueryIntent.broad``). Otherwise they answer overview questions only."""
    return summaries_asked(req.filters.kinds, req.config) or (
        req.config.summaries_for_broad and req.intent.broad)


@dataclass
class Fetched:
    candidates: list[Candidate]
    exact_used: bool             # the exact vector scan ran
    named: set[str]              # the nodes a bare-name query asks for (answers.py)
    fact_scores: dict[str, float]   # the facts of the named nodes (answers.rank_facts)
    answers: set[str]               # the facts among them that answer (tier 1)
    asked: set[str]                 # ... and those whose relation the question asks about
    intent: QueryIntent             # the question as read once its names are linked (naming)
    best_source: float | None = None   # the vector signal's best source, (1 + cos) / 2
    joined: set[str] = field(default_factory=set)   # answers that join two named nodes
    people: list[str] = field(default_factory=list)  # the names of the people it names
    # answers the graph's shape gives, with why each answers (answers.graph_answers)
    graph_found: dict[str, str] = field(default_factory=dict)


def fetch_candidates(graph: Graph, req: ExploreRequest, now: datetime | None = None
                     ) -> Fetched:
    """All candidates with their per-signal ranks, and what answers.py needs; ``now``
    tells which facts are over (the present unless a simulation says otherwise)."""
    now = now or datetime.now(UTC)
    params = candidate_params(graph, req)
    try:
        row = graph.read_now("retrieve/explore_candidates", **params)[0]
    except DatabaseError as e:
        own = (params["search"]["ann_index"] != VECTOR_INDEX
               or params["search"]["ft_index"] != FULLTEXT_INDEX)
        if not own or not any(missing in str(e) for missing in NO_SUCH_INDEX):
            raise
        # The tenant's own indexes went since this process counted its size (given up, or
        # dropped by hand to be rebuilt): ask the shared ones.
        own_index_missing(graph, req.user_id)
        params = candidate_params(graph, req)
        row = graph.read_now("retrieve/explore_candidates", **params)[0]
    # the counts the query took for the question's terms, kept for the next calls
    remember_counts(graph, req.user_id, params["search"]["weigh"], row["counted"])
    props = {item["key"]: ("node", item["props"]) for item in row["nodes"]}
    props.update({item["key"]: ("relationship", item["props"]) for item in row["rels"]})
    graph_rows = sorted(row["graph_nodes"] + row["graph_rels"], key=lambda r: -r["score"])
    signals = {"vector": row["vec"], "fulltext": row["ftn"] + row["ftr"], "graph": graph_rows}
    # node and relationship full-text scores are both Lucene scores: one ranked list
    signals["fulltext"] = sorted(signals["fulltext"], key=lambda r: -r["score"])
    intent = req.intent
    linked = sorted(row["linked"], key=lambda r: -r["score"])
    names = [props[r["key"]][1].get("name") or "" for r in linked if r["key"] in props]
    # a node linked by an alias is named by it: "Bea" alone asks for Beatriz's node
    keys = set(intent.name_keys)
    names += [alias for r in linked if r["key"] in props
              for alias in props[r["key"]][1].get("aliases") or []
              if canonical_name(alias) in keys]
    intent = intent.naming(names)
    rels = {k: p for k, (element, p) in props.items() if element == "relationship"}
    signals["linked"] = linked
    best_source = max((r["score"] for r in row["vec"] if r["key"] in props
                       and props[r["key"]][1].get("kind") in EPISODE_KINDS), default=None)
    people = [props[r["key"]][1].get("name") or "" for r in linked
              if r["key"] in props and props[r["key"]][1].get("kind") == "Person"]
    # the speaker, linked by "I" or "my" with no name's length (score 0: explore_candidates)
    speaker = next((props[r["key"]][1].get("name") for r in linked
                    if r["key"] in props and r["score"] == 0), None)
    facts = rank_facts(row["facts"], rels, intent, names, best_source, people, speaker, now)
    fact_scores, answers = facts.scores, facts.answers
    # a query that only names things: the named node answers it, or, when it names two
    # that a fact joins, that fact does (answers.joining_facts); so does it for a question
    # whether something is so: "Do I like ORMs?" is answered by "Dev DISLIKES ORMs", not
    # by the LIKES fact its relation word asks about
    bare = bool(linked) and not intent.topic(names) and not intent.relation_words
    linked_props = [props[r["key"]][1] for r in linked if r["key"] in props]
    linked_uids = {str(p.get("uid")) for p in linked_props}
    joining = joining_facts(rels, linked_uids) if bare or intent.whether else set()
    # "Who is the CFO at Northwind?": the facts through which the named nodes meet at one
    # the question does not name; "Who is the electrician?": who holds the role
    # (answers.graph_answers)
    concepts = {str(p.get("uid")) for p in linked_props if p.get("kind") == "Concept"}
    by_shape = graph_answers(row["facts"], rels, linked_uids, concepts, intent, bare)
    answers = answers | joining | set(by_shape)
    if intent.both:
        # "How do Jon and Gina both like to destress?": what the two the question names
        # hold alike answers, however few of the question's words it says
        answers = answers | held_alike({key: rels[key] for key, _ in facts.ranked}, intent)
    floor = message_floor(best_source)
    signals["facts"] = [{"key": key, "score": score} for key, score in facts.ranked
                        if speaks_for_question(key, score, floor, facts.asked, answers)]
    if intent.time == "now":
        # a fact found and over brings the ones that took over from it, though they match
        # the question less ("I use VS Code as my editor", then "I switched from VS Code to
        # Neovim": which editor now?; "I drive for Uber", then "I've switched to driving
        # for Bolt": who do I drive for?)
        found = {r["key"] for lst in signals.values() for r in lst if r["key"] in rels}
        speaking = {r["key"] for r in signals["facts"]}
        newer = {k for key in found for k in took_over(key, rels, now)}
        signals["facts"] += [{"key": k, "score": score} for k, score in facts.ranked
                             if k in newer and k not in speaking]
    overview = bool(linked) and intent.overview(names)
    if overview:
        # "what has Maya been up to?": Maya's Macro and Storylines answer, the Macro first
        # (docs/retrieval.md, "Broad questions")
        signals["summary"] = row["summaries"]
        answers = answers | {r["key"] for r in row["summaries"] if r["key"] in props}
    rows = {name: [{"key": r["key"], "score": r["score"], "element": props[r["key"]][0],
                    "props": props[r["key"]][1]} for r in lst if r["key"] in props]
            for name, lst in signals.items()}
    # (a role the query names is not what it asks for when its holders are: graph_answers)
    # (nor is the speaker, linked by "I": "What am I now?" asks what is known of them, and
    # their node holds nothing to show)
    named = {r["key"] for r in linked if r["score"] != 0} \
        if bare and not joining and HOLDS not in by_shape.values() else set()
    return Fetched(list(merge_signals(rows).values()), bool(row["exact_used"]), named,
                   fact_scores, answers, facts.asked, intent, best_source, joining, people,
                   by_shape)


def explore(graph: Graph, req: ExploreRequest, *, reinforce: bool,
            lifecycle: LifecycleSettings, now: datetime | None = None,
            reinforce_behind: bool = True) -> list[Result]:
    now = now or datetime.now(UTC)
    fetched = fetch_candidates(graph, req, now)
    candidates, named = fetched.candidates, fetched.named
    intent = fetched.intent
    subjects = add_graph_signals(candidates, req.query, req.config.rrf_k,
                                 req.config.adjacent_seeds if req.config.use_graph else 0,
                                 req.config.signal_weights, req.config.indirect_needs_direct,
                                 answer_form(req))
    if req.config.use_graph:
        add_answered_signal(candidates, intent.topic(fetched.people), answer_form(req),
                            req.config.rrf_k, req.config.adjacent_seeds,
                            req.config.signal_weights, req.config.indirect_needs_direct)
    period = (intent.period or relative_period(req.query, now)) \
        if req.config.use_time else None
    add_time_signal(candidates, period, req.config.rrf_k, req.config.signal_weights)
    add_answer_form_signal(candidates, answer_form(req), req.config.rrf_k,
                           req.config.signal_weights)
    if req.config.use_answer_form and asks_who(req.query):
        add_person_signal(candidates, named, fetched.answers, req.config.rrf_k,
                          req.config.signal_weights)
    ranked = rerank(candidates, req.config.weights, req.config.rrf_k, now,
                    req.config.recency_half_life_days, subjects - named,
                    req.config.signal_weights, limit=req.k,
                    intent=intent if req.config.answer_shaped else None, named=named,
                    fact_scores=fetched.fact_scores, answers=fetched.answers,
                    best_source_sim=fetched.best_source, asked=fetched.asked,
                    joined=fetched.joined, initial_salience=req.config.initial_salience,
                    people=fetched.people, graph_found=fetched.graph_found)
    if not ranked:
        return []
    found_by = mentioning_sources(candidates)
    per_result = req.config.provenance_per_result
    items = [{"eid": c.key, "uid": c.props["uid"], "element": c.element,
              "found": found_by.get(c.props["uid"], []),
              "cites": per_result * (SUMMARY_CITATION_POOL
                                     if c.props.get("kind") in SUMMARY_KINDS else 1)}
             for c, _ in ranked]
    # a message cites itself, a fact the message it was learnt from and a thing the message
    # that mentions it, from their candidate rows; the query asks for the rest alone
    by_key = {c.key: c for c in candidates}
    own = {c.key: cited for c, _ in ranked
           if (cited := own_provenance(c, found_by, by_key, per_result,
                                       req.config.excerpt_chars)) is not None}
    asked = [item for item in items if item["eid"] not in own]
    provenance_rows = (graph.read_now("retrieve/provenance", **provenance_params(req, asked))
                       if asked else [])
    if reinforce:
        # the recall is dated now, when it happened, whenever the queue writes it
        # (docs/retrieval.md, "Reinforcement written behind")
        record_recall(graph, items, req.user_id, now, lifecycle, behind=reinforce_behind)
    found = {r["eid"]: r["provenance"] for r in provenance_rows}
    found.update({key: cited for key, (cited, _) in own.items()})
    provenance = cite_unseen([c for c, _ in ranked], found, per_result)
    texts = {r["eid"]: r["text"] for r in provenance_rows}
    texts.update({key: text for key, (_, text) in own.items()})
    return [to_result(c, score, provenance.get(c.key, []), texts.get(c.key) or {})
            for c, score in ranked]


def provenance_params(req: ExploreRequest, items: list[dict[str, Any]]) -> dict[str, Any]:
    """The parameters of ``retrieve/provenance`` for the ranked ``items`` of ``req``: the
    items and the vector in one map, so that any number of items and a missing vector share
    one plan (as ``candidate_params``' maps do)."""
    return {"ask": {"items": items, "vector": req.vector}, "user_id": req.user_id,
            "text_chars": TEXT_CHARS, "scan_max": req.config.provenance_scan_max,
            "excerpt_chars": req.config.excerpt_chars}


Cited = tuple[list[dict[str, Any]], dict[str, Any]]


def own_provenance(c: Candidate, found_by: Mapping[str, list[str]],
                   by_key: Mapping[str, Candidate], per_result: int,
                   excerpt_chars: int) -> Cited | None:
    """A result's provenance and text, read from the candidate rows as
    ``retrieve/provenance`` would give them, or None when the rows do not hold all of
    that. A message is its own provenance (it mentions things; nothing is learnt into
    it), its text its raw content: not a Source with notes or cited sources of its own.
    A fact learnt from one message (one of ``source_ids``), with no notes and a
    description the row holds whole, cites that message when it is a candidate too (the
    one candidate source ``found_by`` gives it: ``mentioning_sources``; ``by_key``, the
    candidates by key), its text its description; so does a thing that one message
    mentions and nothing else tells of (``told_once``, the candidate query)."""
    p = c.props
    if c.element == "relationship":
        ids, description = p.get("source_ids"), p.get("description")
        if (p.get("noted") is not False or not isinstance(ids, list) or len(ids) != 1
                or len(description or "") >= DESCRIPTION_CHARS):
            return None
        return cited_message(only_source(c, found_by, by_key), "notes", description,
                             per_result, excerpt_chars)
    if (told := p.get("told_once")) is not None:
        return cited_message(only_source(c, found_by, by_key), "MENTIONS",
                             told.get("description"), per_result, excerpt_chars)
    if p.get("kind") != "Source" or p.get("cites_others") is not False:
        return None
    if (citation := message_citation(p, excerpt_chars)) is None:
        return None
    return [citation][:per_result], {"raw_content": p["text_head"][:TEXT_CHARS],
                                     "description": None, "notes": None}


def only_source(c: Candidate, found_by: Mapping[str, list[str]],
                by_key: Mapping[str, Candidate]) -> Candidate | None:
    """The one candidate source that ``c`` was learnt from or is mentioned by, if one."""
    keys = found_by.get(c.props.get("uid") or "") or []
    return by_key.get(keys[0]) if len(keys) == 1 else None


def cited_message(source: Candidate | None, via: str, description: str | None,
                  per_result: int, excerpt_chars: int) -> Cited | None:
    """What an element learnt from one message cites, that message (``source``, its
    candidate row; None when it is no candidate) ``via`` how the query names the link, and
    its text, its ``description``; None when the row cannot give the citation."""
    if source is None or (citation := message_citation(source.props, excerpt_chars)) is None:
        return None
    return [{**citation, "via": via}][:per_result], {"raw_content": None,
                                                     "description": description,
                                                     "notes": None}


def message_citation(p: dict[str, Any], excerpt_chars: int) -> dict[str, Any] | None:
    """A message's citation of itself from its candidate row, ``p``; None when its head
    (``text_head``, the first ``TEXT_HEAD_CHARS`` characters) may be shorter than the
    excerpt or the text the provenance query would cut."""
    head = p.get("text_head")
    if not head:
        return None
    whole = len(head) < TEXT_HEAD_CHARS     # the head is the whole message
    if not whole and (excerpt_chars >= TEXT_HEAD_CHARS or TEXT_CHARS > TEXT_HEAD_CHARS):
        return None
    excerpt = head[:excerpt_chars] + "…" if len(head) > excerpt_chars else head
    return {"source_uid": p["uid"], "external_id": p.get("external_id") or "",
            "speaker": p.get("speaker") or "", "via": "self", "event_at": p.get("event_at"),
            "excerpt": excerpt}


def mentioning_sources(candidates: Sequence[Candidate]) -> dict[str, list[str]]:
    """uid of a mentioned node -> element ids of the candidate sources that mention it
    (of a fact: that it was learnt from; of a Storyline or a Macro: that it includes,
    a Macro through its Storylines).

    The candidate rows already list what each source mentions and which Storylines
    include it; matching them here spares the provenance query a seek per (result,
    candidate) pair (5 ms of 6 at 100k nodes).
    """
    found: dict[str, list[str]] = {}
    sources = {}
    included: dict[str, list[str]] = {}      # a Storyline's key -> its candidate sources
    for c in candidates:
        if c.element == "node" and c.props.get("kind") == "Source":
            sources[c.props.get("uid")] = c.key
            for uid in c.props.get("mentions") or []:
                found.setdefault(uid, []).append(c.key)
            for storyline in c.props.get("included_in") or []:
                included.setdefault(storyline, []).append(c.key)
    # a fact's sources that this call found come first in its provenance
    for c in candidates:
        if c.element == "relationship":
            keys = [sources[u] for u in c.props.get("source_ids") or [] if u in sources]
            if keys:
                found[c.props["uid"]] = keys
        elif c.props.get("kind") in SUMMARY_KINDS:
            storylines = c.props.get("summarizes") or [c.key]
            keys = list(dict.fromkeys(k for st in storylines for k in included.get(st, [])))
            if keys:
                found[c.props["uid"]] = keys
    return found


def cite_unseen(ranked: Sequence[Candidate], provenance: dict[str, list[dict[str, Any]]],
                per_result: int) -> dict[str, list[dict[str, Any]]]:
    """Each result's citations, in rank order: a Storyline or a Macro includes many more
    sources than it cites, and the reader has already seen those ranked or cited above it,
    so it cites ``per_result`` of the others (in the order the provenance query ranked
    them), and one already seen only when it has no other (docs/retrieval.md, "Session
    66"). A fact or a node cites what it was learnt from, seen or not."""
    seen: set[str] = set()
    cited: dict[str, list[dict[str, Any]]] = {}
    for c in ranked:
        pool = provenance.get(c.key, [])
        if c.props.get("kind") in SUMMARY_KINDS:
            unseen = [p for p in pool if p["source_uid"] not in seen]
            pool = (unseen + [p for p in pool if p["source_uid"] in seen])[:per_result]
        cited[c.key] = pool
        seen.update(p["source_uid"] for p in pool)
    return cited


def reinforce_step(items: Sequence[dict[str, Any]], user_id: str, now: datetime,
                   lifecycle: LifecycleSettings) -> dict[str, Any]:
    """Parameters of ``retrieve/reinforce`` for elements given as ``{eid, uid}``, recalled
    at ``now`` (each item carries the times of its recalls: the write-behind queue merges
    several calls' recalls into one statement and folds an element's into one item)."""
    return {"items": [{"eid": i["eid"], "uid": i["uid"], "times": [now]} for i in items],
            "user_id": user_id, **reinforce_params(lifecycle)}


def record_recall(graph: Graph, items: Sequence[dict[str, Any]], user_id: str, now: datetime,
                  lifecycle: LifecycleSettings, *, behind: bool) -> None:
    """Reinforce the elements given as ``{eid, uid}`` (one write of
    ``retrieve/reinforce``): queued on the graph's background writer when ``behind``,
    else written before returning."""
    if not items:
        return
    params = reinforce_step(items, user_id, now, lifecycle)
    if behind:
        graph.write_behind("retrieve/reinforce", merge=("items", "eid", "times"), **params)
    else:
        graph.write("retrieve/reinforce", **params)


def reinforce_results(graph: Graph, results: Sequence[Result], user_id: str,
                      lifecycle: LifecycleSettings, *, behind: bool) -> None:
    """Reinforce results returned earlier with ``reinforce=False``."""
    record_recall(graph, [{"eid": r.key, "uid": r.uid} for r in results], user_id,
                  datetime.now(UTC), lifecycle, behind=behind)


def to_result(c: Candidate, score: ScoreBreakdown, provenance: Sequence[dict[str, Any]],
              text: dict[str, Any]) -> Result:
    p = {**c.props, **text}
    prov = [Provenance(**{**item, "event_at": as_datetime(item.get("event_at"))})
            for item in provenance]
    common = {"key": c.key, "kind": p["kind"], "uid": p["uid"], "state": p.get("state") or "",
              "salience": float(p.get("salience") or 0.0), "provenance": prov, "score": score}
    if c.element == "relationship":
        return Result(element="relationship",
                      name=f"{p.get('start_name') or ''} {p['kind']} {p.get('end_name') or ''}",
                      text=_text(p),
                      event_at=as_datetime(p.get("event_at") or p.get("valid_from")),
                      start={"uid": p.get("start_uid") or "", "name": p.get("start_name") or ""},
                      end={"uid": p.get("end_uid") or "", "name": p.get("end_name") or ""},
                      valid_from=as_datetime(p.get("valid_from")),
                      valid_to=as_datetime(p.get("valid_to")), **common)
    return Result(element="node", name=p.get("name") or "", text=_text(p),
                  event_at=as_datetime(p.get("event_at")), **common)


SENTENCE_ENDS = (".", "!", "?", "…", '"', "”", ")")


def _text(p: dict[str, Any]) -> str:
    """What the element says: source text, else description, then its notes, each a
    sentence of its own ("Leila's daughter. Our daughter Noor started…", not "Leila's
    daughter Our daughter Noor started…")."""
    parts = [p.get("raw_content") or p.get("description") or ""]
    notes = [n for n in (p.get("notes") or []) if n and n not in parts[0]]
    if notes and parts[0] and not parts[0].rstrip().endswith(SENTENCE_ENDS):
        parts[0] = parts[0].rstrip() + "."
    parts.extend(notes)
    return " ".join(part for part in parts if part).strip()
