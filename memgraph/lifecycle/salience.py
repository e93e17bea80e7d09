"""Seed 001's decay, as pure functions (no I/O). ``docs/lifecycle.md`` explains each choice.

The nightly job (``cypher/lifecycle/decay_nodes.cypher``) computes exactly the same thing in
Cypher; ``tests/test_lifecycle_graph.py`` checks the two agree on a real graph.

Idempotence comes from decaying by the time elapsed since the element was last decayed:
``anchor = max(last_decayed_at, last_accessed_at, created_at)``. Exponential decay composes
(``e^-ra · e^-rb = e^-r(a+b)``), and the rate changes only at one instant — archival, when a
low-confidence or high-confidence candidate stops being a candidate — which we place at the
exact moment the threshold is crossed (or the TTL deadline passes), not at the moment the job
happens to run. So one run after 30 days equals thirty daily runs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from memgraph.graph.vocabulary import EPISODIC_KINDS, State, TtlPolicy
from memgraph.settings import LifecycleSettings

DAY_SECONDS = 86_400.0


def decay_rate(recall_frequency: float, decay_gradient: float, *, state: str = State.ACTIVE,
               confidence: float = 1.0, base_rate: float = 0.02,
               high_confidence: float = 0.8) -> float:
    """Per-day rate: ``base / (1 + recall^gradient)``, times the candidate penalty.

    Candidates at ``confidence >= high_confidence`` do not decay at all; candidates below it
    decay ``1 + (1 - confidence) * 2`` times faster. Any other state ignores confidence.
    """
    if state == State.CANDIDATE and confidence >= high_confidence:
        return 0.0
    rate = base_rate / (1.0 + float(recall_frequency) ** decay_gradient)
    if state == State.CANDIDATE:
        rate *= confidence_penalty(confidence)
    return rate


def confidence_penalty(confidence: float) -> float:
    """``1 + (1 - confidence) * 2``: 0.4 → 2.2, 0.5 → 2.0, 0.7 → 1.6."""
    return 1.0 + (1.0 - confidence) * 2.0


def half_life_days(rate: float) -> float:
    return math.inf if rate <= 0 else math.log(2) / rate


def decay_factor(rate: float, days: float) -> float:
    """``exp(-rate * days)``: what salience is multiplied by after ``days`` unused."""
    return math.exp(-rate * days)


def days_until_below(salience: float, rate: float, threshold: float) -> float:
    """Days until ``salience * exp(-rate t)`` drops below ``threshold`` (0 if already)."""
    if salience < threshold:
        return 0.0
    if rate <= 0:
        return math.inf
    return math.log(salience / threshold) / rate


@dataclass(frozen=True)
class SpacingUpdate:
    decay_gradient: float
    last_recall_interval: float


def spacing_update(decay_gradient: float, last_recall_interval: float,
                   previous_access: datetime | None, now: datetime, *, up: float = 0.1,
                   down: float = 0.05, floor: float = 0.5) -> SpacingUpdate:
    """The spacing effect, applied at recall time by retrieval (not by the nightly job).

    ``new_interval`` is the days since the previous access. Longer than the last interval →
    the gradient grows by ``up`` (slower forgetting); shorter → shrinks by ``down``, never below
    ``floor`` (``lifecycle.spacing_gradient_floor``: at 0 recall would stop mattering). The first
    recall (no previous access) changes nothing, and the second only records the first
    interval (``last_recall_interval`` starts at 0, which is "no interval yet", not "0 days").
    """
    if previous_access is None:
        return SpacingUpdate(decay_gradient, last_recall_interval)
    new_interval = max(0.0, (now - previous_access).total_seconds() / DAY_SECONDS)
    if last_recall_interval <= 0:   # the second recall: the first interval, nothing to compare
        return SpacingUpdate(decay_gradient, new_interval)
    if new_interval > last_recall_interval:
        decay_gradient += up
    elif new_interval < last_recall_interval:
        decay_gradient = max(floor, decay_gradient - down)
    return SpacingUpdate(decay_gradient, new_interval)


@dataclass(frozen=True)
class Element:
    """The lifecycle properties of one node or relationship that decay reads and writes."""

    kind: str                      # node label, or "relationship"
    salience: float = 0.5
    state: str = State.CANDIDATE.value
    confidence: float = 0.7
    recall_frequency: int = 0
    decay_gradient: float = 1.0
    ttl_policy: str = TtlPolicy.DECAY.value
    created_at: datetime | None = None
    last_accessed_at: datetime | None = None
    last_decayed_at: datetime | None = None
    archived_at: datetime | None = None
    archived_reason: str | None = None

    @property
    def anchor(self) -> datetime | None:
        times = [t for t in (self.last_decayed_at, self.last_accessed_at, self.created_at) if t]
        return max(times) if times else None

    @property
    def is_episodic(self) -> bool:
        return self.kind in EPISODIC_KINDS


def ephemeral_deadline(element: Element, cfg: LifecycleSettings) -> datetime | None:
    if element.ttl_policy != TtlPolicy.EPHEMERAL or element.created_at is None:
        return None
    days = cfg.ephemeral_episodic_days if element.is_episodic else cfg.ephemeral_semantic_days
    return element.created_at + timedelta(days=days)


def decay(element: Element, as_of: datetime, cfg: LifecycleSettings | None = None) -> Element:
    """The element after the nightly decay job runs at ``as_of``.

    TTL precedence: ``keep_forever`` pins salience at 1.0 and never archives; ``ephemeral``
    decays like ``decay`` and is archived at its deadline at the latest; ``decay`` archives
    when salience drops below the threshold. Archival happens at the instant the threshold
    or deadline is crossed; after it the archived rate (no candidate rule) applies.
    """
    cfg = cfg or LifecycleSettings()
    anchor = element.anchor
    if anchor is None or as_of <= anchor:
        return element
    if element.ttl_policy == TtlPolicy.KEEP_FOREVER:
        return replace(element, salience=1.0, last_decayed_at=as_of)
    days = (as_of - anchor).total_seconds() / DAY_SECONDS
    rates = dict(recall_frequency=element.recall_frequency,
                 decay_gradient=element.decay_gradient, base_rate=cfg.base_decay_rate,
                 high_confidence=cfg.high_confidence_candidate)
    rate_after = decay_rate(state=State.ARCHIVED, **rates)
    if element.state == State.ARCHIVED:
        return replace(element, salience=element.salience * decay_factor(rate_after, days),
                       last_decayed_at=as_of)
    rate_before = decay_rate(state=element.state, confidence=element.confidence, **rates)
    t_cross = days_until_below(element.salience, rate_before, cfg.archive_below_salience)
    deadline = ephemeral_deadline(element, cfg)
    t_ttl = (math.inf if deadline is None
             else max(0.0, (deadline - anchor).total_seconds() / DAY_SECONDS))
    t_archive = min(t_cross, t_ttl)
    if t_archive > days:   # nothing crosses within this period: one rate throughout
        return replace(element, salience=element.salience * decay_factor(rate_before, days),
                       last_decayed_at=as_of)
    salience = (element.salience * decay_factor(rate_before, t_archive)
                * decay_factor(rate_after, days - t_archive))
    reason = "ttl" if t_ttl <= t_cross else "salience"
    return replace(element, salience=salience, state=State.ARCHIVED.value, last_decayed_at=as_of,
                   archived_at=anchor + timedelta(days=t_archive), archived_reason=reason)
