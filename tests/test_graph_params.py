"""Query parameters sent through ``unlogged``: same values in the graph, short repr."""

from __future__ import annotations

from memgraph.graph.connection import Graph, unlogged


def test_unlogged_parameters_store_the_same_values(graph: Graph, user_id: str) -> None:
    vectors = [[i / 384 for i in range(384)], [-1.0, 0.5] * 192]
    params = unlogged({"user_id": user_id, "rows": [{"v": v} for v in vectors],
                       "props": {"name": "x", "tags": ["a", "b"]}, "n": 3})
    with graph.session() as session:
        session.run("UNWIND $rows AS row CREATE (n:Memory {uid: randomUUID(), "
                    "user_id: $user_id}) SET n += $props SET n.embedding = row.v, n.n = $n",
                    params).consume()
        stored = session.run("MATCH (n:Memory {user_id: $user_id}) RETURN n.embedding AS v, "
                             "n.name AS name, n.tags AS tags, n.n AS count ORDER BY v[1]",
                             user_id=user_id).data()
    assert [r["v"] for r in stored] == sorted(vectors, key=lambda v: v[1])
    assert {(r["name"], tuple(r["tags"]), r["count"]) for r in stored} == {("x", ("a", "b"), 3)}


def test_unlogged_repr_is_the_size_not_the_values() -> None:
    params = unlogged({"rows": [[0.25] * 384] * 2000, "props": {"a": 1}, "uid": "u"})
    assert repr(params["rows"]) == "[… 2000 items]"
    assert repr(params["props"]) == "{… 1 keys}"
    assert params["rows"] == [[0.25] * 384] * 2000 and params["uid"] == "u"
