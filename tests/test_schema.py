"""`memgraph init`: versioned, idempotent schema; every index ONLINE; vector size checked."""

from __future__ import annotations

import re

import pytest
from support import assert_one_line_error, run_cli

from memgraph import cypher
from memgraph.errors import SchemaError
from memgraph.graph.connection import Graph
from memgraph.graph.schema import SCHEMA_VERSION, apply_schema, recorded_version
from memgraph.graph.vocabulary import RELATIONSHIP_TYPES
from memgraph.memory import Memory
from memgraph.providers.embeddings import HashingEmbedder


def _declared(kind: str) -> set[str]:
    pattern = re.compile(rf"CREATE {kind} (\w+) IF NOT EXISTS")
    return {m.group(1) for version in range(1, SCHEMA_VERSION + 1)
            for s in cypher.statements(f"schema/v{version}") if (m := pattern.search(s))}


def test_init_twice_changes_nothing_the_second_time(memory: Memory, graph: Graph) -> None:
    before_indexes = graph.read("graph/index_states")
    report = memory.init()
    assert report.changed is False
    assert report.version == SCHEMA_VERSION
    assert graph.read("graph/index_states") == before_indexes


def test_every_declared_constraint_and_index_exists_and_is_online(memory: Memory,
                                                                 graph: Graph) -> None:
    indexes = {r["name"]: r["state"] for r in graph.read("graph/index_states")}
    constraints = {r["name"] for r in graph.read("graph/constraints")}
    declared_indexes = (_declared("INDEX") | _declared("FULLTEXT INDEX")
                        | _declared("VECTOR INDEX"))
    assert _declared("CONSTRAINT") <= constraints
    assert declared_indexes <= set(indexes)
    assert all(indexes[name] == "ONLINE" for name in declared_indexes)
    assert len(declared_indexes) > 30


def test_init_takes_summaries_out_of_the_evidences_indexes_when_they_were_in_them(
        memory: Memory, graph: Graph, user_id: str) -> None:
    """Before v6, `memory_text` held Storylines and Macros beside the evidence and their
    vectors were in the shared vector index; `init` rebuilds `memory_text` without them,
    `summary_text` holds them, and their vectors move to `summary_embedding`."""
    def labels() -> dict[str, list[str]]:
        return {r["name"]: sorted(r["labels"])
                for r in graph.read("graph/fulltext_index_definition")}

    old_vector = [0.5] * 384
    with graph.session() as session:
        session.run("CREATE (:Memory:Storyline {uid: $uid, user_id: $u, name: 'Sam: spring', "
                    "subject_uid: 'sam', embedding: $v})", uid=f"{user_id}-st", u=user_id,
                    v=old_vector).consume()
        session.run("DROP INDEX memory_text").consume()
        session.run("DROP INDEX summary_text").consume()
        session.run("CREATE FULLTEXT INDEX memory_text FOR "
                    "(n:Person|Concept|Entity|Source|Artifact|Storyline|Macro) ON EACH "
                    "[n.name, n.aliases, n.description, n.notes, n.search_text, n.user_id] "
                    "OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}").consume()
    assert "Storyline" in labels()["memory_text"] and "summary_text" not in labels()
    report = memory.init()
    assert report.changed is True
    assert labels()["memory_text"] == ["Artifact", "Concept", "Entity", "Person", "Source"]
    assert labels()["summary_text"] == ["Macro", "Storyline"]
    assert memory.init().changed is False
    with graph.session() as session:
        moved = session.run("MATCH (n:Storyline {user_id: $u}) RETURN n.embedding AS v, "
                            "n.summary_embedding AS sv", u=user_id).single()
    assert moved["v"] is None and moved["sv"] == pytest.approx(old_vector)


def test_the_applied_version_is_recorded_in_the_graph(memory: Memory, graph: Graph) -> None:
    version, dimensions = recorded_version(graph)
    assert version == SCHEMA_VERSION
    assert dimensions == 384


def test_a_vector_index_of_another_size_is_a_clear_error(memory: Memory, graph: Graph) -> None:
    expected = "384 dimensions but the configured embedder produces 128"
    with pytest.raises(SchemaError, match=expected):
        apply_schema(graph, 128, "hashing-128")
    wrong = Memory(memory.settings, graph=graph, embedder=HashingEmbedder(128))
    with pytest.raises(SchemaError, match="dimensions"):
        wrong.ensure_schema()


def test_cli_init_with_wrong_dimensions_exits_with_one_line(memory: Memory) -> None:
    run = run_cli("init", env={"MEMGRAPH_EMBEDDER": "hashing",
                               "MEMGRAPH_EMBEDDING_DIMENSIONS": "128"})
    assert_one_line_error(run, "384 dimensions", "128")
    assert run.code == 4


def test_schema_lists_every_relationship_type_of_the_vocabulary() -> None:
    text = "\n".join(cypher.load(f"schema/v{v}") for v in range(1, SCHEMA_VERSION + 1))
    for rel_type in RELATIONSHIP_TYPES:
        assert f"[r:{rel_type}]" in text, rel_type
    fulltext = next(s for s in cypher.statements("schema/v1") if "relationship_text" in s)
    listed = re.search(r"\[r:([A-Z_|]+)\]", fulltext).group(1).split("|")
    assert listed == list(RELATIONSHIP_TYPES)


def test_init_gives_the_relationship_index_a_type_added_to_the_vocabulary(
        memory: Memory, graph: Graph, user_id: str) -> None:
    """A graph made before HAS_OCCUPATION (v10) has a relationship full-text index without it:
    `init` recreates the index, and an occupation's sentence is found by its words."""
    def indexed_types() -> list[str]:
        return next(sorted(r["labels"]) for r in graph.read("graph/fulltext_index_definition")
                    if r["name"] == "relationship_text")

    older = [t for t in RELATIONSHIP_TYPES if t != "HAS_OCCUPATION"]
    with graph.session() as session:
        session.run("DROP INDEX relationship_text").consume()
        session.run(f"CREATE FULLTEXT INDEX relationship_text FOR ()-[r:{'|'.join(older)}]-() "
                    "ON EACH [r.description, r.notes, r.user_id]").consume()
    assert "HAS_OCCUPATION" not in indexed_types()
    assert memory.init().changed is True
    assert indexed_types() == sorted(RELATIONSHIP_TYPES)
    assert memory.init().changed is False
    memory.ingest("I work as a paediatric nurse.", user_id=user_id, speaker="Ines")
    with graph.session() as session:
        found = session.run(
            "CALL db.index.fulltext.queryRelationships('relationship_text', 'paediatric') "
            "YIELD relationship AS r WHERE r.user_id = $u RETURN type(r) AS t",
            u=user_id).value("t")
    assert found == ["HAS_OCCUPATION"]


# -- re-embedding: a new vector index loses no vector for good ----------------------------
SUMMARIES = ("Storyline", "Macro")


def tenant_vectors(graph: Graph, user_id: str) -> dict[str, tuple]:
    """uid -> (kind, vector, is_dirty) of every memory node of the tenant; a summary's
    vector is `summary_embedding`, never `embedding` (out of the shared index)."""
    records, _, _ = graph.driver.execute_query(
        "MATCH (n:Memory {user_id: $u}) RETURN n.uid AS uid, labels(n) AS labels, "
        "n.embedding AS v, n.summary_embedding AS sv, n.is_dirty AS dirty", u=user_id)
    vectors = {}
    for r in records:
        kind = next(x for x in r["labels"] if x not in ("Memory", "Semantic"))
        assert r["v" if kind in SUMMARIES else "sv"] is None, kind
        vectors[r["uid"]] = (kind, r["sv" if kind in SUMMARIES else "v"], r["dirty"])
    return vectors


def test_recreating_the_vector_index_re_embeds_every_node_sources_and_summaries_included(
        memory: Memory, graph: Graph, user_id: str) -> None:
    for text in ("My sister Anna moved to Lisbon.", "I started a new job at Globex.",
                 "Yesterday I visited Porto with Anna."):
        memory.ingest(text, user_id=user_id, speaker="Sam")
    memory.run_job("storylines", user_id=user_id)
    own = memory.create_vector_index(user_id)    # a tenant's own index is recreated too
    before = tenant_vectors(graph, user_id)
    assert {kind for kind, _, _ in before.values()} >= {"Source", "Person", "Entity",
                                                        "Storyline"}
    report = memory.init(recreate_vector_index=True)
    after = tenant_vectors(graph, user_id)
    assert set(after) == set(before)
    assert all(vector is not None and len(vector) == 384 for _, vector, _ in after.values())
    for uid, (kind, vector, dirty) in before.items():
        if kind == "Source":     # embedded again from what ingestion embedded
            assert after[uid][1] == pytest.approx(vector, abs=1e-6)
        assert after[uid][2] == dirty    # nothing is sent back to the nightly LLM pass
    assert report.reembedded >= len(before) and report.missing_vectors == 0
    hits = memory.explore("Lisbon", user_id=user_id, reinforce=False)
    assert hits
    with graph.session() as session:
        in_own = session.run("CALL db.index.vector.queryNodes($i, 100, $v) YIELD node "
                             "RETURN collect(node.uid)", i=own.index,
                             v=memory.embedder.embed("Lisbon")).single()[0]
    assert set(in_own) == {uid for uid, (kind, _, _) in after.items()
                           if kind not in SUMMARIES}


def test_an_interrupted_re_embedding_says_what_is_left_and_init_reembed_finishes_it(
        memory: Memory, graph: Graph, user_id: str) -> None:
    from memgraph.errors import ProviderError
    from memgraph.graph.reembed import missing_vectors

    for i in range(5):
        memory.ingest(f"Note {i}: I like chess and tea.", user_id=user_id, speaker="Sam")
    graph.driver.execute_query("MATCH (n:Memory {user_id: $u}) REMOVE n.embedding",
                               u=user_id)
    cleared = sum(missing_vectors(graph).values())     # every tenant's, oldest first
    assert missing_vectors(graph, [user_id])[user_id] >= 5

    def provider_fails_after_one_batch(done: int, total: int) -> None:
        raise ProviderError("the embedding server went away")

    small = Memory(memory.settings.model_copy(update={"embedding_batch_size": 2}),
                   graph=graph, embedder=memory.embedder)
    with pytest.raises(ProviderError, match=r"still have no vector: run `memgraph init "
                                            r"--reembed`"):
        small.init(reembed=True, progress=provider_fails_after_one_batch)
    assert sum(missing_vectors(graph).values()) == cleared - 2   # one batch kept
    report = memory.init(reembed=True)
    assert missing_vectors(graph, [user_id]) == {} and report.missing_vectors == 0


def _session_tails(memory: Memory, user_id: str) -> dict[str, list[str]]:
    found = memory.graph.driver.execute_query(
        "MATCH (s:Source {user_id: $u}) WHERE s.session_tail "
        "RETURN s.session_id AS session, collect(s.raw_content) AS tails", u=user_id).records
    return {r["session"]: r["tails"] for r in found}


def test_init_marks_the_last_message_of_each_session_of_an_older_graph(memory: Memory,
                                                                        user_id: str):
    for text in ("one", "two"):
        memory.ingest(f"Message {text}.", user_id=user_id, session_id="chat")
    # a graph written before schema v9 has no mark
    memory.graph.driver.execute_query(
        "MATCH (s:Source {user_id: $u}) REMOVE s.session_tail", u=user_id)
    memory.graph.driver.execute_query(
        "MATCH (v:SchemaVersion {uid: 'memgraph'}) SET v.version = 8")
    memory.init()
    assert _session_tails(memory, user_id) == {"chat": ["Message two."]}
    memory.ingest("Message three.", user_id=user_id, session_id="chat")
    assert _session_tails(memory, user_id) == {"chat": ["Message three."]}
