"""Entity resolution before creating: canonical name, aliases, similarity; no twins."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from ingest_support import rows

from memgraph import cypher
from memgraph.graph.connection import Graph
from memgraph.graph.names import canonical_name, may_be_one, names_agree, word_stem
from memgraph.graph.vocabulary import Kind
from memgraph.ingest.resolution import Candidate, SimilaritySearch, resolve
from memgraph.memory import Memory
from memgraph.providers.base import Embedder
from memgraph.settings import Settings


@pytest.mark.parametrize(("a", "b"), [("Anna", "anna"), ("Dr. Anna  Smith", "dr anna smith"),
                                      ("O'Neil", "oneil"), ("Acme Corp.", "ACME corp")])
def test_canonical_names_ignore_case_whitespace_and_punctuation(a: str, b: str):
    assert canonical_name(a) == canonical_name(b)


def people(memory: Memory, user_id: str) -> list[str]:
    return [r["name"] for r in rows(memory.graph, "MATCH (p:Person {user_id: $u}) "
                                    "RETURN p.name AS name ORDER BY name", u=user_id)]


def test_same_name_in_another_spelling_reuses_the_node(memory: Memory, user_id: str):
    memory.ingest("My sister Anna lives in Lisbon.", user_id=user_id, speaker="Sam")
    second = memory.ingest("ANNA called me yesterday.", user_id=user_id, speaker="Sam")
    assert people(memory, user_id) == ["Anna", "Sam"]
    assert any("Anna" in line and "matched by name" in line for line in second.learned)


def test_a_speaker_is_a_person_from_their_first_message_even_without_a_fact(
        memory: Memory, user_id: str):
    # Neither message states anything about Caroline, but she said them: a question that
    # names her must find her node. Only her first message mentions her (a message does not
    # name its speaker; her story finds the rest by the speaker property).
    memory.ingest("Had a long day at the support group.", user_id=user_id, speaker="Caroline")
    memory.ingest("Going to bed early tonight.", user_id=user_id, speaker="Caroline")
    memory.ingest("Hope you sleep well!", user_id=user_id, speaker="assistant")
    assert people(memory, user_id) == ["Caroline"]
    (row,) = rows(memory.graph, "MATCH (p:Person {user_id: $u}) RETURN p.attributes AS a, "
                  "COUNT { (p)<-[:MENTIONS]-(:Source) } AS mentions", u=user_id)
    assert row["a"] == ["role: speaker"] and row["mentions"] == 1


def test_a_speaker_named_before_they_speak_keeps_that_node_and_one_mention(
        memory: Memory, user_id: str):
    memory.ingest("We saw Caroline at the market.", user_id=user_id, speaker="Melanie")
    memory.ingest("Had a long day.", user_id=user_id, speaker="Caroline")
    memory.ingest("Going to bed early tonight.", user_id=user_id, speaker="Caroline")
    (row,) = rows(memory.graph, "MATCH (n:Semantic {user_id: $u, canonical_name: 'caroline'}) "
                  "RETURN COUNT { (n)<-[:MENTIONS]-(:Source) } AS mentions", u=user_id)
    assert row["mentions"] == 1     # Melanie's message; Caroline's own do not name her


def test_alias_resolves_to_the_existing_node(memory: Memory, user_id: str):
    tools = memory.tools(user_id)
    tools.call("create_person", {"name": "Robert Smith", "aliases": ["Bob"]})
    reply = tools.call("create_person", {"name": "bob", "description": "plays golf"})
    assert reply["ok"] and people(memory, user_id) == ["Robert Smith"]
    assert "matched by alias" in reply["learned"][0]
    [node] = rows(memory.graph, "MATCH (p:Person {user_id: $u}) RETURN p.description AS d",
                  u=user_id)
    assert node["d"] == "plays golf"   # an empty description is filled, never overwritten


def test_a_name_someone_goes_by_is_their_node_whatever_kind_a_later_mention_gets(
        memory: Memory, user_id: str):
    # "Juni" alone is a name the extractor does not know: it guesses an Entity. It is the
    # alias of the Person Juniper, and a name is one node per tenant (synthetic
    # conversation 2 had two nodes, and "When did Marcus adopt Juni?" found the wrong one).
    memory.ingest("We picked her up last Saturday. Her name is Juniper - Juni for short.",
                  user_id=user_id, speaker="Marcus")
    later = memory.ingest("My niece is obsessed with Juni.", user_id=user_id, speaker="Marcus")
    assert any("Juniper" in line and "matched by alias" in line for line in later.learned)
    [node] = rows(memory.graph, "MATCH (n:Semantic {user_id: $u}) WHERE n.name STARTS WITH "
                  "'Jun' RETURN n.name AS name, n.aliases AS aliases, "
                  "COUNT { (n)<-[:MENTIONS]-(:Source) } AS mentions", u=user_id)
    assert node == {"name": "Juniper", "aliases": ["Juni"], "mentions": 2}


def test_an_alias_of_the_same_kind_wins_over_one_of_another(memory: Memory, user_id: str):
    tools = memory.tools(user_id)
    tools.call("create_entity", {"name": "Northfold Studio", "aliases": ["Northfold"]})
    # only a mention's own name crosses kinds: a person also called Northfold is not the
    # studio of that alias
    reply = tools.call("create_person", {"name": "Northfold Smith", "aliases": ["Northfold"]})
    assert reply["ok"] and reply["learned"] == ["new Person: Northfold Smith"]
    reply = tools.call("create_person", {"name": "Northfold"})
    assert reply["ok"] and "Northfold Smith" in reply["learned"][0]
    reply = tools.call("create_entity", {"name": "northfold"})
    assert reply["ok"] and "Northfold Studio" in reply["learned"][0]


class ProfilingGraph(Graph):
    """The shared driver; the name-resolution query is profiled, its database hits kept."""

    db_hits: list[int]

    def read(self, name: str, **params: Any) -> list[dict[str, Any]]:
        if name != "ingest/resolve_names":
            return super().read(name, **params)
        with self.driver.session(database=self.database) as session:
            result = session.run("PROFILE " + cypher.load(name), params)
            found = [dict(r) for r in result]
            self.db_hits.append(_hits(result.consume().profile))
        return found


def _hits(plan: dict[str, Any]) -> int:
    return plan.get("dbHits", 0) + sum(_hits(child) for child in plan.get("children", []))


def test_resolving_an_alias_does_not_read_everything_the_tenant_said(
        graph: Graph, memory: Memory, user_id: str):
    # the alias step read every node of the tenant, its messages too: 60-115 ms a message
    # at 100k nodes; one full-text seek on the aliases finds the few that may hold it
    memory.tools(user_id).call("create_person", {"name": "Juniper", "aliases": ["Juni"]})
    rows(graph, "UNWIND range(1, 3000) AS i CREATE (:Memory:Source {user_id: $u, "
         "uid: $u + '-' + i, raw_content: 'Juni chewed a slipper'})", u=user_id)
    profiling = ProfilingGraph(graph.driver, graph.settings)
    profiling.db_hits = []
    [match] = resolve(profiling, user_id, [Candidate(Kind.ENTITY, "Juni", (), None)], 0.85,
                      SimilaritySearch(by_index=False, candidates=10))
    assert match is not None and match.how == "alias"
    assert profiling.db_hits[0] < 1000, profiling.db_hits     # 3,000 sources: 6,000 before


def test_a_first_name_alone_is_the_one_known_person_it_begins(memory: Memory, user_id: str):
    memory.ingest("My boss, Mrs Funke Adeyemi, is very particular about tone.",
                  user_id=user_id, speaker="Chidinma")
    later = memory.ingest("Help me write a reference request email to Funke.",
                          user_id=user_id, speaker="Chidinma")
    assert people(memory, user_id) == ["Chidinma", "Funke Adeyemi"]
    assert not rows(memory.graph, "MATCH (n:Semantic {user_id: $u, canonical_name: 'funke'}) "
                    "RETURN n", u=user_id)
    assert any("Funke Adeyemi" in line and "matched by first name" in line
               for line in later.learned)
    [funke] = rows(memory.graph, "MATCH (p:Person {user_id: $u, canonical_name: "
                   "'funke adeyemi'}) RETURN p.aliases AS a, COUNT { (p)<-[:MENTIONS]-() } "
                   "AS mentions", u=user_id)
    assert funke == {"a": ["Funke"], "mentions": 2}


def test_a_first_name_two_known_people_share_stays_its_own(memory: Memory, user_id: str):
    tools = memory.tools(user_id)
    tools.call("create_person", {"name": "Sam Whitlock", "description": "our curate"})
    tools.call("create_person", {"name": "Sam Jones", "description": "my neighbour"})
    tools.call("create_person", {"name": "Sam"})
    tools.call("create_entity", {"name": "Jordan Valley", "entity_type": "place"})
    tools.call("create_person", {"name": "Jordan Reyes"})
    # a place is not a person's first name, nor a concept
    tools.call("create_entity", {"name": "Jordan", "entity_type": "place"})
    assert people(memory, user_id) == ["Jordan Reyes", "Sam", "Sam Jones", "Sam Whitlock"]
    assert rows(memory.graph, "MATCH (n:Entity {user_id: $u, canonical_name: 'jordan'}) "
                "RETURN n.entity_type AS t", u=user_id) == [{"t": "place"}]


def test_a_doctors_surname_is_the_one_known_person_it_ends(memory: Memory, user_id: str):
    # "Dr Park" had made a Person "Park" beside the supervisor "Helen Park"
    memory.ingest("My supervisor is Dr Helen Park.", user_id=user_id, speaker="Tomás")
    later = memory.ingest("Dr Park is going on sabbatical next term.", user_id=user_id,
                          speaker="Tomás")
    assert people(memory, user_id) == ["Helen Park", "Tomás"]
    assert any("Helen Park" in line and "matched by surname" in line for line in later.learned)
    [park] = rows(memory.graph, "MATCH (p:Person {user_id: $u, canonical_name: 'helen park'}) "
                  "RETURN p.aliases AS a", u=user_id)
    assert park == {"a": ["Dr Park"]}
    found = memory.explore("Who is Dr Park?", user_id=user_id, reinforce=False)
    assert (found[0].kind, found[0].name) == ("Person", "Helen Park"), found[:3]
    # the surname alone is no alias of hers: "Mr Park" may be another of the family
    memory.ingest("Mr Park from next door fixed our fence.", user_id=user_id, speaker="Tomás")
    assert people(memory, user_id) == ["Helen Park", "Park", "Tomás"]


def test_a_professors_surname_is_the_one_known_person_it_ends(memory: Memory, user_id: str):
    # "Professor Whitfield is my advisor" had made a Person "Whitfield" beside "My
    # professor, Dana Whitfield": "Dr" kept its titled alias, "Professor" did not
    memory.ingest("My professor, Dana Whitfield, said my type choices were fearless.",
                  user_id=user_id, speaker="Jonah")
    memory.ingest("Professor Whitfield is my advisor.", user_id=user_id, speaker="Jonah")
    assert people(memory, user_id) == ["Dana Whitfield", "Jonah"]


def test_a_surname_two_known_people_share_stays_its_own(memory: Memory, user_id: str):
    memory.ingest("My GP is Dr Anna Shah and my dentist is Dr Ravi Shah.", user_id=user_id,
                  speaker="Tomás")
    memory.ingest("Dr Shah called about my results.", user_id=user_id, speaker="Tomás")
    assert "Shah" in people(memory, user_id)


def test_an_organisations_short_name_is_the_one_known_organisation_it_begins(
        memory: Memory, user_id: str) -> None:
    memory.ingest("I teach chemistry at Hillcrest Secondary School in Leeds.",
                  user_id=user_id, speaker="Omar")
    later = memory.ingest("I got promoted to head of science at Hillcrest.",
                          user_id=user_id, speaker="Omar")
    assert any("Hillcrest Secondary School" in line and "matched by short name" in line
               for line in later.learned)
    # one employer, still current: a promotion there is no job change
    jobs = rows(memory.graph, "MATCH (:Person {user_id: $u})-[r:WORKS_AT]->(e) "
                "RETURN e.name AS e, e.aliases AS a, r.valid_to IS NULL AS current", u=user_id)
    assert jobs == [{"e": "Hillcrest Secondary School", "a": ["Hillcrest"], "current": True}]


def test_a_short_name_two_organisations_share_or_a_place_stays_its_own(
        memory: Memory, user_id: str) -> None:
    tools = memory.tools(user_id)
    tools.call("create_entity", {"name": "Leeds General Infirmary",
                                 "entity_type": "organisation"})
    tools.call("create_entity", {"name": "Leeds Beckett University",
                                 "entity_type": "organisation"})
    tools.call("create_entity", {"name": "Leeds", "entity_type": "organisation"})
    tools.call("create_entity", {"name": "Acme Corp", "entity_type": "organisation"})
    tools.call("create_entity", {"name": "Acme", "entity_type": "place"})
    assert sorted(r["n"] for r in rows(memory.graph, "MATCH (n:Entity {user_id: $u}) "
                                       "RETURN n.name AS n", u=user_id)) == [
        "Acme", "Acme Corp", "Leeds", "Leeds Beckett University", "Leeds General Infirmary"]


def test_embedding_similarity_resolves_near_identical_nodes(memory: Memory, user_id: str):
    about = "indoor bouldering at the city gym every week with friends after work"
    tools = memory.tools(user_id)
    tools.call("create_concept", {"name": "rock climbing", "description": about})
    reply = tools.call("create_concept", {"name": "climbing", "description": about})
    names = rows(memory.graph, "MATCH (c:Concept {user_id: $u}) RETURN c.name AS n, "
                 "c.aliases AS a", u=user_id)
    assert names == [{"n": "rock climbing", "a": ["climbing"]}]   # cosine 0.96 ≥ 0.85
    assert "matched by similarity" in reply["learned"][0]


def test_people_with_similar_descriptions_but_different_names_stay_apart(memory: Memory,
                                                                          user_id: str):
    tools = memory.tools(user_id)
    tools.call("create_person", {"name": "Tom", "description": "my colleague at Acme"})
    tools.call("create_person", {"name": "Tim", "description": "my colleague at Acme"})
    assert people(memory, user_id) == ["Tim", "Tom"]


def test_places_that_embed_alike_but_have_different_names_stay_apart(offline_memory: Memory,
                                                                     user_id: str):
    # "Barcelona" resolved to "Madrid" by similarity (cosine 0.86 with bge-small), so the
    # graph said that Lucia lives in Madrid (the fact-recall suite's "Where does Lucia live?")
    memory = offline_memory
    for text in ("Hi, I'm Carlos. I live in Madrid.",
                 "I work at Sol Energia as a project manager.",
                 "I like playing chess and I love paella.",
                 "My daughter Lucia studies at Complutense University.",
                 "My neighbour Ana has a cat called Luna.",
                 "Lucia moved to Barcelona for her master's."):
        memory.ingest(text, user_id=user_id, speaker="Carlos")
    lives = rows(memory.graph, "MATCH (a:Person {user_id: $u})-[:LIVES_IN]->(b:Entity) "
                 "RETURN a.name AS who, b.name AS place ORDER BY who", u=user_id)
    assert lives == [{"who": "Carlos", "place": "Madrid"},
                     {"who": "Lucia", "place": "Barcelona"}]


def test_a_school_named_after_its_city_stays_apart_from_the_city(offline_memory: Memory,
                                                                   user_id: str):
    # "TU Berlin" has every word of "Berlin" and embeds near it: it was made an alias of the
    # city, and Lena lived in "TU Berlin" when it came first
    for first, second in (("I moved to Berlin last year.", "I studied at TU Berlin."),
                          ("I studied at TU Berlin.", "I moved to Berlin last year.")):
        offline_memory.graph.run_autocommit("graph/delete_user", user_id=user_id)
        offline_memory.ingest(first, user_id=user_id, speaker="Lena")
        offline_memory.ingest(second, user_id=user_id, speaker="Lena")
        facts = rows(offline_memory.graph,
                     "MATCH (:Person {user_id: $u, canonical_name: 'lena'})-[r]->(e:Entity) "
                     "RETURN type(r) AS t, e.name AS name, e.entity_type AS type, "
                     "e.aliases AS aliases, r.valid_to IS NULL AS now ORDER BY t", u=user_id)
        assert facts == [
            {"t": "LIVES_IN", "name": "Berlin", "type": "place", "aliases": [], "now": True},
            {"t": "STUDIES_AT", "name": "TU Berlin", "type": "organisation", "aliases": [],
             "now": False}]


@pytest.mark.parametrize(("a", "types", "b", "one"), [
    ("TU Berlin", ("organisation", "place"), "Berlin", False),
    ("Berlin", ("place", "place"), "Berlin Mitte", True),
    ("TU Berlin", ("organisation", ""), "Berlin", True),    # a type not known agrees
    ("Acme Corp.", ("organisation", "organisation"), "ACME", True)])
def test_entities_of_two_known_types_are_two_things(a: str, types: tuple[str, str], b: str,
                                                    one: bool):
    assert may_be_one(a, b, named=True, types=types) is one
    assert may_be_one(b, a, named=True, types=(types[1], types[0])) is one


@pytest.mark.parametrize(("a", "b", "agree"), [
    ("Pride Month", "Pride", True), ("LGBT", "LGBTQ", True), ("Mel", "Melanie", True),
    ("Acme Corp.", "ACME", True), ("Barcelona", "Madrid", False), ("Tom", "Tim", False),
    ("Jo", "John", False), ("Lisbon", "Porto", False),
    ("Pompeu Fabra University", "University of Pompeu Fabra", True),
    ("St Mary Hospital", "Saint Mary Hospital", True), ("Tom Smith", "Tom", True),
    ("Ada L.", "Ada Lovelace", True), ("Anna S.", "Anna Müller", False),
    # one word in common, two things
    ("LGBTQ conference", "LGBTQ support group", False), ("Anna Schmidt", "Anna Müller", False),
    # a country and its people or language, two names one ending apart
    ("Japan", "Japanese", False), ("Korea", "Korean", False), ("Israel", "Israeli", False),
    ("Julia", "Julian", False),
    # the same kind of thing, told apart by a word that is no short form of the other's
    ("City of Glasgow College", "Glasgow Clyde College", False),
    ("Leeds General Infirmary", "Leeds Royal Infirmary", False), ("Anna Smith", "Ben Smith", False),
    ("Mt Sinai Hospital", "Mount Sinai Hospital", True)])
def test_named_things_resolve_by_similarity_only_when_their_names_agree(a: str, b: str,
                                                                        agree: bool):
    assert names_agree(a, b) is agree and names_agree(b, a) is agree


@pytest.mark.parametrize(("a", "b", "one"), [
    # common nouns: when their names agree, or one word in two forms
    ("hike", "hiking", True), ("dance", "dancing", True),
    ("climbing", "rock climbing", True), ("hiking", "hiking in the mountains", True),
    # not siblings that embed alike by kind, nor synonyms the embedding cannot tell from
    # them (session 40)
    ("tea", "coffee", False), ("meat", "shellfish", False), ("peanuts", "nuts", False),
    ("running", "jogging", False),
    # ... nor a word in common that is what makes them embed alike
    ("data engineer", "data analyst", False), ("baking sourdough", "baking bread", False),
    # ... nor a grade of a job ("Ama got promoted to senior pharmacist" had become her
    # "pharmacist" again)
    ("senior pharmacist", "pharmacist", False), ("head chef", "chef", False),
    ("assistant manager", "manager", False)])
def test_concepts_resolve_by_similarity_only_as_one_name_or_one_word_in_two_forms(
        a: str, b: str, one: bool):
    assert may_be_one(a, b, named=False) is one and may_be_one(b, a, named=False) is one
    assert may_be_one(a, b, named=True) is names_agree(a, b)


def test_a_word_that_ends_in_s_is_no_plural_and_its_plural_has_its_stem():
    # "What classes does Hannah take?" asks about her "pottery class"
    assert word_stem("class") == word_stem("classes") == "class"
    assert word_stem("tennis") == "tennis" and word_stem("campus") == "campus"
    assert word_stem("trips") == word_stem("trip") == "trip"
    # a verb's past in -ied is its -y ("When did Caroline apply…?": "applied to …")
    assert word_stem("applied") == word_stem("apply") == "apply"
    assert word_stem("studied") == word_stem("studies") == "study"


def test_tea_and_coffee_stay_two_things_though_their_names_embed_alike(
        offline_memory: Memory, user_id: str):
    # "tea." and "coffee." embed 0.87 alike with bge-small: one node made "Sam DISLIKES
    # coffee" end "Sam LIKES tea", and "I'm allergic to shellfish" an alias of "meat"
    memory = offline_memory
    memory.ingest("I love tea.", user_id=user_id, speaker="Sam")
    memory.ingest("I hate coffee.", user_id=user_id, speaker="Sam")
    memory.ingest("I'm vegetarian.", user_id=user_id, speaker="Sam")
    memory.ingest("I'm allergic to shellfish.", user_id=user_id, speaker="Sam")
    facts = rows(memory.graph, "MATCH (:Person {user_id: $u, canonical_name: 'sam'})-[r]->"
                 "(c:Concept) RETURN type(r) AS t, c.name AS name, r.valid_to IS NULL AS now "
                 "ORDER BY name", u=user_id)
    assert [(r["t"], r["name"], r["now"]) for r in facts] == [
        ("DISLIKES", "coffee", True), ("AVOIDS", "meat", True), ("AVOIDS", "shellfish", True),
        ("LIKES", "tea", True)]


def test_a_new_job_is_a_new_occupation_not_the_old_one_reinforced(offline_memory: Memory,
                                                                   user_id: str):
    # "data engineer" embeds like "data analyst" (0.90 with bge-small): similarity alone
    # made it the old occupation, and the demo's job change said "again: data analyst"
    memory = offline_memory
    memory.ingest("I work at Acme Corp as a data analyst.", user_id=user_id, speaker="Sam")
    second = memory.ingest("Big news: I just started a new job at Globex as a data engineer!",
                           user_id=user_id, speaker="Sam")
    assert ("Sam -HAS_OCCUPATION-> data engineer (ends HAS_OCCUPATION data analyst)"
            in second.learned), second.learned
    occupations = rows(memory.graph, "MATCH (:Person {user_id: $u, canonical_name: 'sam'})"
                       "-[:HAS_OCCUPATION]->(c:Concept) RETURN c.name AS name ORDER BY name",
                       u=user_id)
    assert [r["name"] for r in occupations] == ["data analyst", "data engineer"]


def test_eight_concurrent_ingests_of_the_same_person_create_exactly_one_node(
        memory: Memory, user_id: str):
    texts = [f"My friend Maria Lopez sent message number {i}." for i in range(8)]

    def ingest(text: str) -> str:
        return memory.ingest(text, user_id=user_id, speaker="Sam").status

    with ThreadPoolExecutor(max_workers=8) as pool:
        statuses = list(pool.map(ingest, texts))
    assert statuses == ["done"] * 8
    maria = rows(memory.graph, "MATCH (p:Person {user_id: $u, canonical_name: 'maria lopez'}) "
                 "RETURN p.uid AS uid", u=user_id)
    assert len(maria) == 1
    sam = rows(memory.graph, "MATCH (p:Person {user_id: $u, canonical_name: 'sam'}) "
               "RETURN p.uid AS uid", u=user_id)
    assert len(sam) == 1
    mentions = rows(memory.graph, "MATCH (s:Source)-[:MENTIONS]->(p {uid: $uid}) "
                    "RETURN count(s) AS c", uid=maria[0]["uid"])[0]["c"]
    assert mentions == 8


def test_large_tenants_resolve_through_the_vector_index(settings: Settings, graph: Graph,
                                                        hashing_embedder: Embedder,
                                                        user_id: str):
    large = settings.model_copy(update={"ingest": settings.ingest.model_copy(
        update={"exact_scan_max_nodes": 0})})
    memory = Memory(large, graph=graph, embedder=hashing_embedder)
    about = f"indoor bouldering at gym {user_id} every week with friends after work"
    tools = memory.tools(user_id)
    tools.call("create_concept", {"name": "rock climbing", "description": about})
    assert SimilaritySearch.for_tenant(graph, large, user_id).by_index
    assert not SimilaritySearch.for_tenant(graph, settings, user_id).by_index
    reply = tools.call("create_concept", {"name": "climbing", "description": about})
    assert "matched by similarity" in reply["learned"][0]
    assert [r["n"] for r in rows(graph, "MATCH (c:Concept {user_id: $u}) RETURN c.name AS n",
                                 u=user_id)] == ["rock climbing"]
