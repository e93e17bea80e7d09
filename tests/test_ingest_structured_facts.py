"""Structured facts: a batch gives the same graph as its records written one at a time.

Within a batch the facts are replayed in Python against the subjects' still-valid facts
(memgraph/ingest/facts.py); across batches they are read back from the graph. Both must
agree: reinforcement (steps capped at 1.0, each source once), supersession of exclusive
types and of opposite types on the same pair, facts that arrive already ended.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from ingest_support import rows

from memgraph.memory import Memory

PEOPLE = ["Sam", "Ana", "Leo"]
THINGS = ["Acme", "Globex", "Chess"]
TYPES = ["WORKS_AT", "LIKES", "DISLIKES", "KNOWS"]
# told from either side, one fact (settings.ingest.symmetric_types)
BETWEEN_PEOPLE = ["PARTNER_OF", "FRIEND_OF"]


def random_records(seed: int, count: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        who = rng.choice(PEOPLE)
        if rng.random() < 0.4:
            what, kind = rng.choice([p for p in PEOPLE if p != who]), rng.choice(BETWEEN_PEOPLE)
        else:
            what, kind = rng.choice(THINGS), rng.choice(TYPES)
        fact: dict[str, Any] = {"source": who, "target": what, "type": kind}
        if rng.random() < 0.1:
            fact["valid_to"] = "2020-01-01T00:00:00Z"     # already over when told
        if rng.random() < 0.2:
            fact["valid_from"] = f"2021-0{rng.randint(1, 9)}-01T00:00:00Z"
        out.append({"content": f"{i}: {who} / {what}", "session_id": "s",
                    "event_at": f"2022-01-01T00:00:{i % 60:02d}Z",
                    "entities": [{"name": who, "kind": "Person"},
                                 {"name": what, **({"kind": "Person"} if what in PEOPLE
                                                   else {})}],
                    "relationships": [fact] * rng.choice([1, 1, 1, 2])})
    return out


def facts(memory: Memory, user_id: str) -> list[dict[str, Any]]:
    """Every fact as comparable values: uids replaced by what they point to."""
    found = rows(memory.graph, """
        MATCH (a:Memory {user_id: $u})-[r]->(b:Memory)
        WHERE NOT type(r) IN ['MENTIONS', 'NEXT']
        OPTIONAL MATCH (s:Source {uid: r.source_ids[0]})
        OPTIONAL MATCH ()-[n {uid: r.superseded_by}]->()
        OPTIONAL MATCH ()-[o {uid: r.supersedes}]->()
        OPTIONAL MATCH (ns:Source {uid: n.source_ids[0]})
        OPTIONAL MATCH (os:Source {uid: o.source_ids[0]})
        RETURN a.name AS a, type(r) AS type, b.name AS b, s.raw_content AS first_source,
               size(r.source_ids) AS sources, r.confidence AS confidence,
               r.strength AS strength, toString(r.valid_to) AS valid_to,
               ns.raw_content AS superseded_by, os.raw_content AS supersedes
        """, u=user_id)
    return sorted(found, key=lambda f: [str(v) for v in f.values()])


@pytest.mark.parametrize("seed", range(6))
def test_one_batch_equals_one_record_at_a_time(memory: Memory, user_id: str,
                                               other_user: str, seed: int):
    records = random_records(seed, 40)
    batched = memory.ingest_records(records, user_id=user_id, batch_size=1000)
    single = memory.ingest_records(records, user_id=other_user, batch_size=1)
    assert (batched.relationships_created, batched.relationships_superseded) == \
        (single.relationships_created, single.relationships_superseded)
    assert facts(memory, user_id) == facts(memory, other_user)


def test_a_symmetric_fact_told_from_the_other_side_is_the_same_fact(memory: Memory,
                                                                    user_id: str):
    def said(content: str, who: str, whom: str, when: str = "2024-05-01",
             **extra: str) -> dict[str, Any]:
        return {"content": content, "event_at": f"{when}T00:00:00Z",
                "entities": [{"name": who, "kind": "Person"}, {"name": whom, "kind": "Person"}],
                "relationships": [{"source": who, "target": whom, "type": "PARTNER_OF",
                                   **extra}]}

    memory.ingest_records([said("Giada got engaged to Marco", "Giada", "Marco")],
                          user_id=user_id)
    memory.ingest_records([said("Marco and Giada got married", "Marco", "Giada")],
                          user_id=user_id)
    [fact] = rows(memory.graph, "MATCH (a {user_id: $u})-[r:PARTNER_OF]->(b) RETURN a.name "
                  "AS a, b.name AS b, size(r.source_ids) AS n, r.valid_to AS ended", u=user_id)
    assert (fact["a"], fact["b"], fact["n"], fact["ended"]) == ("Giada", "Marco", 2, None)
    # and it ends from either side: "Marco and Giada broke up"
    memory.ingest_records([said("Marco and Giada broke up", "Marco", "Giada", "2024-09-01",
                                valid_to="2024-08-30T00:00:00Z")], user_id=user_id)
    [fact] = rows(memory.graph, "MATCH ({user_id: $u})-[r:PARTNER_OF]->() "
                  "RETURN r.valid_to IS NOT NULL AS ended", u=user_id)
    assert fact["ended"]


def test_repeats_reinforce_in_steps_capped_at_one_each_source_once(memory: Memory,
                                                                    user_id: str):
    repeat = {"source": "Sam", "target": "Acme", "type": "WORKS_AT", "confidence": 0.6,
              "strength": 0.7}
    records = [{"content": f"Sam works at Acme ({i})",
                "entities": [{"name": "Sam", "kind": "Person"}, {"name": "Acme"}],
                "relationships": [repeat, repeat]} for i in range(3)]
    memory.ingest_records(records[:2], user_id=user_id)     # created, then 3 repeats
    memory.ingest_records(records[2:], user_id=user_id)     # 2 more, from the graph
    [fact] = rows(memory.graph, "MATCH ({user_id: $u})-[r:WORKS_AT]->() RETURN "
                  "r.confidence AS c, r.strength AS s, size(r.source_ids) AS n", u=user_id)
    assert fact["c"] == 1.0 and fact["s"] == 1.0 and fact["n"] == 3


def test_an_opposite_fact_ends_the_open_one_on_the_same_pair_only(memory: Memory,
                                                                   user_id: str):
    def said(content: str, who: str, what: str, type_: str) -> dict[str, Any]:
        return {"content": content, "entities": [{"name": who, "kind": "Person"},
                                                 {"name": what, "kind": "Concept"}],
                "relationships": [{"source": who, "target": what, "type": type_}]}

    memory.ingest_records([said("Sam likes chess", "Sam", "chess", "LIKES"),
                           said("Sam likes jazz", "Sam", "jazz", "LIKES")], user_id=user_id)
    result = memory.ingest_records([said("Sam dislikes chess now", "Sam", "chess",
                                         "DISLIKES")], user_id=user_id)
    assert result.relationships_superseded == 1
    open_facts = rows(memory.graph, "MATCH (:Person {user_id: $u})-[r]->(c:Concept) WHERE "
                      "r.valid_to IS NULL RETURN type(r) AS t, c.name AS c ORDER BY c",
                      u=user_id)
    assert open_facts == [{"t": "DISLIKES", "c": "chess"}, {"t": "LIKES", "c": "jazz"}]
