"""Hostile strings: stored verbatim or refused with one line, and never across a tenant.

Every string below goes through ingestion (as content and as entity names), explore,
traverse, context and policy, from the Python API and from the CLI, and is used as a user
id. Each call either keeps the string exactly as given or refuses it with one clear error;
a second tenant (the "victim", who holds nodes with the very same names and a secret) is
never returned, never counted and never changed: its whole graph is compared property by
property before and after.
"""

from __future__ import annotations

import json
import traceback
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import delete_tenant
from jobs_support import snapshot
from support import CliRun, run_cli

from memgraph.cli.main import cli
from memgraph.errors import MemgraphError
from memgraph.graph.connection import Graph
from memgraph.memory import Memory

SECRET = "vault code 7731"
DIARY = "victim's diary"   # in the victim's memories, in no query
VICTIM = "VICTIM"   # replaced by the victim's real user id

# Cypher and Lucene syntax, backticks, bidirectional controls, the Lucene match-all, a
# field query naming the other tenant, parameter and map syntax.
HOSTILE_NAMES = [
    "Robert'); MATCH (n) DETACH DELETE n; //",
    "x` {user_id: 'VICTIM'}) RETURN n //",
    "`Person`:`Memory` WITH *",
    "\u202eecnaV adA\u202c",
    "\u200fשרה כהן\u200f Ada",
    "*:*",
    'name:"x" OR user_id:VICTIM',
    "title:(vault AND code) OR cod~2^9 [a TO z] \\ / \"unbalanced",
    "$user_id } RETURN 1 UNION MATCH (m) RETURN m //",
    "' OR 1=1 --",
]
Tenants = tuple[str, str, list[str]]   # attacker, victim, hostile names
LONG = ("Ada Vance` OR user_id:VICTIM *:* " * 400)[:10_000]
HOSTILE = [*HOSTILE_NAMES, LONG]


def hostile(strings: list[str], victim: str) -> list[str]:
    return [s.replace(VICTIM, victim) for s in strings]


@pytest.fixture(scope="module")
def tenants(memory: Memory, graph: Graph) -> Iterator[Tenants]:
    """(attacker, victim, names): both tenants hold a node named like every hostile
    string; the victim's also carry a secret. Seeded once for the module."""
    attacker, victim = (f"{role}-{uuid.uuid4().hex[:12]}" for role in ("attacker", "victim"))
    names = hostile(HOSTILE_NAMES, victim)
    for tenant, content in ((victim, f"the {DIARY}: {SECRET}"),
                            (attacker, "the attacker's own notes")):
        bulk = memory.ingest_records([record(names, content)], user_id=tenant)
        assert bulk.failed == 0, bulk.errors
    yield attacker, victim, names
    for tenant in (attacker, victim):
        delete_tenant(graph, tenant)


def record(names: list[str], content: str) -> dict[str, Any]:
    return {"content": content,
            "entities": [{"name": n, "kind": "Person", "description": f"{content} ({n})"}
                         for n in names]}


def tenant_uids(graph: Graph, user_id: str) -> set[str]:
    with graph.session() as session:
        rows = session.run("MATCH (n:Memory {user_id: $u}) RETURN n.uid AS uid "
                           "UNION MATCH (:Memory {user_id: $u})-[r]-() RETURN r.uid AS uid",
                           u=user_id).data()
    return {r["uid"] for r in rows if r["uid"]}


def refused_cleanly(call: Callable[[], Any]) -> tuple[bool, Any]:
    """Run an API call: (True, result) or (False, error) for a MemgraphError of one line."""
    try:
        return True, call()
    except MemgraphError as e:
        assert "\n" not in str(e), str(e)
        assert "Neo." not in str(e) and "element id" not in str(e), str(e)
        return False, e


class TestPythonAPI:
    def test_hostile_names_are_stored_verbatim_and_resolved_in_their_tenant_only(
            self, memory: Memory, graph: Graph, tenants: Tenants) -> None:
        user_id, victim, names = tenants
        before = snapshot(graph, victim)
        mine = tenant_uids(graph, user_id)
        for name in names:
            walk = memory.traverse(name, user_id=user_id)
            assert walk.start.name == name                      # verbatim, not escaped
            assert walk.start.uid in mine
            assert {n.uid for n in walk.nodes} <= mine
            change = memory.set_ttl_policy(name, "keep_forever", user_id=user_id)
            assert change.uid == walk.start.uid and change.name == name
        assert snapshot(graph, victim) == before

    @pytest.mark.parametrize("index", range(len(HOSTILE)))
    def test_hostile_queries_never_reach_another_tenant(
            self, memory: Memory, graph: Graph, tenants: Tenants, index: int) -> None:
        user_id, victim, _ = tenants
        query = hostile(HOSTILE, victim)[index]
        before = snapshot(graph, victim)
        mine = tenant_uids(graph, user_id)
        ok, results = refused_cleanly(lambda: memory.explore(query, user_id=user_id, k=50))
        if ok:
            assert {r.uid for r in results} <= mine
            assert all(DIARY not in r.text for r in results)
        ok, ctx = refused_cleanly(
            lambda: memory.context(query, user_id=user_id, max_tokens=2000))
        if ok:
            assert DIARY not in ctx.text and {r.uid for r in ctx.memories} <= mine
        ok, walk = refused_cleanly(lambda: memory.traverse(query, user_id=user_id))
        if ok:
            assert walk.start.uid in mine and {n.uid for n in walk.nodes} <= mine
        refused_cleanly(lambda: memory.set_ttl_policy(query, "ephemeral", user_id=user_id))
        assert snapshot(graph, victim) == before

    @pytest.mark.parametrize("index", range(len(HOSTILE)))
    def test_hostile_content_is_stored_verbatim_or_refused(
            self, memory: Memory, graph: Graph, tenants: Tenants, index: int) -> None:
        user_id, victim, _ = tenants
        before = snapshot(graph, victim)
        content = f"I met {hostile(HOSTILE, victim)[index]} at Globex yesterday."
        ok, result = refused_cleanly(lambda: memory.ingest(content, user_id=user_id))
        if ok:
            assert result.status == "done", result
            stored = source_props(graph, result.source_uid)
            assert stored["raw_content"] == content and stored["user_id"] == user_id
        assert snapshot(graph, victim) == before

    @pytest.mark.parametrize("index", range(len(HOSTILE_NAMES)))
    def test_hostile_user_ids_are_their_own_tenant_or_refused(
            self, memory: Memory, graph: Graph, tenants: Tenants, index: int) -> None:
        victim = tenants[1]
        before = snapshot(graph, victim)
        tenant = hostile(HOSTILE_NAMES, victim)[index]
        delete_tenant(graph, tenant)
        try:
            ok, result = refused_cleanly(
                lambda: memory.ingest(f"Ada Vance told me the {SECRET[:5]} story.",
                                      user_id=tenant))
            if ok:
                stored = source_props(graph, result.source_uid)
                assert stored["user_id"] == tenant                   # verbatim
                theirs = tenant_uids(graph, tenant)
                found = memory.explore(f"Ada Vance {SECRET}", user_id=tenant, k=50)
                assert {r.uid for r in found} <= theirs
                ctx = memory.context(SECRET, user_id=tenant, max_tokens=2000)
                assert DIARY not in ctx.text
                counts = memory.status(user_id=tenant)["counts"]
                assert sum(row["nodes"] for row in counts) == len(
                    [u for u in theirs if node_exists(graph, u)])
        finally:
            delete_tenant(graph, tenant)
        assert snapshot(graph, victim) == before


def source_props(graph: Graph, uid: str) -> dict[str, Any]:
    with graph.session() as session:
        record_ = session.run("MATCH (s:Source {uid: $uid}) RETURN properties(s) AS p",
                              uid=uid).single()
    assert record_ is not None, uid
    return dict(record_["p"])


def node_exists(graph: Graph, uid: str) -> bool:
    with graph.session() as session:
        return session.run("MATCH (n:Memory {uid: $uid}) RETURN count(n) AS c",
                           uid=uid).single()["c"] == 1


def assert_clean_cli(run: CliRun) -> bool:
    """Success, or a refusal of one line (non-zero exit, no traceback, no driver text)."""
    assert "Traceback" not in run.stderr, run.stderr
    assert "Neo." not in run.stderr and "element id" not in run.stderr, run.stderr
    if run.code == 0:
        return True
    lines = [ln for ln in run.stderr.strip().splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), run
    return False


def invoke(args: list[str]) -> CliRun:
    """The command in this process (the same code path as `memgraph ...` without the
    interpreter start-up): anything but a clean exit is an escaped exception."""
    result = CliRunner().invoke(cli, args, env=CLI_ENV)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        args[:2], "".join(traceback.format_exception(result.exception)))
    return CliRun(result.exit_code, result.stdout, result.stderr)


CLI_ENV = {"MEMGRAPH_EMBEDDER": "hashing", "MEMGRAPH_LLM": "offline",
           "MEMGRAPH_DEFAULT_USER": "nobody-default"}


def cli_calls(strings: list[str], names: list[str], user_id: str) -> list[list[str]]:
    calls: list[list[str]] = []
    for s in strings:
        calls += [["explore", s, "--user", user_id, "--json", "-k", "50"],
                  ["context", s, "--user", user_id, "--json", "--max-tokens", "2000"],
                  ["traverse", s, "--user", user_id, "--json"],
                  ["ingest", f"I met {s} at Globex.", "--user", user_id, "--json"]]
    calls += [["policy", s, "keep_forever", "--user", user_id, "--json"] for s in names]
    return calls


def check_cli_outcome(graph: Graph, args: list[str], run: CliRun, mine: set[str]) -> None:
    """What one command printed stays in the attacker's tenant and keeps strings verbatim."""
    if not assert_clean_cli(run):
        assert args[0] != "policy", run     # every name exists in the attacker's tenant
        return
    out = json.loads(run.stdout)
    if args[0] == "explore":
        assert {r["uid"] for r in out} <= mine, args
        assert all(DIARY not in r["text"] for r in out)
    elif args[0] == "context":
        assert set(out["memories"]) <= mine and DIARY not in out["text"]
    elif args[0] == "traverse":
        assert out["start"]["uid"] in mine
        assert {n["uid"] for n in out["nodes"]} <= mine
    elif args[0] == "policy":
        assert out["uid"] in mine and out["name"] == args[1]
    elif args[0] == "ingest":
        assert source_props(graph, out["source_uid"])["raw_content"] == args[1]


class TestCLI:
    def test_every_command_keeps_hostile_strings_in_the_tenant(
            self, graph: Graph, tenants: Tenants) -> None:
        user_id, victim, names = tenants
        before = snapshot(graph, victim)
        try:
            runs = [(args, invoke(args))
                    for args in cli_calls(hostile(HOSTILE, victim), names, user_id)]
        finally:
            graph.use_for_models()   # the commands opened and closed their own Memory
        mine = tenant_uids(graph, user_id)
        for args, run in runs:
            check_cli_outcome(graph, args, run, mine)
        assert snapshot(graph, victim) == before

    @pytest.mark.slow
    def test_as_a_user_runs_them_one_line_on_stderr_and_nothing_crosses(
            self, graph: Graph, tenants: Tenants) -> None:
        """Real processes for the nastiest strings: what reaches the terminal."""
        user_id, victim, names = tenants
        before = snapshot(graph, victim)
        picked = hostile(['name:"x" OR user_id:VICTIM', "*:*", LONG], victim)
        calls = cli_calls(picked, names[:2], user_id)
        with ThreadPoolExecutor(max_workers=2) as pool:
            runs = list(pool.map(lambda a: (a, run_cli(*a, env=CLI_ENV)), calls))
        mine = tenant_uids(graph, user_id)
        for args, run in runs:
            check_cli_outcome(graph, args, run, mine)
        assert snapshot(graph, victim) == before

    def test_hostile_user_ids_on_the_command_line(self, graph: Graph,
                                                  tenants: Tenants) -> None:
        victim = tenants[1]
        before = snapshot(graph, victim)
        ids = hostile(HOSTILE_NAMES, victim)
        for tenant in ids:
            delete_tenant(graph, tenant)
        try:
            for tenant in ids:
                wrote = invoke(["ingest", "Ada Vance works at Globex.", "--user", tenant,
                                "--json"])
                found = invoke(["explore", f"Ada Vance {SECRET}", "--user", tenant, "--json"])
                if assert_clean_cli(wrote):
                    uid = json.loads(wrote.stdout)["source_uid"]
                    assert source_props(graph, uid)["user_id"] == tenant
                if assert_clean_cli(found):
                    assert {r["uid"] for r in json.loads(found.stdout)} <= tenant_uids(
                        graph, tenant)
        finally:
            graph.use_for_models()
            for tenant in ids:
                delete_tenant(graph, tenant)
        assert snapshot(graph, victim) == before


def test_a_10000_character_user_id_is_stored_verbatim_or_refused_in_one_line(
        memory: Memory, graph: Graph, tenants: Tenants) -> None:
    victim = tenants[1]
    before = snapshot(graph, victim)
    tenant = hostile([LONG], victim)[0]
    try:
        ok, result = refused_cleanly(
            lambda: memory.ingest("Ada Vance works at Globex.", user_id=tenant))
        if ok:
            assert source_props(graph, result.source_uid)["user_id"] == tenant
        run = run_cli("ingest", "Ada Vance works at Globex.", "--user", tenant, "--json",
                      env=CLI_ENV)
        if assert_clean_cli(run):
            uid = json.loads(run.stdout)["source_uid"]
            assert source_props(graph, uid)["user_id"] == tenant
    finally:
        delete_tenant(graph, tenant)
    assert snapshot(graph, victim) == before
