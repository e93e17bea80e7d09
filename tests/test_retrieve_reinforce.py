"""Seed 001 "Salience Updates": the Cypher write agrees with the pure rules, exactly."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest
from retrieve_data import add_node, props_of, relate, set_props

from memgraph.memory import Memory
from memgraph.retrieve.reinforce import Recall, next_state, reinforce, spacing
from memgraph.settings import LifecycleSettings

RULES = LifecycleSettings()
NOW = datetime(2025, 3, 1, 12, tzinfo=UTC)


@pytest.mark.parametrize("state, count_after, expected", [
    ("candidate", 1, "active"),
    ("active", 9, "active"),
    ("active", 10, "core"),
    ("core", 57, "core"),
    ("archived", 3, "active"),
    ("archived", 30, "active"),
])
def test_state_transitions(state: str, count_after: int, expected: str) -> None:
    assert next_state(state, count_after, RULES.core_after_accesses) == expected


def test_salience_rises_by_alpha_and_caps_at_one() -> None:
    assert reinforce(Recall(salience=0.5), NOW, RULES).salience == pytest.approx(0.6)
    assert reinforce(Recall(salience=0.95), NOW, RULES).salience == 1.0


def test_spacing_effect() -> None:
    day = timedelta(days=1)
    # first recall ever: no interval is known yet
    assert spacing(None, 0.0, 1.0, NOW, RULES) == (0.0, 1.0)
    # second recall: the interval is recorded, the gradient is not compared yet
    assert spacing(NOW - 2 * day, 0.0, 1.0, NOW, RULES) == (pytest.approx(2.0), 1.0)
    # a longer gap than last time: slower forgetting
    assert spacing(NOW - 5 * day, 2.0, 1.0, NOW, RULES) == (pytest.approx(5.0), pytest.approx(1.1))
    # a shorter gap: faster forgetting, never under the floor
    assert spacing(NOW - day, 2.0, 1.0, NOW, RULES) == (pytest.approx(1.0), pytest.approx(0.95))
    assert spacing(NOW - day, 2.0, 0.52, NOW, RULES)[1] == RULES.spacing_gradient_floor


def _recall(props: dict) -> Recall:
    last = props.get("last_accessed_at")
    return Recall(state=props["state"], salience=props["salience"],
                  access_count=props["access_count"],
                  recall_frequency=props["recall_frequency"],
                  last_accessed_at=last.to_native() if last is not None else None,
                  last_recall_interval=props["last_recall_interval"],
                  decay_gradient=props["decay_gradient"])


def test_explore_reinforces_nodes_and_relationships_like_the_rules(memory: Memory,
                                                                   user_id: str) -> None:
    g, emb = memory.graph, memory.embedder
    text = "Lena plays the cello in an orchestra"
    lena = add_node(g, user_id, "Person", "Lena", text=text, embedding=emb.embed(text))
    band = add_node(g, user_id, "Entity", "Orchestra", text="city orchestra")
    rel = relate(g, user_id, lena, "MEMBER_OF", band, description="Lena plays cello there")
    last = datetime.now(UTC) - timedelta(days=3)
    set_props(g, lena, state="active", access_count=9, salience=0.95,
              last_accessed_at=last, last_recall_interval=1.0, decay_gradient=1.0)
    before = {uid: _recall(props_of(g, uid)) for uid in (lena, rel)}

    results = memory.explore("Lena cello orchestra", user_id=user_id)
    assert {lena, rel} <= {r.uid for r in results}
    for uid in (lena, rel):
        after = props_of(g, uid)
        now = after["last_accessed_at"].to_native()
        expected = reinforce(before[uid], now, RULES)
        assert _recall(after) == Recall(**{**expected.__dict__,
                                           "last_recall_interval": pytest.approx(
                                               expected.last_recall_interval),
                                           "decay_gradient": pytest.approx(
                                               expected.decay_gradient),
                                           "salience": pytest.approx(expected.salience)})
    lena_after = props_of(g, lena)
    assert lena_after["state"] == "core" and lena_after["access_count"] == 10
    assert lena_after["salience"] == 1.0
    assert lena_after["decay_gradient"] == pytest.approx(1.1)   # 3 days > 1 day
    assert props_of(g, rel)["state"] == "active"


def test_candidate_becomes_active_and_archived_comes_back(memory: Memory,
                                                          user_id: str) -> None:
    g, emb = memory.graph, memory.embedder
    fresh = add_node(g, user_id, "Concept", "Origami", text="origami paper cranes",
                     embedding=emb.embed("origami paper cranes"))
    old = add_node(g, user_id, "Concept", "Kirigami", text="kirigami paper cutting",
                   embedding=emb.embed("kirigami paper cutting"), state="archived",
                   salience=0.005, access_count=12)
    memory.explore("paper cranes cutting", user_id=user_id, include_archived=True)
    assert props_of(g, fresh)["state"] == "active"
    revived = props_of(g, old)
    assert revived["state"] == "active"
    assert revived["salience"] == pytest.approx(0.105)
    assert revived["access_count"] == 13 and revived["recall_frequency"] == 1


def test_every_returned_element_is_reinforced_once_per_call(memory: Memory,
                                                            user_id: str) -> None:
    g, emb = memory.graph, memory.embedder
    uids = [add_node(g, user_id, "Source", f"s{i}", text=f"violin lesson {i}",
                     embedding=emb.embed(f"violin lesson {i}")) for i in range(4)]
    results = memory.explore("violin lesson", user_id=user_id, k=3)
    returned = {r.uid for r in results}
    assert len(returned) == 3
    for uid in uids:
        p = props_of(g, uid)
        assert p["access_count"] == (1 if uid in returned else 0)


def test_concurrent_explores_count_every_access(memory: Memory, user_id: str) -> None:
    """8 threads x 40 explores of the same results: every increment lands (the count was
    read before the write lock and ~2/3 of them were lost), so promotion to core, which
    depends on access_count, sees every retrieval."""
    g, emb = memory.graph, memory.embedder
    uids = [add_node(g, user_id, "Concept", f"Tide pool {i}", text=f"tide pool crabs {i}",
                     embedding=emb.embed(f"tide pool crabs {i}")) for i in range(3)]
    threads, rounds = 8, 40
    barrier = threading.Barrier(threads)

    def explorer() -> int:
        barrier.wait()
        returned = 0
        for _ in range(rounds):
            results = memory.explore("tide pool crabs", user_id=user_id, k=3)
            returned += sum(r.uid in uids for r in results)
        return returned

    with ThreadPoolExecutor(max_workers=threads) as pool:
        returned = sum(pool.map(lambda _: explorer(), range(threads)))
    assert returned == threads * rounds * len(uids)
    for uid in uids:
        p = props_of(g, uid)
        assert p["recall_frequency"] == threads * rounds
        assert p["access_count"] == threads * rounds
        assert p["state"] == "core"
