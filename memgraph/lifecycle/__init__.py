"""Lifecycle math (pure, no I/O): decay, candidate rules, TTL, spacing effect."""

from memgraph.lifecycle.salience import (
    Element,
    SpacingUpdate,
    confidence_penalty,
    days_until_below,
    decay,
    decay_factor,
    decay_rate,
    half_life_days,
    spacing_update,
)

__all__ = ["Element", "SpacingUpdate", "confidence_penalty", "days_until_below", "decay",
           "decay_factor", "decay_rate", "half_life_days", "spacing_update"]
