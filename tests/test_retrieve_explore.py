"""explore(): every signal contributes, filters hold, scores add up, tenants stay apart."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

import pytest
from ingest_support import ingest_dated, ingest_turns
from retrieve_data import QueryDirection, add_node, relate, set_props, snapshot

from memgraph.demo.tour import sample_conversation
from memgraph.errors import InvalidInputError
from memgraph.graph.names import canonical_name
from memgraph.memory import Memory
from memgraph.retrieve.config import RetrievalConfig
from memgraph.retrieve.explore import (
    TEXT_CHARS,
    ExploreRequest,
    candidate_params,
    fetch_candidates,
)
from memgraph.retrieve.filters import build_filters
from memgraph.retrieve.results import Result, ScoreBreakdown


@pytest.fixture
def garden(memory: Memory, user_id: str) -> dict[str, str]:
    """A small graph where each signal has something only it can find."""
    g, emb = memory.graph, memory.embedder
    uids = {}
    # full-text only: matching words, no embedding at all
    uids["ft_only"] = add_node(g, user_id, "Concept", "Zymurgy",
                               text="zymurgy is the chemistry of fermentation in brewing")
    # vector only: its embedding is the query's, its text shares no word with the query
    uids["vec_only"] = add_node(g, user_id, "Entity", "Quiet harbour",
                                text="a calm place by the sea",
                                embedding=emb.embed("tomato seedlings greenhouse"))
    # graph only: no embedding, no matching word, strongly tied to a seed
    uids["seed"] = add_node(g, user_id, "Person", "Marta",
                            text="Marta grows tomato seedlings in her greenhouse",
                            embedding=emb.embed("Marta grows tomato seedlings in her greenhouse"))
    uids["graph_only"] = add_node(g, user_id, "Entity", "Allotment 7",
                                  text="plot number seven on the hill", salience=0.9)
    uids["rel"] = relate(g, user_id, uids["seed"], "OWNS", uids["graph_only"],
                         description="Marta rents plot seven", strength=0.9)
    uids["source"] = add_node(g, user_id, "Source", "turn 3",
                              text="Marta: my tomato seedlings are sprouting",
                              embedding=emb.embed("Marta: my tomato seedlings are sprouting"),
                              external_id="D1:3", speaker="Marta")
    relate(g, user_id, uids["source"], "MENTIONS", uids["seed"])
    return uids


def by_uid(results):
    return {r.uid: r for r in results}


def test_each_signal_finds_what_only_it_can(memory: Memory, user_id: str, garden) -> None:
    # (not "zymurgy": a query that names a node links it by name, a signal of its own)
    found = by_uid(memory.explore("chemistry of fermentation", user_id=user_id,
                                  reinforce=False))
    assert set(found[garden["ft_only"]].score.ranks) == {"fulltext"}
    named = by_uid(memory.explore("zymurgy", user_id=user_id, reinforce=False))
    assert set(named[garden["ft_only"]].score.ranks) == {"fulltext", "linked"}

    found = by_uid(memory.explore("tomato seedlings greenhouse", user_id=user_id, k=20,
                                  reinforce=False))
    assert set(found[garden["vec_only"]].score.ranks) == {"vector"}
    assert set(found[garden["graph_only"]].score.ranks) == {"graph"}
    assert {"vector", "fulltext"} <= set(found[garden["seed"]].score.ranks)


def test_relationships_are_results_with_their_ends(memory: Memory, user_id: str,
                                                   garden) -> None:
    found = by_uid(memory.explore("rents plot", user_id=user_id, reinforce=False))
    rel = found[garden["rel"]]
    assert rel.element == "relationship" and rel.kind == "OWNS"
    assert rel.start == {"uid": garden["seed"], "name": "Marta"}
    assert rel.end["uid"] == garden["graph_only"]


def test_provenance_names_sources_with_external_ids(memory: Memory, user_id: str,
                                                    garden) -> None:
    found = by_uid(memory.explore("Marta tomato", user_id=user_id, reinforce=False))
    person = found[garden["seed"]]
    assert person.provenance[0].source_uid == garden["source"]
    assert person.provenance[0].via == "MENTIONS"
    assert person.external_ids == ["D1:3"]
    source = found[garden["source"]]
    assert source.provenance[0].via == "self"
    assert "sprouting" in source.provenance[0].excerpt


def test_an_excerpt_cut_short_says_so(memory: Memory, user_id: str) -> None:
    cfg = RetrievalConfig.from_settings(memory.settings)
    long_note = "The allotment committee met about the quince trees. " * 12
    short_note = "The quince jam won a prize."
    for text in (long_note, short_note):
        memory.ingest(text, user_id=user_id, speaker="Marta")
    found = memory.explore("quince", user_id=user_id, kinds=["Source"], reinforce=False)
    excerpts = {r.text: r.provenance[0].excerpt for r in found}
    assert len(long_note) > cfg.excerpt_chars
    assert excerpts[long_note.strip()] == long_note[:cfg.excerpt_chars] + "…"
    assert excerpts[short_note] == short_note


def test_a_long_message_shows_its_first_characters_and_cites_itself_cut_short(
        memory: Memory, user_id: str) -> None:
    cfg = RetrievalConfig.from_settings(memory.settings)
    long_message = "The allotment committee met about the quince trees again. " * 60
    memory.ingest(long_message, user_id=user_id, speaker="Marta", external_id="D1:1")
    [found] = memory.explore("quince", user_id=user_id, kinds=["Source"], reinforce=False)
    assert len(long_message) > TEXT_CHARS
    assert found.text == long_message[:TEXT_CHARS].strip()
    [cited] = found.provenance
    assert (cited.via, cited.source_uid, cited.external_id, cited.speaker) == (
        "self", found.uid, "D1:1", "Marta")
    assert cited.excerpt == long_message[:cfg.excerpt_chars] + "…"
    assert cited.event_at == found.event_at


def test_a_message_that_carries_notes_cites_their_sources_and_shows_them(
        memory: Memory, user_id: str) -> None:
    memory.ingest("The quince jam won a prize at the fair.", user_id=user_id,
                  speaker="Marta", external_id="D1:1")
    memory.ingest("Marta said the judges loved the jam.", user_id=user_id, speaker="Leo",
                  external_id="D1:2")
    by_text = {r.text: r for r in memory.explore("jam", user_id=user_id, kinds=["Source"],
                                                 reinforce=False)}
    prize, judges = by_text["The quince jam won a prize at the fair."], \
        by_text["Marta said the judges loved the jam."]
    # a message annotated by hand (a note written onto it, learnt from another message)
    set_props(memory.graph, prize.uid, notes=["Entered under her maiden name."],
              notes_source=[judges.uid])
    [noted] = memory.explore("quince prize", user_id=user_id, kinds=["Source"], k=1,
                             reinforce=False)
    assert noted.uid == prize.uid
    assert noted.text == "The quince jam won a prize at the fair. Entered under her maiden name."
    assert [(p.via, p.external_id) for p in noted.provenance] == [("self", "D1:1"),
                                                                  ("notes", "D1:2")]


@contextmanager
def queries_read(memory: Memory) -> Iterator[list[str]]:
    """The names of the queries explore() reads while the block runs (the real reads,
    counted on their way to the server)."""
    names: list[str] = []
    read_now = memory.graph.read_now

    def counted(name: str, **params: object) -> list[dict[str, object]]:
        names.append(name)
        return read_now(name, **params)

    memory.graph.read_now = counted  # type: ignore[method-assign]
    try:
        yield names
    finally:
        del memory.graph.read_now


# what one message told, the question that finds it, its kind, which result it is, and how
# the provenance query names its link to the message
TOLD_BY_ONE_MESSAGE = {
    "a fact learnt from it": (
        "Marta works at Lisbon Children's Hospital.", "Where does Marta work?", "Relationship",
        lambda r: r.element == "relationship" and r.kind == "WORKS_AT", "notes"),
    "a thing it mentions": (
        "Marta adopted a cat named Miso.", "Miso", "Entity", lambda r: r.name == "Miso",
        "MENTIONS"),
}


@pytest.mark.parametrize(("message", "question", "kind", "is_it", "via"),
                         TOLD_BY_ONE_MESSAGE.values(), ids=TOLD_BY_ONE_MESSAGE.keys())
def test_what_one_message_told_cites_it_without_a_second_read(
        memory: Memory, user_id: str, message: str, question: str, kind: str,
        is_it: Callable[[Result], bool], via: str) -> None:
    memory.ingest(message, user_id=user_id, speaker="Marta", external_id="D1:1")
    with queries_read(memory) as read:
        found = memory.explore(question, user_id=user_id, reinforce=False,
                               kinds=[kind, "Source"])
    [told] = [r for r in found if is_it(r)]
    [said] = [r for r in found if r.kind == "Source"]
    assert [(p.via, p.source_uid, p.external_id, p.speaker, p.excerpt, p.event_at)
            for p in told.provenance] == [(via, said.uid, "D1:1", "Marta", message,
                                           said.event_at)]
    assert read == ["retrieve/explore_candidates"]
    # without its message among the candidates, the provenance query says the same
    with queries_read(memory) as read:
        [alone] = memory.explore(question, user_id=user_id, k=1, reinforce=False,
                                 kinds=[kind])
    assert read == ["retrieve/explore_candidates", "retrieve/provenance"]
    assert (alone.uid, alone.provenance, alone.text) == (told.uid, told.provenance, told.text)


def test_a_thing_told_of_twice_cites_both_messages(memory: Memory, user_id: str) -> None:
    memory.ingest("Marta adopted a cat named Miso.", user_id=user_id, speaker="Marta",
                  external_id="D1:1")
    memory.ingest("Marta says Miso sleeps on the piano all day.", user_id=user_id,
                  speaker="Leo", external_id="D1:2")
    with queries_read(memory) as read:
        found = memory.explore("Miso", user_id=user_id, reinforce=False,
                               kinds=["Entity", "Source"])
    [miso] = [r for r in found if r.name == "Miso"]
    assert "retrieve/provenance" in read
    assert {p.external_id for p in miso.provenance} == {"D1:1", "D1:2"}


def test_a_fact_with_notes_shows_them_and_cites_their_sources(
        memory: Memory, user_id: str) -> None:
    memory.ingest("Marta works at Lisbon Children's Hospital.", user_id=user_id,
                  speaker="Marta", external_id="D1:1")
    memory.ingest("Leo says Marta runs the night shift now.", user_id=user_id, speaker="Leo",
                  external_id="D1:2")
    [fact] = [r for r in memory.explore("Where does Marta work?", user_id=user_id,
                                        reinforce=False, kinds=["Relationship"])
              if r.kind == "WORKS_AT"]
    [leo] = memory.explore("night shift", user_id=user_id, kinds=["Source"], k=1,
                           reinforce=False)
    set_props(memory.graph, fact.uid, notes=["Runs the night shift."],
              notes_source=[leo.uid])
    [noted] = [r for r in memory.explore("Where does Marta work?", user_id=user_id,
                                         reinforce=False, kinds=["Relationship", "Source"])
               if r.uid == fact.uid]
    assert noted.text.endswith("Runs the night shift.")
    assert {(p.via, p.external_id) for p in noted.provenance} == {("notes", "D1:1"),
                                                                  ("notes", "D1:2")}


def test_score_breakdown_adds_up(memory: Memory, user_id: str, garden) -> None:
    results = memory.explore("tomato seedlings greenhouse", user_id=user_id, k=20,
                             reinforce=False)
    cfg = RetrievalConfig.from_settings(memory.settings)
    best_rrf = max(r.score.rrf for r in results if not r.score.subject)
    for r in results:
        s = r.score
        assert s.rrf == pytest.approx(sum(1 / (cfg.rrf_k + n) for n in s.ranks.values()))
        assert s.relevance == pytest.approx(0.0 if s.subject else s.rrf / best_rrf)
        assert s.terms["relevance"] == pytest.approx(cfg.weights.relevance * s.relevance)
        assert s.terms["salience"] == pytest.approx(cfg.weights.salience * (
            cfg.initial_salience + min(0, s.salience - cfg.initial_salience) * s.relevance))
        assert s.final == pytest.approx(sum(s.terms.values()))
    finals = [r.score.final for r in results]
    assert finals == sorted(finals, reverse=True)


def test_a_query_of_names_is_answered_by_the_node_or_by_the_fact_joining_them(
        memory: Memory, user_id: str) -> None:
    g = memory.graph
    tom = add_node(g, user_id, "Person", "Tom", text="an engineer from Glasgow")
    cph = add_node(g, user_id, "Entity", "Copenhagen", text="a city in Denmark")
    turn = add_node(g, user_id, "Source", "turn 1", text="We visited Copenhagen last weekend.",
                    speaker="Tom")
    visited = relate(g, user_id, tom, "VISITED", cph, description="Tom visited Copenhagen",
                     source_ids=[turn])
    relate(g, user_id, turn, "MENTIONS", cph)
    joined = memory.explore("Has Tom been to Copenhagen?", user_id=user_id, reinforce=False)
    assert joined[0].uid == visited, [(r.kind, r.name) for r in joined]
    assert memory.explore("Copenhagen", user_id=user_id, reinforce=False)[0].uid == cph


def test_a_node_is_named_by_its_aliases_too(memory: Memory, user_id: str) -> None:
    """ "Please call me Bea": "Bea" alone asks for Beatriz's node, and "Where does Bea
    work?" for her job, as her name does; another tenant's Bea is not hers."""
    memory.ingest("Hi! I'm Beatriz, but please call me Bea.", user_id=user_id,
                  speaker="Beatriz")
    memory.ingest("I work at Lumen Studio.", user_id=user_id, speaker="Beatriz")
    # another tenant's Beatrice goes by Bea too: never linked, never returned
    memory.ingest("Hi! I'm Beatrice, but please call me Bea.", user_id=f"{user_id}-other",
                  speaker="Beatrice")
    memory.ingest("I work at Quarry Labs.", user_id=f"{user_id}-other", speaker="Beatrice")
    try:
        named = memory.explore("Bea", user_id=user_id, reinforce=False)
        assert (named[0].kind, named[0].name) == ("Person", "Beatriz"), named[:3]
        job = memory.explore("Where does Bea work?", user_id=user_id, reinforce=False)
        assert (job[0].kind, job[0].end["name"]) == ("WORKS_AT", "Lumen Studio"), job[:3]
        said = " ".join(f"{r.name} {r.text} {r.end['name'] if r.end else ''}"
                        for r in named + job)
        assert "Beatrice" not in said and "Quarry" not in said
        other = memory.explore("Where does Bea work?", user_id=f"{user_id}-other",
                               reinforce=False)
        assert (other[0].kind, other[0].end["name"]) == ("WORKS_AT", "Quarry Labs")
    finally:
        memory.forget_user(f"{user_id}-other")


def test_a_relation_word_a_node_goes_by_names_it_and_asks_for_no_relative(
        memory: Memory, user_id: str) -> None:
    """ "Dad" is George's alias: "What medication does Dad take?" asks about George. As a
    relation word it made "Grace FAMILY_OF George" a bridge to Grace's relatives, and her
    brother's fact was the first answer to every question about Dad."""
    for text in ("I look after my dad, George, who is 81.", "My brother Paul lives in Toronto.",
                 "Dad takes warfarin since his stroke."):
        memory.ingest(text, user_id=user_id, speaker="Grace")
    medication = memory.explore("What medication does Dad take?", user_id=user_id,
                                reinforce=False)
    assert (medication[0].kind, medication[0].start["name"], medication[0].end["name"]) \
        == ("USES", "George", "warfarin"), medication[:3]
    for question in ("What medication does Dad take?", "Where does Dad live?"):
        found = memory.explore(question, user_id=user_id, reinforce=False)
        assert not [r for r in found if r.score.tier == 1 and r.element == "relationship"
                    and "Paul" in (r.start["name"], r.end["name"])], (question, found[:3])
    named = memory.explore("Dad", user_id=user_id, reinforce=False)
    assert (named[0].kind, named[0].name) == ("Person", "George"), named[:3]


def test_a_name_with_an_s_in_it_is_linked_by_its_name_and_its_aliases(
        memory: Memory, user_id: str) -> None:
    """ "St Mary's Hospital" is stored as "st marys hospital"; the question's "St Mary's"
    was read as "St Mary" only, so it was never linked and ranked below every answer."""
    hospital = add_node(memory.graph, user_id, "Entity", "St Mary's Hospital",
                        text="a hospital in Bristol", aliases=["St Mary's"],
                        canonical_name=canonical_name("St Mary's Hospital"))
    add_node(memory.graph, user_id, "Entity", "Southmead Hospital", text="a hospital")
    for query in ("St Mary's Hospital", "St Mary's", "Where is St Mary's?"):
        found = memory.explore(query, user_id=user_id, reinforce=False)
        assert found[0].uid == hospital, (query, [(r.kind, r.name) for r in found[:3]])


def test_kind_filter(memory: Memory, user_id: str, garden) -> None:
    results = memory.explore("tomato seedlings Marta", user_id=user_id, k=20,
                             kinds=["Source"], reinforce=False)
    assert results and {r.kind for r in results} == {"Source"}
    only_rels = memory.explore("rents plot", user_id=user_id, kinds=["Relationship"],
                               reinforce=False)
    assert {r.element for r in only_rels} == {"relationship"}


def test_archived_excluded_unless_asked(memory: Memory, user_id: str, garden) -> None:
    set_props(memory.graph, garden["ft_only"], state="archived")
    assert garden["ft_only"] not in by_uid(memory.explore("zymurgy", user_id=user_id,
                                                          reinforce=False))
    found = by_uid(memory.explore("zymurgy", user_id=user_id, include_archived=True,
                                  reinforce=False))
    assert garden["ft_only"] in found


def test_min_salience_and_sensitivity(memory: Memory, user_id: str, garden) -> None:
    set_props(memory.graph, garden["ft_only"], salience=0.2)
    left = memory.explore("zymurgy", user_id=user_id, min_salience=0.3, reinforce=False)
    assert not left, [(r.name, r.score.ranks, r.score.signal_scores) for r in left]
    set_props(memory.graph, garden["source"], sensitivity="high")
    found = by_uid(memory.explore("sprouting", user_id=user_id,
                                  sensitivity=["low", "normal"], reinforce=False))
    assert garden["source"] not in found
    found = by_uid(memory.explore("sprouting", user_id=user_id, reinforce=False))
    assert garden["source"] in found


def test_event_time_range(memory: Memory, user_id: str) -> None:
    g, emb = memory.graph, memory.embedder
    old = add_node(g, user_id, "Source", "old", text="the kayak trip on the river",
                   embedding=emb.embed("the kayak trip on the river"),
                   event_at=datetime(2023, 5, 8, tzinfo=UTC))
    new = add_node(g, user_id, "Source", "new", text="another kayak trip, now at sea",
                   embedding=emb.embed("another kayak trip, now at sea"),
                   event_at=datetime(2024, 7, 1, tzinfo=UTC))
    found = by_uid(memory.explore("kayak trip", user_id=user_id, since="2024-01-01",
                                  reinforce=False))
    assert new in found and old not in found
    found = by_uid(memory.explore("kayak trip", user_id=user_id, until="2024-01-01",
                                  reinforce=False))
    assert old in found and new not in found


def test_lucene_syntax_in_queries_is_plain_text(memory: Memory, user_id: str, garden) -> None:
    for query in ['zymurgy AND (brewing', 'zymurgy: "fermentation~', "a/b\\c [x TO y] *?",
                  "NOT zymurgy || +-!"]:
        memory.explore(query, user_id=user_id, reinforce=False)   # no Lucene parse error
    assert memory.explore('"zymurgy"', user_id=user_id, reinforce=False)


def test_read_only_changes_nothing(memory: Memory, user_id: str, garden) -> None:
    before = snapshot(memory.graph, user_id)
    memory.explore("tomato seedlings greenhouse", user_id=user_id, k=20, reinforce=False)
    assert snapshot(memory.graph, user_id) == before


def add_sources(memory: Memory, user: str, rows: list[dict]) -> None:
    """Many bare sources of another tenant in one statement (rows: their properties)."""
    memory.graph.driver.execute_query(
        "UNWIND $rows AS r CREATE (n:Memory:Source) "
        "SET n = r, n.user_id = $u, n.state = 'candidate', n.salience = 0.5",
        {"rows": rows, "u": user})


@contextmanager
def another_tenant(memory: Memory, user: str) -> Iterator[str]:
    """A second tenant for the test's body, deleted afterwards whatever happens."""
    try:
        yield user
    finally:
        memory.graph.run_autocommit("graph/delete_user", user_id=user)


def top_uids_by_one_signal(memory: Memory, user_id: str, query: str, signal: str) -> list[str]:
    """explore() with only the vector or only the full-text signal, over-fetching nothing
    (the index returns exactly k), so any rescue must come from the exact fallback."""
    only = {"vector": dict(use_fulltext=False, vector_overfetch=1),
            "fulltext": dict(use_vector=False, fulltext_overfetch=1)}[signal]
    config = RetrievalConfig.from_settings(memory.settings, use_graph=False, **only)
    return [r.uid for r in memory.explore(query, user_id=user_id, k=5, reinforce=False,
                                          config=config)]


def test_tenants_never_see_each_other(memory: Memory, user_id: str, garden) -> None:
    with another_tenant(memory, f"{user_id}-b") as other:
        emb = memory.embedder
        for i in range(30):    # the other tenant has more, and closer, matches
            text = f"tomato seedlings greenhouse number {i}"
            add_node(memory.graph, other, "Source", f"b{i}", text=text,
                     embedding=emb.embed(text))
        mine = memory.explore("tomato seedlings greenhouse", user_id=user_id, k=20,
                              reinforce=False)
        assert mine and all(r.uid in garden.values() for r in mine)
        assert garden["seed"] in by_uid(mine)
        theirs = memory.explore("zymurgy Marta", user_id=other, reinforce=False)
        assert not any(r.uid in garden.values() for r in theirs)


def test_recall_holds_when_a_bigger_tenant_shares_the_index(memory: Memory,
                                                            user_id: str) -> None:
    """The ANN over-fetch returns only the big tenant's nodes; the exact fallback rescues."""
    emb = memory.embedder
    with another_tenant(memory, f"{user_id}-big") as big:
        texts = [f"weekly report on project apollo part {i}" for i in range(600)]
        for chunk in range(0, 600, 200):
            add_sources(memory, big, [{"uid": f"{big}-{i}", "raw_content": t,
                                       "embedding": emb.embed(t)}
                                      for i, t in enumerate(texts[chunk:chunk + 200],
                                                            start=chunk)])
        mine = add_node(memory.graph, user_id, "Source", "mine",
                        text="project apollo weekly summary",
                        embedding=emb.embed("project apollo weekly summary"))
        assert top_uids_by_one_signal(memory, user_id, "weekly report on project apollo",
                                      "vector") == [mine]


def test_no_exact_scan_when_the_tenants_neighbours_are_all_noise(memory: Memory,
                                                                  user_id: str) -> None:
    """The exact scan rescues a tenant the shared index's neighbours do not reach. A
    question that matches nothing the tenant holds (the index's farthest neighbour is
    already below min_vector_score) does not scan: the other nodes are farther still."""
    direction = QueryDirection(memory.embedder.dimensions, seed=3)
    query = direction.query
    # cosine 0.7 to the query: the tenant's nearest, far nearer than any real text's
    # vector (so no other tenant crowds them out), but under a threshold of 0.8
    for i in range(12):
        add_node(memory.graph, user_id, "Source", f"n{i}", text=f"unrelated {i}",
                 embedding=direction.near(0.7))
    config = RetrievalConfig.from_settings(memory.settings, exact_scan_max=0,
                                           min_vector_score=0.9,     # cosine 0.8
                                           use_fulltext=False, use_graph=False)
    req = ExploreRequest(user_id=user_id, query="anything", vector=query, k=10,
                         filters=build_filters(), config=config)
    fetched = fetch_candidates(memory.graph, req)
    assert not fetched.exact_used and not fetched.candidates


def test_the_vector_signal_ranks_the_indexs_neighbours_by_their_stored_vectors(
        memory: Memory, user_id: str) -> None:
    """The index chooses the neighbours; their exact cosine scores and orders them. The
    index's own score is quantized by its segment's statistics: the same two vectors scored
    a few thousandths apart from one graph to another, and near ties changed places."""
    direction = QueryDirection(memory.embedder.dimensions, seed=11)
    cosines = {add_node(memory.graph, user_id, "Source", f"s{i}", text=f"turn {i}",
                        embedding=direction.near(cosine)): cosine
               for i, cosine in enumerate((0.95, 0.949, 0.948, 0.93, 0.929, 0.9))}
    # as many wanted as there are: the index's answer is enough, no exact scan follows
    config = RetrievalConfig.from_settings(memory.settings, candidates_per_signal=6,
                                           use_fulltext=False, use_graph=False)
    req = ExploreRequest(user_id=user_id, query="anything", vector=direction.query, k=6,
                         filters=build_filters(), config=config)
    params = {**candidate_params(memory.graph, req), "exact_first": False,
              "ann_k": 60, "ann_k_max": 60}
    row = memory.graph.read("retrieve/explore_candidates", **params)[0]
    uids = {n["key"]: n["props"]["uid"] for n in row["nodes"]}
    found = [(uids[hit["key"]], hit["score"]) for hit in row["vec"]]
    assert not row["exact_used"]
    assert [uid for uid, _ in found] == sorted(cosines, key=cosines.__getitem__, reverse=True)
    # vector.similarity.cosine is (1 + cosine) / 2
    assert all(score == pytest.approx((1 + cosines[uid]) / 2, abs=1e-6) for uid, score in found)


def test_when_filters_take_the_nearest_neighbours_the_index_is_asked_again_not_scanned(
        memory: Memory, user_id: str) -> None:
    """Storylines (kept out of a specific question) fill the index's nearest neighbours:
    the index is asked once more, for ten times as many, before any exact scan."""
    direction = QueryDirection(memory.embedder.dimensions, seed=5)
    for i in range(45):
        add_node(memory.graph, user_id, "Storyline", f"story {i}", embedding=direction.near(0.95))
    sources = {add_node(memory.graph, user_id, "Source", f"s{i}", text=f"turn {i}",
                        embedding=direction.near(0.9)) for i in range(12)}
    config = RetrievalConfig.from_settings(memory.settings, candidates_per_signal=12,
                                           use_fulltext=False, use_graph=False)
    req = ExploreRequest(user_id=user_id, query="anything", vector=direction.query, k=12,
                         filters=build_filters(), config=config)

    def ask(ann_k: int, ann_k_max: int) -> tuple[bool, list[str]]:
        params = {**candidate_params(memory.graph, req), "exact_first": False,
                  "ann_k": ann_k, "ann_k_max": ann_k_max}
        row = memory.graph.read("retrieve/explore_candidates", **params)[0]
        uids = {n["key"]: n["props"]["uid"] for n in row["nodes"]}
        return row["exact_used"], [uids[c["key"]] for c in row["vec"]]

    scanned, found = ask(30, 300)
    assert not scanned and set(found) == sources
    scanned, found = ask(30, 30)            # no room to widen: the scan rescues them
    assert scanned and set(found) == sources


def test_fulltext_recall_holds_when_a_bigger_tenant_has_better_matches(memory: Memory,
                                                                      user_id: str) -> None:
    """Full-text is scoped to the tenant inside Lucene: 600 stronger matches of another
    tenant do not push this tenant's only match out of the over-fetched top hits. (Lucene
    matches the tenant id as a phrase of its tokens: ids that are token-prefixes of each
    other, like "t-1" and "t-1-big", share hits and rely on the exact filter after it.)"""
    # not a token-prefix of user_id
    with another_tenant(memory, f"big{uuid.uuid4().hex[:12]}") as big:
        add_sources(memory, big, [{"uid": f"{big}-{i}", "raw_content": text,
                                   "search_text": text}
                                  for i, text in ((i, f"apollo apollo weekly report {i}")
                                                  for i in range(600))])
        text = "the apollo weekly report came late again, long after everything else had"
        mine = add_node(memory.graph, user_id, "Source", "mine", text=text)
        assert top_uids_by_one_signal(memory, user_id, "apollo weekly report",
                                      "fulltext") == [mine]


def test_a_hubs_provenance_is_bounded_and_keeps_the_turns_found(memory: Memory,
                                                                user_id: str) -> None:
    """A person mentioned by many turns: provenance reads the turns this call found plus
    at most provenance_scan_max others, never the whole hub."""
    g, emb = memory.graph, memory.embedder
    hub = add_node(g, user_id, "Person", "Marta", text="Marta", embedding=emb.embed("Marta"))
    found = add_node(g, user_id, "Source", "zymurgy", text="Marta: the zymurgy workshop",
                     embedding=emb.embed("Marta: the zymurgy workshop"), external_id="Z1")
    relate(g, user_id, found, "MENTIONS", hub)
    for i in range(60):
        text = f"Marta: an ordinary remark number {i}"
        relate(g, user_id, add_node(g, user_id, "Source", f"t{i}", text=text,
                                    embedding=emb.embed(text)), "MENTIONS", hub)

    def provenance(query: str, per_result: int, **options) -> list[str]:
        config = RetrievalConfig.from_settings(memory.settings, provenance_scan_max=5,
                                               provenance_per_result=per_result)
        results = memory.explore(query, user_id=user_id, k=100, reinforce=False,
                                 config=config, **options)
        return [p.source_uid for p in by_uid(results)[hub].provenance]

    assert len(provenance("Marta", 50, kinds=["Person"])) == 5
    assert provenance("Marta zymurgy workshop", 1) == [found]
    # turns found that fill the places are the provenance, whatever the scan would add
    brewing = [add_node(g, user_id, "Source", f"b{i}", text=text, embedding=emb.embed(text))
               for i, text in enumerate(["Marta: the zymurgy workshop again",
                                         "Marta: zymurgy workshop notes"])]
    for turn in brewing:
        relate(g, user_id, turn, "MENTIONS", hub)
    assert set(provenance("Marta zymurgy workshop", 3)) == {found, *brewing}


def test_a_long_storylines_provenance_is_bounded_and_keeps_the_turns_found(
        memory: Memory, user_id: str) -> None:
    """A Storyline of a subject mentioned every day may include thousands of sources: its
    provenance reads those this call found plus at most provenance_scan_max others."""
    g, emb = memory.graph, memory.embedder
    story = add_node(g, user_id, "Storyline", "Marta: spring", text="Marta's spring",
                     embedding=emb.embed("Marta's spring"))
    found = add_node(g, user_id, "Source", "zymurgy", text="Marta: the zymurgy workshop",
                     embedding=emb.embed("Marta: the zymurgy workshop"), external_id="Z1")
    relate(g, user_id, story, "INCLUDES", found)
    for i in range(60):
        relate(g, user_id, story, "INCLUDES",
               add_node(g, user_id, "Source", f"t{i}", text=f"an ordinary remark {i}"))

    def provenance(query: str, kinds: list[str]) -> list[str]:
        config = RetrievalConfig.from_settings(memory.settings, provenance_scan_max=5,
                                               provenance_per_result=50)
        results = memory.explore(query, user_id=user_id, k=100, reinforce=False,
                                 config=config, kinds=kinds)
        return [p.source_uid for p in by_uid(results)[story].provenance]

    assert len(provenance("Marta's spring", ["Storyline"])) == 5
    assert provenance("Marta's spring zymurgy workshop", ["Storyline", "Source"])[0] == found


def test_the_graph_walk_does_not_step_through_a_hub(memory: Memory, user_id: str,
                                                    garden) -> None:
    """A seed with more relationships than graph_hub_degree gives its neighbours almost
    nothing and would cost a read of each: the walk skips it."""
    g, emb = memory.graph, memory.embedder
    for i in range(40):
        text = f"an ordinary remark number {i}"
        relate(g, user_id, add_node(g, user_id, "Source", f"t{i}", text=text,
                                    embedding=emb.embed(text)), "MENTIONS", garden["seed"])

    def graph_finds(hub_degree: int) -> set[str]:
        config = RetrievalConfig.from_settings(memory.settings, graph_hub_degree=hub_degree)
        results = memory.explore("tomato seedlings greenhouse", user_id=user_id, k=20,
                                 reinforce=False, config=config)
        return {r.uid for r in results if "graph" in r.score.ranks}

    assert garden["graph_only"] in graph_finds(100)      # Marta has 42 relationships
    assert garden["graph_only"] not in graph_finds(41)


@pytest.mark.parametrize("kwargs, message", [
    ({"query": ""}, "query is empty"),
    ({"query": "   "}, "query is empty"),
    ({"query": "x", "k": 0}, "k must be"),
    ({"query": "x", "k": -3}, "k must be"),
    ({"query": "x", "kinds": ["Planet"]}, "unknown node kind"),
    ({"query": "x", "states": ["forgotten"]}, "unknown state"),
    ({"query": "x", "min_salience": 2}, "min_salience"),
    ({"query": "x", "since": "yesterday"}, "since"),
    ({"query": "x", "since": "2024-02-01", "until": "2024-01-01"}, "before"),
    ({"query": "x", "sensitivity": "secret"}, "sensitivity"),
])
def test_bad_input_is_refused_clearly(memory: Memory, user_id: str, kwargs, message) -> None:
    query = kwargs.pop("query")
    with pytest.raises(InvalidInputError, match=message):
        memory.explore(query, user_id=user_id, **kwargs)


def test_unknown_user_finds_nothing(memory: Memory, user_id: str) -> None:
    assert memory.explore("anything at all", user_id=user_id, reinforce=False) == []


def test_recency_prefers_recent_event_times(memory: Memory, user_id: str) -> None:
    g, emb = memory.graph, memory.embedder
    text = "dentist appointment"
    old = add_node(g, user_id, "Source", "old", text=text, embedding=emb.embed(text),
                   event_at=datetime.now(UTC) - timedelta(days=400))
    new = add_node(g, user_id, "Source", "new", text=text, embedding=emb.embed(text),
                   event_at=datetime.now(UTC) - timedelta(days=1))
    found = by_uid(memory.explore(text, user_id=user_id, reinforce=False))
    assert found[new].score.recency > found[old].score.recency


def test_agent_id_keeps_what_one_agent_wrote_and_what_was_learnt_from_it(memory: Memory,
                                                                        user_id: str):
    # Two agents of one tenant (seed 000's multi-agent field): each sees its own sources,
    # the facts learnt from them and the nodes they mention; no filter sees both.
    memory.ingest("Lena works at Globex in Vienna.", user_id=user_id, agent_id="planner")
    memory.ingest("Marek works at Initech in Prague.", user_id=user_id, agent_id="scribe")
    planner = memory.explore("works at", user_id=user_id, k=20, agent_id="planner",
                             reinforce=False)
    text = " ".join(f"{r.name} {r.text}" for r in planner)
    assert "Lena" in text and "Globex" in text
    assert "Marek" not in text and "Initech" not in text
    assert any(r.element == "relationship" and r.kind == "WORKS_AT" for r in planner)
    both = memory.explore("works at", user_id=user_id, k=20, reinforce=False)
    assert {"Lena", "Marek"} <= {w for r in both for w in f"{r.name} {r.text}".split()}
    assert memory.explore("works at", user_id=user_id, agent_id="nobody",
                          reinforce=False) == []


@pytest.mark.parametrize("asking, telling", [
    ("Did you really get the greyhound?", "We got the greyhound last Saturday."),
    ("Did you guys really get the greyhound?!", "We got the greyhound last Saturday!"),
    ("You got the greyhound?? ", "We got the greyhound. She is called Juni."),
])
def test_a_message_that_ends_by_asking_is_told_apart_from_one_that_tells(
        memory: Memory, user_id: str, asking: str, telling: str) -> None:
    memory.ingest(asking, user_id=user_id, session_id="dog", speaker="Nadia")
    memory.ingest(telling, user_id=user_id, session_id="dog", speaker="Marcus")
    results = {r.text: r for r in memory.explore("greyhound", user_id=user_id, k=10,
                                                  reinforce=False)}
    assert any("ends by asking" in why for why in results[asking.strip()].score.reasons)
    assert not any("ends by asking" in why for why in results[telling].score.reasons)


def test_a_greeting_does_not_answer_a_question_about_its_speaker(
        memory: Memory, user_id: str) -> None:
    said = [("Ruth", "Hey Jonah! Just wanted to say hi!"),
            ("Jonah", "Hey Ruth! Good to see you! How have you been?"),
            ("Ruth", "The bees swarmed twice this spring, so I split the hive."),
            ("Jonah", "Thanks, Ruth! Your kind words mean a lot."),
            ("Ruth", "I kept bees for twenty years before the fire station.")]
    for speaker, text in said:
        memory.ingest(text, user_id=user_id, session_id="s1", speaker=speaker)
    found = memory.explore("What has Ruth been up to?", user_id=user_id, k=10,
                           reinforce=False)
    order = [r.text for r in found if r.kind == "Source"]
    greetings = [text for _, text in said if "Hey" in text or "Thanks" in text]
    telling = [text for _, text in said if text not in greetings]
    assert max(order.index(t) for t in telling) < min(order.index(t) for t in greetings
                                                      if t in order)
    reasons = {r.text: r.score.reasons for r in found}
    assert all(any("says nothing" in why for why in reasons[t])
               for t in greetings if t in reasons)
    assert not any("says nothing" in why for t in telling for why in reasons.get(t, []))


def test_a_question_that_asks_when_votes_for_the_messages_that_say_when(
        memory: Memory, user_id: str) -> None:
    says_when = ["Pickle saw the vet on the 29th.", "Pickle saw the vet in 2019.",
                 "Pickle saw the vet last weekend.", "Pickle saw the vet on Sunday, poor guy.",
                 "Pickle saw the vet this morning!"]
    says_nothing = ["Pickle may see the vet.", "Pickle saw this vet twice.",
                    "Pickle saw the vet. Maybe it was nothing."]
    for text in says_when + says_nothing:
        memory.ingest(text, user_id=user_id, session_id="pickle", speaker="Kirsty")
    asked = {r.text: r.score.ranks for r in memory.explore(
        "When did Pickle see the vet?", user_id=user_id, k=20, reinforce=False)}
    assert {text for text, ranks in asked.items() if "when" in ranks} == set(says_when)
    # the vote raises what says when and nothing else, so those messages can only move up
    def scored(**options: object) -> dict[str, ScoreBreakdown]:
        return {r.text: r.score for r in memory.explore(
            "When did Pickle see the vet?", user_id=user_id, k=20, reinforce=False, **options)}
    voted = scored()
    unvoted = scored(config=RetrievalConfig.from_settings(memory.settings,
                                                          use_answer_form=False))
    assert all(voted[t].rrf > unvoted[t].rrf for t in says_when)
    assert all(voted[t].rrf == pytest.approx(unvoted[t].rrf) for t in says_nothing)
    assert sum(list(voted).index(t) for t in says_when) \
        <= sum(list(unvoted).index(t) for t in says_when)
    # a question that does not ask when casts no such vote
    why = memory.explore("Why did Pickle see the vet?", user_id=user_id, k=20,
                         reinforce=False)
    assert not any("when" in r.score.ranks for r in why)


def test_a_question_that_asks_how_many_votes_for_the_messages_that_state_a_number(
        memory: Memory, user_id: str) -> None:
    numbers = ["We keep three hives behind the shed.", "The hives gave us 40 jars of honey."]
    none = ["The hives are doing well this spring.", "Bees everywhere in the hives today."]
    for text in numbers + none:
        memory.ingest(text, user_id=user_id, session_id="bees", speaker="Ruth")
    asked = memory.explore("How many hives does Ruth keep?", user_id=user_id, k=20,
                           reinforce=False)
    assert {r.text for r in asked if "number" in r.score.ranks} == set(numbers)
    assert all(("states a number, as the question asks" in r.score.reasons)
               == ("number" in r.score.ranks) for r in asked)
    assert not any("when" in r.score.ranks for r in asked)


def test_a_message_that_writes_a_subjects_name_is_about_them_unless_it_is_a_speakers(
        memory: Memory, user_id: str) -> None:
    ingest_turns(memory, user_id, [
        ("Euan", "My nephew Rory went back to Glasgow after Easter."),
        # a sentence's first word is not read as a name: no MENTIONS of Rory here
        ("Euan", "Rory's home for the summer, got a job at the salmon farm."),
        ("Kirsty", "Thanks, Euan! Tell him his auntie is impressed by the salmon farm.")],
        start=datetime(2023, 6, 1, 12, tzinfo=UTC))
    rory = {r.text: r.score.ranks for r in memory.explore(
        "Where did Rory work over the summer?", user_id=user_id, k=20, reinforce=False)}
    assert "subject" in rory["Rory's home for the summer, got a job at the salmon farm."]
    # "Euan" written by the other speaker is the one addressed: Euan's own messages are
    # his subject list, not Kirsty's message to him
    euan = {r.text: r.score.ranks for r in memory.explore(
        "What does Euan think of the salmon farm?", user_id=user_id, k=20, reinforce=False)}
    assert "subject" in euan["Rory's home for the summer, got a job at the salmon farm."]
    assert "subject" not in euan[
        "Thanks, Euan! Tell him his auntie is impressed by the salmon farm."]


def test_the_turn_that_goes_on_with_a_story_votes_with_the_turn_that_began_it(
        memory: Memory, user_id: str) -> None:
    # the nurse's name is two turns after the message that matches the question, with
    # the other speaker's "What?!" between them
    story = ["Maisie spent three nights at SickKids with bronchiolitis a couple of weeks ago.",
             "What?! Kirst, you should've phoned. Poor wee lamb.",
             "She's totally fine now. The nurse we had, Joy, was so calm at 3am.",
             "Good nurses are worth their weight in gold.",
             "Anyway, Pickle chewed another of my shoes today."]
    ingest_turns(memory, user_id, list(zip(["Kirsty", "Euan"] * 3, story, strict=False)))
    config = RetrievalConfig.from_settings(memory.settings, adjacent_seeds=1)
    found = memory.explore("How many nights did Maisie spend at SickKids with bronchiolitis?",
                           user_id=user_id, k=20, reinforce=False, config=config)
    ranks = {r.text: r.score.ranks for r in found}
    assert next(iter(ranks)) == story[0]
    # the reply, then the same speaker's turn after it; not the turns further on
    assert ranks[story[1]]["adjacent"] == 1 and ranks[story[2]]["adjacent"] == 2
    assert not any("adjacent" in ranks.get(text, {}) for text in story[3:])


def test_in_a_one_person_memory_i_gives_no_vote_to_every_message(
        memory: Memory, user_id: str) -> None:
    # "I" names the only speaker, who said everything: a vote for all of their messages
    # would lift them all above the facts about Anna (docs/retrieval.md, "Session 39")
    # (the README's tour: three notes, no conversation between them; the two that are not
    # about Anna share a word with the question, so that they are candidates)
    for text in ("My sister Anna moved to Lisbon. She works at Lisbon Children's Hospital.",
                 "Did you know we adopted a cat named Miso last week?",
                 "You know I started a new job at Globex. Before that I was at Acme."):
        memory.ingest(text, user_id=user_id, speaker="Sam")
    results = memory.explore("what do I know about Anna?", user_id=user_id, k=30,
                             reinforce=False)
    votes = {r.text: "subject" in r.score.ranks for r in results if r.kind == "Source"}
    assert votes == {
        "My sister Anna moved to Lisbon. She works at Lisbon Children's Hospital.": True,
        "Did you know we adopted a cat named Miso last week?": False,
        "You know I started a new job at Globex. Before that I was at Acme.": False}
    # both are still what the question is about: neither node ranks by its own relevance
    assert {r.name for r in results if r.score.subject} == {"Sam", "Anna"}


def test_with_an_assistant_the_agents_turns_neither_lead_nor_make_i_a_vote(
        memory: Memory, user_id: str) -> None:
    # the demo's conversation: Sam and the agent. The agent's "Nice to meet you, Sam.
    # What do you like to do outside work?" echoes "Sam" and "work" and came second for
    # "Where does Sam work now?"; Sam's subject list told Sam's messages only from the
    # agent's, a vote for every one of them (docs/retrieval.md, "Session 40")
    for message in sample_conversation():
        memory.ingest(message.pop("content"), user_id=user_id, **message)
    results = memory.explore("Where does Sam work now?", user_id=user_id, k=10,
                             reinforce=False)
    assert results[0].name == "Sam WORKS_AT Globex"
    first = [r for r in results[:4] if r.kind == "Source"]
    assert all(p.speaker != "assistant" for r in first for p in r.provenance
               if p.via == "self")
    assert not any("subject" in r.score.ranks for r in results if r.kind == "Source")
    agent = [r for r in results if r.kind == "Source"
             and any(p.speaker == "assistant" for p in r.provenance if p.via == "self")]
    assert all(any("the agent's own turn" in why for why in r.score.reasons) for r in agent)


def test_a_nodes_text_reads_its_description_and_notes_as_sentences(
        memory: Memory, user_id: str) -> None:
    memory.ingest("Our daughter Noor started kindergarten this week.", user_id=user_id,
                  speaker="Leila")
    noor = next(r for r in memory.explore("Noor", user_id=user_id, k=5, reinforce=False)
                if r.name == "Noor")
    assert noor.text == "Leila's daughter. Our daughter Noor started kindergarten this week."


def test_a_question_whether_something_is_so_is_answered_by_the_fact_joining_its_names(
        memory: Memory, user_id: str) -> None:
    # "like" asks about LIKES, but whether Dev likes ORMs is told by the fact that joins
    # the two, whatever its type
    ingest_turns(memory, user_id, [
        ("Dev", "Hi, I'm Dev. I maintain the payments service at Brightwave."),
        ("assistant", "Got it. Which languages do you prefer?"),
        ("Dev", "I prefer Python over Go for scripts."),
        ("Dev", "We use PostgreSQL 15 in production."),
        ("Dev", "I use VS Code as my editor."),
        ("Dev", "My manager is Rachel."),
        ("Dev", "I don't like ORMs, I'd rather write raw SQL."),
        ("Dev", "My teammate Aiko owns the fraud detection service.")],
        start=datetime(2025, 2, 3, 9, tzinfo=UTC))
    first = memory.explore("Do I like ORMs?", user_id=user_id, k=5, reinforce=False)[0]
    assert first.name == "Dev DISLIKES ORMs"


def test_a_tool_switched_to_answers_now_though_the_one_before_matched_better(
        memory: Memory, user_id: str) -> None:
    # "I use VS Code as my editor" says "editor"; the switch says which one is used now
    ingest_turns(memory, user_id, [
        ("Dev", "We use PostgreSQL 15 in production."),
        ("Dev", "I use VS Code as my editor."),
        ("Dev", "I switched from VS Code to Neovim.")],
        start=datetime(2025, 4, 14, 9, tzinfo=UTC))
    # k = 10: the one before stays findable, below; in three notes of one speaker no
    # neighbour's vote lifts it any more (fusion.replies), and the graph walk's nodes may
    # come between
    results = memory.explore("Which editor do I use?", user_id=user_id, k=10,
                             reinforce=False)
    names = [r.name for r in results if r.element == "relationship"]
    assert names[:2] == ["Dev USES Neovim", "Dev USES VS Code"]
    assert results[0].name == "Dev USES Neovim"


def test_an_employer_switched_to_answers_now_though_the_one_before_matched_better(
        memory: Memory, user_id: str) -> None:
    # "I drive for Uber" says "drive"; "switched to driving for Bolt" superseded it
    ingest_turns(memory, user_id, [
        ("Farid", "I drive for Uber in Manchester, mostly nights at the weekend."),
        ("Farid", "Before that I drove a black cab in London for fifteen years."),
        ("Farid", "My car is a Toyota Prius, it's done 200,000 miles."),
        ("Farid", "I've switched to driving for Bolt, the commission is better.")],
        start=datetime(2025, 2, 3, 19, tzinfo=UTC))
    results = memory.explore("Who do I drive for?", user_id=user_id, k=5, reinforce=False)
    names = [r.name for r in results]
    # (the black cab's message may come first: it says "drove", and no fact of it)
    assert "Farid WORKS_AT Bolt" in names[:2]
    assert "Farid WORKS_AT Uber" not in names[:names.index("Farid WORKS_AT Bolt")]


def test_the_speaker_asked_about_by_i_alone_is_answered_by_what_is_known_of_them(
        memory: Memory, user_id: str) -> None:
    # "What am I now?" names no one but the speaker, whose node shows nothing
    ingest_turns(memory, user_id, [
        ("Derek", "I used to be a welder at the shipyard until it closed."),
        ("Derek", "My wife Julie runs the warehouse side of the food bank."),
        ("Derek", "We fed 400 families last month, the most ever."),
        ("Derek", "I'm now the manager of the food bank.")],
        start=datetime(2025, 6, 9, 19, tzinfo=UTC))
    results = memory.explore("What am I now?", user_id=user_id, k=5, reinforce=False)
    assert results[0].name != "Derek"
    # what holds of him now is in the top three, and nothing stale of his above it: the
    # welder's job is over and the message that told it so is a stale statement now
    # (the ranks of the rest move with what every other tenant on the server wrote)
    now = next(i for i, r in enumerate(results)
               if r.name in {"Derek HAS_OCCUPATION manager", "Derek WORKS_AT food bank"})
    shown = [(r.kind, r.name, (r.text or "")[:40], r.score.final) for r in results]
    assert now < 3 and results[now].valid_to is None, shown
    assert not any("welder" in r.name or "welder" in (r.text or "") for r in results[:now]), \
        shown


def test_an_employer_left_with_none_since_is_still_the_last_known_answer_for_now(
        memory: Memory, user_id: str) -> None:
    # "I've left Feilden Clegg" ends the one employer told; nothing holds in its place, and
    # messages about a husband's school and a client's centre match "work" better
    ingest_turns(memory, user_id, [
        ("Helen", "I'm an architect at a practice in Bristol called Feilden Clegg."),
        ("Helen", "My husband Mark teaches geography at a secondary school in Clifton."),
        ("Helen", "We live in a terraced house in Bedminster with our two boys."),
        ("Helen", "I've left Feilden Clegg and set up my own practice with a friend, Priya."),
        ("Helen", "Our first client is a community centre in Easton.")],
        start=datetime(2025, 1, 13, 19, tzinfo=UTC))
    results = memory.explore("Where do I work?", user_id=user_id, k=5, reinforce=False)
    assert results[0].name == "Helen WORKS_AT Feilden Clegg"
    assert results[0].valid_to is not None          # said as over


def test_whether_something_still_holds_is_told_by_what_was_said_last(
        memory: Memory, user_id: str) -> None:
    # in arrival order, not event order (an agent importing older notes late)
    ingest_dated(memory, user_id, "Jon", [
        ("2025-09-01", "We moved to Hamburg last week."),
        ("2025-10-01", "I started a new job at Otto as a data engineer."),
        ("2025-01-05", "I live in Berlin and I work at Zalando as an analyst."),
        ("2025-02-01", "My girlfriend Mia moved in with me."),
        ("2025-11-01", "Mia and I broke up."),
        ("2025-03-01", "I love bouldering."),
        ("2025-08-01", "I stopped bouldering after my shoulder injury."),
    ])
    results = memory.explore("Do I still go bouldering?", user_id=user_id, k=5,
                             reinforce=False)
    assert [(r.name, r.valid_to) for r in results[:2]] == [
        ("Jon EXPERIENCED bouldering", datetime(2025, 8, 1, 12, tzinfo=UTC)),
        ("Jon LIKES bouldering", None)]


def test_what_two_the_question_names_both_hold_answers_though_it_says_none_of_its_words(
        memory: Memory, user_id: str) -> None:
    # "destress" is no word of either fact: what the two hold alike answers all the same
    ingest_turns(memory, user_id, [
        ("Jon", "Lost my job as a banker, so I'm starting a dance studio. I'm passionate "
                "about dancing."),
        ("Gina", "Wow Jon, same here! Dance is pretty much my go-to for stress relief."),
        ("Jon", "I also love hiking with my brother at weekends."),
        ("Gina", "I love being around friends and having a great time. Stress? What stress?"),
    ])
    results = memory.explore("How do Jon and Gina both like to destress?", user_id=user_id,
                             k=5, reinforce=False)
    assert {r.name for r in results[:2]} == {"Jon LIKES dancing", "Gina LIKES dance"}
    assert all("in common" in " ".join(r.score.reasons) for r in results[:2])


def test_a_question_that_asks_who_votes_for_the_people_it_does_not_name(
        memory: Memory, user_id: str) -> None:
    ingest_turns(memory, user_id, [
        ("Naomi", "The language is the big project. One woman in my running group, "
                  "Carolina, speaks only Portuguese with me so I have to practise."),
        ("Tessa", "That's brilliant! How is the running going?"),
        ("Naomi", "Slow and sweaty, but I love it."),
    ])
    results = memory.explore("Who helps Naomi practise her Portuguese?", user_id=user_id,
                             k=10, reinforce=False)
    voted = {r.name for r in results if "who" in r.score.ranks}
    assert voted == {"Carolina"}
    plain = memory.explore("What helps Naomi practise her Portuguese?", user_id=user_id,
                           k=10, reinforce=False)
    assert not any("who" in r.score.ranks for r in plain)


def test_who_holds_two_things_the_question_names_is_told_by_the_facts_that_meet_at_them(
        memory: Memory, user_id: str) -> None:
    # no message says both: Ingrid's job and her employer were told a week apart, and
    # another CFO and another Northwind employee were told in one sentence each
    ingest_dated(memory, user_id, "Lena", [
        ("2025-04-01", "Ingrid Dahl joined Northwind Logistics in March."),
        ("2025-04-03", "Kaito Mori is the CFO of Helios Energy."),
        ("2025-04-05", "Tomas Berg works at Northwind Logistics as head of IT."),
        ("2025-04-08", "I had coffee with Ingrid Dahl today, she's a CFO and very sharp."),
    ])
    results = memory.explore("Who is the CFO at Northwind Logistics?", user_id=user_id,
                             k=5, reinforce=False)
    assert {r.name for r in results[:2]} == {"Ingrid Dahl HAS_OCCUPATION CFO",
                                             "Ingrid Dahl WORKS_AT Northwind Logistics"}
    assert all(r.score.tier == 1 for r in results[:2])
    assert "meet" in " ".join(results[0].score.reasons)
    # a question that asks what, not who, is no such join
    what = memory.explore("What does the CFO at Northwind Logistics say?", user_id=user_id,
                          k=5, reinforce=False)
    assert not any("meet" in " ".join(r.score.reasons) for r in what)


def test_a_name_said_inside_a_longer_one_the_question_names_is_not_named(
        memory: Memory, user_id: str) -> None:
    # "my head baker" named the Concept "baker" too, and the new baker Chloe's fact, with
    # "baker" and the speaker met at her, came first
    ingest_dated(memory, user_id, "Priya", [
        ("2025-01-06", "My head baker is Owen; he's been with me since the start."),
        ("2025-03-10", "I hired a new baker, Chloe, who trained at Leiths."),
    ])
    results = memory.explore("Who is my head baker?", user_id=user_id, k=5, reinforce=False)
    assert {r.name for r in results[:2]} == {"Priya KNOWS Owen",
                                             "Owen HAS_OCCUPATION head baker"}
    # "baker" alone still names the baker
    assert memory.explore("Who is the baker?", user_id=user_id, k=5,
                          reinforce=False)[0].name == "Chloe HAS_OCCUPATION baker"


def test_the_word_that_says_which_relative_picks_the_relative_whose_fact_says_it(
        memory: Memory, user_id: str) -> None:
    # "Who is my assistant coach?" answered with the coach's daughter, told in his sentence;
    # "Who is my second supervisor?", once "second" said which, with the first supervisor
    ingest_dated(memory, user_id, "Wei", [
        ("2025-02-03", "My supervisor is Professor Hartley, she's brilliant but very busy."),
        ("2025-02-05", "My second supervisor is Dr Osei from the chemistry department."),
        ("2025-02-07", "My assistant coach is Dev, his daughter Priya is our goalkeeper."),
        ("2025-02-10", "My supervisor Professor Hartley wants a new draft of chapter two."),
        ("2025-02-12", "My supervisor Professor Hartley signed my annual review."),
    ])
    second = memory.explore("Who is my second supervisor?", user_id=user_id, k=5,
                            reinforce=False)[0]
    assert second.name == "Wei KNOWS Osei" and second.score.tier == 1
    assert memory.explore("Who is my assistant coach?", user_id=user_id, k=5,
                          reinforce=False)[0].name == "Wei KNOWS Dev"
    # without the word, each supervisor answers
    either = memory.explore("Who is my supervisor?", user_id=user_id, k=5, reinforce=False)
    assert {r.name for r in either[:2]} == {"Wei KNOWS Hartley", "Wei KNOWS Osei"}


def test_an_alias_said_inside_a_longer_name_the_question_names_is_not_named(
        memory: Memory, user_id: str) -> None:
    # "my diabetes nurse" named "type 2 diabetes" by its alias "diabetes", and the brother
    # who has it came first, an answer, as where the speaker and diabetes meet
    memory.ingest_records([{
        "content": "I was diagnosed with type 2 diabetes in January.",
        "event_at": "2025-04-03T12:00:00Z",
        "entities": [{"name": "Tom", "kind": "Person"},
                     {"name": "type 2 diabetes", "kind": "Concept", "aliases": ["diabetes"]}],
        "relationships": [{"source": "Tom", "target": "type 2 diabetes",
                           "type": "EXPERIENCED"}]}], user_id=user_id)
    ingest_dated(memory, user_id, "Tom", [
        ("2025-04-03", "My diabetes nurse is called Bernie, I see her every three months."),
        ("2025-04-07", "My brother Phil was diagnosed with diabetes too last year."),
    ])
    results = memory.explore("Who is my diabetes nurse?", user_id=user_id, k=5,
                             reinforce=False)
    assert {r.name for r in results[:2]} == {"Tom KNOWS Bernie",
                                             "Bernie HAS_OCCUPATION diabetes nurse"}
    assert not [r for r in results if "Phil" in r.name and r.score.tier == 1]
    # the alias alone still names the condition
    assert "Tom EXPERIENCED type 2 diabetes" in {
        r.name for r in memory.explore("Who has diabetes?", user_id=user_id, k=5,
                                       reinforce=False)[:3]}


def test_a_relatives_fact_answers_what_is_asked_of_the_relative_only_when_it_says_it(
        memory: Memory, user_id: str) -> None:
    # "Who is our pet insurer?" had "Pepper ATTENDED agility classes" first, as an answer:
    # a pet's fact, reached through "our pet", with no word of the question's in it
    ingest_dated(memory, user_id, "Zoe", [
        ("2025-02-03", "I have a border collie called Pepper."),
        ("2025-04-07", "Pepper started agility classes on Saturdays."),
        ("2025-06-16", "Pet insurance with Petplan went up to £62 a month for Pepper."),
    ])
    insurer = memory.explore("Who is our pet insurer?", user_id=user_id, k=5,
                             reinforce=False)
    assert not [r for r in insurer if r.name == "Pepper ATTENDED agility classes"
                and r.score.tier == 1]
    # ... and it still answers what it says
    first = memory.explore("What classes does my dog go to?", user_id=user_id, k=5,
                           reinforce=False)[0]
    assert first.name == "Pepper ATTENDED agility classes" and first.score.tier == 1


def test_a_pet_word_asks_for_what_one_owns_not_for_a_person_told_beside_a_pet(
        memory: Memory, user_id: str) -> None:
    # "I hired a dog walker, Liam" made "Zoe COLLEAGUE_OF Liam" a bridge for "pets" by its
    # sentence's "dog", and it answered second
    ingest_dated(memory, user_id, "Zoe", [
        ("2025-02-03", "I have a border collie called Pepper."),
        ("2025-04-07", "I hired a dog walker, Liam, for the days I have to go into the office."),
    ])
    results = memory.explore("What pets do I have?", user_id=user_id, k=5, reinforce=False)
    assert results[0].name == "Zoe OWNS Pepper"
    assert not [r for r in results if "Liam" in r.name and r.score.tier == 1]
    # a person word still asks for the person
    assert memory.explore("Who is my dog walker?", user_id=user_id, k=5,
                          reinforce=False)[0].name in ("Zoe COLLEAGUE_OF Liam",
                                                       "Liam HAS_OCCUPATION dog walker")


def test_what_is_asked_as_the_speakers_is_not_someone_elses_the_question_names(
        memory: Memory, user_id: str) -> None:
    # "What was my job before Octopus?" answered "Priya WORKS_AT Octopus Energy": the
    # question names Octopus and "job" is a word of WORKS_AT, but the job is Luca's
    ingest_dated(memory, user_id, "Luca", [
        ("2025-03-03", "I've been a data analyst at Brightwell Insurance for four years."),
        ("2025-04-14", "My friend Priya works at Octopus Energy and referred me."),
    ])
    mine = memory.explore("What was my job before Octopus Energy?", user_id=user_id, k=5,
                          reinforce=False)
    assert not [r for r in mine if r.name == "Priya WORKS_AT Octopus Energy"
                and r.score.tier == 1]
    # ... and the friend's is still hers
    assert memory.explore("Where does Priya work?", user_id=user_id, k=5,
                          reinforce=False)[0].name == "Priya WORKS_AT Octopus Energy"


def test_who_holds_a_role_is_told_by_the_fact_not_by_the_role_named(memory: Memory,
                                                                     user_id: str) -> None:
    # "Who is the electrician?" names the Concept "electrician" alone, and it came first
    ingest_dated(memory, user_id, "Omar", [
        ("2025-03-03", "Our builder is Dave Hughes, he starts on March 17th."),
        ("2025-04-10", "Our electrician, Priya Shah, is rewiring the kitchen next week."),
        ("2025-04-11", "The new plumber is Tom Reed."),
    ])
    first = memory.explore("Who is the electrician?", user_id=user_id, k=5,
                           reinforce=False)[0]
    assert first.name == "Priya Shah HAS_OCCUPATION electrician" and first.score.tier == 1
    assert "who holds" in " ".join(first.score.reasons)
    assert memory.explore("Who is our builder?", user_id=user_id, k=5,
                          reinforce=False)[0].name == "Dave Hughes HAS_OCCUPATION builder"
    # the role's name alone still asks for the role
    named = memory.explore("electrician", user_id=user_id, k=5, reinforce=False)[0]
    assert named.name == "electrician" and named.score.tier == 0


def test_a_node_of_a_history_imported_late_is_as_old_as_the_messages_that_tell_of_it(
        memory: Memory, user_id: str) -> None:
    """A node's recency is when it was last told about, not when it was written: imported a
    year late, "Headingley" came before the message that answers, by its write time alone
    (docs/retrieval.md, "Session 100")."""
    ingest_dated(memory, user_id, "Chloe", [
        ("2025-01-20", "I'm a primary school teacher in Leeds."),
        ("2025-03-06", "Marcus and I moved in together, a flat in Headingley."),
    ])
    results = memory.explore("Headingley", user_id=user_id, k=10, reinforce=False)
    node = next(r for r in results if r.name == "Headingley")
    message = next(r for r in results if r.kind == "Source")
    assert node.score.recency == pytest.approx(message.score.recency, abs=1e-6)
    assert node.score.recency < 0.01


def test_a_thing_that_says_nothing_but_its_name_comes_after_the_fact_that_says_it(
        memory: Memory, user_id: str) -> None:
    """ "What happened to my job?" put the Concept "lost job" first, a name with nothing
    to read; the fact that says it, with the message that tells it, answers (docs/
    retrieval.md, "Session 101")."""
    ingest_dated(memory, user_id, "Jordan", [
        ("2025-07-07", "My day job is QA tester at a games studio in Guildford."),
        ("2025-08-21", "My studio is being bought by Ubisoft, no idea what happens to my job."),
        ("2025-10-05", "I got made redundant after the buyout."),
    ])
    results = memory.explore("What happened to my job?", user_id=user_id, k=5,
                             reinforce=False)
    order = [r.kind if r.element == "relationship" else r.name for r in results]
    assert order.index("EXPERIENCED") < order.index("lost job")
