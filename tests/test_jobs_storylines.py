"""Storylines and Macros (memgraph/jobs/storylines.py): the layer between facts and messages.

A subject's mentions, in time order, are cut into episodes at silences of
``storyline_gap_days``; an episode of ``storyline_min_sources`` sources is a Storyline
(INCLUDES its sources, MENTIONS its subject, a title and a summary from the facts learnt in
it), and a subject with ``macro_min_storylines`` Storylines gets a Macro (SUMMARIZES them).
Only changed evidence is re-synthesised; a summary whose evidence is gone is archived.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from fakes.openai_server import FakeOpenAIServer
from retrieve_data import add_node

from memgraph.graph.connection import Graph
from memgraph.graph.vocabulary import Kind
from memgraph.jobs.dedupe import merge
from memgraph.jobs.storylines import Episode, Evidence, Fact, episodes, subject_episodes
from memgraph.jobs.synthesis import DatedText, OfflineSynthesiser, SummaryItem
from memgraph.memory import Memory
from memgraph.providers.openai_compat import OpenAILLM
from memgraph.retrieve.config import RetrievalConfig
from memgraph.retrieve.explore import ExploreRequest, candidate_params
from memgraph.retrieve.filters import build_filters

NOW = datetime(2025, 1, 10, tzinfo=UTC)
SPRING = datetime(2024, 3, 1, 9, tzinfo=UTC)
AUTUMN = datetime(2024, 9, 1, 9, tzinfo=UTC)

SPRING_CHAT = ["I live in Leeds and I work at Acme Corp as a data analyst.",
               "I love hiking in the Dales on Sundays.",
               "I still work at Acme Corp, and I like it.",
               "I moved to Manchester last week."]
AUTUMN_CHAT = ["Big news: I just started a new job at Globex as a data engineer.",
               "I love the team at Globex.",
               "My sister Anna lives in Lisbon."]


def at(start: datetime, i: int) -> datetime:
    return start + timedelta(days=2 * i)


def chat(memory: Memory, user_id: str, lines: list[str], start: datetime,
         first: int = 0) -> None:
    for i, line in enumerate(lines):
        memory.ingest(line, user_id=user_id, speaker="Sam", event_at=at(start, i),
                      external_id=f"{start.month}:{first + i}")


def spring_and_autumn(memory: Memory, user_id: str, *, build: bool = True) -> None:
    """Sam's two seasons of messages, and (``build``) the storylines job run over them."""
    chat(memory, user_id, SPRING_CHAT, SPRING)
    chat(memory, user_id, AUTUMN_CHAT, AUTUMN, first=10)
    if build:
        memory.run_job("storylines", user_id=user_id, as_of=NOW)


def summaries(graph: Graph, user_id: str) -> list[dict]:
    with graph.session() as session:
        return session.run(
            "MATCH (n:Memory {user_id: $u}) WHERE n:Storyline OR n:Macro "
            "OPTIONAL MATCH (n)-[:INCLUDES]->(s:Source) "
            "OPTIONAL MATCH (n)-[:SUMMARIZES]->(st:Storyline) "
            "OPTIONAL MATCH (n)-[:MENTIONS]->(e:Memory) "
            "RETURN [l IN labels(n) WHERE l IN ['Storyline', 'Macro']][0] AS layer, "
            "n.uid AS uid, n.name AS title, n.description AS summary, n.state AS state, "
            "n.span_start AS start, n.span_end AS end, n.updated_at AS updated_at, "
            "n.summary_embedding IS NOT NULL AND n.embedding IS NULL AS embedded, "
            "n.fact_uids AS facts, "
            "collect(DISTINCT s.raw_content) AS sources, "
            "collect(DISTINCT st.uid) AS storylines, collect(DISTINCT e.name) AS about "
            "ORDER BY layer DESC, start", u=user_id).data()


def storylines_of(rows: list[dict]) -> list[dict]:
    return [r for r in rows if r["layer"] == "Storyline"]


# -- episodes: the pure part ---------------------------------------------------------------

def test_mentions_are_cut_at_silences_and_short_runs_are_not_storylines():
    day = timedelta(days=1)
    mentions = [Evidence(f"s{i}", "text", SPRING + offset * day)
                for i, offset in enumerate([0, 3, 10, 50, 52, 53, 54, 200])]
    runs = episodes(mentions, gap=30 * day, min_sources=3)
    assert [[e.uid for e in run] for run in runs] == [["s0", "s1", "s2"],
                                                      ["s3", "s4", "s5", "s6"]]


def test_a_subject_mentioned_every_day_has_a_storyline_a_month_not_one_for_ever():
    day = timedelta(days=1)
    daily = [Evidence(f"s{i}", "text", SPRING + i * day) for i in range(70)]
    runs = episodes(daily, gap=21 * day, min_sources=3, max_span=31 * day)
    assert [(run[0].uid, len(run)) for run in runs] == [("s0", 32), ("s32", 32), ("s64", 6)]
    # a new mention extends the open month, never moves an earlier one's first source
    grown = episodes([*daily, Evidence("s70", "text", SPRING + 70 * day)], gap=21 * day,
                     min_sources=3, max_span=31 * day)
    assert [(run[0].uid, len(run)) for run in grown] == [("s0", 32), ("s32", 32), ("s64", 7)]


def test_a_storyline_leads_with_what_its_episode_brought_not_what_it_repeats():
    day = timedelta(days=1)
    spring = [Evidence(f"s{i}", "text", SPRING + i * day) for i in range(3)]
    autumn = [Evidence(f"a{i}", "text", AUTUMN + i * day) for i in range(3)]
    hiking = Fact("f1", "Sam likes hiking", SPRING, None, frozenset({"s0", "a0"}))
    globex = Fact("f2", "Sam works at Globex", AUTUMN + day, None, frozenset({"a1"}))
    runs = list(subject_episodes(spring + autumn, [hiking, globex], gap=30 * day,
                                 min_sources=3))
    assert [[f.text for f in facts] for _, facts in runs] == [
        ["Sam likes hiking"], ["Sam works at Globex", "Sam likes hiking"]]
    _, autumn_facts = runs[1]
    item = SummaryItem(key="k", layer="Storyline", subject="Sam",
                       evidence=tuple(DatedText(e.text, e.at) for e in autumn),
                       facts=tuple(DatedText(f.text, f.at) for f in autumn_facts))
    summary = OfflineSynthesiser().summaries([item])["k"]
    assert summary.title.startswith("Sam: works at Globex")


def test_a_storylines_title_says_something_of_its_subject_not_to_them():
    # offline, with no fact learnt: "Thanks, Jon!" names him as the one spoken to, and a
    # question asks rather than tells; his own statement is what the episode says of him
    day = timedelta(days=1)
    said = [("Wow, that is great news, Jon! What did they say?", False),
            ("Did it work? I opened the studio downtown, it went great.", True),
            ("Thanks, Jon!", False), ("I hope so, Jon.", False)]
    evidence = tuple(DatedText(text, SPRING + i * day, own)
                     for i, (text, own) in enumerate(said))
    item = SummaryItem(key="k", layer="Storyline", subject="Jon", evidence=evidence)
    title = OfflineSynthesiser().summaries([item])["k"].title
    assert title.startswith("Jon: I opened the studio downtown, it went great"), title
    # a sentence that says something of him by name says most of all
    named = SummaryItem(key="k", layer="Storyline", subject="Jon", evidence=(
        *evidence, DatedText("Gina says Jon teaches salsa now.", SPRING + 9 * day)))
    title = OfflineSynthesiser().summaries([named])["k"].title
    assert title.startswith("Jon: Gina says Jon teaches salsa now"), title


def test_a_storylines_title_is_what_its_episode_is_about_not_how_it_ended():
    # offline, no fact learnt: the newest message of an evening's talk is its goodbye;
    # the sentence whose words the other messages share is what the episode was about
    day = timedelta(days=1)
    said = ["I finally got the old lathe working again, it was Ally's.",
            "Made a bowl on the lathe from sycamore, a proper bowl this time.",
            "Sycamore turns lovely, Ally says the bowl's foot is too thick.",
            "Right, I'm off to bed now, give her a cuddle from her uncle."]
    evidence = tuple(DatedText(text, SPRING + i * day, own=True)
                     for i, text in enumerate(said))
    item = SummaryItem(key="k", layer="Storyline", subject="Euan", evidence=evidence)
    summary = OfflineSynthesiser().summaries([item])["k"]
    assert summary.title.startswith("Euan: Made a bowl on the lathe from sycamore"), summary
    assert "cuddle" not in summary.summary
    # with nothing shared, the newest statement says most, as before
    apart = SummaryItem(key="k", layer="Storyline", subject="Euan", evidence=tuple(
        DatedText(text, SPRING + i * day, own=True)
        for i, text in enumerate(["Ferry was late.", "Rain all day.", "Bran is asleep."])))
    assert OfflineSynthesiser().summaries([apart])["k"].title.startswith("Euan: Bran is asleep")


def test_a_macro_spans_to_where_its_last_storyline_ends_not_where_it_began():
    # Leila's second Storyline began on 28 April and ran to 19 May: her Macro said
    # "over time (2025-01-06 to 2025-04-28)"
    day = timedelta(days=1)
    stories = (DatedText("avoids meat: …", SPRING, until=SPRING + 28 * day),
               DatedText("has occupation design lead: …", AUTUMN, until=AUTUMN + 21 * day))
    item = SummaryItem(key="m", layer="Macro", subject="Leila", evidence=stories)
    title = OfflineSynthesiser().summaries([item])["m"].title
    assert title == (f"Leila over time ({SPRING.date()} to {(AUTUMN + 21 * day).date()})")


def test_the_evidence_hash_changes_when_a_fact_ends_or_a_source_joins():
    sources = (Evidence("a", "x", SPRING), Evidence("b", "y", SPRING))
    fact = Fact("f1", "Sam works at Acme", SPRING, None, frozenset({"a"}))
    ended = Fact("f1", "Sam works at Acme (until 2024-05-01)", SPRING, AUTUMN, frozenset({"a"}))
    base = Episode("k", "Storyline", "sam", "Sam", sources, (fact,))
    assert base.evidence_hash == Episode("k", "Storyline", "sam", "Sam", sources,
                                         (fact,)).evidence_hash
    assert base.evidence_hash != Episode("k", "Storyline", "sam", "Sam", sources,
                                         (ended,)).evidence_hash
    assert base.evidence_hash != Episode("k", "Storyline", "sam", "Sam",
                                         (*sources, Evidence("c", "z", AUTUMN)),
                                         (fact,)).evidence_hash


# -- the job on the real graph -------------------------------------------------------------

def test_two_episodes_make_two_storylines_and_a_macro_over_them(memory: Memory, graph: Graph,
                                                                user_id: str):
    spring_and_autumn(memory, user_id, build=False)
    report = memory.run_job("storylines", user_id=user_id, as_of=NOW)
    assert report.status == "ok", report.as_dict()
    rows = summaries(graph, user_id)
    spring, autumn = storylines_of(rows)
    assert sorted(spring["sources"]) == sorted(SPRING_CHAT)      # exactly its episode
    assert sorted(autumn["sources"]) == sorted(AUTUMN_CHAT)
    assert spring["about"] == autumn["about"] == ["Sam"]
    assert spring["start"].to_native() == SPRING
    assert autumn["end"].to_native() == at(AUTUMN, len(AUTUMN_CHAT) - 1)
    # The offline summary is made of what was learnt in the episode, with its dates.
    assert "Acme Corp" in spring["summary"] and "Globex" not in spring["summary"]
    assert "Globex" in autumn["summary"] and "2024-09-01" in autumn["title"]
    assert spring["facts"] and spring["embedded"] and autumn["embedded"]
    assert {spring["state"], autumn["state"]} == {"candidate"}   # memories like any other
    (macro,) = [r for r in rows if r["layer"] == "Macro"]
    assert sorted(macro["storylines"]) == sorted([spring["uid"], autumn["uid"]])
    assert macro["about"] == ["Sam"] and "2024-03-01" in macro["title"]
    assert report.counts["storylines_created"] == 2 and report.counts["macros_created"] == 1


def test_a_persons_own_messages_are_their_story_though_they_never_name_themselves(
        memory: Memory, graph: Graph, user_id: str):
    # Only Maya's first message states a fact about her, and Tom's none about him: their
    # messages are theirs all the same, and never each other's. Messages without a speaker
    # are the user's ("Me"), as the rule extractor reads them.
    maya = ["I live in Leeds.", "The pottery class was great again.",
            "Glazed three bowls this afternoon.", "The kiln firing went well."]
    tom = ["The weather is grim.", "Traffic was awful today.", "The match got cancelled."]
    mine = ["I work at Globex.", "Had a long day.", "The new release went out."]
    for i, (a, b, c) in enumerate(zip(maya, [*tom, ""], [*mine, ""], strict=True)):
        memory.ingest(a, user_id=user_id, speaker="Maya", event_at=at(SPRING, i))
        if b:
            memory.ingest(b, user_id=user_id, speaker="Tom", event_at=at(SPRING, i))
        if c:
            memory.ingest(c, user_id=user_id, event_at=at(SPRING, i))
    memory.run_job("storylines", user_id=user_id, as_of=NOW)
    stories = {row["about"][0]: row for row in storylines_of(summaries(graph, user_id))}
    assert sorted(stories) == ["Maya", "Me", "Tom"]
    assert sorted(stories["Maya"]["sources"]) == sorted(maya)
    assert sorted(stories["Tom"]["sources"]) == sorted(tom)
    assert sorted(stories["Me"]["sources"]) == sorted(mine)


def test_unchanged_evidence_is_not_synthesised_again(memory: Memory, graph: Graph,
                                                     user_id: str):
    spring_and_autumn(memory, user_id)
    before = summaries(graph, user_id)
    again = memory.run_job("storylines", user_id=user_id, as_of=NOW + timedelta(hours=1))
    assert again.counts == {"storylines_unchanged": 2, "macros_unchanged": 1}
    assert summaries(graph, user_id) == before                  # not even a timestamp


def test_new_evidence_extends_the_open_storyline_and_refreshes_the_macro(
        memory: Memory, graph: Graph, user_id: str):
    spring_and_autumn(memory, user_id)
    spring_before, autumn_before = storylines_of(summaries(graph, user_id))
    late = "I flew to Berlin for a Globex conference."
    memory.ingest(late, user_id=user_id, speaker="Sam",
                  event_at=at(AUTUMN, len(AUTUMN_CHAT)), external_id="9:late")
    report = memory.run_job("storylines", user_id=user_id, as_of=NOW + timedelta(days=1))
    spring, autumn = storylines_of(summaries(graph, user_id))
    assert autumn["uid"] == autumn_before["uid"] and late in autumn["sources"]
    assert spring == spring_before
    assert report.counts["storylines_updated"] == 1 and report.counts["macros_updated"] == 1


def test_a_storyline_whose_evidence_is_deleted_is_archived(memory: Memory, graph: Graph,
                                                           user_id: str):
    chat(memory, user_id, SPRING_CHAT, SPRING)
    memory.run_job("storylines", user_id=user_id, as_of=NOW)
    (story,) = storylines_of(summaries(graph, user_id))
    with graph.session() as session:
        uids = session.run("MATCH (s:Source {user_id: $u}) RETURN s.uid AS uid "
                           "ORDER BY s.event_at LIMIT 2", u=user_id).value("uid")
    for uid in uids:   # two of four sources gone: two left, fewer than an episode needs
        memory.delete(uid, user_id=user_id)
    report = memory.run_job("storylines", user_id=user_id, as_of=NOW + timedelta(days=1))
    (after,) = storylines_of(summaries(graph, user_id))
    assert after["uid"] == story["uid"] and after["state"] == "archived"
    assert report.counts["summaries_archived"] == 1


def test_a_pinned_macro_is_kept_when_its_evidence_goes(memory: Memory, graph: Graph,
                                                       user_id: str):
    spring_and_autumn(memory, user_id)
    (macro,) = [r for r in summaries(graph, user_id) if r["layer"] == "Macro"]
    memory.set_ttl_policy(macro["uid"], "keep_forever", user_id=user_id)
    with graph.session() as session:
        autumn = session.run("MATCH (s:Source {user_id: $u}) WHERE s.event_at >= $t "
                             "RETURN s.uid AS uid", u=user_id, t=AUTUMN).value("uid")
    for uid in autumn:
        memory.delete(uid, user_id=user_id)
    memory.run_job("storylines", user_id=user_id, as_of=NOW + timedelta(days=1))
    (kept,) = [r for r in summaries(graph, user_id) if r["layer"] == "Macro"]
    assert kept["state"] != "archived"


def test_a_dry_run_writes_nothing(memory: Memory, graph: Graph, user_id: str):
    chat(memory, user_id, SPRING_CHAT, SPRING)
    report = memory.run_job("storylines", user_id=user_id, as_of=NOW, dry_run=True)
    assert report.counts["storylines_would_write"] == 1
    assert summaries(graph, user_id) == []


def test_another_tenants_sources_never_join_a_storyline(memory: Memory, graph: Graph,
                                                        user_id: str):
    other = f"{user_id}-other"
    try:
        chat(memory, user_id, SPRING_CHAT[:2], SPRING)
        chat(memory, other, SPRING_CHAT[2:], SPRING, first=2)   # same name, same weeks
        memory.run_job("storylines", all_users=True, as_of=NOW)
        assert summaries(graph, user_id) == [] and summaries(graph, other) == []
    finally:
        memory.forget_user(other)


def test_explore_finds_a_storyline_and_says_its_layer(memory: Memory, graph: Graph,
                                                      user_id: str):
    chat(memory, user_id, SPRING_CHAT, SPRING)
    memory.run_job("storylines", user_id=user_id, as_of=NOW)
    results = memory.explore("Sam Acme Corp Leeds", user_id=user_id, kinds=["Storyline"],
                             reinforce=False)
    assert results and results[0].kind == "Storyline"
    assert results[0].score.layer == "summary"      # the breakdown says which layer


def test_a_question_about_someones_story_gets_their_macro_first_and_a_fact_still_its_fact(
        memory: Memory, graph: Graph, user_id: str):
    spring_and_autumn(memory, user_id)
    broad = memory.explore("What has Sam been up to?", user_id=user_id, reinforce=False)
    assert [r.kind for r in broad[:3]] == ["Macro", "Storyline", "Storyline"]
    assert broad[1].name.startswith("Sam:") and "Globex" in broad[1].text   # latest first
    assert broad[0].score.layer == "summary" and broad[0].score.tier == 1
    assert any("story of a node it names" in why for why in broad[0].score.reasons)
    # the Macro stands on its two Storylines and cites the best of their sources; the
    # Storylines below it cite theirs that it did not, while they have any
    cited = {p.external_id for p in broad[0].provenance}
    with graph.session() as session:
        included = set(session.run(
            "MATCH (:Storyline {user_id: $u})-[:INCLUDES]->(s:Source) "
            "RETURN collect(s.external_id) AS ids", u=user_id).single()["ids"])
    assert len(cited) == 3 and {p.via for p in broad[0].provenance} == {"SUMMARIZES"}
    assert cited <= included
    below = {p.external_id for story in broad[1:3] for p in story.provenance}
    assert included - cited <= below
    specific = memory.explore("Where does Sam work now?", user_id=user_id, reinforce=False)
    assert (specific[0].kind, specific[0].end["name"]) == ("WORKS_AT", "Globex")


def test_a_storyline_cites_only_sources_it_includes(memory: Memory, graph: Graph,
                                                   user_id: str):
    """Which candidate sources a summary includes is read with the candidates and matched
    in Python (explore.mentioning_sources): each Storyline cites its own episode's."""
    spring_and_autumn(memory, user_id)
    broad = memory.explore("What has Sam been up to?", user_id=user_id, reinforce=False)
    stories = [r for r in broad if r.kind == "Storyline"]
    assert len(stories) == 2
    with graph.session() as session:
        own = {r["uid"]: set(r["ids"]) for r in session.run(
            "MATCH (st:Storyline {user_id: $u})-[:INCLUDES]->(s:Source) "
            "RETURN st.uid AS uid, collect(s.external_id) AS ids", u=user_id)}
    for story in stories:
        cited = {p.external_id for p in story.provenance}
        assert cited and cited <= own[story.uid]
        assert {p.via for p in story.provenance} == {"INCLUDES"}


def test_a_summary_cites_the_sources_the_results_above_it_do_not_already_show(
        memory: Memory, graph: Graph, user_id: str):
    """A Storyline or a Macro cites a few of the many sources it includes: the reader has
    seen those ranked or cited above it, so it cites others first, and one already seen
    only when it has no other left (explore.cite_unseen)."""
    spring_and_autumn(memory, user_id)
    config = RetrievalConfig(summaries_compete=True)
    with graph.session() as session:
        own = {r["uid"]: set(r["ids"]) for r in session.run(
            "MATCH (n:Memory {user_id: $u})-[:INCLUDES|SUMMARIZES*1..2]->(s:Source) "
            "RETURN n.uid AS uid, collect(DISTINCT s.external_id) AS ids", u=user_id)}
    per_result = config.provenance_per_result
    checked = 0
    for question in ("Sam works at Acme Corp and lives in Leeds", "What has Sam been up to?"):
        results = memory.explore(question, user_id=user_id, k=25, reinforce=False,
                                 config=config)
        for rank, result in enumerate(results):
            if result.kind not in ("Storyline", "Macro"):
                continue
            seen = {i for above in results[:rank] for i in above.external_ids}
            cited = set(result.external_ids)
            unseen = own[result.uid] - seen
            assert len(cited - seen) == min(per_result, len(unseen)), (question, rank)
            checked += bool(seen & own[result.uid])
    # a Storyline below a source it includes, and one below the Macro that cites its best
    assert checked >= 2, "no summary below what it includes: the questions test nothing"


def test_a_merged_subjects_story_is_found_under_the_name_that_absorbed_it(
        memory: Memory, graph: Graph, user_id: str):
    """Summaries are found by their subject's uid (an index seek, not a walk over all the
    subject's mentions); a dedupe merge and its undo carry that with the MENTIONS link."""
    chat(memory, user_id, SPRING_CHAT, SPRING)
    memory.run_job("storylines", user_id=user_id, as_of=NOW)
    with graph.session() as session:
        sam_uid = session.run("MATCH (p:Person {user_id: $u, canonical_name: 'sam'}) "
                              "RETURN p.uid AS uid", u=user_id).single()["uid"]
    samuel = add_node(graph, user_id, "Person", "Samuel", text="Samuel")

    def story_of(name: str) -> list[str]:
        return [r.kind for r in memory.explore(f"What has {name} been up to?",
                                               user_id=user_id, reinforce=False)
                if r.kind == "Storyline"]

    assert story_of("Sam") == ["Storyline"] and story_of("Samuel") == []
    merge_id = merge(graph, user_id, Kind.PERSON, samuel, sam_uid, 0.99, NOW, "test")
    assert story_of("Samuel") == ["Storyline"]
    memory.undo_merge(merge_id, user_id=user_id)
    assert story_of("Sam") == ["Storyline"] and story_of("Samuel") == []


def test_the_llm_is_asked_per_tenant_with_the_facts_and_its_answer_is_kept(
        memory: Memory, graph: Graph, user_id: str):
    spring_and_autumn(memory, user_id, build=False)

    def summarise(request: dict) -> dict:
        items = json.loads(request["messages"][-1]["content"])
        return {"content": json.dumps({"summaries": [
            {"id": i["id"], "title": f"{i['about']} ({i['layer']})",
             "summary": f"{len(i['evidence'])} pieces, {len(i['facts'])} facts."}
            for i in items]})}

    with FakeOpenAIServer() as server:
        server.chat_handler = summarise
        llm = OpenAILLM("fake", base_url=server.base_url, api_key="sk-test", max_retries=0)
        with_llm = Memory(memory.settings, graph=graph, embedder=memory.embedder, llm=llm)
        report = with_llm.run_job("storylines", user_id=user_id, as_of=NOW)
        asked = [json.loads(r["messages"][-1]["content"]) for r in server.chat_requests()]
    assert report.status == "ok", report.as_dict()
    assert [[i["layer"] for i in items] for items in asked] == [["Storyline", "Storyline"],
                                                                ["Macro"]]
    assert all(i["facts"] for i in asked[0])      # the facts learnt go with the messages
    # and each message with who sent it: "I" in Sam's messages is Sam
    assert {e.get("speaker") for i in asked[0] for e in i["evidence"]} == {"Sam"}
    rows = summaries(graph, user_id)
    assert {r["title"] for r in rows} == {"Sam (Storyline)", "Sam (Macro)"}


def test_a_storyline_nobody_retrieves_fades_and_a_pinned_one_does_not(
        memory: Memory, graph: Graph, user_id: str):
    spring_and_autumn(memory, user_id)
    spring, autumn = storylines_of(summaries(graph, user_id))
    memory.set_ttl_policy(autumn["uid"], "keep_forever", user_id=user_id)
    memory.run_job("decay", user_id=user_id, as_of=NOW + timedelta(days=120))
    with graph.session() as session:
        salience = dict(session.run(
            "MATCH (n:Memory) WHERE n.uid IN $uids RETURN n.uid AS uid, n.salience AS s",
            uids=[spring["uid"], autumn["uid"]]).values())
    assert salience[spring["uid"]] < 0.5 and salience[autumn["uid"]] == 1.0


def test_context_puts_the_story_first_then_the_evidence_for_a_broad_question(
        memory: Memory, graph: Graph, user_id: str):
    spring_and_autumn(memory, user_id)
    built = memory.context("What has Sam been up to?", user_id=user_id, max_tokens=1000,
                           reinforce=False)
    kinds = [m.kind for m in built.memories]
    assert kinds[0] == "Macro"
    assert any(k not in ("Storyline", "Macro") for k in kinds)   # then the evidence
    assert built.tokens_used <= 1000


def test_a_specific_question_gets_evidence_not_summaries_unless_they_are_asked_to_compete(
        memory: Memory, graph: Graph, user_id: str):
    spring_and_autumn(memory, user_id)
    question = "Sam Acme Corp Leeds"
    plain = memory.explore(question, user_id=user_id, k=20, reinforce=False)
    assert plain and all(r.kind not in ("Storyline", "Macro") for r in plain)
    competing = memory.explore(question, user_id=user_id, k=20, reinforce=False,
                               config=RetrievalConfig.from_settings(memory.settings,
                                                                    summaries_compete=True))
    assert any(r.kind in ("Storyline", "Macro") for r in competing)


def test_a_broad_question_gets_summaries_among_its_results_and_evidence_in_its_context(
        memory: Memory, graph: Graph, user_id: str):
    # "Which jobs has Sam had?" asks for several things across episodes: one summary holds
    # several of the messages it needs. In a context its text would restate those messages
    # in tokens they fill better, so the context quotes the evidence, not the summary.
    spring_and_autumn(memory, user_id)
    question = "Which jobs has Sam had?"
    results = memory.explore(question, user_id=user_id, k=20, reinforce=False)
    assert any(r.kind in ("Storyline", "Macro") for r in results)
    off = RetrievalConfig.from_settings(memory.settings, summaries_for_broad=False)
    assert all(r.kind not in ("Storyline", "Macro") for r in memory.explore(
        question, user_id=user_id, k=20, reinforce=False, config=off))
    built = memory.context(question, user_id=user_id, max_tokens=1000, reinforce=False)
    assert built.memories and all(m.kind not in ("Storyline", "Macro") for m in built.memories)
    assert any("Acme" in m.text or "Globex" in m.text for m in built.memories
               if m.kind == "Source")
    # asked for by kind, a summary is what the caller wants in the text
    asked = memory.context(question, user_id=user_id, max_tokens=1000, reinforce=False,
                           kinds=["Storyline", "Macro", "Source"])
    assert any(m.kind in ("Storyline", "Macro") for m in asked.memories)


@pytest.mark.parametrize("per_signal", [3, 30])
def test_building_summaries_does_not_change_what_a_specific_question_returns(
        memory: Memory, graph: Graph, user_id: str, per_signal: int):
    """ "new" may start an overview ("what's new with Sam?"); this question is not one.
    Its Storylines are read by their own branch, never in the lists where the evidence
    competes: before, they took seats there (and seeded the graph walk) and were dropped
    only once the question turned out not to be an overview."""
    spring_and_autumn(memory, user_id, build=False)
    question = "What new job did Sam start at Globex?"
    # 3 candidates per list: fewer than the tenant has, so a summary in a list would take
    # the seat of a memory that answers
    config = RetrievalConfig.from_settings(memory.settings, candidates_per_signal=per_signal)

    def answer() -> list[tuple[str, dict[str, int], float]]:
        return [(r.uid, r.score.ranks, r.score.final)
                for r in memory.explore(question, user_id=user_id, k=per_signal,
                                        reinforce=False, config=config)]

    before = answer()
    memory.run_job("storylines", user_id=user_id, as_of=NOW)
    assert summaries(graph, user_id)            # the job built the summaries
    after = answer()
    # the same results, each found at the same rank by the same signals; the scores
    # differ only by the seconds of recency that passed
    assert [(uid, ranks) for uid, ranks, _ in after] == [(uid, ranks) for uid, ranks, _ in before]
    assert [final for *_, final in after] == pytest.approx([final for *_, final in before],
                                                           abs=1e-6)


def test_a_question_that_may_ask_for_an_overview_gives_summaries_no_seat_in_the_ranked_lists(
        memory: Memory, graph: Graph, user_id: str):
    """Its summaries are read by their own branch in case it is an overview; the lists
    where the evidence competes (vector, full-text, graph) never hold one."""
    spring_and_autumn(memory, user_id)
    question = "What new job did Sam start at Globex?"
    req = ExploreRequest(user_id=user_id, query=question, vector=memory.embedder.embed(question),
                         k=10, filters=build_filters(),
                         config=RetrievalConfig.from_settings(memory.settings))
    assert req.intent.may_ask_overview          # "new" may start one
    [row] = graph.read("retrieve/explore_candidates", **candidate_params(graph, req))
    kinds = {n["key"]: n["props"]["kind"] for n in row["nodes"]}
    listed = [kinds[r["key"]] for name in ("vec", "ftn", "graph_nodes") for r in row[name]]
    assert "Source" in listed and not {"Storyline", "Macro"} & set(listed)
    assert {kinds[r["key"]] for r in row["summaries"]} == {"Storyline", "Macro"}


def test_a_summarys_vector_is_out_of_the_shared_index_and_scored_exactly_when_it_competes(
        memory: Memory, graph: Graph, user_id: str):
    """Among the shared index's nearest neighbours a summary took the place of evidence:
    its vector is `summary_embedding`, which the index does not hold."""
    spring_and_autumn(memory, user_id)
    with graph.session() as session:
        vector = session.run("MATCH (n:Storyline {user_id: $u}) RETURN n.summary_embedding AS v "
                             "LIMIT 1", u=user_id).single()["v"]
        neighbours = session.run(
            "CALL db.index.vector.queryNodes('memory_embedding', 100, $v) YIELD node "
            "WHERE node.user_id = $u RETURN [l IN labels(node) WHERE l <> 'Memory'] AS labels",
            v=vector, u=user_id).value()
    assert neighbours and not any({"Storyline", "Macro"} & set(ls) for ls in neighbours)
    competing = memory.explore("Sam Acme Corp Leeds", user_id=user_id, reinforce=False,
                               config=RetrievalConfig.from_settings(memory.settings,
                                                                    summaries_compete=True))
    assert any(r.kind in ("Storyline", "Macro") and "vector" in r.score.ranks
               for r in competing)


def test_a_competing_summary_does_not_seed_the_graph_walk(memory: Memory, graph: Graph,
                                                          user_id: str):
    """A summary's neighbours are the many sources it includes, each given a sliver of its
    weight; a seed's seat goes to the best message instead, whose neighbours are what the
    lists missed. Here the summaries fill both lists: nothing is left to walk from."""
    spring_and_autumn(memory, user_id)
    # the question a Storyline answers best of all: its own words
    question = next(r["summary"] for r in storylines_of(summaries(graph, user_id)))
    config = RetrievalConfig.from_settings(memory.settings, summaries_compete=True,
                                           candidates_per_signal=3)
    req = ExploreRequest(user_id=user_id, query=question, vector=memory.embedder.embed(question),
                         k=3, filters=build_filters(), config=config)
    [row] = graph.read("retrieve/explore_candidates", **candidate_params(graph, req))
    kinds = {n["key"]: n["props"]["kind"] for n in row["nodes"]}
    assert {kinds[r["key"]] for name in ("vec", "ftn") for r in row[name]} == {"Storyline",
                                                                                "Macro"}
    assert row["graph_nodes"] == []     # before: the Storylines' sources and their subject
