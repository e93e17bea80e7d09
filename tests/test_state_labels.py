"""Lifecycle state you can see: every memory node carries its state (Candidate, Active, Core,
Archived) and its salience band (Strong, Faint) as labels, in step with its properties
through every write path and job, so Neo4j Browser's style sheet can colour and size them.
"""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

from jobs_support import T0, make_node

from memgraph.graph.connection import Graph
from memgraph.graph.vocabulary import LIFECYCLE_LABELS, lifecycle_labels
from memgraph.ingest.properties import source_caption
from memgraph.memory import Memory


def lifecycle_of(graph: Graph, user_id: str) -> dict[str, tuple[set[str], set[str]]]:
    """uid -> (lifecycle labels the node carries, those its state and salience give)."""
    with graph.session() as session:
        rows = session.run("MATCH (n:Memory {user_id: $u}) "
                           "RETURN n.uid AS uid, labels(n) AS labels, n.state AS state, "
                           "n.salience AS salience", u=user_id).data()
    return {row["uid"]: ({label for label in row["labels"] if label in LIFECYCLE_LABELS},
                         set(lifecycle_labels(row["state"], row["salience"])))
            for row in rows}


def labels_of(graph: Graph, uid: str) -> set[str]:
    with graph.session() as session:
        labels = session.run("MATCH (n:Memory {uid: $uid}) RETURN labels(n) AS labels",
                             uid=uid).single()["labels"]
    return {label for label in labels if label in LIFECYCLE_LABELS}


def test_the_python_mirror_names_one_state_and_at_most_one_band() -> None:
    assert lifecycle_labels(None, 0.5) == ["Candidate"]
    assert lifecycle_labels("core", 0.7) == ["Core", "Strong"]
    assert lifecycle_labels("archived", 0.19) == ["Archived", "Faint"]
    assert lifecycle_labels("active", 0.2) == ["Active"]


def test_after_the_demo_every_node_carries_the_labels_its_properties_give(
        graph: Graph, demo_graph: str) -> None:
    # the tour goes through ingestion, explore (reinforcement), a simulated nightly run
    # (decay, consolidation, archived sources, storylines and macros)
    nodes = lifecycle_of(graph, demo_graph)
    assert len(nodes) > 20
    out_of_step = {uid: pair for uid, pair in nodes.items() if pair[0] != pair[1]}
    assert out_of_step == {}
    seen = Counter(label for carried, _ in nodes.values() for label in carried)
    # the demo's graph shows more than one state: the style sheet has something to show
    assert len({"Candidate", "Active", "Core", "Archived"} & set(seen)) >= 2, seen


def test_ingestion_writes_candidates(memory: Memory, graph: Graph, user_id: str) -> None:
    memory.ingest("Dana lives in Berlin.", user_id=user_id)
    nodes = lifecycle_of(graph, user_id)
    assert nodes and all(carried == {"Candidate"} for carried, _ in nodes.values())


def test_recall_makes_a_memory_active(memory: Memory, graph: Graph, user_id: str) -> None:
    memory.ingest("Dana lives in Berlin.", user_id=user_id)
    results = memory.explore("Dana", user_id=user_id)
    dana = next(r for r in results if r.name == "Dana")
    assert labels_of(graph, dana.uid) == {"Active"}


def test_decay_archives_and_fades_and_pinning_brings_it_back(memory: Memory, graph: Graph,
                                                            user_id: str) -> None:
    uid = make_node(graph, user_id, "Concept", "old idea", salience=0.5, state="active",
                    created_at=T0, last_decayed_at=T0)
    assert labels_of(graph, uid) == {"Active"}
    memory.run_job("decay", user_id=user_id, as_of=T0 + timedelta(days=60), simulate=True)
    assert labels_of(graph, uid) == {"Active", "Faint"}    # faded, not yet archived
    memory.run_job("decay", user_id=user_id, as_of=T0 + timedelta(days=400), simulate=True)
    assert labels_of(graph, uid) == {"Archived", "Faint"}
    memory.set_ttl_policy(uid, "keep_forever", user_id=user_id)
    assert labels_of(graph, uid) == {"Active", "Strong"}


def test_init_labels_nodes_written_before_the_labels_existed(memory: Memory, graph: Graph,
                                                             user_id: str) -> None:
    with graph.session() as session:
        session.run("CREATE (:Memory:Entity {uid: 'old-' + $u, user_id: $u, name: 'x', "
                    "state: 'core', salience: 0.9})", u=user_id).consume()
    memory.init()
    assert labels_of(graph, "old-" + user_id) == {"Core", "Strong"}


def test_a_source_is_captioned_by_its_speaker_and_first_whole_words() -> None:
    said = ("I started at Lisbon Children's Hospital last week, the night shifts "
            "are long but the team is great")
    caption = source_caption(said, "Anna")
    assert caption == "Anna: I started at Lisbon Children's Hospital last…"
    assert source_caption("Short one.", "Sam") == "Sam: Short one."
    assert source_caption("x" * 80).endswith("…") and len(source_caption("x" * 80)) == 49
