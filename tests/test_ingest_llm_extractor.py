"""The LLM agent end to end: the real openai client against the scripted fake server."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fakes.openai_server import FakeOpenAIServer
from ingest_support import rows, sources

from memgraph.graph.connection import Graph
from memgraph.memory import Memory
from memgraph.providers.embeddings import HashingEmbedder
from memgraph.providers.openai_compat import OpenAILLM
from memgraph.settings import Settings


@pytest.fixture
def agent_memory(settings: Settings, graph: Graph, hashing_embedder: HashingEmbedder,
                 fake_openai: FakeOpenAIServer) -> Iterator[Memory]:
    llm = OpenAILLM("fake-model", base_url=fake_openai.base_url, api_key="test",
                    timeout_s=1.0, max_retries=1)
    llm.backoff_base_s = 0.01
    mem = Memory(settings, graph=graph, embedder=hashing_embedder, llm=llm)
    mem.init()
    yield mem


CALLS = [
    {"name": "create_person", "arguments": {"name": "Anna", "ref": "anna",
                                            "description": "the user's sister",
                                            "confidence": 0.9}},
    {"name": "create_entity", "arguments": {"name": "Lisbon", "entity_type": "place"}},
    {"name": "relate", "arguments": {"source_id": "anna", "target_id": "Lisbon",
                                     "type": "LIVES_IN", "ref": "home",
                                     "valid_from": "2021-05-01T00:00:00Z"}},
    {"name": "add_note", "arguments": {"target_id": "home", "text": "moved for work",
                                       "lifetime": "year"}},
    {"name": "add_note", "arguments": {"target_id": "anna", "text": "is a nurse",
                                       "lifetime": "forever"}},
]


def test_tool_calls_become_the_graph_in_one_llm_call(agent_memory: Memory, user_id: str,
                                                     fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([{"tool_calls": CALLS,
                              "usage": {"prompt_tokens": 900, "completion_tokens": 120}}])
    result = agent_memory.ingest("My sister Anna moved to Lisbon in 2021; she's a nurse.",
                                 user_id=user_id, speaker="Sam")
    assert result.status == "done", result.error
    assert result.llm_calls == 1 and result.tokens_used == 1020
    [source] = sources(agent_memory.graph, user_id)
    assert source["llm_calls"] == 1 and source["tokens_used"] == 1020
    [fact] = rows(agent_memory.graph, "MATCH (a:Person {user_id: $u})-[r:LIVES_IN]->(b:Entity) "
                  "RETURN a.name AS a, a.confidence AS c, a.notes AS an, b.name AS b, "
                  "r.notes AS rn, r.valid_from.year AS y", u=user_id)
    assert fact == {"a": "Anna", "c": 0.9, "an": ["is a nurse"], "b": "Lisbon",
                    "rn": ["moved for work"], "y": 2021}
    # what the model was sent: the source, the context and the typed tools
    [request] = fake_openai.chat_requests()
    assert "My sister Anna moved" in request["messages"][1]["content"]
    assert {t["function"]["name"] for t in request["tools"]} >= {"create_person", "relate"}


def test_a_dry_run_with_the_agent_makes_its_call_and_keeps_nothing(
        agent_memory: Memory, user_id: str, fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([{"tool_calls": CALLS,
                              "usage": {"prompt_tokens": 900, "completion_tokens": 120}}])
    rehearsed = agent_memory.ingest("My sister Anna moved to Lisbon in 2021; she's a nurse.",
                                    user_id=user_id, speaker="Sam", dry_run=True)
    assert rehearsed.dry_run and rehearsed.status == "done", rehearsed.error
    assert rehearsed.llm_calls == 1 and rehearsed.tokens_used == 1020
    assert "Anna -LIVES_IN-> Lisbon" in rehearsed.learned
    # with an LLM a message is stored before it is extracted; a dry run stores nothing
    assert rows(agent_memory.graph, "MATCH (n {user_id: $u}) RETURN n", u=user_id) == []


def test_the_agent_sees_existing_nodes_and_reuses_their_ids(agent_memory: Memory, user_id: str,
                                                            fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([{"tool_calls": CALLS[:1]}])
    agent_memory.ingest("My sister Anna is great.", user_id=user_id)
    [anna] = rows(agent_memory.graph, "MATCH (p:Person {user_id: $u, name: 'Anna'}) "
                  "RETURN p.uid AS uid", u=user_id)
    fake_openai.script_chat([{"tool_calls": [
        {"name": "update_node", "arguments": {"id": anna["uid"], "aliases": ["Annie"]}}]}])
    result = agent_memory.ingest("Annie says hi.", user_id=user_id)
    assert result.status == "done" and result.nodes_updated == 1
    assert f"id={anna['uid']}" in fake_openai.chat_requests()[-1]["messages"][1]["content"]


def test_refused_calls_get_exactly_one_more_turn_to_fix_them(agent_memory: Memory, user_id: str,
                                                             fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([
        {"tool_calls": [CALLS[0], {"name": "relate", "arguments": {
            "source_id": "anna", "target_id": "ghost", "type": "FRIEND_OF"}},
            {"name": "add_note", "arguments": '{"target_id": "anna", "text": '}]},
        {"tool_calls": [CALLS[1], {"name": "relate", "arguments": {
            "source_id": "anna", "target_id": "Lisbon", "type": "LIVES_IN"}}]},
    ])
    result = agent_memory.ingest("Anna lives in Lisbon.", user_id=user_id)
    assert result.status == "done" and result.llm_calls == 2
    assert len(result.refused) == 2 and result.relationships_created == 1
    second = fake_openai.chat_requests()[1]["messages"]
    tool_replies = [m["content"] for m in second if m["role"] == "tool"]
    assert tool_replies[0].startswith("ok")
    assert "no node 'ghost'" in tool_replies[1] and "not valid JSON" in tool_replies[2]
    assert rows(agent_memory.graph, "MATCH ({user_id: $u})-[r:FRIEND_OF]->() RETURN r",
                u=user_id) == []


@pytest.mark.parametrize("script", [
    [{"status": 429}, {"status": 429}],                                   # rate limited
    [{"status": 500}, {"status": 503}],                                   # server errors
    [{"delay_s": 2.0, "content": "late"}, {"delay_s": 2.0, "content": "late"}],   # timeout
    [{"tool_calls": [{"name": "relate", "arguments": "{bad json"}]},      # malformed twice
     {"tool_calls": [{"name": "create_person", "arguments": "{still bad"}]}],
])
def test_llm_failures_leave_the_source_failed_and_retry_redoes_it(
        agent_memory: Memory, user_id: str, fake_openai: FakeOpenAIServer, script: list):
    fake_openai.script_chat(script)
    result = agent_memory.ingest("My sister Anna moved to Lisbon.", user_id=user_id)
    assert result.status == "failed" and result.error
    [source] = sources(agent_memory.graph, user_id)
    assert source["extraction_status"] == "failed" and source["extraction_error"]
    assert source["raw_content"] == "My sister Anna moved to Lisbon."
    memories = rows(agent_memory.graph, "MATCH (n:Memory {user_id: $u}) RETURN n:Source AS source",
                    u=user_id)
    assert memories == [{"source": True}]      # the Source only, nothing else

    fake_openai.script_chat([{"tool_calls": CALLS}])
    retried = agent_memory.retry_failed(user_id)
    assert retried.sources == 1 and retried.failed == 0
    [source] = sources(agent_memory.graph, user_id)
    assert source["extraction_status"] == "done" and source["extraction_attempts"] == 2
    # the failed attempt wrote nothing; the retry wrote Anna and the (unnamed) speaker
    assert rows(agent_memory.graph, "MATCH (p:Person {user_id: $u}) RETURN p.name AS n "
                "ORDER BY n", u=user_id) == [{"n": "Anna"}, {"n": "Me"}]


def test_a_model_with_nothing_to_say_costs_one_call(agent_memory: Memory, user_id: str,
                                                    fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([{"content": "Nothing worth remembering."}])
    result = agent_memory.ingest("ok thanks", user_id=user_id)
    assert result.status == "done" and result.llm_calls == 1
    # nothing from the model; the speaker is a person from their first message all the same
    assert result.learned == ["new Person: Me"]


def test_the_speaker_is_a_person_from_their_first_message_and_the_agent_names_them(
        agent_memory: Memory, user_id: str, fake_openai: FakeOpenAIServer):
    fake_openai.script_chat([
        {"tool_calls": [{"name": "create_entity", "arguments": {"name": "Lisbon",
                                                                "entity_type": "place"}},
                        {"name": "relate", "arguments": {"source_id": "Caroline",
                                                         "target_id": "Lisbon",
                                                         "type": "LIVES_IN"}}]},
        {"content": "Nothing worth remembering."},
        {"content": "Nothing worth remembering."}])
    first = agent_memory.ingest("I moved to Lisbon.", user_id=user_id, speaker="Caroline")
    agent_memory.ingest("Thanks, that means a lot!", user_id=user_id, speaker="Caroline")
    agent_memory.ingest("Glad to hear it.", user_id=user_id, speaker="assistant")
    assert first.status == "done" and first.refused == []
    # the header tells the agent who "I" is, by the name it can use as an id
    assert "speaker Caroline, the Person 'Caroline'" in \
        fake_openai.chat_requests()[0]["messages"][1]["content"]
    assert rows(agent_memory.graph, """
        MATCH (p:Person {user_id: $u})
        OPTIONAL MATCH (p)-[:LIVES_IN]->(place)
        RETURN p.name AS name, p.attributes AS attributes, place.name AS place,
               COUNT { (:Source)-[:MENTIONS]->(p) } AS mentions""", u=user_id) == [
        {"name": "Caroline", "attributes": ["role: speaker"], "place": "Lisbon", "mentions": 1}]


# -- LLM spend: calls, tokens and answer size are bounded per source ------------------------
MALFORMED = {"tool_calls": [{"name": "relate", "arguments": "{bad json"},
                            {"name": "create_person", "arguments": {"name": ""}}]}


def limited(settings: Settings, **ingest: object) -> Settings:
    return settings.model_copy(update={"ingest": settings.ingest.model_copy(update=ingest)})


def spend_memory(settings: Settings, graph: Graph, embedder: HashingEmbedder,
                 server: FakeOpenAIServer) -> Memory:
    llm = OpenAILLM.from_settings(settings.model_copy(update={
        "llm": "openai", "openai_base_url": server.base_url, "llm_max_retries": 0}))
    return Memory(settings, graph=graph, embedder=embedder, llm=llm)


@pytest.mark.parametrize("max_steps", [2, 8])
def test_answers_that_are_always_malformed_cost_two_calls_and_leave_the_source_retryable(
        settings: Settings, graph: Graph, hashing_embedder: HashingEmbedder, user_id: str,
        fake_openai: FakeOpenAIServer, max_steps: int):
    fake_openai.chat_handler = lambda request: MALFORMED
    bounded = limited(settings, agent_max_steps=max_steps)
    mem = spend_memory(bounded, graph, hashing_embedder, fake_openai)
    result = mem.ingest("My sister Anna moved to Lisbon.", user_id=user_id)
    requests = fake_openai.chat_requests()
    # one extraction turn and one fix-up turn; a fix-up that fixes nothing ends the loop
    assert result.status == "failed" and "MalformedOutputError" in (result.error or "")
    assert len(requests) == result.llm_calls == 2
    assert 0 < result.tokens_used <= bounded.ingest.llm_tokens_per_source
    assert all(r["max_tokens"] == bounded.llm_max_tokens for r in requests)
    [source] = sources(graph, user_id)
    assert source["extraction_status"] == "failed" and source["llm_calls"] == 2

    fake_openai.chat_handler = None
    fake_openai.script_chat([{"tool_calls": CALLS}])
    assert mem.retry_failed(user_id).failed == 0
    assert sources(graph, user_id)[0]["extraction_status"] == "done"


@pytest.mark.parametrize("budget", [1_000, 5_000, 9_000])
def test_a_source_never_spends_more_than_its_token_budget(
        settings: Settings, graph: Graph, hashing_embedder: HashingEmbedder, user_id: str,
        fake_openai: FakeOpenAIServer, budget: int):
    fake_openai.chat_handler = lambda request: MALFORMED
    bounded = limited(settings, llm_tokens_per_source=budget, agent_max_steps=8)
    bounded = bounded.model_copy(update={"llm_max_tokens": 512})
    mem = spend_memory(bounded, graph, hashing_embedder, fake_openai)
    result = mem.ingest("My sister Anna moved to Lisbon. " * 20, user_id=user_id)
    requests = fake_openai.chat_requests()
    assert result.status == "failed"
    assert len(requests) == result.llm_calls <= 2
    assert result.tokens_used <= budget
    assert all(r["max_tokens"] == 512 for r in requests)
    if not requests:    # not even the first call fits: said so, and the source is kept
        assert "budget" in (result.error or "")
        assert sources(graph, user_id)[0]["extraction_status"] == "failed"
