"""Retrieval configuration: frozen pydantic models with named presets, changed by copy.

``RetrievalConfig.from_settings(settings)`` takes the weights and limits that live in
``Settings.retrieval``; a preset (``preset("fast", settings)``) adjusts a few knobs. Nothing
here is ever mutated: use ``config.model_copy(update={...})``.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from memgraph.errors import InvalidInputError
from memgraph.settings import LifecycleSettings, RetrievalSettings, Settings

_SETTINGS_DEFAULTS = RetrievalSettings()
_LIFECYCLE_DEFAULTS = LifecycleSettings()


class Weights(BaseModel):
    """Re-rank weights; the final score is their weighted sum of terms in [0, 1]."""

    model_config = ConfigDict(frozen=True)

    # their defaults are RetrievalSettings' weight_*: one place per number
    relevance: float = Field(_SETTINGS_DEFAULTS.weight_relevance, ge=0)
    salience: float = Field(_SETTINGS_DEFAULTS.weight_salience, ge=0)
    recency: float = Field(_SETTINGS_DEFAULTS.weight_recency, ge=0)
    importance: float = Field(_SETTINGS_DEFAULTS.weight_importance, ge=0)


class RetrievalConfig(BaseModel):
    """Every knob explore() uses, in one frozen object."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # Defaults that RetrievalSettings also exposes come from it: one place per number.
    rrf_k: int = Field(_SETTINGS_DEFAULTS.rrf_k, ge=1)
    candidates_per_signal: int = Field(_SETTINGS_DEFAULTS.candidates_per_signal, ge=1,
                                       le=1000)
    # The vector index is shared by all tenants and cannot pre-filter: ask it for the
    # candidates we need divided by the tenant's share of the index, times this safety
    # factor, at most `vector_fetch_max`; a tenant that would need more and has at most
    # `exact_scan_max` nodes is scored exactly instead (memgraph/retrieve/vector_plan.py).
    # Fewer than k survivors still fall back to the exact scan.
    vector_overfetch: float = Field(1.5, ge=1, le=100)
    # With the index in a few large segments (memgraph/local_neo4j/neo4j.conf.template), asking
    # for 4,000 neighbours costs ~27 ms at 1M nodes; scoring 10,000 vectors exactly ~120 ms.
    vector_fetch_max: int = Field(4000, ge=1, le=10000)
    exact_scan_max: int = Field(5000, ge=0)
    tenant_size_ttl_s: float = Field(60.0, ge=0)
    # Vector scores are (1 + cosine) / 2; a match under this is noise, not a candidate.
    min_vector_score: float = Field(0.55, ge=0, le=1)
    # Full-text is scoped to the tenant inside Lucene; the over-fetch only makes room for
    # the filters Lucene cannot apply (state, kind, salience, time).
    fulltext_overfetch: int = Field(3, ge=1, le=100)
    # A message's full-text score is taken without Lucene's length normalisation, against
    # this many words as the index's average length (which Lucene does not tell): 20 to 45
    # moved the same way on LoCoMo and the project's conversations (docs/retrieval.md,
    # "Session 115").
    fulltext_message_words: float = Field(30.0, gt=0)
    # Full-text terms weighed by the tenant's own statistics, not the shared index's
    # (memgraph/retrieve/term_weights.py): counts per term, capped, kept per process.
    tenant_term_weights: bool = True
    term_stats_ttl_s: float = Field(600.0, ge=0)
    term_count_cap: int = Field(1000, ge=1, le=100_000)
    term_count_cap_index: int = Field(4000, ge=1, le=1_000_000)
    # The graph signal: one hop (every semantic and structural type) around the strongest
    # seeds of the vector and full-text signals (see docs/retrieval.md).
    graph_seeds: int = Field(5, ge=0, le=50)
    # ... except a seed with more relationships than this (a hub: the user's own name in
    # thousands of messages). Each of its neighbours would get under 1/graph_hub_degree
    # of its weight, while reading them costs time in proportion to the degree: a seed
    # mentioned by 30,000 sources made every explore() take 600 ms (docs/retrieval.md,
    # "Hubs"). The named node's facts and the sources that mention it are found by the
    # other signals.
    graph_hub_degree: int = Field(500, ge=1, le=1_000_000)
    # Episodes next to this many of the strongest episodes get a vote in fusion (the
    # `adjacent` list, memgraph/retrieve/fusion.py); 0 turns it off.
    adjacent_seeds: int = Field(5, ge=0, le=50)
    # True: the subject and adjacent lists vote only for what the vector or full-text
    # signal found, not for graph-only finds. Off: on LoCoMo it traded R@5/R@10/ctx@500
    # (+1 to +3) for R@25/ctx@1000 on one conversation (-1.4/-2.5) and left R@1 where it
    # was (docs/benchmarks.md, "Weighted RRF"); kept for ablations (`--set`).
    indirect_needs_direct: bool = False
    # Weighted RRF: a signal's vote is weight / (rrf_k + rank); a signal not named weighs
    # 1. Why they are all equal: RetrievalSettings.signal_weights.
    signal_weights: dict[str, float] = Field(
        default_factory=lambda: dict(_SETTINGS_DEFAULTS.signal_weights))
    use_vector: bool = True
    use_fulltext: bool = True
    use_graph: bool = True
    # Entity linking and the facts of the named nodes (the `linked` and `facts` lists,
    # memgraph/retrieve/answers.py); a named node's relationships scored for similarity
    # are at most this many per node and hop (a hub's are not all read).
    use_facts: bool = True
    # The `time` vote for the episodes and facts of the period a question names ("in
    # June", "on October 13, 2023"; fusion.add_time_signal); off for ablations.
    use_time: bool = True
    # The `when`, `number` and `who` votes: for a question that asks when, the episodes
    # that say when ("last Sunday", "on the 29th"); for one that asks how many or how long,
    # those that state a number (fusion.add_answer_form_signal); for one that asks who, the
    # people it does not name (fusion.add_person_signal); off for ablations.
    use_answer_form: bool = True
    # A question that compares when two things happened ("Which came first, A or B?",
    # "How long after A did B?"; query.comparison_parts) is asked as its two events, the
    # results of each in turn (fusion.interleave); off asks it whole.
    split_comparisons: bool = True
    # A question that sets a thing aside ("Which hobbies besides running did Tessa try?") is
    # asked without it (query.set_aside); off asks it as written.
    leave_out_set_aside: bool = True
    fact_scan_max: int = Field(500, ge=1, le=100_000)
    # Answer-shaped re-rank (facts carry their evidence, current before superseded, a
    # bare name's node first); off gives the plain fused order, for ablations.
    answer_shaped: bool = True
    # Storylines and Macros answer overview questions ("what has Maya been up to?") and
    # queries that ask for their kinds; with this on they also compete in the vector,
    # full-text and graph lists of every other question (docs/retrieval.md, "Broad
    # questions": offline summaries there took places from their own evidence).
    summaries_compete: bool = False
    # ... and for broad questions (query.asks_broadly) they do by default: one summary
    # holds several of the episodes such a question needs (docs/retrieval.md, "Session
    # 62: broad questions")
    summaries_for_broad: bool = True
    provenance_per_result: int = Field(3, ge=0, le=50)
    # Provenance of a node mentioned by many sources: the mentioning sources among this
    # call's candidates, plus at most this many others, ranked by similarity to the query
    # (a speaker mentioned by thousands of turns would otherwise cost thousands of reads).
    provenance_scan_max: int = Field(50, ge=0, le=10000)
    excerpt_chars: int = Field(300, ge=20)
    recency_half_life_days: float = Field(_SETTINGS_DEFAULTS.recency_half_life_days, gt=0)
    weights: Weights = Weights()
    # where every memory's salience starts (lifecycle.initial_salience): the re-rank counts
    # how far decay moved it below there, in proportion to relevance (fusion.retained)
    initial_salience: float = Field(_LIFECYCLE_DEFAULTS.initial_salience, ge=0, le=1)

    @classmethod
    def from_settings(cls, settings: Settings, **update: Any) -> RetrievalConfig:
        r = settings.retrieval
        base = cls(
            rrf_k=r.rrf_k,
            candidates_per_signal=r.candidates_per_signal,
            recency_half_life_days=r.recency_half_life_days,
            initial_salience=settings.lifecycle.initial_salience,
            signal_weights=dict(r.signal_weights),
            weights=Weights(relevance=r.weight_relevance, salience=r.weight_salience,
                            recency=r.weight_recency, importance=r.weight_importance),
        )
        return base.model_copy(update=update) if update else base


# Named presets: partial updates applied by copy on top of the settings' values.
PRESETS: dict[str, dict[str, Any]] = {
    "balanced": {},
    "fast": {"candidates_per_signal": 10, "graph_seeds": 2, "provenance_per_result": 1,
             "vector_overfetch": 3.0},
    "deep": {"candidates_per_signal": 100, "graph_seeds": 10,
             "provenance_per_result": 5},
    "text_only": {"use_graph": False},
}


def preset(name: str, settings: Settings) -> RetrievalConfig:
    if name not in PRESETS:
        raise InvalidInputError(f"unknown retrieval preset {name!r}; use one of "
                                + ", ".join(PRESETS))
    return RetrievalConfig.from_settings(settings, **PRESETS[name])
