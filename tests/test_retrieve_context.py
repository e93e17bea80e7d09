"""context(): prompt text in three formats that never exceeds its token budget."""

from __future__ import annotations

import json
import xml.dom.minidom
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from retrieve_data import add_node, props_of, relate

from memgraph.errors import InvalidInputError
from memgraph.memory import Memory
from memgraph.retrieve.context import EVIDENCE_MAX_TOKENS, build_context, item_fields, quoted_ids
from memgraph.retrieve.results import Provenance, Result, ScoreBreakdown
from memgraph.retrieve.tokens import count_tokens, truncate_to_tokens


@pytest.fixture
def diary(memory: Memory, user_id: str) -> list[str]:
    g, emb = memory.graph, memory.embedder
    uids = []
    for i in range(40):
        text = f"Jo went hiking in the mountains, trip number {i}, and saw " + "pines " * (i % 7)
        uids.append(add_node(g, user_id, "Source", f"t{i}", text=text,
                             embedding=emb.embed(text), external_id=f"D1:{i}", speaker="Jo"))
    jo = add_node(g, user_id, "Person", "Jo", text="Jo loves hiking", embedding=emb.embed("Jo"))
    relate(g, user_id, uids[0], "MENTIONS", jo)
    return uids


@pytest.mark.parametrize("fmt", ["markdown", "xml", "json"])
@pytest.mark.parametrize("budget", [10, 60, 200, 1000])
def test_never_exceeds_the_budget(memory: Memory, user_id: str, diary, fmt: str,
                                  budget: int) -> None:
    result = memory.context("hiking trips in the mountains", user_id=user_id,
                            max_tokens=budget, format=fmt, reinforce=False)
    assert result.tokens_used == count_tokens(result.text) <= budget
    assert result.memories_used == len(result.memories)
    if budget == 1000:
        assert result.memories_used >= 10


def test_formats_parse_and_most_relevant_comes_first(memory: Memory, user_id: str,
                                                     diary) -> None:
    explored = memory.explore("hiking trips in the mountains", user_id=user_id, k=5,
                              reinforce=False)
    md = memory.context("hiking trips in the mountains", user_id=user_id, max_tokens=300,
                        reinforce=False)
    assert md.memories[0].uid == explored[0].uid
    assert md.text.startswith("## Memory relevant to:") and "(D1:" in md.text
    data = json.loads(memory.context("hiking", user_id=user_id, max_tokens=300,
                                     format="json", reinforce=False).text)
    assert data["memories"][0]["kind"] in ("Source", "Person")
    xml.dom.minidom.parseString(memory.context("hiking <&>", user_id=user_id, max_tokens=300,
                                               format="xml", reinforce=False).text)


def test_truncated_says_something_was_left_out(memory: Memory, user_id: str, diary) -> None:
    small = memory.context("hiking", user_id=user_id, max_tokens=80, reinforce=False)
    assert small.truncated and small.memories_used < 40
    assert not memory.context("hiking", user_id=user_id, max_tokens=20_000, k=5,
                              reinforce=False).truncated


def test_reinforces_only_what_made_it_into_the_text(memory: Memory, user_id: str,
                                                    diary) -> None:
    result = memory.context("hiking", user_id=user_id, max_tokens=80)
    used = {r.uid for r in result.memories}
    assert used
    for uid in diary:
        assert props_of(memory.graph, uid)["access_count"] == (1 if uid in used else 0)


@pytest.mark.parametrize("kwargs, message", [
    ({"max_tokens": 0}, "max_tokens"),
    ({"max_tokens": 5}, "max_tokens"),
    ({"format": "yaml"}, "format"),
])
def test_bad_input(memory: Memory, user_id: str, kwargs, message) -> None:
    with pytest.raises(InvalidInputError, match=message):
        memory.context("hiking", user_id=user_id, **kwargs)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400), st.integers(min_value=1, max_value=60))
def test_truncation_respects_the_counter(text: str, budget: int) -> None:
    cut = truncate_to_tokens(text, budget)
    assert count_tokens(cut) <= budget
    assert text.startswith(cut.removesuffix("…").rstrip()) or cut == ""


def test_token_counter_is_documented_arithmetic() -> None:
    assert count_tokens("") == 0
    assert count_tokens("a cat sat.") == 4           # a, cat, sat, .
    assert count_tokens("extraordinary") == 4        # 13 characters → 4 pieces of 4


def test_an_event_is_dated_on_its_day_a_state_since_it_began() -> None:
    def fact(kind: str) -> Result:
        score = ScoreBreakdown(ranks={}, signal_scores={}, rrf=0.0, relevance=0.0,
                               salience=0.5, recency=0.0, importance=0.5, terms={}, final=0.0)
        return Result(element="relationship", kind=kind, uid=kind, name=f"Caroline {kind} x",
                      valid_from=datetime(2023, 5, 7, tzinfo=UTC), score=score)

    assert item_fields(fact("ATTENDED"))["validity"] == "on 7 May 2023"
    assert item_fields(fact("LIVES_IN"))["validity"] == "since 7 May 2023"


def _result(kind: str, element: str, provenance: list[Provenance]) -> Result:
    score = ScoreBreakdown(ranks={}, signal_scores={}, rrf=0.0, relevance=0.0, salience=0.5,
                           recency=0.0, importance=0.5, terms={}, final=0.0)
    return Result(element=element, kind=kind, uid=kind, name="Jo", text="Jo loves hiking",
                  provenance=provenance, score=score)


def test_an_item_quotes_a_message_whole_and_one_excerpt_under_a_fact_or_node() -> None:
    message = _result("Source", "node", [Provenance(source_uid="s1", external_id="D1:1",
                                                    excerpt="We hiked.", via="self")])
    person = _result("Person", "node", [
        Provenance(source_uid="s2", external_id="D1:2", via="MENTIONS"),
        Provenance(source_uid="s3", external_id="D1:3", excerpt="Jo hikes.", via="MENTIONS"),
        Provenance(source_uid="s4", external_id="D1:4", excerpt="Jo again.", via="MENTIONS")])
    assert quoted_ids(message) == ["D1:1"]
    # every source is listed by id, the one quoted is the one a reader can use
    assert quoted_ids(person) == ["D1:3"]
    assert item_fields(person)["ids"] == "D1:2, D1:3, D1:4"
    assert item_fields(person)["evidence"] == ["Jo hikes."]
    assert quoted_ids(_result("Person", "node", [])) == []


def test_the_context_says_which_sources_its_text_quotes(memory: Memory, user_id: str,
                                                        diary) -> None:
    result = memory.context("Jo hiking trips", user_id=user_id, max_tokens=400,
                            reinforce=False)
    assert result.quoted_ids
    for external_id in result.quoted_ids:
        assert f"{external_id}" in result.text
    listed = {i for r in result.memories for i in r.external_ids}
    assert set(result.quoted_ids) <= listed


def test_words_already_in_the_text_are_not_quoted_again() -> None:
    said = "I adopted a greyhound named Juni last Saturday."
    message = _result("Source", "node", [Provenance(source_uid="s1", external_id="D2:2",
                                                    excerpt=said, via="self")])
    message = message.model_copy(update={"uid": "s1", "text": said})
    fact = _result("OWNS", "relationship", [Provenance(source_uid="s1", external_id="D2:2",
                                                       excerpt=said, via="source_ids")])
    fact = fact.model_copy(update={"uid": "f1", "name": "Marcus OWNS Juni", "text": said})
    built = build_context("What pets does Marcus have?", [message, fact], 500, "markdown")
    assert built.memories_used == 2 and built.text.count(said) == 1
    assert "**Marcus OWNS Juni**" in built.text
    # the fact first: it quotes the sentence, and the message it came from is not repeated
    first = build_context("What pets does Marcus have?", [fact, message], 500, "markdown")
    assert first.memories_used == 1 and first.text.count(said) == 1
    assert first.quoted_ids == built.quoted_ids == ["D2:2"]


def test_a_node_whose_first_source_is_quoted_above_shows_its_next_one() -> None:
    said = "Rory brought Aoife over for tea."
    message = _result("Source", "node", [Provenance(source_uid="s1", external_id="D8:16",
                                                    excerpt=said, via="self")])
    message = message.model_copy(update={"uid": "s1", "text": said})
    aoife = _result("Person", "node", [
        Provenance(source_uid="s1", external_id="D8:16", excerpt=said, via="MENTIONS"),
        Provenance(source_uid="s2", external_id="D3:8", excerpt="Aoife. From Donegal.",
                   via="MENTIONS")])
    aoife = aoife.model_copy(update={"uid": "aoife", "name": "Aoife", "text": ""})
    built = build_context("Who is Rory dating?", [message, aoife], 500, "markdown")
    assert built.memories_used == 2
    assert built.text.count(said) == 1 and '"Aoife. From Donegal."' in built.text
    assert built.quoted_ids == ["D8:16", "D3:8"]
    # alone, the node quotes its first source, as before
    alone = build_context("Who is Rory dating?", [aoife], 500, "markdown")
    assert said in alone.text and alone.quoted_ids == ["D8:16"]


def test_a_fact_told_twice_quotes_both_tellings_and_neither_is_repeated() -> None:
    started = "I'm in my third year and I fix bikes at Spoke & Chain."
    ended = "Last Friday was my last day at Spoke & Chain."
    again = "Spoke & Chain gave me a trophy."
    job = _result("WORKS_AT", "relationship", [
        Provenance(source_uid="s1", external_id="D1:2", excerpt=started, via="source_ids"),
        Provenance(source_uid="s2", external_id="D8:8", excerpt=ended, via="source_ids"),
        Provenance(source_uid="s3", external_id="D8:9", excerpt=again, via="source_ids")])
    job = job.model_copy(update={"uid": "f1", "name": "Jonah WORKS_AT Spoke & Chain",
                                 "text": ""})
    last_day = _result("Source", "node", [Provenance(source_uid="s2", external_id="D8:8",
                                                     excerpt=ended, via="self")])
    last_day = last_day.model_copy(update={"uid": "s2", "text": ended})
    built = build_context("How long did Jonah work at Spoke & Chain?", [job, last_day], 500,
                          "markdown")
    # the first two tellings under the fact, the message that ended it not again below
    assert built.quoted_ids == ["D1:2", "D8:8"] and built.memories_used == 1
    assert built.text.count(ended) == 1 and again not in built.text
    assert item_fields(job)["evidence"] == [started, ended]
    xml_text = build_context("How long?", [job], 500, "xml").text
    assert xml_text.count("<evidence>") == 2
    assert json.loads(build_context("How long?", [job], 500, "json").text)[
        "memories"][0]["evidence"] == [started, ended]
    # a node still quotes one: a person is mentioned in many messages about other things
    person = job.model_copy(update={"element": "node", "kind": "Person", "name": "Jonah"})
    assert item_fields(person)["evidence"] == [started]


def test_a_fact_quotes_its_message_from_the_sentence_that_states_it() -> None:
    opening = ("I'm still figuring out the details, but I'm thinking of working with trans "
               "people, helping them accept themselves and supporting their mental health. ")
    stated = "Last Friday, I went to an LGBTQ+ counseling workshop and it was enlightening."
    detail = " They talked about therapeutic methods and how to work with trans people."
    said = opening + stated + detail
    workshop = _result("ATTENDED", "relationship", [
        Provenance(source_uid="s1", external_id="D4:13", excerpt=said, via="source_ids")])
    workshop = workshop.model_copy(update={
        "name": "Caroline ATTENDED LGBTQ+ counseling workshop", "text": stated})
    fields = item_fields(workshop)
    [excerpt] = fields["evidence"]
    # the opening would fill the excerpt and cut off both the statement and its detail
    assert count_tokens(opening + stated) > EVIDENCE_MAX_TOKENS
    assert excerpt.startswith("…Last Friday") and "therapeutic methods" in excerpt
    assert fields["text"] == ""          # the sentence is in the excerpt, not said twice
    assert count_tokens(excerpt) <= EVIDENCE_MAX_TOKENS
    # a message whose opening holds the statement is quoted from its start, as before
    short = workshop.model_copy(update={"provenance": [Provenance(
        source_uid="s1", external_id="D4:13", excerpt=stated + detail, via="source_ids")]})
    assert item_fields(short)["evidence"] == [stated + detail]
    # a one-word description is not a sentence to start from: it may occur anywhere
    word = workshop.model_copy(update={"text": "therapeutic"})
    assert item_fields(word)["evidence"][0].startswith("I'm still figuring out")
    # a node has no sentence of its own: its excerpt is the message's opening
    node = workshop.model_copy(update={"element": "node", "kind": "Concept",
                                       "name": "counseling workshop", "text": ""})
    assert item_fields(node)["evidence"][0].startswith("I'm still figuring out")


def test_a_message_a_node_above_quotes_whole_is_not_repeated() -> None:
    said = "We took over the back room of the Lorne Bar in Oban."
    oban = _result("Entity", "node", [Provenance(source_uid="s1", external_id="D6:5",
                                                 excerpt=said, via="MENTIONS")])
    answer = oban.score.model_copy(update={"tier": 1})    # the place the question asks for
    oban = oban.model_copy(update={"uid": "oban", "name": "Oban", "text": "", "score": answer})
    message = _result("Source", "node", [Provenance(source_uid="s1", external_id="D6:5",
                                                    excerpt=said, via="self")])
    message = message.model_copy(update={"uid": "s1", "text": said})
    built = build_context("Where was the party?", [oban, message], 500, "markdown")
    assert built.memories_used == 1 and built.text.count(said) == 1
    assert built.quoted_ids == ["D6:5"]
    # a message longer than the excerpt shown is still added: its other words are new
    longer = message.model_copy(update={"text": said + " " + "Mum made a speech. " * 30})
    built = build_context("Where was the party?", [oban, longer], 1000, "markdown")
    assert built.memories_used == 2


def test_a_node_says_neither_its_name_nor_a_note_its_excerpt_holds_twice() -> None:
    said = "I gave up on Duolingo. I have a tutor now, his name is Kenji."
    kenji = _result("Person", "node", [Provenance(source_uid="s1", external_id="n12",
                                                  excerpt=said, via="notes")])
    kenji = kenji.model_copy(update={
        "name": "Kenji", "text": "Leila's tutor. I have a tutor now, his name is Kenji."})
    fields = item_fields(kenji)
    assert fields["text"] == "Leila's tutor." and fields["evidence"] == [said]
    meat = _result("Concept", "node", [])
    meat = meat.model_copy(update={"name": "meat", "text": "meat"})
    assert item_fields(meat)["text"] == ""


def _message(uid: str, said: str, day: int, speaker: str = "Kirsty") -> Result:
    m = _result("Source", "node", [Provenance(source_uid=uid, external_id=uid, excerpt=said,
                                              via="self", speaker=speaker)])
    return m.model_copy(update={"uid": uid, "text": said,
                                "event_at": datetime(2023, 5, day, 18, 20, tzinfo=UTC)})


def test_a_node_the_question_neither_names_nor_is_answered_by_leaves_the_evidence_room() -> None:
    # "running" matched the question's words; the messages say what happened
    running = _result("Concept", "node", [Provenance(
        source_uid="s9", external_id="D7:22", via="MENTIONS",
        excerpt="Running has been great for my mind, I go every morning before work now.")])
    running = running.model_copy(update={"uid": "running", "name": "running",
                                         "text": "Melanie runs to clear her head."})
    race = _message("D2:1", "I ran a charity race for mental health last Saturday.", 8,
                    "Melanie")
    told = _message("D2:3", "It raised money for a shelter and the whole family came.", 8,
                    "Melanie")
    question = "When did Melanie run a charity race?"
    room = build_context(question, [race, told], 500, "markdown").tokens_used
    built = build_context(question, [running, race, told], room, "markdown")
    assert [r.uid for r in built.memories] == ["D2:1", "D2:3"] and built.truncated
    # with room to spare it follows them; explore()'s order is not changed
    roomy = build_context(question, [running, race, told], 1000, "markdown")
    assert [r.uid for r in roomy.memories] == ["D2:1", "D2:3", "running"]
    # a node that answers (tier 1) or that the question names keeps its place
    for update in ({"tier": 1}, {"subject": True}):
        kept = running.model_copy(update={"score": running.score.model_copy(update=update)})
        built = build_context(question, [kept, race, told], 1000, "markdown")
        assert [r.uid for r in built.memories] == ["running", "D2:1", "D2:3"]


def test_markdown_writes_a_days_date_once() -> None:
    asks = _message("D5:1", "BEAR. Are you sitting down.", 7)
    got_in = _message("D5:3", "I GOT IN. I start the nursing program in September!", 7)
    later = _message("D9:11", "Are you allowed back on the lathe?", 19)
    replies = _message("D5:2", "I'm lying down. What is it?", 7, "Euan")
    ranked = [got_in, later, asks, replies]
    built = build_context("q", ranked, 1000, "markdown")
    assert built.text.split("\n")[1:] == [
        "- [7 May 2023] Kirsty: I GOT IN. I start the nursing program in September! (D5:3)",
        "  - Kirsty: BEAR. Are you sitting down. (D5:1)",
        "  - Euan: I'm lying down. What is it? (D5:2)",
        "- [19 May 2023] Kirsty: Are you allowed back on the lathe? (D9:11)"]
    # the room a repeated date took is left for evidence
    header = count_tokens(build_context("q", [], 1000, "markdown").text)
    each_dated = header + sum(
        count_tokens(build_context("q", [m], 1000, "markdown").text) - header for m in ranked)
    assert built.tokens_used <= each_dated - 2 * 4
    assert build_context("q", ranked, built.tokens_used, "markdown").memories_used == 4
    # the other formats date every memory
    memories = json.loads(build_context("q", [got_in, asks], 1000, "json").text)["memories"]
    assert [m["when"] for m in memories] == ["2023-05-07", "2023-05-07"]
