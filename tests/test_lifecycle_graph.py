"""The decay job on the real graph: same numbers as the pure functions, idempotent, every
TTL policy and transition, nodes and relationships alike, and dry runs change nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jobs_support import T0, make_node, make_rel, node, rel, snapshot

from memgraph.graph.connection import Graph
from memgraph.lifecycle.salience import Element, decay
from memgraph.memory import Memory


def run_decay(memory: Memory, user_id: str, days: float, **kwargs: object):
    # A simulation of the test's own tenant: the property tests run years past today.
    return memory.run_job("decay", user_id=user_id, as_of=T0 + timedelta(days=days),
                          simulate=True, **kwargs)


def as_element(kind: str, props: dict) -> Element:
    fields = {k: props.get(k) for k in ("salience", "state", "confidence", "recall_frequency",
                                         "decay_gradient", "ttl_policy", "created_at",
                                         "last_accessed_at", "last_decayed_at")}
    return Element(kind=kind, **fields)


graph_elements = st.fixed_dictionaries({
    "kind": st.sampled_from(["Person", "Concept", "Source", "Artifact"]),
    "salience": st.floats(0.0, 1.0),
    "state": st.sampled_from(["candidate", "active", "core"]),
    "confidence": st.floats(0.0, 1.0),
    "recall_frequency": st.integers(0, 30),
    "decay_gradient": st.floats(0.5, 2.5),
    "ttl_policy": st.sampled_from(["decay", "ephemeral", "keep_forever"]),
    "accessed_days": st.one_of(st.none(), st.floats(0.0, 20.0)),
})


class TestGraphAgreesWithPureFunctions:
    @settings(max_examples=25, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(spec=graph_elements, steps=st.lists(st.floats(0.5, 120.0), min_size=1, max_size=4))
    def test_cypher_decay_matches_python(self, memory: Memory, graph: Graph, user_id: str,
                                         spec: dict, steps: list[float]) -> None:
        spec = dict(spec)
        kind, accessed = spec.pop("kind"), spec.pop("accessed_days")
        if accessed is not None:
            spec["last_accessed_at"] = T0 + timedelta(days=accessed)
        uid = make_node(graph, user_id, kind, **spec)
        expected = as_element(kind, node(graph, uid))
        elapsed = 0.0
        for step in steps:
            elapsed += step
            run_decay(memory, user_id, elapsed)
            expected = decay(expected, T0 + timedelta(days=elapsed))
        got = node(graph, uid)
        assert got["state"] == expected.state
        assert got["salience"] == pytest.approx(expected.salience, rel=1e-9, abs=1e-12)
        if expected.archived_at is not None:
            assert got["archived_reason"] == expected.archived_reason
            assert got["archived_at"] == pytest.approx(expected.archived_at,
                                                       abs=timedelta(milliseconds=1))


class TestIdempotenceOnTheGraph:
    def test_once_after_30_days_equals_daily_for_30_days(self, memory: Memory, graph: Graph,
                                                         user_id: str) -> None:
        specs = [dict(state="active"), dict(state="candidate", confidence=0.4, salience=0.02),
                 dict(state="core", recall_frequency=12, decay_gradient=1.3),
                 dict(state="active", ttl_policy="ephemeral", salience=0.9)]
        once_user, daily_user = user_id, user_id + "-daily"
        try:
            pairs = []
            for spec in specs:
                a = make_node(graph, once_user, "Concept", **spec)
                b = make_node(graph, daily_user, "Concept", **spec)
                pairs.append((a, b, make_rel(graph, once_user, a, a, **spec),
                              make_rel(graph, daily_user, b, b, **spec)))
            run_decay(memory, once_user, 30)
            for day in range(1, 31):
                run_decay(memory, daily_user, day)
            for a, b, ra, rb in pairs:
                for x, y in ((node(graph, a), node(graph, b)), (rel(graph, ra), rel(graph, rb))):
                    assert x["salience"] == pytest.approx(y["salience"], rel=1e-9)
                    assert x["state"] == y["state"]
        finally:
            graph.run_autocommit("graph/delete_user", user_id=daily_user)

    def test_second_run_at_the_same_time_changes_nothing(self, memory: Memory, graph: Graph,
                                                         user_id: str) -> None:
        a = make_node(graph, user_id, "Person", state="active")
        make_rel(graph, user_id, a, make_node(graph, user_id, "Concept"), state="active")
        first = run_decay(memory, user_id, 40)
        before = snapshot(graph, user_id)
        second = run_decay(memory, user_id, 40)
        assert snapshot(graph, user_id) == before
        assert first.counts["nodes_decayed"] == 2 and first.counts["relationships_decayed"] == 1
        assert second.counts["nodes_decayed"] == 0


class TestPoliciesAndTransitionsOnTheGraph:
    def test_keep_forever_is_pinned(self, memory: Memory, graph: Graph, user_id: str) -> None:
        uid = make_node(graph, user_id, "Person", salience=0.2, state="active",
                        ttl_policy="keep_forever")
        report = run_decay(memory, user_id, 5000)
        assert node(graph, uid)["salience"] == 1.0 and node(graph, uid)["state"] == "active"
        assert report.counts["nodes_pinned"] == 1

    @pytest.mark.parametrize(("kind", "days"), [("Source", 30), ("Artifact", 30),
                                                ("Entity", 90)])
    def test_ephemeral_deadline(self, memory: Memory, graph: Graph, user_id: str, kind: str,
                                days: int) -> None:
        uid = make_node(graph, user_id, kind, salience=1.0, state="core", recall_frequency=40,
                        ttl_policy="ephemeral")
        run_decay(memory, user_id, days - 0.5)
        assert node(graph, uid)["state"] == "core"
        report = run_decay(memory, user_id, days + 0.5)
        got = node(graph, uid)
        assert got["state"] == "archived" and got["archived_reason"] == "ttl"
        assert got["archived_at"] == pytest.approx(T0 + timedelta(days=days),
                                                   abs=timedelta(milliseconds=1))
        assert report.counts["nodes_archived_ttl"] == 1

    def test_ephemeral_relationship_uses_the_semantic_deadline(self, memory: Memory,
                                                               graph: Graph, user_id: str) -> None:
        a, b = make_node(graph, user_id, "Person"), make_node(graph, user_id, "Person")
        r = make_rel(graph, user_id, a, b, salience=1.0, state="core", recall_frequency=40,
                     ttl_policy="ephemeral")
        run_decay(memory, user_id, 89)
        assert rel(graph, r)["state"] == "core"
        report = run_decay(memory, user_id, 91)
        assert rel(graph, r)["state"] == "archived"
        assert report.counts["relationships_archived_ttl"] == 1

    @pytest.mark.parametrize("state", ["candidate", "active", "core"])
    def test_salience_archival_from_every_live_state(self, memory: Memory, graph: Graph,
                                                     user_id: str, state: str) -> None:
        uid = make_node(graph, user_id, "Concept", state=state, confidence=0.5)
        run_decay(memory, user_id, 300)
        got = node(graph, uid)
        assert got["state"] == "archived" and got["archived_reason"] == "salience"
        assert got["salience"] < 0.01

    def test_high_confidence_candidate_untouched(self, memory: Memory, graph: Graph,
                                                 user_id: str) -> None:
        uid = make_node(graph, user_id, "Entity", state="candidate", confidence=0.9)
        run_decay(memory, user_id, 1000)
        assert node(graph, uid)["salience"] == 0.5 and node(graph, uid)["state"] == "candidate"

    def test_access_resets_the_anchor(self, memory: Memory, graph: Graph,
                                      user_id: str) -> None:
        uid = make_node(graph, user_id, "Concept", state="active",
                        last_accessed_at=T0 + timedelta(days=30))
        run_decay(memory, user_id, 65)   # 35 days unused
        assert node(graph, uid)["salience"] == pytest.approx(0.5 * 2.718281828 ** -0.7)

    def test_tenants_are_isolated(self, memory: Memory, graph: Graph, user_id: str) -> None:
        other = user_id + "-other"
        try:
            theirs = make_node(graph, other, "Concept", state="active")
            run_decay(memory, user_id, 100)
            assert node(graph, theirs)["salience"] == 0.5
        finally:
            graph.run_autocommit("graph/delete_user", user_id=other)


class TestDryRun:
    def test_dry_run_reports_and_changes_nothing(self, memory: Memory, graph: Graph,
                                                 user_id: str) -> None:
        a = make_node(graph, user_id, "Concept", state="candidate", confidence=0.4)
        make_rel(graph, user_id, a, make_node(graph, user_id, "Source", ttl_policy="ephemeral"),
                 state="active")
        before = snapshot(graph, user_id)
        report = run_decay(memory, user_id, 200, dry_run=True)
        assert snapshot(graph, user_id) == before
        assert report.counts["nodes_archived_salience"] == 1
        assert report.counts["nodes_archived_ttl"] == 1
        assert memory.job_history(user_id=user_id) == []


class TestAllTenants:
    def test_an_all_users_run_covers_every_tenant(self, memory: Memory, graph: Graph,
                                                  user_id: str) -> None:
        # A dry run: the shared development server holds other engineers' tenants too.
        other = user_id + "-other"
        try:
            mine = make_node(graph, user_id, "Concept", state="active", salience=0.001)
            make_node(graph, other, "Concept", state="active", salience=0.001)
            tenants = {row["user_id"] for row in graph.read("lifecycle/user_ids")}
            assert {user_id, other} <= tenants
            before = node(graph, mine)
            report = memory.run_job("decay", all_users=True, as_of=T0 + timedelta(days=1),
                                    dry_run=True)
            assert report.counts["nodes_archived_salience"] >= 2
            assert node(graph, mine) == before
        finally:
            graph.run_autocommit("graph/delete_user", user_id=other)
