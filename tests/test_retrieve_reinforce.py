"""Seed 001 "Salience Updates": the Cypher write agrees with the pure rules, exactly."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest
from neo4j.exceptions import TransientError
from retrieve_data import add_node, props_of, relate, set_props

from memgraph import cypher
from memgraph.graph.write_behind import WriteBehind, statements
from memgraph.memory import Memory
from memgraph.retrieve.explore import reinforce_step
from memgraph.retrieve.reinforce import Recall, next_state, reinforce, reinforce_all, spacing
from memgraph.settings import LifecycleSettings, RetrievalSettings

RULES = LifecycleSettings()
NOW = datetime(2025, 3, 1, 12, tzinfo=UTC)


@pytest.mark.parametrize("state, count_after, expected", [
    ("candidate", 1, "active"),
    ("active", 9, "active"),
    ("active", 10, "core"),
    ("core", 57, "core"),
    ("archived", 3, "active"),
    ("archived", 30, "active"),
])
def test_state_transitions(state: str, count_after: int, expected: str) -> None:
    assert next_state(state, count_after, RULES.core_after_accesses) == expected


def test_salience_rises_by_alpha_and_caps_at_one() -> None:
    assert reinforce(Recall(salience=0.5), NOW, RULES).salience == pytest.approx(0.6)
    assert reinforce(Recall(salience=0.95), NOW, RULES).salience == 1.0


def test_spacing_effect() -> None:
    day = timedelta(days=1)
    # first recall ever: no interval is known yet
    assert spacing(None, 0.0, 1.0, NOW, RULES) == (0.0, 1.0)
    # second recall: the interval is recorded, the gradient is not compared yet
    assert spacing(NOW - 2 * day, 0.0, 1.0, NOW, RULES) == (pytest.approx(2.0), 1.0)
    # a longer gap than last time: slower forgetting
    assert spacing(NOW - 5 * day, 2.0, 1.0, NOW, RULES) == (pytest.approx(5.0), pytest.approx(1.1))
    # a shorter gap: faster forgetting, never under the floor
    assert spacing(NOW - day, 2.0, 1.0, NOW, RULES) == (pytest.approx(1.0), pytest.approx(0.95))
    assert spacing(NOW - day, 2.0, 0.52, NOW, RULES)[1] == RULES.spacing_gradient_floor


def _recall(props: dict) -> Recall:
    last = props.get("last_accessed_at")
    return Recall(state=props["state"], salience=props["salience"],
                  access_count=props["access_count"],
                  recall_frequency=props["recall_frequency"],
                  last_accessed_at=last.to_native() if last is not None else None,
                  last_recall_interval=props["last_recall_interval"],
                  decay_gradient=props["decay_gradient"])


def test_explore_reinforces_nodes_and_relationships_like_the_rules(memory: Memory,
                                                                   user_id: str) -> None:
    g, emb = memory.graph, memory.embedder
    text = "Lena plays the cello in an orchestra"
    lena = add_node(g, user_id, "Person", "Lena", text=text, embedding=emb.embed(text))
    band = add_node(g, user_id, "Entity", "Orchestra", text="city orchestra")
    rel = relate(g, user_id, lena, "MEMBER_OF", band, description="Lena plays cello there")
    last = datetime.now(UTC) - timedelta(days=3)
    set_props(g, lena, state="active", access_count=9, salience=0.95,
              last_accessed_at=last, last_recall_interval=1.0, decay_gradient=1.0)
    before = {uid: _recall(props_of(g, uid)) for uid in (lena, rel)}

    results = memory.explore("Lena cello orchestra", user_id=user_id)
    assert {lena, rel} <= {r.uid for r in results}
    for uid in (lena, rel):
        after = props_of(g, uid)
        now = after["last_accessed_at"].to_native()
        expected = reinforce(before[uid], now, RULES)
        assert _recall(after) == Recall(**{**expected.__dict__,
                                           "last_recall_interval": pytest.approx(
                                               expected.last_recall_interval),
                                           "decay_gradient": pytest.approx(
                                               expected.decay_gradient),
                                           "salience": pytest.approx(expected.salience)})
    lena_after = props_of(g, lena)
    assert lena_after["state"] == "core" and lena_after["access_count"] == 10
    assert lena_after["salience"] == 1.0
    assert lena_after["decay_gradient"] == pytest.approx(1.1)   # 3 days > 1 day
    assert props_of(g, rel)["state"] == "active"


def test_candidate_becomes_active_and_archived_comes_back(memory: Memory,
                                                          user_id: str) -> None:
    g, emb = memory.graph, memory.embedder
    fresh = add_node(g, user_id, "Concept", "Origami", text="origami paper cranes",
                     embedding=emb.embed("origami paper cranes"))
    old = add_node(g, user_id, "Concept", "Kirigami", text="kirigami paper cutting",
                   embedding=emb.embed("kirigami paper cutting"), state="archived",
                   salience=0.005, access_count=12)
    memory.explore("paper cranes cutting", user_id=user_id, include_archived=True)
    assert props_of(g, fresh)["state"] == "active"
    revived = props_of(g, old)
    assert revived["state"] == "active"
    assert revived["salience"] == pytest.approx(0.105)
    assert revived["access_count"] == 13 and revived["recall_frequency"] == 1


def test_every_returned_element_is_reinforced_once_per_call(memory: Memory,
                                                            user_id: str) -> None:
    g, emb = memory.graph, memory.embedder
    uids = [add_node(g, user_id, "Source", f"s{i}", text=f"violin lesson {i}",
                     embedding=emb.embed(f"violin lesson {i}")) for i in range(4)]
    results = memory.explore("violin lesson", user_id=user_id, k=3)
    returned = {r.uid for r in results}
    assert len(returned) == 3
    for uid in uids:
        p = props_of(g, uid)
        assert p["access_count"] == (1 if uid in returned else 0)


@pytest.mark.parametrize("behind", [True, False], ids=["written-behind", "written-inline"])
def test_concurrent_explores_count_every_access(memory: Memory, user_id: str,
                                                behind: bool) -> None:
    """8 threads x 40 explores of the same results: every increment lands (the count was
    read before the write lock and ~2/3 of them were lost), so promotion to core, which
    depends on access_count, sees every retrieval; queued behind the calls or written in
    them."""
    memory = inline(memory) if not behind else memory
    g, emb = memory.graph, memory.embedder
    uids = [add_node(g, user_id, "Concept", f"Tide pool {i}", text=f"tide pool crabs {i}",
                     embedding=emb.embed(f"tide pool crabs {i}")) for i in range(3)]
    threads, rounds = 8, 40
    barrier = threading.Barrier(threads)

    def explorer() -> int:
        barrier.wait()
        returned = 0
        for _ in range(rounds):
            results = memory.explore("tide pool crabs", user_id=user_id, k=3)
            returned += sum(r.uid in uids for r in results)
        return returned

    with ThreadPoolExecutor(max_workers=threads) as pool:
        returned = sum(pool.map(lambda _: explorer(), range(threads)))
    assert returned == threads * rounds * len(uids)
    for uid in uids:
        p = props_of(g, uid)
        assert p["recall_frequency"] == threads * rounds
        assert p["access_count"] == threads * rounds
        assert p["state"] == "core"


# -- written behind the call (retrieval.reinforce_in_background) ----------------------

def inline(memory: Memory) -> Memory:
    """The same Memory, reinforcing inside each call."""
    settings = memory.settings.model_copy(
        update={"retrieval": RetrievalSettings(reinforce_in_background=False)})
    return Memory(settings, graph=memory.graph, embedder=memory.embedder)


def raw_count(memory: Memory, uid: str) -> int:
    """access_count read beside the Memory, without waiting for its queue."""
    records, _, _ = memory.graph.driver.execute_query(
        "MATCH (n:Memory {uid: $uid}) RETURN n.access_count AS c", uid=uid)
    return records[0]["c"] or 0


def test_written_inline_the_recall_has_landed_when_explore_returns(memory: Memory,
                                                                   user_id: str) -> None:
    g, emb = memory.graph, memory.embedder
    uid = add_node(g, user_id, "Concept", "Marbles", text="glass marbles game",
                   embedding=emb.embed("glass marbles game"))
    g.behind.wait()
    inline(memory).explore("glass marbles", user_id=user_id, k=1)
    assert raw_count(memory, uid) == 1


def test_a_queued_recall_is_seen_by_the_next_query_through_the_same_memory(
        memory: Memory, user_id: str) -> None:
    g, emb = memory.graph, memory.embedder
    uid = add_node(g, user_id, "Concept", "Kites", text="kite flying beach",
                   embedding=emb.embed("kite flying beach"))
    for _ in range(3):
        memory.explore("kite flying", user_id=user_id, k=1)
    # get() reads through the same Graph: it waits for the queue (read your own recalls)
    assert memory.get(uid, user_id=user_id).properties["access_count"] == 3


def test_closing_a_memory_writes_the_recalls_still_queued(settings, memory: Memory,
                                                         user_id: str) -> None:
    g, emb = memory.graph, memory.embedder
    uid = add_node(g, user_id, "Concept", "Yo-yo", text="yo-yo string tricks",
                   embedding=emb.embed("yo-yo string tricks"))
    own = Memory(settings, embedder=emb)          # its own Graph, queue and thread
    for _ in range(5):
        own.explore("yo-yo tricks", user_id=user_id, k=1)
    own.close()
    assert raw_count(memory, uid) == 5


def test_queued_recalls_are_written_in_the_order_they_happened(memory: Memory,
                                                               user_id: str) -> None:
    """Each recall carries the time it happened; written in that order, the last one's
    time is the element's last access and the spacing effect sees growing gaps."""
    g, emb = memory.graph, memory.embedder
    uid = add_node(g, user_id, "Concept", "Chess", text="chess openings",
                   embedding=emb.embed("chess openings"))
    eid = g.driver.execute_query("MATCH (n:Memory {uid: $u}) RETURN elementId(n) AS e",
                                 u=uid).records[0]["e"]
    gaps = [1, 2, 3, 4, 5]                          # days between recalls, growing
    when = NOW
    for gap in gaps:
        when += timedelta(days=gap)
        g.write_behind("retrieve/reinforce",
                       **reinforce_step([{"eid": eid, "uid": uid}], user_id, when, RULES))
    p = props_of(g, uid)
    assert p["access_count"] == len(gaps)
    assert p["last_accessed_at"].to_native() == when
    assert p["last_recall_interval"] == pytest.approx(gaps[-1])
    # every gap after the second was longer than the one before: slower forgetting 3 times
    assert p["decay_gradient"] == pytest.approx(1.0 + 3 * RULES.spacing_gradient_up)


def test_a_failed_queued_write_is_counted_and_does_not_stop_the_ones_after_it(
        memory: Memory, user_id: str) -> None:
    g, emb = memory.graph, memory.embedder
    uid = add_node(g, user_id, "Concept", "Darts", text="darts pub league",
                   embedding=emb.embed("darts pub league"))
    eid = g.driver.execute_query("MATCH (n:Memory {uid: $u}) RETURN elementId(n) AS e",
                                 u=uid).records[0]["e"]
    failed = g.behind.failed
    g.write_behind("retrieve/reinforce", items=[{"eid": eid, "uid": uid}])  # no $user_id
    g.write_behind("retrieve/reinforce",
                   **reinforce_step([{"eid": eid, "uid": uid}], user_id, NOW, RULES))
    assert props_of(g, uid)["access_count"] == 1
    assert g.behind.failed == failed + 1


def test_the_queue_is_bounded_and_a_write_after_close_runs_at_once() -> None:
    """At capacity, submit waits for the thread (memory stays bounded); after close(), a
    write runs in the caller's thread."""
    written: list[str] = []
    writing, release = threading.Event(), threading.Event()

    def write(name: str, params: dict) -> None:
        writing.set()
        release.wait(10)
        written.append(name)

    queue = WriteBehind(write, capacity=2, linger_s=0)
    queue.submit("a", {})
    assert writing.wait(10)                         # "a" is being written
    queue.submit("b", {})
    queue.submit("c", {})                           # the queue is full
    blocked = threading.Thread(target=queue.submit, args=("d", {}))
    blocked.start()
    blocked.join(0.5)
    assert blocked.is_alive()                       # the fourth waits for room
    release.set()
    blocked.join(10)
    queue.close()
    assert written == ["a", "b", "c", "d"]
    queue.submit("e", {})
    assert written[-1] == "e"


def test_queued_jobs_share_a_statement_and_an_elements_recalls_fold_in_order() -> None:
    """Group commit: recalls queued together are one statement, whatever elements repeat;
    an element recalled again adds its time to its item, in the order queued, so the query
    applies its recalls in turn. Other queries, and other parameters (another user), are
    never merged."""
    def recall(user: str, when: str, *eids: str) -> tuple:
        return ("retrieve/reinforce",
                {"items": [{"eid": e, "times": [when]} for e in eids], "user_id": user},
                ("items", "eid", "times"))

    jobs = [recall("u1", "t1", "n1", "n2"), recall("u1", "t2", "n3"),
            recall("u1", "t3", "n2", "n1"), recall("u2", "t4", "n4"),
            ("jobs/other", {"x": 1}, None), recall("u2", "t5", "n5"),
            recall("u2", "t6", "n5")]
    assert [(name, [(i["eid"], i["times"]) for i in p.get("items", [])], p.get("user_id"))
            for name, p in statements(jobs)] == [
        ("retrieve/reinforce", [("n1", ["t1", "t3"]), ("n2", ["t1", "t3"]), ("n3", ["t2"])],
         "u1"),
        ("retrieve/reinforce", [("n4", ["t4"])], "u2"),
        ("jobs/other", [], None),
        ("retrieve/reinforce", [("n5", ["t5", "t6"])], "u2")]
    # the queued jobs' own items are left as they were
    assert jobs[0][1]["items"][0]["times"] == ["t1"]


def test_a_statement_takes_at_most_so_many_elements_and_the_next_keeps_the_order() -> None:
    def recall(when: str, *eids: str) -> tuple:
        return ("retrieve/reinforce",
                {"items": [{"eid": e, "times": [when]} for e in eids], "user_id": "u1"},
                ("items", "eid", "times"))

    jobs = [recall("t1", "n1", "n2"), recall("t2", "n2", "n3"), recall("t3", "n1", "n3")]
    assert [[(i["eid"], i["times"]) for i in p["items"]]
            for _, p in statements(jobs, max_items=2)] == [
        [("n1", ["t1"]), ("n2", ["t1", "t2"])],
        [("n3", ["t2", "t3"]), ("n1", ["t3"])]]


def test_an_element_recalled_several_times_in_one_statement_ends_as_the_rules_in_turn(
        memory: Memory, user_id: str) -> None:
    """One item with three recall times is one write, and leaves a node and a fact exactly
    as three recalls one after another would: the count crosses promotion to core,
    salience caps at 1, and the spacing effect sees each gap (longer, shorter, longer)."""
    g, emb = memory.graph, memory.embedder
    text = "Ines restores harpsichords"
    ines = add_node(g, user_id, "Person", "Ines", text=text, embedding=emb.embed(text))
    shop = add_node(g, user_id, "Entity", "Workshop", text="restoration workshop")
    fact = relate(g, user_id, ines, "WORKS_AT", shop, description="Ines works there")
    first = NOW - timedelta(days=3)
    for uid in (ines, fact):
        set_props(g, uid, state="active", access_count=8, salience=0.85,
                  last_accessed_at=first, last_recall_interval=1.0, decay_gradient=1.0)
    before = {uid: _recall(props_of(g, uid)) for uid in (ines, fact)}
    times = [NOW, NOW + timedelta(hours=1), NOW + timedelta(days=2)]
    rows = g.driver.execute_query(
        "MATCH (n:Memory {uid: $n}) RETURN elementId(n) AS eid, n.uid AS uid "
        "UNION MATCH ()-[r]->() WHERE r.uid = $f RETURN elementId(r) AS eid, r.uid AS uid",
        n=ines, f=fact).records
    items = [{"eid": r["eid"], "uid": r["uid"], "times": times} for r in rows]
    written = g.write("retrieve/reinforce", **{**reinforce_step([], user_id, NOW, RULES),
                                               "items": items})
    assert written[0]["reinforced"] == 2
    for uid in (ines, fact):
        expected = reinforce_all(before[uid], times, RULES)
        assert expected.state == "core" and expected.salience == 1.0
        assert expected.decay_gradient == pytest.approx(
            1.0 + 2 * RULES.spacing_gradient_up - RULES.spacing_gradient_down)
        after = _recall(props_of(g, uid))
        assert after == Recall(**{**expected.__dict__,
                                  "last_recall_interval": pytest.approx(
                                      expected.last_recall_interval),
                                  "decay_gradient": pytest.approx(expected.decay_gradient),
                                  "salience": pytest.approx(expected.salience)})
        assert after.last_accessed_at == times[-1] and after.access_count == 11


def test_merged_recalls_keep_each_its_own_time(memory: Memory, user_id: str) -> None:
    g, emb = memory.graph, memory.embedder
    uids = [add_node(g, user_id, "Concept", f"Game {i}", text=f"board game {i}",
                     embedding=emb.embed(f"board game {i}")) for i in range(3)]
    rows = g.driver.execute_query("MATCH (n:Memory) WHERE n.uid IN $u "
                                  "RETURN n.uid AS uid, elementId(n) AS eid", u=uids).records
    eids = {r["uid"]: r["eid"] for r in rows}
    times = {uid: NOW + timedelta(hours=i) for i, uid in enumerate(uids)}
    for uid in uids:                                # queued within the linger: one statement
        g.write_behind("retrieve/reinforce", merge=("items", "eid", "times"),
                       **reinforce_step([{"eid": eids[uid], "uid": uid}], user_id,
                                        times[uid], RULES))
    for uid in uids:
        p = props_of(g, uid)
        assert p["access_count"] == 1
        assert p["last_accessed_at"].to_native() == times[uid]


def test_concurrent_reinforcement_writes_of_the_same_elements_never_deadlock(
        memory: Memory, user_id: str) -> None:
    """4 threads x 40 writes of the same nodes and fact, straight to the server (no retry
    to hide a deadlock). The earlier text failed about half of such writes with
    DeadlockDetected (one variable for nodes and relationships; a SET that read the
    element again), retried after 1 s: cypher/retrieve/reinforce.cypher."""
    g, emb = memory.graph, memory.embedder
    uids = [add_node(g, user_id, "Concept", f"Kite {i}", text=f"kite {i}",
                     embedding=emb.embed(f"kite {i}")) for i in range(6)]
    fact = relate(g, user_id, uids[0], "RELATED_TO", uids[1], description="kites")
    rows = g.driver.execute_query(
        "MATCH (n:Memory) WHERE n.uid IN $u RETURN elementId(n) AS eid, n.uid AS uid "
        "UNION MATCH ()-[r]->() WHERE r.uid = $f RETURN elementId(r) AS eid, r.uid AS uid",
        u=uids, f=fact).records
    items = [dict(r) for r in rows]
    query = cypher.load("retrieve/reinforce")
    deadlocks: list[str] = []
    threads, writes = 4, 40

    def writer() -> None:
        for _ in range(writes):
            params = reinforce_step(items, user_id, datetime.now(UTC), RULES)
            try:
                with g.driver.session(database=g.database) as session:
                    session.run(query, params).consume()
            except TransientError as e:
                deadlocks.append(e.code or "")

    pool = [threading.Thread(target=writer) for _ in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    assert deadlocks == []
    assert props_of(g, uids[0])["access_count"] == threads * writes
    assert props_of(g, fact)["access_count"] == threads * writes


def test_a_return_raises_salience_and_leaves_recency_to_when_it_happened(
        memory: Memory, user_id: str) -> None:
    # A message from three months ago, returned once: it is used (salience, seed 001),
    # not new, so the next question does not find it lifted above what it needs by the
    # time of its return (docs/retrieval.md, "Session 60")
    three_months_ago = datetime.now(UTC) - timedelta(days=90)
    memory.ingest("The violin lesson moved to Thursdays.", user_id=user_id, speaker="Ana",
                  session_id="s1", event_at=three_months_ago)

    def scored() -> tuple[float, float]:
        [found] = [r for r in memory.explore("violin lesson", user_id=user_id, k=5,
                                             reinforce=False) if r.kind == "Source"]
        return found.score.recency, found.score.salience

    recency_before, salience_before = scored()
    memory.explore("violin lesson", user_id=user_id, k=5)
    memory.flush()
    recency_after, salience_after = scored()
    assert recency_before == pytest.approx(0.5 ** 3, rel=0.01)
    assert recency_after == pytest.approx(recency_before, rel=0.01)
    assert salience_after > salience_before


def test_what_earlier_questions_returned_does_not_reorder_the_next_questions_answers(
        memory: Memory, user_id: str) -> None:
    # Use is retention, not relevance (docs/retrieval.md, "Session 62"): a message that
    # other questions returned again and again keeps from fading, but the next question
    # ranks it where it ranked it before they were asked.
    when = datetime.now(UTC) - timedelta(days=3)
    for text in ("The violin lesson moved to Thursday afternoon.",
                 "My violin teacher loved the sonata at the Thursday lesson.",
                 "The violin case needs a new handle before the lesson.",
                 "Nora baked bread on Sunday."):
        memory.ingest(text, user_id=user_id, speaker="Ana", session_id="s1", event_at=when)

    def order(question: str) -> list[str]:
        return [r.uid for r in memory.explore(question, user_id=user_id, k=10,
                                              reinforce=False)]

    before = order("when is the violin lesson")
    returned = [r.uid for r in memory.explore("what did my teacher think of the sonata",
                                              user_id=user_id, k=2, reinforce=False)]
    assert set(returned) < set(before) and before[0] not in returned
    for _ in range(5):      # salience 0.5 -> 1.0: full
        memory.explore("what did my teacher think of the sonata", user_id=user_id, k=2)
    memory.flush()
    assert all(props_of(memory.graph, uid)["salience"] == pytest.approx(1.0)
               for uid in returned)
    assert order("when is the violin lesson") == before
