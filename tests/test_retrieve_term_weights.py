"""Full-text terms are weighed by the tenant's own statistics (retrieve/term_weights.py):
one tenant's ranking does not depend on what the other tenants wrote; a message's length
does not count against its words."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Iterator

import pytest
from retrieve_data import add_node, relate

from memgraph.graph.connection import Graph
from memgraph.graph.schema import NODE_TEXT_FIELDS
from memgraph.ingest.known_graph import gather
from memgraph.memory import Memory
from memgraph.retrieve.answers import idf
from memgraph.retrieve.config import RetrievalConfig
from memgraph.retrieve.filters import in_content_fields
from memgraph.retrieve.term_weights import (
    MAX_BOOST,
    MIN_BOOST,
    forget_term_counts,
    query_terms,
    term_counts,
    weighing_params,
    weighted_lucene,
)
from memgraph.retrieve.vector_plan import TenantSize, forget_tenant_size, tenant_size

CFG = RetrievalConfig()
_BOOST = re.compile(r"\^([0-9.E-]+)\)")


def boost(graph: Graph, size: TenantSize, in_tenant: int, in_index: int,
          cfg: RetrievalConfig = CFG) -> float:
    """The factor the weighing (cypher/fragments/weighted_terms, which explore()'s
    candidate query runs) gives a term the tenant holds ``in_tenant`` times and the index
    ``in_index`` times: the counts given as if kept, so none is taken. Rendered to three
    decimals, as Lucene is asked."""
    weigh = {"terms": [{"word": "w", "lucene": "w", "query": "f:(w)",
                        "in_tenant": in_tenant, "in_index": in_index}],
             "tenant": size.tenant, "total": size.total,
             "fields": ["f"]}
    [row] = graph.read("retrieve/weighted_terms", weigh=weigh, tenant="anyone",
                       **weighing_params(cfg))
    assert row["counted"] == [[in_tenant, in_index]]
    found = _BOOST.search(row["weighted"])
    assert found or row["weighted"] == "f:(w)", row["weighted"]
    return float(found.group(1)) if found else 1.0


@pytest.fixture
def extended_tenant(memory: Memory, user_id: str) -> Iterator[Callable[[str], str]]:
    """Another tenant whose id is this one's with a suffix ("-eu", "-a"), which Lucene's
    tenant clause for this one also matches; deleted afterwards."""
    made: list[str] = []

    def extended(suffix: str) -> str:
        made.append(f"{user_id}{suffix}")
        return made[-1]

    yield extended
    for other in made:
        memory.graph.run_autocommit("graph/delete_user", user_id=other)


def test_a_word_common_in_the_tenant_and_rare_elsewhere_weighs_less(memory: Memory) -> None:
    # a speaker's name: in half of a small tenant's messages, in no one else's
    size = TenantSize(tenant=400, total=40_000, own_index=None)
    factor = boost(memory.graph, size, in_tenant=200, in_index=200)
    assert factor == pytest.approx(idf(400, 200) / idf(40_000, 200), abs=5e-4)
    assert factor < 0.3


def test_a_word_as_common_in_the_tenant_as_everywhere_keeps_its_weight(
        memory: Memory) -> None:
    size = TenantSize(tenant=1_000, total=100_000, own_index=None)
    assert boost(memory.graph, size, in_tenant=30, in_index=3_000) == \
        pytest.approx(1.0, abs=0.05)


def test_a_word_rarer_in_the_tenant_than_elsewhere_weighs_more(memory: Memory) -> None:
    size = TenantSize(tenant=1_000, total=100_000, own_index=None)
    factor = boost(memory.graph, size, in_tenant=2, in_index=3_000)
    assert factor == pytest.approx(idf(1_000, 2) / idf(100_000, 3_000), abs=5e-4)
    assert 1.0 < factor <= MAX_BOOST


@pytest.mark.parametrize("in_tenant, in_index", [
    (CFG.term_count_cap, 5_000),        # common in the tenant: Lucene's weight stands
    (10, CFG.term_count_cap_index),     # common everywhere
    (0, 10),                            # not the tenant's: it matches nothing there
])
def test_counts_at_their_caps_or_absent_leave_the_weight_to_lucene(
        memory: Memory, in_tenant: int, in_index: int) -> None:
    size = TenantSize(tenant=1_000, total=100_000, own_index=None)
    assert boost(memory.graph, size, in_tenant, in_index) == 1.0


def test_boosts_stay_within_bounds(memory: Memory) -> None:
    size = TenantSize(tenant=10, total=10_000_000, own_index=None)
    assert boost(memory.graph, size, in_tenant=9, in_index=9) == MIN_BOOST
    # rare in the tenant, in nearly every memory of the index
    size = TenantSize(tenant=100, total=1_000, own_index=None)
    assert boost(memory.graph, size, in_tenant=1, in_index=999) == MAX_BOOST


def test_counts_taken_after_the_sizes_never_turn_a_weight_upside_down(
        memory: Memory) -> None:
    # The index had 400 nodes when its size was read; by the time the words were counted,
    # another tenant had written more, and 450 nodes held "name". "name" is in one of this
    # tenant's seven messages: rarer here than everywhere, so it weighs more (it was
    # weighed at the floor; a CI run that put the café messages first below most likely
    # met this).
    size = TenantSize(tenant=7, total=400, own_index=None)
    assert 1.0 < boost(memory.graph, size, in_tenant=1, in_index=450) <= MAX_BOOST
    # the tenant itself grew meanwhile: a word in all of its messages still weighs less
    assert boost(memory.graph, size, in_tenant=9, in_index=12) < 1.0


def test_query_terms_are_escaped_one_by_one_without_stop_words() -> None:
    terms = query_terms("the name of Nadia's cafe (Rosin) to?")
    assert [t.word for t in terms] == ["name", "nadia's", "cafe", "rosin"]
    assert [t.lucene for t in terms] == ["name", "Nadia's", "cafe", r"\(Rosin\)"]


def test_a_tenant_that_is_most_of_the_index_is_weighed_as_lucene_weighs_it(
        memory: Memory) -> None:
    size = TenantSize(tenant=95, total=100, own_index=None)
    assert weighted_lucene(memory.graph, "anyone", "cafe name", size, CFG) == \
        in_content_fields("cafe name")


def test_a_tenants_fulltext_ranking_does_not_depend_on_other_tenants(memory: Memory,
                                                                      user_id: str) -> None:
    """In this tenant "cafe" is everywhere and "name" in one message, so the message
    with "name" matches "cafe name" best. Another tenant writes "name" three hundred times:
    over the whole index "name" becomes common and "cafe" rare, and Lucene alone would put
    the café messages first."""
    cafe = [add_node(memory.graph, user_id, "Source", f"c{i}", text=text)
            for i, text in enumerate(["the cafe was busy all morning",
                                      "we painted the cafe walls green",
                                      "the cafe regulars love the cellist",
                                      "a new cafe menu with honey cake",
                                      "music night at the cafe went well"])]
    named = add_node(memory.graph, user_id, "Source", "n1",
                     text="the name comes from my grandmother's village")
    add_node(memory.graph, user_id, "Source", "f1", text="my finger still hurts")
    other = f"other{uuid.uuid4().hex[:12]}"     # not a token-prefix of user_id
    try:
        memory.graph.driver.execute_query(
            "UNWIND range(1, 300) AS i CREATE (n:Memory:Source) "
            "SET n.uid = $u + '-' + i, n.user_id = $u, n.state = 'candidate', "
            "n.salience = 0.5, n.search_text = 'what is the name of the street ' + i",
            {"u": other})

        def first_by_fulltext(weighed: bool) -> str:
            config = RetrievalConfig.from_settings(
                memory.settings, use_vector=False, use_graph=False, use_facts=False,
                tenant_term_weights=weighed, term_stats_ttl_s=0, tenant_size_ttl_s=0)
            results = memory.explore("cafe name", user_id=user_id, k=7, reinforce=False,
                                     config=config)
            return min(results, key=lambda r: r.score.ranks.get("fulltext", 99)).uid

        assert first_by_fulltext(weighed=False) in cafe      # what Lucene alone does
        assert first_by_fulltext(weighed=True) == named
    finally:
        memory.graph.run_autocommit("graph/delete_user", user_id=other)


def test_a_long_message_loses_less_to_a_short_one_than_lucene_makes_it(
        memory: Memory, user_id: str) -> None:
    """Lucene weighs a word less the longer the text it is in; in a chat the long message
    is the one that tells something. explore() scores a message's words as if its length
    did not count (cypher/retrieve/explore_candidates.cypher): of two messages that say
    "pottery" once, the long one is less far behind the short one than in Lucene's own
    scores."""
    short = add_node(memory.graph, user_id, "Source", "s", text="Pottery tonight!")
    long = add_node(memory.graph, user_id, "Source", "l", text=(
        "Finally signed up for the Thursday pottery class at the community centre after "
        "talking about it for a year, and the teacher says by spring we will each have "
        "thrown a full dinner set, which sounds ambitious for someone who has only ever "
        "made one lopsided bowl"))
    config = RetrievalConfig.from_settings(memory.settings, use_vector=False,
                                           use_graph=False, use_facts=False,
                                           tenant_term_weights=False)
    results = memory.explore("pottery", user_id=user_id, k=5, reinforce=False,
                             config=config)
    explored = {r.uid: r.score.signal_scores["fulltext"] for r in results}
    with memory.graph.session() as session:
        lucene = {row["uid"]: row["score"] for row in session.run(
            "CALL db.index.fulltext.queryNodes('memory_text', $lucene) YIELD node, score "
            "RETURN node.uid AS uid, score", lucene=f'+user_id:"{user_id}"^0 +(pottery)')}
    assert lucene[short] > lucene[long]                  # what Lucene alone does
    assert explored[short] / explored[long] < lucene[short] / lucene[long]


def test_a_tenants_id_is_no_word_of_its_memories(memory: Memory) -> None:
    """A tenant is often named after its person ("dave", "anna@example.com"). Its id is
    in every full-text index, to scope each read; the question's words are matched in the
    memories' text only, so "Dave" is not a word every one of Dave's memories holds."""
    messages = ["I coach an under-11s football team, the Hillside Hornets.",
                "My son Jack plays left wing.",
                "Our goalkeeper Ollie broke his finger in training."]
    named, plain = f"dave-coach-{uuid.uuid4().hex[:8]}", f"t{uuid.uuid4().hex[:12]}"
    config = RetrievalConfig.from_settings(memory.settings, use_vector=False,
                                           use_graph=False, use_facts=False,
                                           term_stats_ttl_s=0, tenant_size_ttl_s=0)
    try:
        hits = {}
        for tenant in (named, plain):
            uids = [add_node(memory.graph, tenant, "Source", f"m{i}", text=text)
                    for i, text in enumerate(messages)]
            results = memory.explore("What team does Dave coach?", user_id=tenant, k=5,
                                     reinforce=False, config=config)
            hits[tenant] = [uids.index(r.uid) for r in results if "fulltext" in r.score.ranks]
            counts = term_counts(memory.graph, tenant, query_terms("Dave coach"), config)
            assert counts["dave"][0] == 0 and counts["coach"][0] == 1, tenant
        # the goalkeeper's message holds no word of the question, whatever the tenant's id
        assert hits[named] == hits[plain] == [0]
    finally:
        for tenant in (named, plain):
            memory.graph.run_autocommit("graph/delete_user", user_id=tenant)


def test_the_text_fields_are_the_full_text_indexes_fields_but_the_tenants_id(
        memory: Memory) -> None:
    fields = {row["name"]: set(row["properties"])
              for row in memory.graph.read("graph/fulltext_index_definition")}
    assert fields["memory_text"] == fields["summary_text"] == {*NODE_TEXT_FIELDS, "user_id"}
    assert fields["relationship_text"] < {*NODE_TEXT_FIELDS, "user_id"}


def test_a_tenant_whose_id_extends_this_ones_is_not_counted_as_this_tenant(
        memory: Memory, user_id: str,
        extended_tenant: Callable[[str], str]) -> None:
    """Lucene matches the tenant's id as a phrase of its tokens, so the id "acme" also
    matches every memory of "acme-eu". A word only "acme-eu" writes is still rare in
    "acme", and counted so."""
    word = f"zq{uuid.uuid4().hex[:8]}"
    add_node(memory.graph, user_id, "Source", "z1", text=f"the {word} was loud")
    longer = extended_tenant("-eu")
    config = RetrievalConfig(term_stats_ttl_s=0, term_count_cap=20)
    forget_term_counts()
    try:
        memory.graph.driver.execute_query(
            "UNWIND range(1, 50) AS i CREATE (n:Memory:Source) "
            "SET n.uid = $u + '-' + i, n.user_id = $u, n.state = 'candidate', "
            "n.salience = 0.5, n.search_text = $w + ' ' + i", {"u": longer, "w": word})
        # the other tenant fills the first 20 places Lucene gives, and more
        assert term_counts(memory.graph, user_id, query_terms(word), config,
                           index_total=200)[word][0] == 1
    finally:
        forget_term_counts()


def test_a_tenant_whose_id_extends_this_ones_does_not_crowd_out_its_fulltext_hits(
        memory: Memory, user_id: str,
        extended_tenant: Callable[[str], str]) -> None:
    """The full-text index gives a bounded number of hits, the tenant scoped inside
    Lucene. Another tenant whose id holds this one's tokens matches that scope too, and
    its 300 short messages that say the word three times outscore this tenant's two: they
    take every place the index gives, and this tenant's own hits must still be found."""
    mine = [add_node(memory.graph, user_id, "Source", f"inv{i}",
                     text=f"the invoice for the boat repair is late, reminder {i}")
            for i in (1, 2)]
    for i in range(20):
        add_node(memory.graph, user_id, "Source", f"g{i}", text=f"the garden after rain {i}")
    longer = extended_tenant("-eu")
    memory.graph.driver.execute_query(
        "UNWIND range(1, 300) AS i CREATE (n:Memory:Source) "
        "SET n.uid = $u + '-' + i, n.user_id = $u, n.state = 'candidate', "
        "n.salience = 0.5, n.search_text = 'invoice invoice invoice ' + i",
        {"u": longer})
    config = RetrievalConfig.from_settings(
        memory.settings, use_vector=False, use_graph=False, use_facts=False,
        tenant_term_weights=False)
    results = memory.explore("invoice", user_id=user_id, k=5, reinforce=False,
                             config=config)
    assert {r.uid for r in results if "fulltext" in r.score.ranks} == set(mine)


def test_a_tenant_whose_id_extends_this_ones_does_not_crowd_out_its_fulltext_facts(
        memory: Memory, user_id: str,
        extended_tenant: Callable[[str], str]) -> None:
    """The same for relationships, whose full-text index is scoped the same way: the
    other tenant's 300 facts that say the word three times take every place the index
    gives, and this tenant's fact must still be found."""
    ann = add_node(memory.graph, user_id, "Person", "Ann")
    yard = add_node(memory.graph, user_id, "Entity", "Marina")
    mine = relate(memory.graph, user_id, ann, "WORKS_AT", yard,
                  description="Ann repairs each boat that comes to the marina")
    longer = extended_tenant("-eu")
    memory.graph.driver.execute_query(
        "CREATE (a:Memory:Person {uid: $u + '-a', user_id: $u, name: 'Bo'}) "
        "WITH a UNWIND range(1, 300) AS i "
        "CREATE (b:Memory:Entity {uid: $u + '-b' + i, user_id: $u, name: 'Yard ' + i}) "
        "CREATE (a)-[:WORKS_AT {uid: $u + '-r' + i, user_id: $u, state: 'candidate', "
        "salience: 0.5, description: 'boat boat boat ' + i}]->(b)", {"u": longer})
    config = RetrievalConfig.from_settings(
        memory.settings, use_vector=False, use_graph=False, use_facts=False,
        tenant_term_weights=False)
    results = memory.explore("boat", user_id=user_id, k=5, reinforce=False,
                             config=config)
    assert mine in {r.uid for r in results if "fulltext" in r.score.ranks}


def test_a_tenant_whose_id_extends_this_ones_does_not_crowd_out_an_alias(
        memory: Memory, user_id: str,
        extended_tenant: Callable[[str], str]) -> None:
    """A question names a node by an alias through one full-text seek on the aliases,
    scoped to the tenant inside Lucene, where "<tenant>-a" reads as "<tenant>" ("a" is a
    stop word). Thirty of its people go by "Bea" alone, and this tenant's Beatriz by three
    aliases, so theirs outscore hers: they take every place the seek asks for, and
    Beatriz must still be the node the question names."""
    beatriz = f"{user_id}-beatriz"
    memory.graph.driver.execute_query(
        "CREATE (n:Memory:Semantic:Person) SET n.uid = $uid, n.user_id = $u, "
        "n.name = 'Beatriz Costa', n.canonical_name = 'beatriz costa', "
        "n.aliases = ['Beatriz Maria Costa', 'Triz', 'Bea'], n.state = 'candidate', "
        "n.salience = 0.5", {"u": user_id, "uid": beatriz})
    longer = extended_tenant("-a")
    memory.graph.driver.execute_query(
        "UNWIND range(1, 30) AS i CREATE (n:Memory:Semantic:Person) "
        "SET n.uid = $u + '-' + i, n.user_id = $u, n.name = 'Bea ' + i, "
        "n.canonical_name = 'bea ' + i, n.aliases = ['Bea'], "
        "n.state = 'candidate', n.salience = 0.5", {"u": longer})
    config = RetrievalConfig.from_settings(memory.settings, candidates_per_signal=5)
    named = memory.explore("Bea", user_id=user_id, k=3, reinforce=False, config=config)
    assert named and named[0].uid == beatriz, named
    assert "linked" in named[0].score.ranks


def test_a_tenant_whose_id_extends_this_ones_does_not_hide_a_known_node_from_extraction(
        memory: Memory, user_id: str,
        extended_tenant: Callable[[str], str]) -> None:
    """The extraction agent is shown the tenant's known nodes, found by their vectors and
    by full-text hits on the new message's words (twenty times as many hits as nodes
    shown). 500 short messages of "<tenant>-a" (which Lucene reads as "<tenant>", "a"
    being a stop word) say "marina" and outscore the tenant's own marina, whose name is
    long: it must still be shown."""
    marina = add_node(memory.graph, user_id, "Entity",   # no vector: found by full text only
                      "Marina Bay Yacht Club and Sailing School of the North")
    longer = extended_tenant("-a")
    memory.graph.driver.execute_query(
        "UNWIND range(1, 500) AS i CREATE (n:Memory:Source) "
        "SET n.uid = $u + '-' + i, n.user_id = $u, n.state = 'candidate', "
        "n.salience = 0.5, n.search_text = 'marina ' + i", {"u": longer})
    text = "We reached the marina at dusk."
    known = gather(memory.graph, memory.settings, user_id, text, memory.embedder.embed(text))
    assert marina in {str(n["uid"]) for n in known.nodes}


def test_an_index_wide_count_is_taken_again_once_the_index_has_grown(memory: Memory,
                                                                     user_id: str) -> None:
    """Counts are kept for a while, but an index-wide one holds only for the index it was
    counted in: once another tenant has written, the index's size differs and the term is
    counted again, so a tenant asked right after another one arrived is weighed with it."""
    word = f"zq{uuid.uuid4().hex[:8]}"
    add_node(memory.graph, user_id, "Source", "z1", text=f"the {word} was loud")
    terms = query_terms(word)
    config = RetrievalConfig(term_stats_ttl_s=600)
    forget_term_counts()
    other = f"other{uuid.uuid4().hex[:12]}"
    try:
        assert term_counts(memory.graph, user_id, terms, config, index_total=100)[word] == (1, 1)
        memory.graph.driver.execute_query(
            "UNWIND range(1, 5) AS i CREATE (n:Memory:Source) "
            "SET n.uid = $u + '-' + i, n.user_id = $u, n.state = 'candidate', "
            "n.salience = 0.5, n.search_text = $w + ' again ' + i", {"u": other, "w": word})
        # the same index size: the count kept is used (it is what the cache is for)
        assert term_counts(memory.graph, user_id, terms, config, index_total=100)[word] == (1, 1)
        # the index has grown: counted again
        assert term_counts(memory.graph, user_id, terms, config, index_total=105)[word] == (1, 6)
    finally:
        memory.graph.run_autocommit("graph/delete_user", user_id=other)
        forget_term_counts()


def test_explore_counts_a_questions_words_in_its_own_query_and_keeps_them(
        memory: Memory, user_id: str) -> None:
    """The candidate query weighs the terms itself (no round trip of their own): the
    counts it took are kept, as a count taken on its own would be, until
    `term_stats_ttl_s` has passed or the index has grown."""
    word = f"zq{uuid.uuid4().hex[:8]}"
    loud = add_node(memory.graph, user_id, "Source", "z1", text=f"the {word} was loud")
    other = f"other{uuid.uuid4().hex[:12]}"
    config = RetrievalConfig.from_settings(memory.settings, term_stats_ttl_s=600,
                                           tenant_size_ttl_s=600)
    forget_term_counts()
    try:
        # another tenant's memories, so that this one is not most of the index
        memory.graph.driver.execute_query(
            "UNWIND range(1, 20) AS i CREATE (n:Memory:Source) "
            "SET n.uid = $u + '-' + i, n.user_id = $u, n.state = 'candidate', "
            "n.salience = 0.5, n.search_text = 'the street ' + i", {"u": other})
        forget_tenant_size(memory.graph, user_id)
        size = tenant_size(memory.graph, user_id, 600)
        assert 0 < size.tenant < 0.5 * size.total
        results = memory.explore(f"Was the {word} loud?", user_id=user_id, k=3,
                                 reinforce=False, config=config)
        assert results and results[0].uid == loud
        add_node(memory.graph, user_id, "Source", "z2", text=f"another {word} today")
        index_total = max(size.total, size.tenant)
        # what explore() counted, kept: the second message is not counted yet
        assert term_counts(memory.graph, user_id, query_terms(word), config,
                           index_total=index_total)[word] == (1, 1)
        forget_term_counts()
        assert term_counts(memory.graph, user_id, query_terms(word), config,
                           index_total=index_total)[word] == (2, 2)
    finally:
        memory.graph.run_autocommit("graph/delete_user", user_id=other)
        forget_tenant_size(memory.graph, user_id)
        forget_term_counts()


def test_a_word_whose_weight_the_index_cannot_change_is_not_counted_across_it(
        memory: Memory, user_id: str) -> None:
    """A term the tenant does not hold, or holds `term_count_cap` times or more, keeps
    Lucene's weight whatever the index holds: its index-wide count (thousands of rows of
    the full-text procedure in a big database) is not taken."""
    common, rare = f"zc{uuid.uuid4().hex[:8]}", f"zr{uuid.uuid4().hex[:8]}"
    for i in range(3):
        add_node(memory.graph, user_id, "Source", f"c{i}", text=f"the {common} again {i}")
    add_node(memory.graph, user_id, "Source", "r1", text=f"one {rare} only")
    absent = f"za{uuid.uuid4().hex[:8]}"
    other = f"other{uuid.uuid4().hex[:12]}"
    config = RetrievalConfig(term_stats_ttl_s=0, term_count_cap=3)
    try:
        memory.graph.driver.execute_query(
            "UNWIND range(1, 4) AS i CREATE (n:Memory:Source) "
            "SET n.uid = $u + '-' + i, n.user_id = $u, n.state = 'candidate', "
            "n.salience = 0.5, n.search_text = $a + ' ' + $r + ' ' + i",
            {"u": other, "a": absent, "r": rare})
        counts = term_counts(memory.graph, user_id, query_terms(f"{common} {rare} {absent}"),
                             config, index_total=100)
        assert counts[common] == (3, None)      # at the cap in the tenant
        assert counts[absent] == (0, None)      # only the other tenant's
        assert counts[rare] == (1, 5)           # the weight depends on the index's count
    finally:
        memory.graph.run_autocommit("graph/delete_user", user_id=other)
        forget_term_counts()
