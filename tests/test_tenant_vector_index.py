"""A big tenant's own vector and full-text indexes: explore() asks them, finds what the
shared vector index finds, and weighs words by the tenant's own statistics whatever other
tenants write; every write labels the tenant's new nodes; dropping them and forgetting the
tenant leave no index, label or marker behind; a process that still believes in a dropped
index falls back to the shared one; a tenant given its indexes before it had a full-text
one is due again and gets it."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest
from click.testing import CliRunner, Result
from conftest import delete_tenant
from retrieve_data import QueryDirection, add_node, add_nodes
from support import scalar

from memgraph import cypher
from memgraph.cli.main import cli
from memgraph.errors import ConfigurationError
from memgraph.graph.connection import Graph
from memgraph.graph.schema import FULLTEXT_DEFINITIONS, FULLTEXT_INDEX, VECTOR_INDEX
from memgraph.graph.tenant_index import (
    should_have_own_index,
    tenant_fulltext_name,
    tenant_index_name,
    tenant_label,
    tenants_due,
)
from memgraph.graph.vocabulary import Kind
from memgraph.ingest.resolution import Candidate, SimilaritySearch, resolve
from memgraph.memory import Memory
from memgraph.retrieve.config import RetrievalConfig
from memgraph.retrieve.explore import ExploreRequest, candidate_params, fetch_candidates
from memgraph.retrieve.filters import build_filters
from memgraph.retrieve.vector_plan import forget_tenant_size, plan_vector
from memgraph.settings import Settings

QUERY_SEED = 11

def _near_query(dims: int, cosines: list[float], seed: int) -> list[list[float]]:
    """Vectors at the given cosines to the query (_query)."""
    direction = QueryDirection(dims, seed=QUERY_SEED, draws_seed=seed)
    return [direction.near(cosine) for cosine in cosines]


def _query(dims: int) -> list[float]:
    return QueryDirection(dims, seed=QUERY_SEED).query


def _index_state(graph: Graph, name: str) -> str | None:
    with graph.session() as session:
        row = session.run("SHOW INDEXES YIELD name, state WHERE name = $n RETURN state",
                          n=name).single()
    return row["state"] if row else None


def _labelled(graph: Graph, user_id: str) -> int:
    return scalar(graph, "MATCH (n:Memory {user_id: $u}) WHERE $l IN labels(n) "
                         "RETURN count(n)", u=user_id, l=tenant_label(user_id))


@pytest.fixture
def crowded(memory: Memory, user_id: str, other_user: str) -> dict[str, list[str]]:
    """``user_id`` holds 40 sources, ``other_user`` 400 nearer the query: the tenant holds
    a tenth of the shared index and none of its nearest neighbours."""
    dims = memory.embedder.dimensions
    mine = add_nodes(memory.graph, user_id, "Source", [
        (f"mine {i}", f"turn {i}", v)
        for i, v in enumerate(_near_query(dims, [0.9 - 0.01 * i for i in range(40)], 1))])
    nearer = list(np.linspace(0.91, 0.99, 400))
    theirs = add_nodes(memory.graph, other_user, "Source", [
        (f"theirs {i}", f"turn {i}", v) for i, v in enumerate(_near_query(dims, nearer, 2))])
    return {"mine": mine, "theirs": theirs}


def _request(memory: Memory, user_id: str, vector: list[float]) -> ExploreRequest:
    config = RetrievalConfig.from_settings(memory.settings, candidates_per_signal=10,
                                           use_fulltext=False, use_graph=False,
                                           exact_scan_max=0, min_vector_score=0.0)
    return ExploreRequest(user_id=user_id, query="anything", vector=vector, k=10,
                          filters=build_filters(), config=config)


def _vector_hits(memory: Memory, req: ExploreRequest) -> tuple[bool, list[str]]:
    fetched = fetch_candidates(memory.graph, req)
    return fetched.exact_used, [c.props["uid"] for c in fetched.candidates]


def test_explore_asks_the_tenants_own_index_and_finds_what_the_shared_one_found(
        memory: Memory, user_id: str, other_user: str,
        crowded: dict[str, list[str]]) -> None:
    query = _query(memory.embedder.dimensions)
    req = _request(memory, user_id, query)
    forget_tenant_size(memory.graph, user_id)
    shared_plan = plan_vector(memory.graph, user_id, 10, req.config)
    assert shared_plan.index == VECTOR_INDEX and shared_plan.ann_k > 10 * 5
    _, shared = _vector_hits(memory, req)

    made = memory.create_vector_index(user_id)
    assert made.state == "online" and made.labelled == 40
    assert _index_state(memory.graph, made.index) == "ONLINE"
    assert memory.vector_indexes(user_id) == [made.__class__(**{**made.__dict__,
                                                                 "labelled": 0})]
    forget_tenant_size(memory.graph, user_id)
    own_plan = plan_vector(memory.graph, user_id, 10, req.config)
    assert own_plan.index == tenant_index_name(user_id) and own_plan.ann_k == 15

    scanned, own = _vector_hits(memory, req)
    assert not scanned and own == shared == crowded["mine"][:10]
    # the other tenant's nodes are neither labelled nor in the index
    assert _labelled(memory.graph, other_user) == 0
    with memory.graph.session() as session:
        asked = session.run("CALL db.index.vector.queryNodes($i, 100, $v) YIELD node "
                            "RETURN collect(DISTINCT node.user_id) AS users",
                            i=made.index, v=query).single()["users"]
    assert asked == [user_id]


def test_what_is_written_after_the_index_was_made_is_labelled_and_found(
        memory: Memory, user_id: str, other_user: str) -> None:
    memory.ingest("I adopted a cat named Miso.", user_id=user_id, speaker="Sam")
    made = memory.create_vector_index(user_id)
    before = _labelled(memory.graph, user_id)
    result = memory.ingest("My sister Anna moved to Lisbon last spring.", user_id=user_id,
                           speaker="Sam")
    memory.ingest("Anna moved to Porto.", user_id=other_user, speaker="Kim")
    total = scalar(memory.graph, "MATCH (n:Memory {user_id: $u}) WHERE NOT n:Storyline "
                                 "AND NOT n:Macro RETURN count(n)", u=user_id)
    assert _labelled(memory.graph, user_id) == total > before
    assert _labelled(memory.graph, other_user) == 0
    with memory.graph.session() as session:
        found = session.run(
            "CALL db.index.vector.queryNodes($i, 50, $v) YIELD node RETURN collect(node.uid)",
            i=made.index, v=memory.embedder.embed("Anna moved to Lisbon")).single()[0]
    assert result.source_uid in found
    hits = memory.explore("Where does Anna live?", user_id=user_id, reinforce=False)
    assert any("Lisbon" in (h.text or "") or h.name == "Lisbon" for h in hits)


def _text_request(memory: Memory, user_id: str, query: str) -> ExploreRequest:
    config = RetrievalConfig.from_settings(memory.settings, candidates_per_signal=10,
                                           use_vector=False, use_graph=False)
    return ExploreRequest(user_id=user_id, query=query, vector=None, k=10,
                          filters=build_filters(), config=config)


def _text_hits(memory: Memory, req: ExploreRequest) -> list[tuple[str, float]]:
    """The full-text signal: (uid, Lucene score), best first."""
    hits = [(c.props["uid"], c.signal_scores["fulltext"])
            for c in fetch_candidates(memory.graph, req).candidates
            if "fulltext" in c.signal_scores]
    return sorted(hits, key=lambda hit: (-hit[1], hit[0]))


def _harbour_tenant(memory: Memory, user_id: str) -> dict[str, list[str]]:
    """40 messages: 36 about the harbour (the tenant's everyday word), 4 of them and 4 more
    about the lighthouse (a word it seldom writes)."""
    return {
        "harbour": add_nodes(memory.graph, user_id, "Source", [
            (f"h{i}", f"We walked along the harbour again, day {i}.", None)
            for i in range(32)]),
        "both": add_nodes(memory.graph, user_id, "Source", [
            (f"b{i}", f"The harbour and the old lighthouse, visit {i}.", None)
            for i in range(4)]),
        "lighthouse": add_nodes(memory.graph, user_id, "Source", [
            (f"l{i}", f"The lighthouse keeper waved, morning {i}.", None) for i in range(4)]),
    }


def _due_harbour_tenant(memory: Memory, user_id: str, other_user: str) -> None:
    """The harbour tenant, due for its own indexes whatever else the database holds: it
    holds less than half of it, another tenant's 60 messages beside its 40."""
    _harbour_tenant(memory, user_id)
    add_nodes(memory.graph, other_user, "Source", [
        (f"o{i}", f"Something else entirely, {i}.", None) for i in range(60)])


def test_a_tenants_own_fulltext_index_weighs_words_by_the_tenant_whatever_others_write(
        memory: Memory, user_id: str, other_user: str) -> None:
    mine = _harbour_tenant(memory, user_id)
    made = memory.create_vector_index(user_id)
    assert made.fulltext == tenant_fulltext_name(user_id)
    assert _index_state(memory.graph, made.fulltext) == "ONLINE"
    with memory.graph.session() as session:
        shown = session.run("SHOW INDEXES YIELD name, labelsOrTypes, properties, options "
                            "WHERE name = $n RETURN *", n=made.fulltext).single()
    _, fields, analyzer = FULLTEXT_DEFINITIONS[FULLTEXT_INDEX]
    assert shown["labelsOrTypes"] == [tenant_label(user_id)]
    assert sorted(shown["properties"]) == sorted(fields)
    assert shown["options"]["indexConfig"]["fulltext.analyzer"] == analyzer

    req = _text_request(memory, user_id, "harbour lighthouse")
    forget_tenant_size(memory.graph, user_id)
    params = candidate_params(memory.graph, req)
    # asked there, and nothing to count: Lucene's statistics are the tenant's own
    assert params["search"]["ft_index"] == made.fulltext
    assert params["search"]["weigh"] is None and params["search"]["lucene"] is not None
    before = _text_hits(memory, req)
    # the word it seldom writes weighs more than the one it writes every day
    assert {uid for uid, _ in before[:8]} == set(mine["both"] + mine["lighthouse"])
    # another tenant writes about the lighthouse all day, and nothing about the harbour:
    # in the shared index "lighthouse" becomes the common word
    add_nodes(memory.graph, other_user, "Source", [
        (f"o{i}", f"Another lighthouse photo, number {i}.", None) for i in range(300)])
    assert _text_hits(memory, req) == before
    # the same question of the shared index, unweighed, is moved by what the other wrote
    forget_tenant_size(memory.graph, user_id)
    memory.drop_vector_index(user_id)
    shared = RetrievalConfig.from_settings(memory.settings, candidates_per_signal=10,
                                           use_vector=False, use_graph=False,
                                           tenant_term_weights=False)
    plain = _text_hits(memory, ExploreRequest(user_id=user_id, query="harbour lighthouse",
                                              vector=None, k=10, filters=build_filters(),
                                              config=shared))
    assert [score for _, score in plain] != [score for _, score in before]


def test_a_tenant_given_its_indexes_before_it_had_a_fulltext_one_is_due_and_gets_it(
        memory: Memory, user_id: str, other_user: str) -> None:
    _due_harbour_tenant(memory, user_id, other_user)
    made = memory.create_vector_index(user_id)
    # as a tenant given its own vector index by an earlier version: no full-text index
    memory.graph.run_autocommit("graph/drop_index", index=made.fulltext)
    with memory.graph.session() as session:
        session.run("MATCH (t:TenantVectorIndex {user_id: $u}) REMOVE t.fulltext",
                    u=user_id).consume()
    assert memory.vector_indexes(user_id)[0].fulltext is None
    assert [d.user_id for d in tenants_due(memory.graph, [user_id], 30)] == [user_id]
    forget_tenant_size(memory.graph, user_id)
    req = _text_request(memory, user_id, "harbour lighthouse")
    assert candidate_params(memory.graph, req)["search"]["ft_index"] == FULLTEXT_INDEX
    assert _text_hits(memory, req)                   # the shared index, weighed, answers
    again = memory.create_vector_index(user_id)
    assert again.fulltext == tenant_fulltext_name(user_id) and again.state == "online"
    assert _index_state(memory.graph, again.fulltext) == "ONLINE"
    assert tenants_due(memory.graph, [user_id], 30) == []
    assert candidate_params(memory.graph, req)["search"]["ft_index"] == again.fulltext


def test_init_gives_up_a_tenants_fulltext_index_of_an_older_definition(
        memory: Memory, user_id: str, other_user: str) -> None:
    _due_harbour_tenant(memory, user_id, other_user)
    made = memory.create_vector_index(user_id)
    assert made.fulltext is not None
    memory.init()                                    # the same definition: kept
    assert memory.vector_indexes(user_id)[0].fulltext == made.fulltext
    # as if made when `memory_text` indexed fewer fields
    memory.graph.run_autocommit("graph/drop_index", index=made.fulltext)
    with memory.graph.session() as session:
        session.run(f"CREATE FULLTEXT INDEX {made.fulltext} FOR (n:{made.label}) "
                    "ON EACH [n.name, n.search_text, n.user_id]").consume()
    memory.init()
    assert memory.vector_indexes(user_id)[0].fulltext is None
    assert _index_state(memory.graph, made.fulltext) is None
    assert [d.user_id for d in tenants_due(memory.graph, [user_id], 30)] == [user_id]
    forget_tenant_size(memory.graph, user_id)
    req = _text_request(memory, user_id, "lighthouse")
    assert candidate_params(memory.graph, req)["search"]["ft_index"] == FULLTEXT_INDEX
    assert memory.create_vector_index(user_id).fulltext == made.fulltext
    assert _index_state(memory.graph, made.fulltext) == "ONLINE"


def test_a_process_that_still_believes_in_a_dropped_fulltext_index_asks_the_shared_one(
        memory: Memory, user_id: str) -> None:
    mine = _harbour_tenant(memory, user_id)
    made = memory.create_vector_index(user_id)
    req = _text_request(memory, user_id, "lighthouse")
    forget_tenant_size(memory.graph, user_id)
    own = _text_hits(memory, req)
    memory.graph.run_autocommit("graph/drop_index", index=made.fulltext)
    shared = _text_hits(memory, req)
    assert {uid for uid, _ in shared} == {uid for uid, _ in own} \
        == set(mine["both"] + mine["lighthouse"])
    assert candidate_params(memory.graph, req)["search"]["ft_index"] == FULLTEXT_INDEX


def test_dropping_the_index_puts_the_tenant_back_on_the_shared_one(
        memory: Memory, user_id: str, crowded: dict[str, list[str]]) -> None:
    made = memory.create_vector_index(user_id)
    assert memory.drop_vector_index(user_id) == 40
    assert _index_state(memory.graph, made.index) is None
    assert made.fulltext and _index_state(memory.graph, made.fulltext) is None
    assert _labelled(memory.graph, user_id) == 0 and memory.vector_indexes(user_id) == []
    forget_tenant_size(memory.graph, user_id)
    req = _request(memory, user_id, _query(memory.embedder.dimensions))
    assert plan_vector(memory.graph, user_id, 10, req.config).index == VECTOR_INDEX
    assert memory.drop_vector_index(user_id) == 0       # again: nothing left to do


def test_a_process_that_still_believes_in_a_dropped_index_asks_the_shared_one(
        memory: Memory, user_id: str, crowded: dict[str, list[str]]) -> None:
    req = _request(memory, user_id, _query(memory.embedder.dimensions))
    memory.create_vector_index(user_id)
    forget_tenant_size(memory.graph, user_id)
    _, own = _vector_hits(memory, req)                  # the plan is cached with it
    assert plan_vector(memory.graph, user_id, 10, req.config).index != VECTOR_INDEX
    # an operator drops the index to rebuild it (the marker stays), while this process's
    # cached plan names it
    memory.graph.run_autocommit("graph/drop_index", index=tenant_index_name(user_id))
    scanned, shared = _vector_hits(memory, req)
    assert not scanned and shared == own
    assert plan_vector(memory.graph, user_id, 10, req.config).index == VECTOR_INDEX
    # rebuilt: the next count finds it again
    memory.create_vector_index(user_id)
    forget_tenant_size(memory.graph, user_id)
    assert plan_vector(memory.graph, user_id, 10, req.config).index != VECTOR_INDEX
    assert _vector_hits(memory, req)[1] == own


def test_forgetting_a_tenant_drops_its_own_index_and_marker(
        memory: Memory, graph: Graph, crowded: dict[str, list[str]], user_id: str) -> None:
    made = memory.create_vector_index(user_id)
    memory.forget_user(user_id)
    assert _index_state(graph, made.index) is None
    assert made.fulltext and _index_state(graph, made.fulltext) is None
    assert scalar(graph, "MATCH (t:TenantVectorIndex {user_id: $u}) RETURN count(t)",
                  u=user_id) == 0


def test_the_command_line_lists_creates_and_drops_a_tenants_index(
        memory: Memory, user_id: str, other_user: str,
        crowded: dict[str, list[str]]) -> None:
    env = {"MEMGRAPH_EMBEDDER": "hashing", "MEMGRAPH_DEFAULT_USER": user_id,
           "MEMGRAPH_RETRIEVAL__OWN_VECTOR_INDEX_MIN_NODES": "30"}

    def run(*args: str) -> Result:     # in-process: the other CLI tests show the process
        return CliRunner().invoke(cli, list(args), env=env)

    due = run("vector-index", "create", "--all-users", "--dry-run", "--json")
    assert due.exit_code == 0, due.output
    listed = json.loads(due.stdout)
    assert user_id in {d["user_id"] for d in listed}
    # whatever else the database holds, only tenants the rule admits are listed
    assert all(d["nodes"] >= 30 and 2 * d["nodes"] < d["total"] for d in listed)
    made = run("vector-index", "create", "--json")
    assert made.exit_code == 0, made.output
    assert json.loads(made.stdout)[0]["state"] == "online"
    listed = run("vector-index", "list")
    assert tenant_index_name(user_id) in listed.stdout and "online" in listed.stdout
    assert tenant_fulltext_name(user_id) in listed.stdout
    status = run("status")
    assert f"vector index: its own, {tenant_index_name(user_id)} (online)" in status.stdout
    assert f"full-text index: its own, {tenant_fulltext_name(user_id)}" in status.stdout
    dropped = run("vector-index", "drop", "--user", user_id)
    assert dropped.exit_code == 0 and "40 nodes unlabelled" in dropped.stdout
    assert "vector index: the shared one" in run("status").stdout
    assert "full-text index: the shared one" in run("status").stdout
    wrong = run("vector-index", "create", "--dry-run")
    assert wrong.exit_code != 0 and "--all-users" in wrong.stderr
    assert isinstance(wrong.exception, SystemExit)     # refused, not crashed


def test_a_tenant_earns_its_own_index_by_size_unless_it_holds_the_shared_one_alone() -> None:
    assert should_have_own_index(100_000, 1_000_000, 5000)
    assert not should_have_own_index(4_999, 1_000_000, 5000)
    assert not should_have_own_index(600_000, 1_000_000, 5000)


def test_every_write_of_a_nodes_vector_labels_the_node_for_its_tenants_index() -> None:
    """The rule that keeps a tenant's index whole, checked over the query files."""
    writes = [name for name in cypher.names()
              if re.search(r"store_vector element=\w+ key=embedding type=Node",
                           (cypher.CYPHER_ROOT / f"{name}.cypher").read_text())]
    assert len(writes) >= 8
    for name in writes:
        assert "tenant_label" in (cypher.CYPHER_ROOT / f"{name}.cypher").read_text(), name


def test_a_label_goes_into_a_schema_command_only_as_a_plain_identifier() -> None:
    text = cypher.with_identifiers("graph/tenant_index_create", label="TenantVectors_ab12")
    assert "FOR (n:TenantVectors_ab12)" in text
    with pytest.raises(ConfigurationError, match="not a plain identifier"):
        cypher.with_identifiers("graph/tenant_index_create", label="X) DETACH DELETE (n")
    with pytest.raises(ConfigurationError, match="needs the identifier"):
        cypher.with_identifiers("graph/tenant_index_create")


def test_label_and_index_names_are_safe_whatever_the_user_id(graph: Graph) -> None:
    for odd in ("sam", "ünïcode user", "a`b) DETACH DELETE n //", "x" * 200):
        assert re.fullmatch(r"TenantVectors_[0-9a-f]{16}", tenant_label(odd))
        assert re.fullmatch(r"memory_embedding_[0-9a-f]{16}", tenant_index_name(odd))
    assert tenant_label("a") != tenant_label("b")
    delete_tenant(graph, "no-such-tenant")      # dropping a missing index is not an error


def test_a_big_tenant_resolves_entities_through_its_own_index_when_others_crowd_the_shared(
        memory: Memory, user_id: str, other_user: str) -> None:
    """Ingestion's similarity search (above ``ingest.exact_scan_max_nodes``) asks the
    tenant's own index: the shared one's nearest candidates are all another tenant's."""
    dims = memory.embedder.dimensions
    query = _query(dims)
    mine = add_node(memory.graph, user_id, "Concept", "rock climbing",
                    embedding=_near_query(dims, [0.95], 4)[0])
    add_nodes(memory.graph, other_user, "Concept",
              [(f"climbing {i}", "", query) for i in range(60)])
    large = memory.settings.model_copy(update={"ingest": memory.settings.ingest.model_copy(
        update={"exact_scan_max_nodes": 0, "vector_candidates": 20})})
    climbing = Candidate(kind=Kind.CONCEPT, name="climbing", aliases=(), embedding=query)

    shared = SimilaritySearch.for_tenant(memory.graph, large, user_id)
    assert shared.by_index and shared.index == VECTOR_INDEX
    assert resolve(memory.graph, user_id, [climbing], 0.85, shared) == [None]
    memory.create_vector_index(user_id)
    own = SimilaritySearch.for_tenant(memory.graph, large, user_id)
    assert own.index == tenant_index_name(user_id)
    [match] = resolve(memory.graph, user_id, [climbing], 0.85, own)
    assert match is not None and match.uid == mine and match.how == "similarity"


def test_the_nightly_job_gives_a_tenant_that_has_grown_big_its_own_index(
        memory: Memory, user_id: str, other_user: str,
        crowded: dict[str, list[str]]) -> None:
    small_threshold = memory.settings.model_copy(update={
        "retrieval": memory.settings.retrieval.model_copy(
            update={"own_vector_index_min_nodes": 30})})
    grown = Memory(small_threshold, graph=memory.graph, embedder=memory.embedder)
    preview = grown.run_job("vector_indexes", user_id=user_id, dry_run=True)
    assert preview.counts == {"due": 1} and memory.vector_indexes(user_id) == []
    report = grown.run_job("vector_indexes", user_id=user_id)
    assert report.status == "ok"
    assert report.counts == {"due": 1, "created": 1, "nodes_labelled": 40}
    assert [own.state for own in memory.vector_indexes(user_id)] == ["online"]
    again = grown.run_job("vector_indexes", user_id=user_id)      # nothing left to do
    assert again.counts == {"due": 0}
    # at the default threshold (5,000 nodes) a 40-node tenant is not due
    assert memory.run_job("vector_indexes", user_id=other_user).counts == {"due": 0}


def test_writes_while_the_index_is_made_all_end_up_in_it(memory: Memory,
                                                          user_id: str) -> None:
    """The marker comes first and the nodes are labelled twice: whatever a concurrent
    writer adds before, during or after, the finished index holds every vector."""
    import threading

    add_nodes(memory.graph, user_id, "Source", [
        (f"old {i}", f"turn {i}", v)
        for i, v in enumerate(_near_query(memory.embedder.dimensions, [0.5] * 200, 5))])
    errors: list[BaseException] = []

    def writer() -> None:
        try:
            for i in range(12):
                memory.ingest(f"Note {i}: I visited Porto with Anna and we ate pastel {i}.",
                              user_id=user_id, speaker="Sam")
        except BaseException as e:      # reported by the assertion below
            errors.append(e)

    thread = threading.Thread(target=writer)
    thread.start()
    made = memory.create_vector_index(user_id)
    thread.join()
    assert not errors
    with memory.graph.session() as session:
        vectors = session.run("MATCH (n:Memory {user_id: $u}) WHERE n.embedding IS NOT NULL "
                              "RETURN collect(n.uid)", u=user_id).single()[0]
        unlabelled = session.run("MATCH (n:Memory {user_id: $u}) WHERE NOT $l IN labels(n) "
                                 "RETURN count(n)", u=user_id, l=made.label).single()[0]
        indexed = session.run("CALL db.index.vector.queryNodes($i, $k, $v) YIELD node "
                              "RETURN collect(node.uid)", i=made.index, k=len(vectors) + 10,
                              v=_query(memory.embedder.dimensions)).single()[0]
    assert len(vectors) > 200 + 12 and unlabelled == 0
    assert set(indexed) == set(vectors)


def test_a_bulk_ingest_that_leaves_its_tenant_due_makes_the_tenants_index(
        memory: Memory, settings: Settings, user_id: str, other_user: str) -> None:
    """A file or a batch of records is how a tenant grows past the size: the ingest makes
    the index at its end instead of leaving the tenant on the shared one until the
    nightly run."""
    dims = memory.embedder.dimensions
    add_nodes(memory.graph, other_user, "Source", [        # the tenant holds < half
        (f"theirs {i}", f"turn {i}", v)
        for i, v in enumerate(_near_query(dims, list(np.linspace(0.1, 0.9, 300)), 3))])
    retrieval = settings.retrieval.model_copy(update={"own_vector_index_min_nodes": 30})
    small = Memory(settings.model_copy(update={"retrieval": retrieval}), graph=memory.graph,
                   embedder=memory.embedder)

    def records(start: int, n: int) -> list[dict[str, str]]:
        return [{"content": f"note {i} about the harbour", "external_id": f"n{i}"}
                for i in range(start, start + n)]

    below = small.ingest_records(records(0, 10), user_id=user_id)
    assert below.created == 10 and below.vector_index == ""
    assert small.vector_indexes(user_id) == []
    crossing = small.ingest_records(records(10, 30), user_id=user_id)
    assert crossing.vector_index == tenant_index_name(user_id)
    [own] = small.vector_indexes(user_id)
    assert own.state == "online" and _labelled(memory.graph, user_id) == 40
    assert plan_vector(memory.graph, user_id, 10, RetrievalConfig.from_settings(
        small.settings)).index == tenant_index_name(user_id)   # at once, no waiting for a count
    again = small.ingest_records(records(0, 40), user_id=user_id)
    assert again.duplicates == 40 and again.vector_index == ""   # nothing new: not asked

    off = small.settings.model_copy(update={"retrieval": retrieval.model_copy(
        update={"own_vector_index_on_bulk_ingest": False})})
    small.drop_vector_index(user_id)
    more = Memory(off, graph=memory.graph, embedder=memory.embedder).ingest_records(
        records(40, 5), user_id=user_id)
    assert more.created == 5 and more.vector_index == "" and small.vector_indexes(user_id) == []
