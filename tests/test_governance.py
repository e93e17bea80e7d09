"""Governance hooks (seed 001): a memory's TTL policy set by hand or at ingestion, and the
nightly decay honouring it: keep_forever never fades, ephemeral expires on its deadline."""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime, timedelta

import pytest
from click.testing import CliRunner
from jobs_support import T0, make_node, make_rel, node, rel

from memgraph.cli.main import cli
from memgraph.errors import InvalidInputError, NotFoundError
from memgraph.graph.connection import Graph
from memgraph.memory import Memory


class TestSetPolicy:
    def test_a_pinned_node_never_fades(self, memory: Memory, graph: Graph,
                                       user_id: str) -> None:
        anna = make_node(graph, user_id, "Person", "Anna", state="active", salience=0.3)
        change = memory.set_ttl_policy("Anna", "keep_forever", user_id=user_id)
        assert (change.uid, change.policy_before, change.policy) == (anna, "decay",
                                                                     "keep_forever")
        assert node(graph, anna)["salience"] == 1.0
        memory.run_job("decay", user_id=user_id, as_of=T0 + timedelta(days=400))
        got = node(graph, anna)
        assert (got["state"], got["salience"]) == ("active", 1.0)

    def test_pinning_an_archived_memory_brings_it_back(self, memory: Memory, graph: Graph,
                                                       user_id: str) -> None:
        old = make_node(graph, user_id, "Concept", "origami", state="archived",
                        salience=0.004, archived_reason="salience", archived_at=T0)
        change = memory.set_ttl_policy(old, "keep_forever", user_id=user_id)
        assert (change.state_before, change.state) == ("archived", "active")
        got = node(graph, old)
        assert got["state"] == "active" and "archived_reason" not in got

    def test_unpinned_it_decays_again(self, memory: Memory, graph: Graph,
                                      user_id: str) -> None:
        uid = make_node(graph, user_id, "Concept", "chess", state="active",
                        ttl_policy="keep_forever", salience=1.0)
        memory.set_ttl_policy(uid, "decay", user_id=user_id)
        memory.run_job("decay", user_id=user_id, as_of=T0 + timedelta(days=35))
        assert node(graph, uid)["salience"] == pytest.approx(math.exp(-0.02 * 35))

    def test_an_ephemeral_memory_is_archived_at_its_deadline_however_salient(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        uid = make_node(graph, user_id, "Concept", "conference wifi", state="core",
                        salience=0.95)
        memory.set_ttl_policy(uid, "ephemeral", user_id=user_id)
        memory.run_job("decay", user_id=user_id, as_of=T0 + timedelta(days=89))
        assert node(graph, uid)["state"] == "core"
        memory.run_job("decay", user_id=user_id, as_of=T0 + timedelta(days=91))
        got = node(graph, uid)
        assert (got["state"], got["archived_reason"]) == ("archived", "ttl")

    def test_a_relationship_by_uid(self, memory: Memory, graph: Graph, user_id: str) -> None:
        a, b = (make_node(graph, user_id, "Person", name) for name in ("Ann", "Bob"))
        r = make_rel(graph, user_id, a, b, "FRIEND_OF", state="active", salience=0.2)
        change = memory.set_ttl_policy(r, "keep_forever", user_id=user_id)
        assert (change.kind, change.name) == ("relationship", "Ann FRIEND_OF Bob")
        assert rel(graph, r)["ttl_policy"] == "keep_forever"
        assert rel(graph, r)["salience"] == 1.0

    def test_unknown_ambiguous_and_foreign_targets_are_refused(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        make_node(graph, user_id, "Person", "Jordan")
        make_node(graph, user_id, "Entity", "Jordan")
        theirs = make_node(graph, f"{user_id}-x", "Person", "Kim")
        try:
            with pytest.raises(InvalidInputError, match="names 2 memories"):
                memory.set_ttl_policy("Jordan", "keep_forever", user_id=user_id)
            with pytest.raises(NotFoundError):
                memory.set_ttl_policy("Nobody", "decay", user_id=user_id)
            with pytest.raises(NotFoundError):
                memory.set_ttl_policy(theirs, "decay", user_id=user_id)
            with pytest.raises(InvalidInputError, match="ttl_policy must be one of"):
                memory.set_ttl_policy("Jordan", "forever", user_id=user_id)
            assert node(graph, theirs)["ttl_policy"] == "decay"
        finally:
            with graph.session() as session:
                session.run("MATCH (n:Memory {uid: $uid}) DELETE n", uid=theirs).consume()


class TestPolicyAtIngestion:
    def test_an_ephemeral_source_expires_30_days_after_it_was_written(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        result = memory.ingest("The meeting room code is 4711.", user_id=user_id,
                               ttl_policy="ephemeral")
        assert node(graph, result.source_uid)["ttl_policy"] == "ephemeral"
        now = datetime.now(UTC)
        memory.run_job("decay", user_id=user_id, as_of=now + timedelta(days=29), simulate=True)
        assert node(graph, result.source_uid)["state"] != "archived"
        memory.run_job("decay", user_id=user_id, as_of=now + timedelta(days=31), simulate=True)
        got = node(graph, result.source_uid)
        assert (got["state"], got["archived_reason"]) == ("archived", "ttl")
        assert got["raw_content"] == "The meeting room code is 4711."

    def test_a_keep_forever_source_starts_pinned(self, memory: Memory, graph: Graph,
                                                 user_id: str) -> None:
        result = memory.ingest("Our wedding day was 12 June 2015.", user_id=user_id,
                               ttl_policy="keep_forever")
        got = node(graph, result.source_uid)
        assert (got["ttl_policy"], got["salience"]) == ("keep_forever", 1.0)

    def test_structured_records_carry_a_policy(self, memory: Memory, graph: Graph,
                                               user_id: str) -> None:
        memory.ingest_records([{"content": "badge 77", "ttl_policy": "ephemeral"},
                               {"content": "kept"}], user_id=user_id)
        with graph.session() as session:
            policies = {r["c"]: r["p"] for r in session.run(
                "MATCH (s:Source {user_id: $u}) RETURN s.raw_content AS c, s.ttl_policy AS p",
                u=user_id)}
        assert policies == {"badge 77": "ephemeral", "kept": "decay"}

    def test_a_structured_record_with_a_bad_policy_is_rejected_alone(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        result = memory.ingest_records([{"content": "a", "ttl_policy": "sometimes"},
                                        {"content": "b"}], user_id=user_id)
        assert (result.failed, result.created) == (1, 1)
        assert any("ttl_policy must be one of" in e for e in result.errors)

    def test_a_bad_policy_is_refused_before_anything_is_written(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        with pytest.raises(InvalidInputError, match="ttl_policy must be one of"):
            memory.ingest("text", user_id=user_id, ttl_policy="sometimes")
        assert memory.status(user_id=user_id)["counts"] == []


class TestCli:
    def test_policy_prints_one_line_or_json(self, memory: Memory, graph: Graph,
                                            user_id: str) -> None:
        uid = make_node(graph, user_id, "Entity", "Lisbon", state="active")
        out = CliRunner().invoke(cli, ["policy", "Lisbon", "keep_forever", "--user", user_id])
        assert out.exit_code == 0, out.output
        assert out.output.count("\n") == 1 and "decay → keep_forever" in out.output
        out = CliRunner().invoke(cli, ["policy", uid, "decay", "--user", user_id, "--json"])
        assert json.loads(out.output)["policy_before"] == "keep_forever"

    def test_errors_are_one_line(self, memory: Memory, user_id: str) -> None:
        out = CliRunner().invoke(cli, ["policy", "Nobody", "decay", "--user", user_id])
        assert out.exit_code != 0 and out.output.count("\n") == 1
        assert "Traceback" not in out.output

    def test_ingest_takes_a_policy(self, memory: Memory, graph: Graph, user_id: str) -> None:
        out = CliRunner().invoke(cli, ["ingest", "door code 1234", "--user", user_id,
                                       "--ttl-policy", "ephemeral", "--json"])
        assert out.exit_code == 0, out.output
        assert node(graph, json.loads(out.output)["source_uid"])["ttl_policy"] == "ephemeral"
