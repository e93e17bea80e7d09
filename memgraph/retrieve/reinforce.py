"""Seed 001 "Salience Updates" as pure functions, mirrored by ``retrieve/reinforce.cypher``.

On every retrieval (explore or traverse) each returned node and relationship gets:

1. ``access_count += 1`` and ``recall_frequency += 1``
2. ``salience = min(1, salience + alpha)`` (alpha = ``lifecycle.reinforce_alpha``)
3. state: candidate → active (first retrieval), archived → active (re-accessed),
   active → core once ``access_count >= lifecycle.core_after_accesses``; core stays core.
   An archived element comes back as active even with a high count; the next retrieval
   promotes it to core if it has earned it.
4. spacing effect (the project's decision: applied at recall time, the only moment the
   interval is known): ``new_interval`` = days since the previous ``last_accessed_at``
   (none on the first recall). When ``last_recall_interval > 0``: a longer interval raises
   ``decay_gradient`` by ``spacing_gradient_up`` (slower forgetting), a shorter one lowers it
   by ``spacing_gradient_down``, never below ``spacing_gradient_floor``. Then
   ``last_recall_interval = new_interval``.
5. ``last_accessed_at = now``
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from memgraph.graph.vocabulary import State
from memgraph.lifecycle.salience import spacing_update
from memgraph.settings import LifecycleSettings


@dataclass(frozen=True)
class Recall:
    """The lifecycle properties reinforcement reads and writes."""

    state: str = State.CANDIDATE.value
    salience: float = 0.5
    access_count: int = 0
    recall_frequency: int = 0
    last_accessed_at: datetime | None = None
    last_recall_interval: float = 0.0
    decay_gradient: float = 1.0


def next_state(state: str, access_count_after: int, core_after: int) -> str:
    if state in (State.CANDIDATE, State.ARCHIVED):
        return State.ACTIVE.value
    if state == State.ACTIVE and access_count_after >= core_after:
        return State.CORE.value
    return state


def spacing(previous_access: datetime | None, last_interval: float, gradient: float,
            now: datetime, rules: LifecycleSettings) -> tuple[float, float]:
    """(new last_recall_interval, new decay_gradient) for a recall at ``now``; the rule
    itself lives once, in ``memgraph.lifecycle.salience.spacing_update``."""
    update = spacing_update(gradient, last_interval, previous_access, now,
                            up=rules.spacing_gradient_up, down=rules.spacing_gradient_down,
                            floor=rules.spacing_gradient_floor)
    return update.last_recall_interval, update.decay_gradient


def reinforce(before: Recall, now: datetime, rules: LifecycleSettings) -> Recall:
    """The element's lifecycle after one retrieval at ``now``."""
    count = before.access_count + 1
    interval, gradient = spacing(before.last_accessed_at, before.last_recall_interval,
                                 before.decay_gradient, now, rules)
    return replace(
        before,
        state=next_state(before.state, count, rules.core_after_accesses),
        salience=min(1.0, before.salience + rules.reinforce_alpha),
        access_count=count,
        recall_frequency=before.recall_frequency + 1,
        last_accessed_at=now,
        last_recall_interval=interval,
        decay_gradient=gradient,
    )


def reinforce_all(before: Recall, times: Sequence[datetime], rules: LifecycleSettings
                  ) -> Recall:
    """The element's lifecycle after a retrieval at each of ``times``, in that order: what
    ``retrieve/reinforce`` writes for an item that folds several calls' recalls."""
    after = before
    for now in times:
        after = reinforce(after, now, rules)
    return after


def reinforce_params(rules: LifecycleSettings) -> dict[str, float | int]:
    """The rule parameters ``retrieve/reinforce.cypher`` takes."""
    return {
        "alpha": rules.reinforce_alpha,
        "core_after": rules.core_after_accesses,
        "gradient_up": rules.spacing_gradient_up,
        "gradient_down": rules.spacing_gradient_down,
        "gradient_floor": rules.spacing_gradient_floor,
    }
