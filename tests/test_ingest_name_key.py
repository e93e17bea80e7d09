"""One node per name and tenant across Person, Concept and Entity (schema v2's name key).

A name that one source calls a person and another an organisation or place, or that
concurrent writers (separate drivers) give different kinds, ends up as ONE node: the
kind of whichever node holds the name first.
"""

from __future__ import annotations

import threading
from collections import Counter

from ingest_support import rows

from memgraph.graph.connection import Graph
from memgraph.memory import Memory
from memgraph.providers.embeddings import HashingEmbedder
from memgraph.settings import Settings

NAMES = ["Ada Vance", "Northwind", "Cedar Clinic", "Lisbon", "Chess Club", "Zed"]
KINDS = ["person", "entity", "concept"]


def semantic_nodes(graph: Graph, user_id: str) -> list[dict]:
    return rows(graph, "MATCH (n:Memory {user_id: $u}) WHERE n:Person OR n:Concept OR "
                "n:Entity RETURN n.canonical_name AS key, labels(n) AS labels, n.uid AS uid",
                u=user_id)


def test_rules_a_person_later_named_as_a_place_is_the_same_node(memory: Memory,
                                                                 user_id: str) -> None:
    memory.ingest("Ada Vance works at Northwind.", user_id=user_id)
    memory.ingest("I visited Ada Vance last week.", user_id=user_id)
    ada = [n for n in semantic_nodes(memory.graph, user_id) if n["key"] == "ada vance"]
    assert len(ada) == 1 and "Person" in ada[0]["labels"] and "Semantic" in ada[0]["labels"]
    assert rows(memory.graph, "MATCH (:Person {user_id: $u})-[:VISITED]->(p:Person) "
                "RETURN p.name AS n", u=user_id) == [{"n": "Ada Vance"}]


def test_tools_resolve_a_name_across_kinds(memory: Memory, user_id: str) -> None:
    tools = memory.tools(user_id)
    person = tools.call("create_person", {"name": "Ada Vance", "ref": "a"})["ids"]["a"]
    entity = tools.call("create_entity", {"name": "ada  vance", "ref": "b"})["ids"]["b"]
    concept = tools.call("create_concept", {"name": "Ada Vance", "ref": "c"})["ids"]["c"]
    assert person == entity == concept
    assert len(semantic_nodes(memory.graph, user_id)) == 1


def test_structured_records_naming_one_entity_with_two_kinds(memory: Memory,
                                                             user_id: str) -> None:
    def record(i: int, kind: str) -> dict:
        return {"content": f"{i}: Ada Vance", "entities": [{"name": "Ada Vance",
                                                             "kind": kind}]}

    memory.ingest_records([record(1, "Person"), record(2, "Entity")], user_id=user_id)
    memory.ingest_records([record(3, "Concept")], user_id=user_id)
    assert len(semantic_nodes(memory.graph, user_id)) == 1


def test_concurrent_writers_with_separate_drivers_never_create_twins(
        settings: Settings, memory: Memory, hashing_embedder: HashingEmbedder,
        user_id: str) -> None:
    writers = 6
    barrier = threading.Barrier(writers)
    errors: list[BaseException] = []

    def write(i: int) -> None:
        mem = Memory(settings, embedder=hashing_embedder)   # its own driver
        try:
            tools = mem.tools(user_id)
            barrier.wait()
            for j, name in enumerate(NAMES):
                kind = KINDS[(i + j) % len(KINDS)]
                result = tools.call(f"create_{kind}", {"name": name})
                assert result["ok"], result
        except BaseException as e:   # reported by the main thread
            errors.append(e)
        finally:
            mem.close()

    threads = [threading.Thread(target=write, args=(i,)) for i in range(writers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    memory.graph.use_for_models()
    assert errors == []
    keys = Counter(n["key"] for n in semantic_nodes(memory.graph, user_id))
    assert keys == Counter({name.lower(): 1 for name in NAMES})


def test_init_upgrades_a_graph_that_already_has_twins(memory: Memory, user_id: str) -> None:
    """Nodes from before v2 get the label; twins do not stop `memgraph init`, and a new
    mention of their name joins one of them."""
    for label in ("Person", "Entity"):
        rows(memory.graph, f"CREATE (:{label}:Memory {{user_id: $u, uid: randomUUID(), "
             "name: 'Old Twin', canonical_name: 'old twin', created_at: datetime()})",
             u=user_id)
    memory.init()
    labelled = [n for n in semantic_nodes(memory.graph, user_id) if "Semantic" in n["labels"]]
    assert len(labelled) == 1
    result = memory.tools(user_id).call("create_concept", {"name": "Old Twin", "ref": "t"})
    assert result["ids"]["t"] in {n["uid"] for n in semantic_nodes(memory.graph, user_id)}
    assert len(semantic_nodes(memory.graph, user_id)) == 2
