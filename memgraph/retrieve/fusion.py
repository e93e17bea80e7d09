"""Reciprocal rank fusion and the re-rank: pure functions, no I/O.

final = w_relevance * relevance + w_salience * salience
      + w_recency * recency + w_importance * importance

relevance  = rrf / max(rrf over the candidates), in (0, 1]
rrf        = sum over signals of 1 / (rrf_k + rank), rank 1-based
salience   = the element's salience (seed 001), in [0, 1]
recency    = 0.5 ** (age_days / half_life), age from the latest of event time and last
             access (creation time when neither exists)
importance = node ``importance``; relationships use ``strength``
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from memgraph.retrieve.config import Weights
from memgraph.retrieve.results import ScoreBreakdown


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


def rrf_score(ranks: Mapping[str, int], k: int) -> float:
    return sum(1.0 / (k + rank) for rank in ranks.values())


def recency(props: Mapping[str, Any], now: datetime, half_life_days: float) -> float:
    times = [t for t in (_native(props.get("event_at")), _native(props.get("last_accessed_at")))
             if t is not None]
    if not times:
        created = _native(props.get("created_at"))
        times = [created] if created is not None else []
    if not times:
        return 0.0
    age_days = max(0.0, (now - max(times)).total_seconds() / 86400.0)
    return 0.5 ** (age_days / half_life_days)


def importance(props: Mapping[str, Any], element: str) -> float:
    key = "strength" if element == "relationship" else "importance"
    return _unit(props.get(key), 0.5)


def rerank(candidates: Sequence[Candidate], weights: Weights, rrf_k: int, now: datetime,
           half_life_days: float) -> list[tuple[Candidate, ScoreBreakdown]]:
    """Score every candidate; best first, ties broken by key for a stable order."""
    if not candidates:
        return []
    rrfs = {c.key: rrf_score(c.ranks, rrf_k) for c in candidates}
    best = max(rrfs.values())
    scored = []
    for c in candidates:
        values = {
            "relevance": rrfs[c.key] / best,
            "salience": _unit(c.props.get("salience"), 0.5),
            "recency": recency(c.props, now, half_life_days),
            "importance": importance(c.props, c.element),
        }
        terms = {name: getattr(weights, name) * value for name, value in values.items()}
        breakdown = ScoreBreakdown(ranks=dict(c.ranks), signal_scores=dict(c.signal_scores),
                                   rrf=rrfs[c.key], terms=terms, final=sum(terms.values()),
                                   **values)
        scored.append((c, breakdown))
    scored.sort(key=lambda pair: (-pair[1].final, pair[0].key))
    return scored


def _unit(value: Any, default: float) -> float:
    if value is None:
        return default
    return min(1.0, max(0.0, float(value)))


def _native(value: Any) -> datetime | None:
    if value is None:
        return None
    return value.to_native() if hasattr(value, "to_native") else value
