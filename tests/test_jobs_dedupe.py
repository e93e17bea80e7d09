"""Reflect / merge duplicates / prune: near-duplicates (cosine >= 0.85, same kind and
user) merge into the strongest with everything moved, every merge is logged and undoable."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest
from click.testing import CliRunner
from jobs_support import T0, dry_run_counts, make_node, make_rel, node, rel

from memgraph.cli.main import cli
from memgraph.errors import InvalidInputError, NotFoundError
from memgraph.graph.connection import Graph
from memgraph.graph.notes import Note
from memgraph.graph.vocabulary import Kind
from memgraph.jobs.dedupe import merge, similar_pairs
from memgraph.memory import Memory

NOW = T0 + timedelta(days=3)


def vector(angle: float) -> list[float]:
    """Unit vectors in a plane: cosine between two of them is cos(angle difference)."""
    return [math.cos(angle), math.sin(angle)] + [0.0] * 382


def twins(graph: Graph, user_id: str) -> tuple[str, str, str, str]:
    ada = make_node(graph, user_id, "Person", "Ada Lovelace", salience=0.8, access_count=4,
                    embedding=vector(0.0), aliases=["Ada"],
                    notes=[Note.new("wrote the first program", "forever", T0)])
    dup = make_node(graph, user_id, "Person", "Ada L.", salience=0.4, access_count=1,
                    embedding=vector(0.3), aliases=["Countess"],   # cos 0.3 = 0.955
                    notes=[Note.new("likes horses", "year", T0, source_id="s9")])
    babbage = make_node(graph, user_id, "Person", "Charles Babbage", embedding=vector(1.2))
    src = make_node(graph, user_id, "Source", "chat")
    make_rel(graph, user_id, dup, babbage, "COLLEAGUE_OF", description="worked together")
    make_rel(graph, user_id, src, dup, "MENTIONS", lifecycle_props=False)
    make_rel(graph, user_id, dup, ada, "RELATED_TO", description="same person?")
    return ada, dup, babbage, src


def neighbours(graph: Graph, uid: str) -> set[tuple[str, str, str]]:
    with graph.session() as session:
        rows = session.run("MATCH (n:Memory {uid: $uid})-[r]-(m) RETURN type(r) AS t, "
                           "CASE WHEN startNode(r) = n THEN 'out' ELSE 'in' END AS d, "
                           "m.uid AS m", uid=uid).data()
    return {(r["t"], r["d"], r["m"]) for r in rows}


class TestMerge:
    def test_duplicate_merges_into_the_strongest(self, memory: Memory, graph: Graph,
                                                 user_id: str) -> None:
        ada, dup, babbage, src = twins(graph, user_id)
        report = memory.run_job("dedupe", user_id=user_id, as_of=NOW)
        assert report.counts["merged"] == 1 and report.counts["duplicate_clusters"] == 1
        assert node(graph, dup) is None
        got = node(graph, ada)
        assert got["aliases"] == ["Ada", "Ada L.", "ada l.", "Countess"]
        assert got["notes"] == ["wrote the first program", "likes horses"]
        assert got["notes_source"] == ["", "s9"]
        assert got["access_count"] == 5 and got["is_dirty"] is True
        assert neighbours(graph, ada) == {("COLLEAGUE_OF", "out", babbage),
                                          ("MENTIONS", "in", src)}
        [log] = memory.merges(user_id=user_id)
        assert (log["winner_uid"], log["loser_uid"]) == (ada, dup)
        assert log["similarity"] == pytest.approx(math.cos(0.3), rel=1e-5)
        assert log["relationships_moved"] == 2

    def test_the_winner_was_last_told_about_when_either_was(self, memory: Memory,
                                                            graph: Graph, user_id: str) -> None:
        ada = make_node(graph, user_id, "Person", "Ada Lovelace", salience=0.8,
                        embedding=vector(0.0), told_at=T0)
        dup = make_node(graph, user_id, "Person", "Ada L.", salience=0.4,
                        embedding=vector(0.3), told_at=T0 + timedelta(days=1))
        memory.run_job("dedupe", user_id=user_id, as_of=NOW)
        assert node(graph, dup) is None
        assert node(graph, ada)["told_at"] == T0 + timedelta(days=1)

    def test_different_kinds_users_and_dissimilar_nodes_stay(self, memory: Memory,
                                                             graph: Graph, user_id: str) -> None:
        other = user_id + "-other"
        try:
            a = make_node(graph, user_id, "Concept", "chess", embedding=vector(0.0))
            b = make_node(graph, user_id, "Entity", "chess club", embedding=vector(0.0))
            c = make_node(graph, user_id, "Concept", "cooking", embedding=vector(0.6))  # 0.825
            d = make_node(graph, other, "Concept", "chess", embedding=vector(0.0))
            report = memory.run_job("dedupe", user_id=user_id, as_of=NOW)
            assert report.counts.get("merged", 0) == 0
            assert all(node(graph, x) for x in (a, b, c, d))
        finally:
            graph.run_autocommit("graph/delete_user", user_id=other)

    def test_people_and_entities_must_have_names_that_agree(self, memory: Memory,
                                                            graph: Graph, user_id: str) -> None:
        tom = make_node(graph, user_id, "Person", "Tom", embedding=vector(0.0))
        tim = make_node(graph, user_id, "Person", "Tim", embedding=vector(0.0))
        madrid = make_node(graph, user_id, "Entity", "Madrid", embedding=vector(0.0))
        barcelona = make_node(graph, user_id, "Entity", "Barcelona", embedding=vector(0.0))
        lgbtq = make_node(graph, user_id, "Entity", "LGBTQ", embedding=vector(0.0),
                          salience=0.6)     # the stronger wins the merge
        lgbt = make_node(graph, user_id, "Entity", "LGBT", embedding=vector(0.0))
        memory.run_job("dedupe", user_id=user_id, as_of=NOW)
        assert all(node(graph, x) for x in (tom, tim, madrid, barcelona))
        assert [(log["winner_name"], log["loser_name"])
                for log in memory.merges(user_id=user_id)] == [("LGBTQ", "LGBT")]
        assert node(graph, lgbtq) and not node(graph, lgbt)

    def test_entities_of_two_known_types_stay_two(self, memory: Memory, graph: Graph,
                                                  user_id: str) -> None:
        # a university named after its city is not the city, however alike they embed
        school = make_node(graph, user_id, "Entity", "TU Berlin", embedding=vector(0.0),
                           entity_type="organisation")
        city = make_node(graph, user_id, "Entity", "Berlin", embedding=vector(0.0),
                         entity_type="place", salience=0.6)
        district = make_node(graph, user_id, "Entity", "Berlin Mitte", embedding=vector(0.0),
                             entity_type="place")
        memory.run_job("dedupe", user_id=user_id, as_of=NOW)
        assert [(log["winner_name"], log["loser_name"])
                for log in memory.merges(user_id=user_id)] == [("Berlin", "Berlin Mitte")]
        assert node(graph, school) and node(graph, city) and not node(graph, district)

    def test_concepts_that_share_a_word_must_have_names_that_agree(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        # two jobs that embed alike because of the word they share stay two
        engineer = make_node(graph, user_id, "Concept", "data engineer", embedding=vector(0.0))
        analyst = make_node(graph, user_id, "Concept", "data analyst", embedding=vector(0.0))
        # a common noun in two spellings is one, by its embedding alone
        hiking = make_node(graph, user_id, "Concept", "hiking", embedding=vector(2.0),
                           salience=0.6)
        hike = make_node(graph, user_id, "Concept", "hike", embedding=vector(2.0))
        memory.run_job("dedupe", user_id=user_id, as_of=NOW)
        assert node(graph, engineer) and node(graph, analyst)
        assert [(log["winner_name"], log["loser_name"])
                for log in memory.merges(user_id=user_id)] == [("hiking", "hike")]
        assert node(graph, hiking) and not node(graph, hike)

    def test_dry_run_changes_nothing(self, memory: Memory, graph: Graph, user_id: str) -> None:
        twins(graph, user_id)
        assert dry_run_counts(memory, graph, user_id, "dedupe", as_of=NOW)["would_merge"] == 1


class TestUndo:
    def test_undo_restores_the_node_and_its_relationships(self, memory: Memory, graph: Graph,
                                                          user_id: str) -> None:
        ada, dup, _babbage, _src = twins(graph, user_id)
        before_dup, before_ada = node(graph, dup), node(graph, ada)
        before_neighbours = {x: neighbours(graph, x) for x in (ada, dup)}
        memory.run_job("dedupe", user_id=user_id, as_of=NOW)
        [log] = memory.merges(user_id=user_id)
        result = memory.undo_merge(log["merge_id"], user_id=user_id)
        assert result["back_out"] + result["back_in"] == 2 and result["between_restored"] == 1
        assert node(graph, dup) == before_dup
        assert {x: neighbours(graph, x) for x in (ada, dup)} == before_neighbours
        restored = node(graph, ada)
        for key in ("aliases", "notes", "notes_source", "access_count"):
            assert restored[key] == before_ada[key]
        assert memory.merges(user_id=user_id)[0]["undone_at"] is not None
        with pytest.raises(InvalidInputError, match="already undone"):
            memory.undo_merge(log["merge_id"], user_id=user_id)

    def test_undo_unknown_merge(self, memory: Memory, user_id: str) -> None:
        with pytest.raises(NotFoundError):
            memory.undo_merge("nope", user_id=user_id)
        out = CliRunner().invoke(cli, ["jobs", "undo-merge", "nope"])
        assert out.exit_code == 3 and "no merge" in out.output

    def test_merged_relationship_properties_survive_the_round_trip(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        _ada, dup, _babbage, _ = twins(graph, user_id)
        with graph.session() as session:
            uid = session.run("MATCH (:Memory {uid: $d})-[r:COLLEAGUE_OF]->() RETURN r.uid AS u",
                              d=dup).single()["u"]
        before = rel(graph, uid)
        memory.run_job("dedupe", user_id=user_id, as_of=NOW)
        assert rel(graph, uid)["merged_from"]
        memory.undo_merge(memory.merges(user_id=user_id)[0]["merge_id"], user_id=user_id)
        assert rel(graph, uid) == before


    def test_chained_merges_undo_newest_first(self, memory: Memory, graph: Graph,
                                              user_id: str) -> None:
        # A absorbed B, then C absorbed A: undoing both, newest first, gives back A, B and
        # C as they were, every relationship on its own node again.
        ada, dup, babbage, src = twins(graph, user_id)
        countess = make_node(graph, user_id, "Person", "Countess Ada", salience=0.9,
                             access_count=2, embedding=vector(0.1), aliases=["Lady Ada"],
                             notes=[Note.new("rode horses", "year", T0)])
        make_rel(graph, user_id, babbage, countess, "KNOWS", description="met at a salon")
        make_rel(graph, user_id, ada, countess, "RELATED_TO", description="same person?")
        people = (ada, dup, countess, babbage, src)
        with graph.session() as session:
            rel_uids = [r["u"] for r in session.run(
                "MATCH (n:Memory {user_id: $u})-[r]->() RETURN r.uid AS u", u=user_id)]
        before = {uid: node(graph, uid) for uid in people}
        before_rels = {uid: rel(graph, uid) for uid in rel_uids}
        before_neighbours = {uid: neighbours(graph, uid) for uid in people}
        first = merge(graph, user_id, Kind.PERSON, ada, dup, 0.95, NOW, "run-1")
        second = merge(graph, user_id, Kind.PERSON, countess, ada, 0.9,
                       NOW + timedelta(days=1), "run-2")
        assert node(graph, ada) is None and node(graph, dup) is None
        with pytest.raises(InvalidInputError, match=f"merge {second}\\); undo that merge first"):
            memory.undo_merge(first, user_id=user_id)      # its winner is merged away
        memory.undo_merge(second, user_id=user_id)
        memory.undo_merge(first, user_id=user_id)
        assert {uid: neighbours(graph, uid) for uid in people} == before_neighbours
        assert {uid: rel(graph, uid) for uid in rel_uids} == before_rels
        assert node(graph, dup) == before[dup]
        for uid in (ada, countess):
            got = node(graph, uid)
            for key in ("name", "aliases", "notes", "notes_source", "notes_expires_at",
                        "access_count", "recall_frequency", "description", "salience"):
                assert got.get(key) == before[uid].get(key), (uid, key)


class TestIncremental:
    def test_later_runs_compare_only_what_was_written_since(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        chess = make_node(graph, user_id, "Concept", "chess", salience=0.9,
                          embedding=vector(0.0))
        first = memory.run_job("dedupe", user_id=user_id, as_of=NOW)
        assert first.counts["compared_new"] == 1 and first.counts.get("merged", 0) == 0
        # Written before that run: already compared then, so not again (only --all does).
        old_a = make_node(graph, user_id, "Concept", "go", salience=0.5, embedding=vector(1.0))
        old_b = make_node(graph, user_id, "Concept", "go game", salience=0.4,
                          embedding=vector(1.1))
        # Written after it (ingestion stamps real time): compared with everything.
        new = make_node(graph, user_id, "Concept", "chess game", salience=0.3,
                        embedding=vector(0.2), created_at=datetime.now(UTC),
                        updated_at=datetime.now(UTC))
        second = memory.run_job("dedupe", user_id=user_id, as_of=NOW)
        assert second.counts["compared_new"] == 1 and second.counts["merged"] == 1
        assert node(graph, new) is None and node(graph, chess) is not None
        assert node(graph, old_a) is not None and node(graph, old_b) is not None
        everything = memory.run_job("dedupe", user_id=user_id, as_of=NOW, all_elements=True)
        assert everything.counts["merged"] == 1 and node(graph, old_b) is None

    def test_an_undone_merge_is_never_redone(self, memory: Memory, graph: Graph,
                                             user_id: str) -> None:
        ada, dup, _babbage, _src = twins(graph, user_id)
        memory.run_job("dedupe", user_id=user_id, as_of=NOW)
        memory.undo_merge(memory.merges(user_id=user_id)[0]["merge_id"], user_id=user_id)
        again = memory.run_job("dedupe", user_id=user_id, as_of=NOW, all_elements=True)
        assert again.counts.get("merged", 0) == 0
        assert node(graph, ada) is not None and node(graph, dup) is not None


class TestSimilarity:
    def test_blocks_and_new_only_comparisons_find_the_same_pairs(self) -> None:
        rng = np.random.default_rng(7)
        vectors = rng.normal(size=(60, 8)).astype(np.float32)
        vectors[30:] = vectors[:30] + rng.normal(scale=0.05, size=(30, 8))
        whole = similar_pairs(vectors, 0.9)
        assert len(whole) >= 30
        blocked = similar_pairs(vectors, 0.9, block=7)
        assert [p[:2] for p in blocked] == [p[:2] for p in whole]
        assert [p[2] for p in blocked] == pytest.approx([p[2] for p in whole], abs=1e-6)
        among = list(range(45, 60))
        assert [p[:2] for p in similar_pairs(vectors, 0.9, among=among, block=100)] == [
            (i, j) for i, j, _ in whole if i in among or j in among]


class TestPrune:
    def test_live_nodes_below_threshold_are_archived(self, memory: Memory, graph: Graph,
                                                     user_id: str) -> None:
        faded = make_node(graph, user_id, "Concept", state="active", salience=0.005)
        pinned = make_node(graph, user_id, "Concept", state="active", salience=0.005,
                           ttl_policy="keep_forever")
        report = memory.run_job("dedupe", user_id=user_id, as_of=NOW)
        assert node(graph, faded)["state"] == "archived"
        assert node(graph, faded)["archived_reason"] == "pruned"
        assert node(graph, pinned)["state"] == "active"
        assert report.counts["pruned"] == 1
