"""Episodic → semantic consolidation: triggers, clusters, insights with provenance, sources
archived with raw content kept, excluded from default retrieval and returned on request."""

from __future__ import annotations

import json
from datetime import timedelta

from fakes.openai_server import FakeOpenAIServer
from jobs_support import T0, dry_run_counts, make_node, make_rel, node, snapshot

from memgraph.graph.connection import Graph
from memgraph.memory import Memory
from memgraph.providers.openai_compat import OpenAILLM

NOW = T0 + timedelta(days=30)


def source(graph: Graph, user_id: str, text: str, *, day: float = 1, **props: object) -> str:
    return make_node(graph, user_id, "Source", raw_content=text, description=text,
                     created_at=T0 + timedelta(days=day), event_at=T0 + timedelta(days=day),
                     state=props.pop("state", "active"), **props)


def mentions(graph: Graph, user_id: str, src: str, *targets: str) -> None:
    for target in targets:
        make_rel(graph, user_id, src, target, "MENTIONS", lifecycle_props=False)


def derived_from(graph: Graph, uid: str) -> set[str]:
    with graph.session() as session:
        return {r["s"] for r in session.run(
            "MATCH (:Memory {uid: $uid})-[:DERIVED_FROM]->(s) RETURN s.uid AS s", uid=uid)}


class TestTriggers:
    def test_old_low_salience_source_is_consolidated_into_its_entities(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        ada = make_node(graph, user_id, "Person", "Ada")
        old = source(graph, user_id, "Ada said she is learning the cello. It is hard.",
                     salience=0.1)
        mentions(graph, user_id, old, ada)
        report = memory.run_job("episodic", user_id=user_id, as_of=NOW)
        got_ada, got_src = node(graph, ada), node(graph, old)
        assert got_ada["notes"] == [f"From 1 earlier episode ({(T0 + timedelta(days=1)).date()})"
                                    " about Ada: Ada said she is learning the cello."]
        assert got_ada["notes_source"] == [old] and got_ada["notes_lifetime"] == ["year"]
        assert got_ada["is_dirty"] is True
        assert derived_from(graph, ada) == {old}
        assert got_src["state"] == "archived" and got_src["archived_reason"] == "consolidated"
        assert got_src["raw_content"] == "Ada said she is learning the cello. It is hard."
        assert report.counts["triggered_low_salience"] == 1
        assert report.counts["sources_archived"] == 1

    def test_recent_or_salient_sources_stay_episodic(self, memory: Memory, graph: Graph,
                                                     user_id: str) -> None:
        ada = make_node(graph, user_id, "Person", "Ada")
        recent = source(graph, user_id, "today", day=27, salience=0.05)
        salient = source(graph, user_id, "important", salience=0.9)
        mentions(graph, user_id, recent, ada)
        mentions(graph, user_id, salient, ada)
        memory.run_job("episodic", user_id=user_id, as_of=NOW)
        assert node(graph, recent)["state"] == "active"
        assert node(graph, salient)["state"] == "active"

    def test_five_sources_sharing_an_entity_form_one_cluster(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        chess = make_node(graph, user_id, "Concept", "chess")
        bob = make_node(graph, user_id, "Person", "Bob")
        sources = [source(graph, user_id, f"Game {i} of chess with Bob.", day=i, salience=0.6)
                   for i in range(1, 6)]
        for src in sources:
            mentions(graph, user_id, src, chess)
        mentions(graph, user_id, sources[0], bob)
        report = memory.run_job("episodic", user_id=user_id, as_of=NOW)
        assert report.counts["triggered_shared_entities"] == 5
        assert report.counts["clusters"] == 1
        assert derived_from(graph, chess) == set(sources)
        assert derived_from(graph, bob) == {sources[0]}
        assert node(graph, chess)["notes"][0].startswith("From 5 earlier episodes")
        assert all(node(graph, s)["state"] == "archived" for s in sources)

    def test_frequently_referenced_fading_detail(self, memory: Memory, graph: Graph,
                                                 user_id: str) -> None:
        src = source(graph, user_id, "The wifi password is on the fridge.", salience=0.3,
                     access_count=7)
        memory.run_job("episodic", user_id=user_id, as_of=NOW)
        assert node(graph, src)["state"] == "archived"

    def test_second_run_does_nothing_more(self, memory: Memory, graph: Graph,
                                          user_id: str) -> None:
        ada = make_node(graph, user_id, "Person", "Ada")
        mentions(graph, user_id, source(graph, user_id, "Ada again.", salience=0.1), ada)
        memory.run_job("episodic", user_id=user_id, as_of=NOW)
        before = snapshot(graph, user_id)
        report = memory.run_job("episodic", user_id=user_id, as_of=NOW)
        assert snapshot(graph, user_id) == before and report.counts["clusters"] == 0

    def test_dry_run_changes_nothing(self, memory: Memory, graph: Graph, user_id: str) -> None:
        ada = make_node(graph, user_id, "Person", "Ada")
        mentions(graph, user_id, source(graph, user_id, "x.", salience=0.1), ada)
        counts = dry_run_counts(memory, graph, user_id, "episodic", as_of=NOW)
        assert counts["sources_would_archive"] == 1


def insight_answers(request: dict) -> dict:
    items = json.loads(request["messages"][-1]["content"])
    if any("Mallory" in item["about"] for item in items):
        return {"content": "not json"}          # this batch's answer is unusable
    return {"content": json.dumps({"insights": [
        {"id": item["id"], "insight": f"{item['about']} came up {len(item['episodes'])}x."}
        for item in items]}), "usage": {"prompt_tokens": 50, "completion_tokens": 10}}


class TestInsightsFromAnLLM:
    def test_clusters_share_llm_batches_and_a_bad_answer_leaves_its_cluster_episodic(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        # Ten one-node clusters: insights are asked 8 at a time across clusters (2 calls,
        # not 10); the batch naming Mallory gets an unusable answer, so its clusters stay
        # episodic with nothing written, and the next run retries them.
        names = [f"Person{i}" for i in range(9)] + ["Mallory"]
        people = {name: make_node(graph, user_id, "Person", name) for name in names}
        sources = {}
        for day, (name, uid) in enumerate(people.items(), start=1):   # clusters in this order
            sources[name] = source(graph, user_id, f"{name} was here.", day=day, salience=0.1)
            mentions(graph, user_id, sources[name], uid)
        with FakeOpenAIServer() as server:
            server.chat_handler = insight_answers
            llm = OpenAILLM("fake", base_url=server.base_url, api_key="sk-test", max_retries=0)
            with_llm = Memory(memory.settings, graph=graph, embedder=memory.embedder, llm=llm)
            report = with_llm.run_job("episodic", user_id=user_id, as_of=NOW)
            calls = len(server.chat_requests())
        assert calls == 2 and report.counts["clusters"] == 10
        assert report.counts["clusters_consolidated"] == 8
        assert report.counts["clusters_failed"] == 2 and report.status == "partial"
        assert report.usage["calls"] == 2 and report.usage["prompt_tokens"] >= 50
        done = [n for n in names if node(graph, sources[n])["state"] == "archived"]
        assert done == names[:8]
        assert node(graph, people["Person3"])["notes"] == ["Person Person3 came up 1x."]
        assert node(graph, people["Mallory"]).get("notes") in ([], None)
        assert derived_from(graph, people["Mallory"]) == set()
        again = memory.run_job("episodic", user_id=user_id, as_of=NOW)   # offline retry
        assert again.counts["clusters_consolidated"] == 2


class TestArchivedSourcesInRetrieval:
    def test_excluded_by_default_and_returned_on_request(self, memory: Memory, graph: Graph,
                                                         user_id: str) -> None:
        text = "Zanzibar ferry timetable discussion with the harbour master"
        src = source(graph, user_id, text, salience=0.1,
                     embedding=memory.embedder.embed(text))
        memory.run_job("episodic", user_id=user_id, as_of=NOW)
        assert node(graph, src)["state"] == "archived"
        default = memory.explore("Zanzibar ferry timetable", user_id=user_id, reinforce=False)
        assert src not in [r.uid for r in default]
        asked = memory.explore("Zanzibar ferry timetable", user_id=user_id, reinforce=False,
                               include_archived=True)
        assert src in [r.uid for r in asked]
