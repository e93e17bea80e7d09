"""Description consolidation and note cleanup: what gets re-described, re-embedded and
cleaned, the recency window, the offline and LLM synthesisers, and failures left retryable."""

from __future__ import annotations

import json
from datetime import timedelta

from conftest import delete_tenant
from fakes.openai_server import FakeOpenAIServer
from jobs_support import T0, dry_run_counts, make_node, make_rel, node, rel

from memgraph.graph.connection import Graph
from memgraph.graph.notes import FOREVER, Note
from memgraph.jobs.synthesis import DatedText, DescribeItem, InsightItem, OfflineSynthesiser
from memgraph.memory import Memory
from memgraph.providers.base import prompt_tokens
from memgraph.providers.openai_compat import OpenAILLM

NOW = T0 + timedelta(days=20)


def notes(*texts: str, lifetime: str = "month", start_day: int = 15) -> list[Note]:
    return [Note.new(text, lifetime, T0 + timedelta(days=start_day + i))
            for i, text in enumerate(texts)]


class TestOfflineSynthesiser:
    def test_is_deterministic_and_keeps_the_kind_length(self) -> None:
        item = DescribeItem("1", "Person", "Ada", "Ada is a mathematician. She likes tea.",
                            (DatedText("Works at the lab", T0),
                             DatedText("Moved to London", T0 + timedelta(days=1))))
        concept = DescribeItem("2", "Concept", "Chess", "", (DatedText("A board game", T0),))
        first = OfflineSynthesiser().describe([item, concept])
        assert first == OfflineSynthesiser().describe([item, concept])
        assert first["1"] == ("Ada is a mathematician. "
                              "Recently: Moved to London; Works at the lab.")
        assert first["2"] == "A board game."

    def test_an_insight_quotes_what_the_episodes_say_about_its_node(self) -> None:
        episodes = (DatedText("Hi! I'm Sam. I work at Acme Corp as a data analyst.", T0),
                    DatedText("Lovely weather today. Nothing new.", T0 + timedelta(days=1)),
                    DatedText("Congratulations! How is it different from acme corp?",
                              T0 + timedelta(days=2)))
        insight = OfflineSynthesiser().insights(
            [InsightItem("k", "Acme Corp", "Entity", episodes)])["k"]
        assert insight == ("From 3 earlier episodes (2025-01-01 to 2025-01-03) about Acme "
                           "Corp: I work at Acme Corp as a data analyst; How is it different "
                           "from acme corp.")

    def test_an_insight_falls_back_to_the_most_said_sentence(self) -> None:
        episodes = (DatedText("Hi! Yesterday we walked the whole coast path.", T0),)
        insight = OfflineSynthesiser().insights(
            [InsightItem("k", "hiking", "Concept", episodes)])["k"]
        assert insight.endswith("about hiking: Yesterday we walked the whole coast path.")


class TestDescriptionConsolidation:
    def test_dirty_recent_node_is_redescribed_and_reembedded(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        uid = make_node(graph, user_id, "Person", "Ada", description="Ada is a friend.",
                        is_dirty=True, last_accessed_at=T0 + timedelta(days=18),
                        notes=notes("Ada started a new job at the observatory"))
        report = memory.run_job("consolidate", user_id=user_id, as_of=NOW)
        got = node(graph, uid)
        assert got["description"] == ("Ada is a friend. Recently: Ada started a new job at "
                                      "the observatory.")
        assert got["is_dirty"] is False and got["updated_at"] == NOW
        assert len(got["embedding"]) == 384 and got["embedding_model"] == "hashing-384"
        assert got["notes"] == ["Ada started a new job at the observatory"]   # notes stay
        assert report.counts["nodes_consolidated"] == 1
        assert report.counts["nodes_reembedded"] == 1

    def test_unchanged_description_is_not_reembedded(self, memory: Memory, graph: Graph,
                                                     user_id: str) -> None:
        uid = make_node(graph, user_id, "Concept", description="Chess.", is_dirty=True,
                        created_at=T0 + timedelta(days=19), embedding=[0.5] * 384)
        report = memory.run_job("consolidate", user_id=user_id, as_of=NOW)
        got = node(graph, uid)
        assert got["is_dirty"] is False and got["embedding"] == [0.5] * 384
        assert report.counts["nodes_reembedded"] == 0

    def test_only_recently_accessed_unless_all(self, memory: Memory, graph: Graph,
                                               user_id: str) -> None:
        stale = make_node(graph, user_id, "Entity", is_dirty=True, notes=notes("old news"),
                          last_accessed_at=T0 + timedelta(days=2))
        new = make_node(graph, user_id, "Entity", is_dirty=True, notes=notes("fresh"),
                        created_at=T0 + timedelta(days=15))
        memory.run_job("consolidate", user_id=user_id, as_of=NOW)
        assert node(graph, stale)["is_dirty"] is True     # accessed 18 days ago: deferred
        assert node(graph, new)["is_dirty"] is False      # never accessed, created 5 days ago
        memory.run_job("consolidate", user_id=user_id, as_of=NOW, all_elements=True)
        assert node(graph, stale)["is_dirty"] is False

    def test_relationships_get_one_sentence(self, memory: Memory, graph: Graph,
                                            user_id: str) -> None:
        a = make_node(graph, user_id, "Person", "Ada")
        b = make_node(graph, user_id, "Person", "Bob")
        r = make_rel(graph, user_id, a, b, "FRIEND_OF", description="Old friends",
                     is_dirty=True, created_at=T0 + timedelta(days=18),
                     notes=notes("They hike together", "They met at school"))
        memory.run_job("consolidate", user_id=user_id, as_of=NOW)
        got = rel(graph, r)
        assert got["description"] == "Old friends; They met at school."
        assert got["is_dirty"] is False and len(got["embedding"]) == 384

    def test_pages_cover_every_dirty_element_of_the_tenant_only(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        # Pages of 2 (dirty_nodes.cypher seeks (user_id, is_dirty) and pages by uid): five
        # dirty nodes and three dirty relationships take several pages; another tenant's
        # dirty elements are not touched by this tenant's run, only by its own.
        settings = memory.settings.model_copy(update={
            "lifecycle": memory.settings.lifecycle.model_copy(update={"consolidate_page": 2})})
        paged = Memory(settings, graph=graph, embedder=memory.embedder)
        other = f"{user_id}-other"
        try:
            mine = [make_node(graph, user_id, "Concept", is_dirty=True, notes=notes(f"n{i}"),
                              created_at=T0 + timedelta(days=19)) for i in range(5)]
            rels = [make_rel(graph, user_id, mine[i], mine[i + 1], is_dirty=True,
                             notes=notes(f"r{i}"), created_at=T0 + timedelta(days=19))
                    for i in range(3)]
            theirs = make_node(graph, other, "Concept", is_dirty=True, notes=notes("t"),
                               created_at=T0 + timedelta(days=19))
            report = paged.run_job("consolidate", user_id=user_id, as_of=NOW)
            assert report.counts["nodes_consolidated"] == 5
            assert report.counts["relationships_consolidated"] == 3
            assert all(node(graph, uid)["is_dirty"] is False for uid in mine)
            assert all(rel(graph, r)["is_dirty"] is False for r in rels)
            assert node(graph, theirs)["is_dirty"] is True
            paged.run_job("consolidate", user_id=other, as_of=NOW)
            assert node(graph, theirs)["is_dirty"] is False
        finally:
            delete_tenant(graph, other)

    def test_dry_run_changes_nothing(self, memory: Memory, graph: Graph, user_id: str) -> None:
        make_node(graph, user_id, "Person", is_dirty=True, notes=notes("x"),
                  created_at=T0 + timedelta(days=19))
        counts = dry_run_counts(memory, graph, user_id, "consolidate", as_of=NOW)
        assert counts["nodes_would_consolidate"] == 1


def answering(request: dict) -> dict:
    items = json.loads(request["messages"][-1]["content"])
    return {"content": json.dumps({"descriptions": [
        {"id": item["id"], "description": f"{item['name']} ({len(item['notes'])} notes)."}
        for item in items]}), "usage": {"prompt_tokens": 100, "completion_tokens": 20}}


class TestLLMSynthesiser:
    def test_batches_elements_and_reports_tokens(self, memory: Memory, graph: Graph,
                                                 user_id: str) -> None:
        uids = [make_node(graph, user_id, "Concept", f"topic {i}", is_dirty=True,
                          notes=notes(f"fact {i}"), created_at=T0 + timedelta(days=19))
                for i in range(10)]
        with FakeOpenAIServer() as server:
            server.chat_handler = answering
            llm = OpenAILLM("fake", base_url=server.base_url, api_key="sk-test")
            with_llm = Memory(memory.settings, graph=graph, embedder=memory.embedder, llm=llm)
            report = with_llm.run_job("consolidate", user_id=user_id, as_of=NOW)
            assert len(server.chat_requests()) == 2   # 8 + 2 with consolidate_llm_batch = 8
        assert report.usage == {"calls": 2, "prompt_tokens": 200, "completion_tokens": 40,
                                "total_tokens": 240}
        assert node(graph, uids[3])["description"] == "topic 3 (1 notes)."

    def test_malformed_answer_leaves_elements_dirty_and_is_reported(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        uid = make_node(graph, user_id, "Concept", is_dirty=True, notes=notes("x"),
                        created_at=T0 + timedelta(days=19))
        with FakeOpenAIServer() as server:
            server.chat_handler = lambda request: {"content": "sorry, no JSON today"}
            llm = OpenAILLM("fake", base_url=server.base_url, api_key="sk-test", max_retries=0)
            with_llm = Memory(memory.settings, graph=graph, embedder=memory.embedder, llm=llm)
            report = with_llm.run_job("consolidate", user_id=user_id, as_of=NOW)
        assert report.status == "partial" and report.counts["nodes_failed"] == 1
        assert node(graph, uid)["is_dirty"] is True
        assert memory.run_job("consolidate", user_id=user_id, as_of=NOW).status == "ok"
        assert node(graph, uid)["is_dirty"] is False       # retried by the next run


class TestLLMSpend:
    """A nightly request is bounded however many notes a node has (settings.lifecycle)."""

    @staticmethod
    def hub(graph: Graph, user_id: str, name: str, count: int = 1000) -> str:
        hub_notes = [Note.new(f"note {i}: {name} met the harbour team to talk about the "
                              "spring plans, the budget and who does what", "year",
                              T0 + timedelta(days=15, minutes=i)) for i in range(count)]
        return make_node(graph, user_id, "Person", name, is_dirty=True, notes=hub_notes,
                         created_at=T0 + timedelta(days=19))

    @staticmethod
    def consolidate(memory: Memory, graph: Graph, user_id: str) -> list[dict]:
        with FakeOpenAIServer() as server:
            server.chat_handler = answering
            llm = OpenAILLM("fake", base_url=server.base_url, api_key="sk-test")
            with_llm = Memory(memory.settings, graph=graph, embedder=memory.embedder, llm=llm)
            assert with_llm.run_job("consolidate", user_id=user_id, as_of=NOW).status == "ok"
            return server.chat_requests()

    def test_a_hub_node_with_1000_notes_sends_its_newest_notes_within_the_budget(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        uid = self.hub(graph, user_id, "Ada")
        [request] = self.consolidate(memory, graph, user_id)
        limits = memory.settings.lifecycle
        [item] = json.loads(request["messages"][-1]["content"])
        assert 0 < len(item["notes"]) <= limits.synthesis_max_items
        assert item["notes"][-1]["text"].startswith("note 999:")     # the newest are kept
        assert prompt_tokens(request["messages"], None) <= limits.synthesis_prompt_tokens
        assert request["max_tokens"] == memory.settings.llm_max_tokens
        assert node(graph, uid)["description"] == f"Ada ({len(item['notes'])} notes)."

    def test_a_batch_of_hubs_is_split_into_requests_within_the_budget(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        uids = [self.hub(graph, user_id, f"Hub {i}", 200) for i in range(8)]
        requests = self.consolidate(memory, graph, user_id)
        limits = memory.settings.lifecycle
        assert len(requests) > 1
        for request in requests:
            assert prompt_tokens(request["messages"], None) <= limits.synthesis_prompt_tokens
            assert request["max_tokens"] == memory.settings.llm_max_tokens
        sent = [item["id"] for r in requests for item in json.loads(r["messages"][-1]["content"])]
        assert sorted(sent) == sorted(uids)
        assert all(node(graph, uid)["is_dirty"] is False for uid in uids)


class TestNoteCleanup:
    def test_expired_notes_leave_nodes_and_relationships(self, memory: Memory, graph: Graph,
                                                         user_id: str) -> None:
        mixed = [Note.new("weekly", "week", T0), Note.new("forever", "forever", T0),
                 Note.new("yearly", "year", T0, source_id="s1")]
        a = make_node(graph, user_id, "Person", notes=mixed)
        b = make_node(graph, user_id, "Person")
        r = make_rel(graph, user_id, a, b, notes=mixed)
        report = memory.run_job("cleanup", user_id=user_id, as_of=T0 + timedelta(days=8))
        for got in (node(graph, a), rel(graph, r)):
            assert got["notes"] == ["forever", "yearly"]
            assert got["notes_source"] == ["", "s1"]
            assert got["notes_lifetime"] == ["forever", "year"]
            assert got["notes_expires_at"][0] == FOREVER
        assert report.counts == {"nodes_cleaned": 1, "nodes_notes_removed": 1,
                                 "relationships_cleaned": 1, "relationships_notes_removed": 1}
        # the earliest remaining expiry (the yearly note) is what cleanup seeks by next time
        assert node(graph, a)["notes_next_expiry"] == T0 + timedelta(days=365)

    def test_notes_written_by_ingestion_keep_their_next_expiry(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        a, b = make_node(graph, user_id, "Person"), make_node(graph, user_id, "Person")
        r = make_rel(graph, user_id, a, b)
        year, week = Note.new("yearly", "year", T0), Note.new("weekly", "week", T0)
        for query, uid in (("ingest/add_node_notes", a), ("ingest/add_relationship_notes", r)):
            for note in (year, week, Note.new("forever", "forever", T0)):
                graph.write(query, user_id=user_id, notes=[{**note.as_params(), "uid": uid}])
        for got in (node(graph, a), rel(graph, r)):
            assert got["notes_next_expiry"] == week.expires_at
        with graph.session() as session:   # as if consolidation had folded them in
            session.run("MATCH (n:Memory {user_id: $u}) SET n.is_dirty = false "
                        "WITH n MATCH (n)-[r]->() SET r.is_dirty = false", u=user_id).consume()
        report = memory.run_job("cleanup", user_id=user_id, as_of=T0 + timedelta(days=8))
        assert report.counts["nodes_notes_removed"] == 1
        assert report.counts["relationships_notes_removed"] == 1
        for got in (node(graph, a), rel(graph, r)):
            assert got["notes"] == ["yearly", "forever"]
            assert got["notes_next_expiry"] == year.expires_at

    def test_an_element_whose_notes_all_expired_has_no_next_expiry(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        uid = make_node(graph, user_id, "Concept", notes=[Note.new("gone", "week", T0)])
        memory.run_job("cleanup", user_id=user_id, as_of=T0 + timedelta(days=8))
        got = node(graph, uid)
        assert got["notes"] == [] and "notes_next_expiry" not in got
        again = memory.run_job("cleanup", user_id=user_id, as_of=T0 + timedelta(days=9))
        assert again.counts["nodes_cleaned"] == 0

    def test_cleanup_removes_expired_notes_of_dirty_elements_too(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        uid = make_node(graph, user_id, "Concept", is_dirty=True,
                        notes=[Note.new("soon gone", "week", T0), Note.new("kept", "year", T0)])
        memory.run_job("cleanup", user_id=user_id, as_of=T0 + timedelta(days=8))
        got = node(graph, uid)
        assert got["notes"] == ["kept"] and got["is_dirty"] is True   # still to describe

    def test_nightly_folds_an_expiring_note_in_before_removing_it(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        uid = make_node(graph, user_id, "Concept", is_dirty=True,
                        notes=[Note.new("soon gone", "week", T0)])
        report = memory.run_job("nightly", user_id=user_id, as_of=T0 + timedelta(days=8))
        got = node(graph, uid)
        assert got["notes"] == [] and got["description"] == "soon gone."
        assert report.status == "ok"


class TestExactForgetting:
    """A note past its expiry is gone after the next nightly run, whatever its element's
    dirty flag or last access (issue 10, defect 9: a note marks its node dirty, the
    consolidation window skipped nodes not accessed for 7 days and cleanup skipped dirty
    nodes, so a week-long note on an old, unused node stayed forever)."""

    @staticmethod
    def old_node_with_a_weekly_note(graph: Graph, user_id: str) -> str:
        uid = make_node(graph, user_id, "Concept", "lighthouse", description="A lighthouse.",
                        created_at=T0, last_accessed_at=T0)
        note = Note.new("the lamp is being repaired this week", "week", T0 + timedelta(days=30))
        graph.write("ingest/add_node_notes", user_id=user_id,   # as ingestion writes a note
                    notes=[{**note.as_params(), "uid": uid}])
        assert node(graph, uid)["is_dirty"] is True
        return uid

    def test_a_weekly_note_on_an_unused_node_is_gone_the_night_after_it_expires(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        uid = self.old_node_with_a_weekly_note(graph, user_id)
        memory.run_job("nightly", user_id=user_id, as_of=T0 + timedelta(days=36))
        assert node(graph, uid)["notes"] == ["the lamp is being repaired this week"]
        memory.run_job("nightly", user_id=user_id, as_of=T0 + timedelta(days=38))
        got = node(graph, uid)
        assert got["notes"] == [] and "notes_next_expiry" not in got
        assert "the lamp is being repaired this week" in got["description"]   # folded in
        assert got["is_dirty"] is False

    def test_the_note_goes_even_when_its_description_could_not_be_rewritten(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        uid = self.old_node_with_a_weekly_note(graph, user_id)
        with FakeOpenAIServer() as server:
            server.chat_handler = lambda request: {"content": "no JSON tonight"}
            llm = OpenAILLM("fake", base_url=server.base_url, api_key="sk-test", max_retries=0)
            with_llm = Memory(memory.settings, graph=graph, embedder=memory.embedder, llm=llm)
            report = with_llm.run_job("nightly", user_id=user_id,
                                      as_of=T0 + timedelta(days=38))
        got = node(graph, uid)
        assert got["notes"] == [] and got["description"] == "A lighthouse."
        assert got["is_dirty"] is True            # described again when next taken
        assert report.steps[1].counts["nodes_failed"] == 1
        assert report.steps[2].counts["nodes_notes_removed"] == 1

    def test_dry_run_changes_nothing(self, memory: Memory, graph: Graph, user_id: str) -> None:
        make_node(graph, user_id, "Person", notes=[Note.new("weekly", "week", T0)])
        counts = dry_run_counts(memory, graph, user_id, "cleanup", as_of=T0 + timedelta(days=8))
        assert counts["nodes_notes_removed"] == 1

