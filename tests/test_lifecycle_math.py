"""Seed 001's decay math, as pure functions: every worked example, TTL, transitions, and
idempotence (one run after N days equals N daily runs). Tolerances are explained inline."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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

T0 = datetime(2025, 1, 1, tzinfo=UTC)

# The seed rounds the half-life ln(2)/0.02 = 34.66 days to 35: each "35 days" is 0.34 days
# long, i.e. a factor e^(-0.02*0.34) = 0.9932 per half-life. 2.5% relative tolerance covers
# three such steps (105 days: 0.9795) and nothing coarser.
SEED_ROUNDING = 0.025


def after(days: float, **fields: object) -> Element:
    element = Element(kind=str(fields.pop("kind", "Concept")), created_at=T0, **fields)
    return decay(element, T0 + timedelta(days=days))


class TestWorkedExamplesFromSeed001:
    @pytest.mark.parametrize(("days", "factor"), [(35, 0.5), (70, 0.25), (105, 0.125)])
    def test_half_life_is_35_days_without_recall(self, days: int, factor: float) -> None:
        rate = decay_rate(0, 1.0)
        assert rate == 0.02
        assert decay_factor(rate, days) == pytest.approx(factor, rel=SEED_ROUNDING)
        assert after(days, state="active").salience == pytest.approx(0.5 * factor,
                                                                      rel=SEED_ROUNDING)

    def test_exact_half_life(self) -> None:
        assert half_life_days(0.02) == pytest.approx(math.log(2) / 0.02)
        assert round(half_life_days(0.02)) == 35

    def test_recall_five_gradient_one_and_a_half(self) -> None:
        rate = decay_rate(5, 1.5)
        # 0.02 / (1 + 5^1.5) = 0.02 / 12.18 = 0.00164; the seed writes "≈ 0.0015".
        assert rate == pytest.approx(0.02 / (1 + 5 ** 1.5))
        assert abs(rate - 0.0015) < 0.0002
        # the seed's "× 0.95" and "× 0.90" are e^(-0.00164 t) rounded to two decimals
        assert decay_factor(rate, 35) == pytest.approx(0.95, abs=0.01)
        assert decay_factor(rate, 70) == pytest.approx(0.90, abs=0.01)

    def test_candidate_confidence_half(self) -> None:
        assert confidence_penalty(0.5) == 2.0
        rate = decay_rate(0, 1.0, state="candidate", confidence=0.5)
        assert rate == pytest.approx(0.04)
        assert round(half_life_days(rate)) == 17
        assert decay_factor(rate, 17) == pytest.approx(0.5, rel=SEED_ROUNDING)
        assert decay_factor(rate, 35) == pytest.approx(0.25, rel=SEED_ROUNDING)

    @pytest.mark.parametrize(("confidence", "rate", "penalty"), [(0.4, 0.044, 2.2),
                                                                  (0.7, 0.032, 1.6)])
    def test_candidate_penalties(self, confidence: float, rate: float, penalty: float) -> None:
        assert confidence_penalty(confidence) == pytest.approx(penalty)
        assert decay_rate(0, 1.0, state="candidate", confidence=confidence) == \
            pytest.approx(rate)

    @pytest.mark.parametrize("confidence", [0.8, 0.85, 0.9, 1.0])
    def test_high_confidence_candidate_does_not_decay(self, confidence: float) -> None:
        assert decay_rate(0, 1.0, state="candidate", confidence=confidence) == 0.0
        element = after(10_000, state="candidate", confidence=confidence)
        assert element.salience == 0.5 and element.state == "candidate"

    @pytest.mark.parametrize("state", ["active", "core", "archived"])
    def test_confidence_ignored_outside_candidate(self, state: str) -> None:
        assert decay_rate(0, 1.0, state=state, confidence=0.4) == 0.02
        assert after(35, state=state, confidence=0.4).salience == pytest.approx(
            0.25, rel=SEED_ROUNDING)


class TestAccessPatternStories:
    """The stories' archival days disagree with the seed's own formula; the formula wins
    (docs/lifecycle.md, "Access pattern stories")."""

    def test_one_off_mention_halves_in_35_days(self) -> None:
        assert after(35, state="active").salience == pytest.approx(0.25, rel=SEED_ROUNDING)

    def test_one_off_mention_archives_at_196_days_not_100(self) -> None:
        # 0.5 e^(-0.02 t) < 0.01  ⇔  t > ln(50) / 0.02 = 195.6 days
        assert days_until_below(0.5, 0.02, 0.01) == pytest.approx(math.log(50) / 0.02)
        at_100 = after(100, state="active")
        assert at_100.state == "active" and at_100.salience == pytest.approx(0.0677, abs=1e-3)
        assert after(195, state="active").state == "active"
        assert after(196, state="active").state == "archived"

    def test_low_confidence_candidate_archives_at_89_days_not_50(self) -> None:
        # 0.5 e^(-0.044 t) < 0.01  ⇔  t > ln(50) / 0.044 = 88.9 days; half-life 15.8 days
        assert round(half_life_days(0.044), 1) == 15.8
        assert after(88, state="candidate", confidence=0.4).state == "candidate"
        archived = after(89, state="candidate", confidence=0.4)
        assert archived.state == "archived" and archived.archived_reason == "salience"
        assert archived.archived_at == pytest.approx(
            T0 + timedelta(days=math.log(50) / 0.044), abs=timedelta(seconds=1))

    def test_high_confidence_candidate_persists(self) -> None:
        assert after(3650, state="candidate", confidence=0.9).salience == 0.5


class TestTTLPolicies:
    def test_keep_forever_pins_salience_and_never_archives(self) -> None:
        element = after(10_000, state="active", salience=0.001, ttl_policy="keep_forever")
        assert element.salience == 1.0 and element.state == "active"

    @pytest.mark.parametrize(("kind", "deadline"), [("Source", 30), ("Artifact", 30),
                                                     ("Person", 90), ("Concept", 90),
                                                     ("Entity", 90), ("relationship", 90)])
    def test_ephemeral_archives_at_deadline_despite_high_salience(self, kind: str,
                                                                  deadline: int) -> None:
        fields = dict(kind=kind, state="core", salience=1.0, recall_frequency=50,
                      ttl_policy="ephemeral")
        assert after(deadline - 0.01, **fields).state == "core"
        archived = after(deadline + 0.01, **fields)
        assert archived.state == "archived" and archived.archived_reason == "ttl"
        assert archived.archived_at == T0 + timedelta(days=deadline)

    def test_ephemeral_still_decays_and_archives_early_on_low_salience(self) -> None:
        archived = after(29, kind="Concept", state="active", salience=0.011,
                         ttl_policy="ephemeral")
        assert archived.state == "archived" and archived.archived_reason == "salience"

    def test_decay_policy_archives_below_threshold(self) -> None:
        archived = after(1, state="active", salience=0.0101)
        assert archived.state == "archived" and archived.salience < 0.01


class TestStateTransitions:
    @pytest.mark.parametrize("state", ["candidate", "active", "core"])
    def test_every_live_state_archives_below_threshold(self, state: str) -> None:
        element = after(400, state=state, confidence=0.5)
        assert element.state == "archived"

    def test_archived_keeps_decaying_at_the_plain_rate(self) -> None:
        element = after(35, state="archived", salience=0.008, confidence=0.4)
        assert element.salience == pytest.approx(0.008 * math.exp(-0.7))

    def test_rate_changes_at_the_archival_instant(self) -> None:
        # a 0.4-confidence candidate: 0.044/day until archived at t*, then 0.02/day
        t_star = math.log(50) / 0.044
        element = after(100, state="candidate", confidence=0.4)
        assert element.salience == pytest.approx(0.01 * math.exp(-0.02 * (100 - t_star)))


class TestSpacingEffect:
    def test_first_recall_changes_nothing(self) -> None:
        assert spacing_update(1.0, 0.0, None, T0) == SpacingUpdate(1.0, 0.0)

    def test_second_recall_records_the_interval(self) -> None:
        update = spacing_update(1.0, 0.0, T0, T0 + timedelta(days=3))
        assert update.decay_gradient == 1.0 and update.last_recall_interval == 3.0

    def test_longer_interval_slows_forgetting(self) -> None:
        update = spacing_update(1.0, 3.0, T0, T0 + timedelta(days=5))
        assert update.decay_gradient == pytest.approx(1.1)
        assert update.last_recall_interval == 5.0

    def test_shorter_interval_speeds_forgetting_down_to_the_floor(self) -> None:
        assert spacing_update(1.0, 5.0, T0, T0 + timedelta(days=1)).decay_gradient == \
            pytest.approx(0.95)
        assert spacing_update(0.52, 5.0, T0, T0 + timedelta(days=1)).decay_gradient == 0.5

    def test_equal_interval_keeps_gradient(self) -> None:
        assert spacing_update(1.2, 2.0, T0, T0 + timedelta(days=2)).decay_gradient == 1.2


elements = st.builds(
    Element,
    kind=st.sampled_from(["Person", "Concept", "Source", "relationship"]),
    salience=st.floats(0.0, 1.0),
    state=st.sampled_from(["candidate", "active", "core", "archived"]),
    confidence=st.floats(0.0, 1.0),
    recall_frequency=st.integers(0, 50),
    decay_gradient=st.floats(0.5, 3.0),
    ttl_policy=st.sampled_from(["decay", "ephemeral", "keep_forever"]),
    created_at=st.just(T0),
)


class TestIdempotence:
    @settings(max_examples=300, deadline=None)
    @given(element=elements, days=st.integers(1, 400))
    def test_once_after_n_days_equals_n_daily_runs(self, element: Element, days: int) -> None:
        once = decay(element, T0 + timedelta(days=days))
        daily = element
        for day in range(1, days + 1):
            daily = decay(daily, T0 + timedelta(days=day))
        assert daily.state == once.state
        assert daily.salience == pytest.approx(once.salience, rel=1e-9, abs=1e-15)
        if once.archived_at is not None:
            assert daily.archived_at == pytest.approx(once.archived_at,
                                                      abs=timedelta(milliseconds=1))

    @settings(max_examples=200, deadline=None)
    @given(element=elements, days=st.floats(0.0, 400.0))
    def test_running_twice_changes_nothing_the_second_time(self, element: Element,
                                                            days: float) -> None:
        first = decay(element, T0 + timedelta(days=days))
        assert decay(first, T0 + timedelta(days=days)) == first
