"""Seed 002: contradictions end old facts (history kept); repeated facts reinforce."""

from __future__ import annotations

from ingest_support import rows

from memgraph.memory import Memory
from memgraph.providers.embeddings import auto_link_floor


def facts(memory: Memory, user_id: str, rel_type: str) -> list[dict]:
    return rows(memory.graph, f"MATCH (a {{user_id: $u}})-[r:{rel_type}]->(b) "
                "RETURN a.name AS who, b.name AS what, r.uid AS uid, r.valid_to AS valid_to, "
                "r.superseded_by AS superseded_by, r.supersedes AS supersedes, "
                "r.confidence AS confidence, r.strength AS strength, "
                "r.source_ids AS source_ids ORDER BY r.created_at", u=user_id)


def test_a_new_job_ends_the_old_one_and_keeps_it_as_history(memory: Memory, user_id: str):
    memory.ingest("I work at Acme Corp.", user_id=user_id, speaker="Sam",
                  event_at="2023-01-10T09:00:00Z")
    result = memory.ingest("I just started a new job at Globex.", user_id=user_id,
                           speaker="Sam", event_at="2024-06-01T09:00:00Z")
    assert result.relationships_superseded == 1
    old, new = facts(memory, user_id, "WORKS_AT")
    assert (old["what"], new["what"]) == ("Acme Corp", "Globex")
    assert old["valid_to"].year == 2024 and old["superseded_by"] == new["uid"]
    assert new["valid_to"] is None and new["supersedes"] == old["uid"]


def test_two_facts_one_message_states_hold_together(memory: Memory, user_id: str):
    memory.ingest("I'm a sound engineer.", user_id=user_id, speaker="Sven",
                  event_at="2023-01-10T09:00:00Z")
    result = memory.ingest("I'm a travel photographer now, I went freelance in July.",
                           user_id=user_id, speaker="Sven", event_at="2024-09-07T09:00:00Z")
    jobs = {f["what"]: f for f in facts(memory, user_id, "HAS_OCCUPATION")}
    # the message ends the occupation before it, not one of its own two
    assert result.relationships_superseded == 1
    assert jobs["sound engineer"]["valid_to"] is not None
    assert jobs["travel photographer"]["valid_to"] is None
    assert jobs["freelancer"]["valid_to"] is None


def test_a_job_quit_ends_the_open_one_and_a_past_job_ends_nothing(memory: Memory,
                                                                    user_id: str):
    memory.ingest("I work at Deloitte.", user_id=user_id, speaker="Lena",
                  event_at="2023-03-01T09:00:00Z")
    quit_ = memory.ingest("I quit my job at Deloitte last month.", user_id=user_id,
                          speaker="Lena", event_at="2024-06-15T09:00:00Z")
    assert quit_.relationships_superseded == 1 and quit_.relationships_created == 0
    [job] = facts(memory, user_id, "WORKS_AT")        # the same fact, now over
    assert job["valid_to"].to_native().date().isoformat() == "2024-05-16"
    assert job["superseded_by"] is None and len(job["source_ids"]) == 2
    # a job told as over ends nothing that holds now: Lena works at Globex still
    memory.ingest("I started a new job at Globex.", user_id=user_id, speaker="Lena",
                  event_at="2024-07-01T09:00:00Z")
    memory.ingest("I left my job at Initech years ago.", user_id=user_id, speaker="Lena",
                  event_at="2024-08-01T09:00:00Z")
    current = [(f["what"], f["valid_to"] is None) for f in facts(memory, user_id, "WORKS_AT")]
    assert current == [("Deloitte", False), ("Globex", True), ("Initech", False)]


def test_a_job_told_as_over_twice_is_one_fact_with_both_sources(memory: Memory,
                                                                  user_id: str):
    memory.ingest("I also lost my job at Door Dash this month.", user_id=user_id,
                  speaker="Gina", event_at="2023-01-20T09:00:00Z")
    again = memory.ingest("Since I lost my job at Door Dash, things have been tough.",
                          user_id=user_id, speaker="Gina", event_at="2023-03-02T09:00:00Z")
    assert again.relationships_created == 0 and again.relationships_reinforced == 1
    [job] = facts(memory, user_id, "WORKS_AT")
    assert job["valid_to"].to_native().date().isoformat() == "2023-01-20"   # the first
    assert len(job["source_ids"]) == 2


def test_a_couple_that_broke_up_is_over(memory: Memory, user_id: str):
    memory.ingest("My girlfriend Mei is amazing.", user_id=user_id, speaker="Kai",
                  event_at="2024-01-01T09:00:00Z")
    memory.ingest("Mei and I broke up last month.", user_id=user_id, speaker="Kai",
                  event_at="2024-06-15T09:00:00Z")
    # said in one message: the relation word's fact and its end are one fact, over
    memory.ingest("My boyfriend Leo and I split up yesterday.", user_id=user_id,
                  speaker="Ana", event_at="2024-06-15T09:00:00Z")
    couples = {(f["who"], f["what"]): f["valid_to"] for f in facts(memory, user_id,
                                                                  "PARTNER_OF")}
    assert couples.keys() == {("Kai", "Mei"), ("Ana", "Leo")}
    assert couples[("Kai", "Mei")].to_native().date().isoformat() == "2024-05-16"
    assert couples[("Ana", "Leo")].to_native().date().isoformat() == "2024-06-14"


def test_a_new_school_ends_the_old_one(memory: Memory, user_id: str):
    # one school at a time, as one job and one home: "She studies at Pompeu Fabra now" is
    # the current answer to "where does Lucia study?", the first school its history
    memory.ingest("My daughter Lucia studies at Complutense University.", user_id=user_id,
                  speaker="Carlos", event_at="2023-06-12T18:00:00Z")
    memory.ingest("Lucia studies at Pompeu Fabra University now.", user_id=user_id,
                  speaker="Carlos", event_at="2023-10-30T18:00:00Z")
    old, new = facts(memory, user_id, "STUDIES_AT")
    assert (old["what"], new["what"]) == ("Complutense University", "Pompeu Fabra University")
    assert old["superseded_by"] == new["uid"] and new["valid_to"] is None


def test_liking_what_was_disliked_supersedes_the_opposite_attitude(memory: Memory,
                                                                    user_id: str):
    memory.ingest("I hate jazz.", user_id=user_id)
    memory.ingest("Honestly, I love jazz now.", user_id=user_id)
    [old] = facts(memory, user_id, "DISLIKES")
    [new] = facts(memory, user_id, "LIKES")
    assert old["valid_to"] is not None and old["superseded_by"] == new["uid"]


def test_non_exclusive_facts_accumulate(memory: Memory, user_id: str):
    memory.ingest("I love jazz.", user_id=user_id)
    memory.ingest("I love chess.", user_id=user_id)
    assert [f["valid_to"] for f in facts(memory, user_id, "LIKES")] == [None, None]


def test_repeating_a_fact_reinforces_it(memory: Memory, user_id: str):
    first = memory.ingest("I work at Acme Corp.", user_id=user_id)
    second = memory.ingest("As I said, I work at Acme Corp.", user_id=user_id)
    assert second.relationships_reinforced == 1 and second.relationships_created == 0
    [fact] = facts(memory, user_id, "WORKS_AT")
    rule_confidence = memory.settings.ingest.rule_confidence
    assert abs(fact["confidence"] - (rule_confidence + 0.1)) < 1e-9
    assert abs(fact["strength"] - 0.6) < 1e-9
    assert fact["source_ids"] == [first.source_uid, second.source_uid]


def test_reinforcement_is_capped_at_one(memory: Memory, user_id: str):
    for i in range(7):
        memory.ingest(f"Note {i}: I work at Acme Corp.", user_id=user_id)
    [fact] = facts(memory, user_id, "WORKS_AT")
    assert fact["confidence"] == 1.0 and fact["strength"] == 1.0


def test_weakly_similar_new_nodes_get_capped_related_to_links(memory: Memory, user_id: str):
    about = "weekend trips in the mountains with a tent and a stove"
    tools = memory.tools(user_id)
    for name in ("camping", "hiking", "trekking", "backpacking"):
        tools.call("create_concept", {"name": name, "description": f"{name} {about}"})
    result = tools.call("create_concept", {"name": "mountaineering",
                                           "description": f"summits; {about}"})
    links = rows(memory.graph, "MATCH (n:Concept {user_id: $u, name: 'mountaineering'})"
                 "-[r:RELATED_TO]->(m) RETURN m.name AS m, r.strength AS s", u=user_id)
    assert 1 <= len(links) <= memory.settings.ingest.max_links
    low = auto_link_floor(memory.settings, memory.embedder.model_name)
    high = memory.settings.ingest.reinforce_similarity
    assert all(low <= link["s"] < high for link in links)
    assert result["ok"]


def test_two_new_nodes_alike_are_linked_once(memory: Memory, user_id: str):
    # "I'm vegetarian and Luis is allergic to nuts" made "meat" and "nuts" in one write,
    # and each was auto-linked to the other
    about = "weekend trips in the mountains with a tent and a stove"
    tools = memory.tools(user_id)
    for name in ("camping", "hiking"):
        tools.call("create_concept", {"name": name, "description": f"{name} {about}"})
    uids = [r["uid"] for r in rows(memory.graph, "MATCH (n:Concept {user_id: $u}) "
                                   "RETURN n.uid AS uid", u=user_id)]
    with memory.graph.session() as session:
        session.run("MATCH ({user_id: $u})-[r:RELATED_TO]->() DELETE r", u=user_id).consume()
    memory.graph.write("ingest/auto_link", uids=uids, user_id=user_id,
                       low=auto_link_floor(memory.settings, memory.embedder.model_name),
                       high=memory.settings.ingest.reinforce_similarity, max_links=3,
                       props={}, by_index=False, vector_index="memory_embedding",
                       candidates=10)
    links = rows(memory.graph, "MATCH (a {user_id: $u})-[r:RELATED_TO]->(b) "
                 "RETURN a.name AS a, b.name AS b", u=user_id)
    assert len(links) == 1, links


def test_a_person_is_never_auto_linked(memory: Memory, user_id: str):
    # a person is joined to others by what was said, not by how alike the texts embed
    # (bge-small put the bare names "Kyoto" and "Hana" at cosine 0.81, above its floor)
    about = "weekend trips in the mountains with a tent and a stove"
    tools = memory.tools(user_id)
    for name in ("camping", "hiking"):
        tools.call("create_concept", {"name": name, "description": f"{name} {about}"})
    tools.call("create_person", {"name": "Hana", "description": f"loves {about}"})
    tools.call("create_concept", {"name": "trekking", "description": f"trekking {about}"})
    links = rows(memory.graph, "MATCH (a {user_id: $u})-[r:RELATED_TO]->(b) "
                 "RETURN a.name AS a, b.name AS b", u=user_id)
    assert [link for link in links if link["a"] == "trekking"]   # alike things still are
    assert not [link for link in links if "Hana" in (link["a"], link["b"])], links


def test_two_named_things_are_linked_only_when_their_names_share_a_word(memory: Memory,
                                                                        user_id: str):
    # "Porto" and "Lisbon" are both cities, which is no likeness of meaning; "Porto Design
    # Studio" is in Porto
    about = "a city in portugal by the sea with old bridges and trams"
    tools = memory.tools(user_id)
    tools.call("create_entity", {"name": "Porto", "description": f"{about} north port"})
    tools.call("create_entity", {"name": "Lisbon", "description": f"{about} south capital"})
    tools.call("create_entity", {"name": "Porto Design Studio",
                                 "description": f"design studio {about} north port"})
    links = {(r["a"], r["b"]) for r in rows(
        memory.graph, "MATCH (a {user_id: $u})-[:RELATED_TO]->(b) "
        "RETURN a.name AS a, b.name AS b", u=user_id)}
    assert ("Porto Design Studio", "Porto") in links
    assert not links & {("Lisbon", "Porto"), ("Porto", "Lisbon")}


def auto_links(memory: Memory, user_id: str) -> set[tuple[str, str]]:
    return {(r["a"], r["b"]) for r in rows(
        memory.graph, "MATCH (a {user_id: $u})-[:RELATED_TO {auto_linked: true}]->(b) "
        "RETURN a.name AS a, b.name AS b", u=user_id)}


def test_names_with_a_word_in_common_are_linked_only_when_one_holds_the_others(
        offline_memory: Memory, user_id: str):
    # "LGBTQ conference" is about LGBTQ; it and an "LGBTQ activist group" are two things,
    # as "Boxing Day" and "Christmas Day" are two days (bge-small: 0.83-0.84, all in the
    # band that links)
    memory = offline_memory
    tools = memory.tools(user_id)
    for name in ("LGBTQ", "LGBTQ conference", "LGBTQ activist group", "Boxing Day",
                 "Christmas Day"):
        tools.call("create_entity", {"name": name})
    links = {frozenset(link) for link in auto_links(memory, user_id)}
    assert {frozenset({"LGBTQ conference", "LGBTQ"}),
            frozenset({"LGBTQ activist group", "LGBTQ"})} <= links
    assert frozenset({"LGBTQ conference", "LGBTQ activist group"}) not in links
    assert frozenset({"Boxing Day", "Christmas Day"}) not in links


def test_a_thing_known_by_its_name_alone_is_not_linked_by_meaning(offline_memory: Memory,
                                                                  user_id: str):
    # "How is Pizz?" made an Entity of the cat's name and nothing else: its vector is the
    # letters' ("Pizz" and "baking", 0.82), while two common nouns are alike in meaning
    memory = offline_memory
    tools = memory.tools(user_id)
    tools.call("create_entity", {"name": "Pizz"})
    for name in ("baking", "jazz guitarist", "musician"):
        tools.call("create_concept", {"name": name})
    links = auto_links(memory, user_id)
    assert links & {("jazz guitarist", "musician"), ("musician", "jazz guitarist")}
    assert not [link for link in links if "Pizz" in link], links


def test_an_event_told_again_weeks_later_with_its_own_date_is_another_time_it_happened(
        memory: Memory, user_id: str):
    # the first telling remembers a parade three weeks back; the second tells one last
    # Friday: two parades, each with its date, so "when, in August?" has its answer
    memory.ingest("One special memory for me was this pride parade I went to a few weeks "
                  "ago.", user_id=user_id, speaker="Caroline", event_at="2023-07-15T13:51:00Z")
    later = memory.ingest("I went to a pride parade last Friday and it was awesome.",
                          user_id=user_id, speaker="Caroline",
                          event_at="2023-08-14T17:24:00Z")
    assert later.relationships_created == 1 and later.relationships_reinforced == 0
    parades = rows(memory.graph, "MATCH (:Person {user_id: $u})-[r:ATTENDED]->(b) "
                   "RETURN b.name AS what, r.valid_from AS day ORDER BY day", u=user_id)
    assert [(p["what"], p["day"].to_native().date().isoformat()) for p in parades] == [
        ("pride parade", "2023-06-24"), ("pride parade", "2023-08-11")]


def test_an_event_told_again_within_a_week_or_with_no_date_is_the_same_event(
        memory: Memory, user_id: str):
    memory.ingest("I went to a pride parade last Friday.", user_id=user_id,
                  speaker="Caroline", event_at="2023-08-14T17:24:00Z")
    # "a week ago" on the Sunday after: the same parade, told roughly
    again = memory.ingest("I went to a pride parade a week ago, so much energy.",
                          user_id=user_id, speaker="Caroline",
                          event_at="2023-08-20T10:00:00Z")
    # no date of its own: it may be a retelling, and reinforces
    retold = memory.ingest("I went to a pride parade and it was awesome.",
                           user_id=user_id, speaker="Caroline",
                           event_at="2023-10-01T10:00:00Z")
    assert again.relationships_reinforced == 1 and retold.relationships_reinforced == 1
    [parade] = rows(memory.graph, "MATCH (:Person {user_id: $u})-[r:ATTENDED]->() "
                    "RETURN r.valid_from AS day, r.source_ids AS sources", u=user_id)
    assert parade["day"].to_native().date().isoformat() == "2023-08-11"
    assert len(parade["sources"]) == 3


def test_a_lasting_fact_told_again_with_another_date_is_reinforced_not_repeated(
        memory: Memory, user_id: str):
    # only events happen more than once; "since" facts hold from their first date
    memory.ingest("I started working at Acme Corp last week.", user_id=user_id,
                  speaker="Sam", event_at="2023-03-08T09:00:00Z")
    again = memory.ingest("I started working at Acme Corp three weeks ago.", user_id=user_id,
                          speaker="Sam", event_at="2023-09-01T09:00:00Z")
    assert again.relationships_reinforced == 1
    assert len(facts(memory, user_id, "WORKS_AT")) == 1
