"""`memgraph mcp`: outside agents reach the same typed tools over the Model Context Protocol.

Every test starts a real `memgraph mcp` subprocess and talks to it with the official `mcp`
client SDK over stdio; the server writes to the real Neo4j, and the test checks the graph
through `Memory`. The subprocess uses the hashing embedder, as the test schema does.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from memgraph.graph.models import Person
from memgraph.memory import Memory

SERVER_ENV = {**os.environ, "MEMGRAPH_EMBEDDER": "hashing"}
INGESTION_TOOLS = {"create_person", "create_concept", "create_entity", "update_node",
                   "add_note", "relate"}
CURATION_TOOLS = {"get_memory", "correct_memory", "end_fact", "delete_memory"}
Scenario = Callable[[ClientSession], Awaitable[Any]]


def run_against_server(user_id: str, scenario: Scenario) -> Any:
    """Start `memgraph mcp --user USER_ID`, initialise a client session, run the scenario."""
    params = StdioServerParameters(command=sys.executable,
                                   args=["-m", "memgraph", "mcp", "--user", user_id],
                                   env=SERVER_ENV)

    async def main() -> Any:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            return await scenario(session)

    return anyio.run(main)


def wire(model: Any) -> dict[str, Any]:
    """A protocol object as it travels on the wire (SDK 2 renamed the Python attributes)."""
    return model.model_dump(by_alias=True)


async def call(session: ClientSession, tool: str, /, **arguments: Any) -> tuple[bool, list[str]]:
    """(is_error, the text blocks) of one tool call."""
    result = wire(await session.call_tool(tool, arguments))
    return bool(result["isError"]), [block["text"] for block in result["content"]]


async def call_ok(session: ClientSession, tool: str, /, **arguments: Any) -> Any:
    is_error, texts = await call(session, tool, **arguments)
    assert not is_error, texts
    return json.loads(texts[0])


async def call_structured(session: ClientSession, tool: str, /, **arguments: Any
                          ) -> tuple[Any, list[str]]:
    """(structuredContent, the text blocks) of a successful call."""
    result = wire(await session.call_tool(tool, arguments))
    assert not result["isError"], result
    return result["structuredContent"], [block["text"] for block in result["content"]]


def test_lists_the_retrieval_ingest_and_typed_tools_with_schemas(user_id: str) -> None:
    async def scenario(session: ClientSession) -> Any:
        return [wire(tool) for tool in (await session.list_tools()).tools]

    tools = {tool["name"]: tool for tool in run_against_server(user_id, scenario)}

    assert set(tools) == {"ingest", "ingest_document", "explore", "traverse",
                          "context"} | INGESTION_TOOLS | CURATION_TOOLS
    for tool in tools.values():
        assert tool["description"]
        schema = tool["inputSchema"]
        assert schema["type"] == "object"
        assert schema["additionalProperties"] is False
        assert "user_id" not in schema["properties"]   # the tenant is the server's
    assert tools["explore"]["inputSchema"]["required"] == ["query"]
    assert "WORKS_AT" in tools["relate"]["inputSchema"]["properties"]["type"]["enum"]


def test_typed_tools_change_the_graph(user_id: str, memory: Memory) -> None:
    async def scenario(session: ClientSession) -> dict[str, str]:
        alice = await call_ok(session, "create_person", name="Alice Moreau",
                              description="a cellist in Lyon", confidence=0.9)
        acme = await call_ok(session, "create_entity", name="Acme Robotics",
                             entity_type="organisation")
        ids = {"alice": alice["ids"]["alice moreau"], "acme": acme["ids"]["acme robotics"]}
        related = await call_ok(session, "relate", source_id=ids["alice"],
                                target_id=ids["acme"], type="WORKS_AT", strength=0.8)
        await call_ok(session, "add_note", target_id=ids["alice"],
                      text="prefers morning rehearsals", lifetime="year")
        return {**ids, "relationship_message": related["message"]}

    ids = run_against_server(user_id, scenario)

    assert "WORKS_AT" in ids["relationship_message"]
    alice = Person.nodes.get(uid=ids["alice"], user_id=user_id)
    assert alice.name == "Alice Moreau"
    assert alice.notes == ["prefers morning rehearsals"]
    assert alice.notes_lifetime == ["year"]
    walk = memory.traverse(ids["alice"], user_id=user_id, depth=1, reinforce=False)
    assert [(r.type, r.end_uid) for r in walk.relationships] == [("WORKS_AT", ids["acme"])]


def test_refusals_and_bad_arguments_are_tool_errors_not_crashes(user_id: str) -> None:
    async def scenario(session: ClientSession) -> dict[str, tuple[bool, list[str]]]:
        outcomes = {
            "unknown id": await call(session, "add_note", target_id="4f" * 16, text="x"),
            "bad type": await call(session, "relate", source_id="a", target_id="b",
                                   type="OWNS_THE_MOON"),
            "empty query": await call(session, "explore", query="   "),
            "bad depth": await call(session, "traverse", start="Alice", depth=99),
            "unknown tool": await call(session, "drop_database"),
        }
        outcomes["still serving"] = (False, [t.name for t in (await session.list_tools()).tools])
        return outcomes

    outcomes = run_against_server(user_id, scenario)

    for case in ("unknown id", "bad type", "empty query", "bad depth", "unknown tool"):
        is_error, texts = outcomes[case]
        assert is_error, case
        assert len(texts) == 1 and "\n" not in texts[0] and texts[0], case
    assert "no node or relationship" in outcomes["unknown id"][1][0]
    assert "type" in outcomes["bad type"][1][0]
    assert "query" in outcomes["empty query"][1][0]
    assert "depth" in outcomes["bad depth"][1][0]
    assert "unknown tool 'drop_database'" in outcomes["unknown tool"][1][0]
    assert "explore" in outcomes["still serving"][1]


def test_explore_traverse_and_context_find_what_was_written(user_id: str) -> None:
    async def scenario(session: ClientSession) -> dict[str, Any]:
        bruno = await call_ok(session, "create_person", name="Bruno Keller",
                              description="restores antique harpsichords in Basel")
        uid = bruno["ids"]["bruno keller"]
        return {
            "uid": uid,
            "explore": await call_ok(session, "explore", query="antique harpsichords", k=5),
            "traverse": await call_ok(session, "traverse", start="Bruno Keller", depth=1),
            "context": await call(session, "context", query="harpsichords", max_tokens=200),
        }

    found = run_against_server(user_id, scenario)

    assert found["explore"][0]["uid"] == found["uid"]
    assert found["explore"][0]["score"]["final"] > 0
    assert found["traverse"]["start"]["uid"] == found["uid"]
    is_error, (text, accounting) = found["context"]
    assert not is_error
    assert "Bruno Keller" in text
    assert json.loads(accounting)["tokens_used"] <= 200


def test_results_come_as_structured_content_too(user_id: str) -> None:
    # A client reads the data as a JSON object (structuredContent), not JSON in a string;
    # the text blocks say the same for clients that read text only.
    async def scenario(session: ClientSession) -> dict[str, Any]:
        created, created_text = await call_structured(session, "create_person", name="Dana")
        return {
            "created": (created, created_text),
            "explore": await call_structured(session, "explore", query="Dana", k=3),
            "context": await call_structured(session, "context", query="Dana", max_tokens=100),
            "get": await call_structured(session, "get_memory", id="Dana"),
        }

    found = run_against_server(user_id, scenario)
    created, created_text = found["created"]
    assert created["ids"]["dana"] and json.loads(created_text[0]) == created
    explored, explored_text = found["explore"]
    assert explored["results"] == json.loads(explored_text[0])
    assert explored["results"][0]["name"] == "Dana"
    context, context_text = found["context"]
    assert context["text"] == context_text[0] and context["tokens_used"] <= 100
    record, record_text = found["get"]
    assert record == json.loads(record_text[0]) and created["ids"]["dana"] in record_text[0]


def test_relate_and_add_note_take_names(user_id: str, memory: Memory) -> None:
    async def scenario(session: ClientSession) -> dict[str, Any]:
        await call_ok(session, "create_person", name="Dana")
        await call_ok(session, "create_entity", name="Berlin", entity_type="place")
        return {"relate": await call(session, "relate", source_id="Dana", target_id="Berlin",
                                     type="lives in"),
                "note": await call(session, "add_note", target_id="dana", text="likes trains")}

    found = run_against_server(user_id, scenario)
    assert found["relate"][0] is False and found["note"][0] is False
    with memory.graph.session() as session:
        row = session.run("MATCH (a:Person {user_id: $u})-[:LIVES_IN]->(b) "
                          "RETURN a.name AS a, b.name AS b, a.notes AS notes",
                          u=user_id).single()
    assert (row["a"], row["b"], row["notes"]) == ("Dana", "Berlin", ["likes trains"])


def test_ingest_stores_the_source_and_extracts_it(user_id: str, memory: Memory) -> None:
    content = "Chiara Bianchi works at Fincantieri. She loves sailing."

    async def scenario(session: ClientSession) -> list[dict[str, Any]]:
        first = await call_ok(session, "ingest", content=content, session_id="s1",
                              speaker="Chiara Bianchi")
        again = await call_ok(session, "ingest", content=content, session_id="s1",
                              speaker="Chiara Bianchi")
        return [first, again]

    first, again = run_against_server(user_id, scenario)

    assert first["status"] == "done" and first["nodes_created"] >= 2
    assert again["duplicate"] is True and again["source_uid"] == first["source_uid"]
    results = memory.explore("Fincantieri", user_id=user_id, reinforce=False)
    assert "Fincantieri" in [r.name for r in results]
    assert first["source_uid"] in [r.uid for r in
                                   memory.explore(content, user_id=user_id, reinforce=False)]


def test_the_tenant_is_fixed_by_the_server(user_id: str, other_user: str,
                                           memory: Memory) -> None:
    outsider = memory.tools(other_user).call("create_person", {"name": "Dana Outsider"})
    outsider_uid = outsider["ids"]["dana outsider"]

    async def scenario(session: ClientSession) -> dict[str, tuple[bool, list[str]]]:
        return {
            "note on other tenant": await call(session, "add_note", target_id=outsider_uid,
                                               text="seen"),
            "user_id argument": await call(session, "explore", query="Dana",
                                           user_id=other_user),
            "search": await call(session, "explore", query="Dana Outsider"),
            "write": await call(session, "create_person", name="Eve Insider"),
        }

    outcomes = run_against_server(user_id, scenario)

    assert outcomes["note on other tenant"][0]
    assert "no node or relationship" in outcomes["note on other tenant"][1][0]
    assert outcomes["user_id argument"][0]
    assert "user_id" in outcomes["user_id argument"][1][0]
    assert outsider_uid not in outcomes["search"][1][0]
    assert Person.nodes.get(uid=outsider_uid).notes == []
    eve_uid = json.loads(outcomes["write"][1][0])["ids"]["eve insider"]
    assert Person.nodes.get(uid=eve_uid).user_id == user_id


def test_a_missing_sdk_is_one_line_with_the_install_hint() -> None:
    hide_sdk = ("import sys; sys.modules['mcp'] = None; "
                "from memgraph.cli.main import main; sys.argv[0] = 'memgraph'; main()")
    run = subprocess.run([sys.executable, "-c", hide_sdk, "mcp", "--user", "nobody"],
                         env=SERVER_ENV, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                         timeout=60)

    assert run.returncode == 2
    assert run.stderr.strip().count("\n") == 0
    assert "pip install 'memgraph[mcp]'" in run.stderr
    assert "Traceback" not in run.stderr


def test_an_unreachable_neo4j_fails_before_serving_with_one_line() -> None:
    env = {**SERVER_ENV, "NEO4J_URI": "bolt://127.0.0.1:1", "MEMGRAPH_CONNECTION_TIMEOUT_S": "2"}
    run = subprocess.run([sys.executable, "-m", "memgraph", "mcp"], env=env,
                         capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60)

    assert run.returncode != 0
    assert run.stdout == ""
    assert run.stderr.startswith("Error: ") and run.stderr.strip().count("\n") == 0


def test_the_agents_guide_names_every_tool_argument_and_type(user_id: str,
                                                             memory: Memory) -> None:
    from pathlib import Path

    from memgraph.graph.vocabulary import RELATIONSHIP_TYPES
    from memgraph.mcp_server import MemgraphTools

    guide = (Path(__file__).parent.parent / "docs" / "agents.md").read_text()
    for spec in MemgraphTools(memory, user_id).specs():
        row = next((line for line in guide.splitlines() if line.startswith(f"| `{spec.name}`")),
                   "")
        assert row, f"docs/agents.md has no row for {spec.name}"
        if "as `create_person`" in row:
            row += next(line for line in guide.splitlines()
                        if line.startswith("| `create_person`"))
        for argument in spec.input_schema["properties"]:
            assert f"`{argument}`" in row, (spec.name, argument)
    for relationship_type in RELATIONSHIP_TYPES:
        assert f"`{relationship_type}`" in guide


def test_correction_and_deletion_tools_through_the_official_client(
        user_id: str, other_user: str, memory: Memory) -> None:
    memory.ingest("I work at Acme Corp.", user_id=user_id, speaker="Anna",
                  event_at="2025-03-01T10:00:00Z")
    outsider = memory.ingest("I work at Initech.", user_id=other_user, speaker="Olga")

    async def scenario(session: ClientSession) -> dict[str, Any]:
        anna = await call_ok(session, "get_memory", id="Anna")
        works = next(r for r in anna["relationships"] if r["type"] == "WORKS_AT")
        fixed = await call_ok(session, "correct_memory", id="Acme Corp", name="Acme Inc")
        ended = await call_ok(session, "end_fact", id=works["uid"], at="2025-06-01")
        plan = await call_ok(session, "delete_memory", id="Acme Inc", dry_run=True)
        gone = await call_ok(session, "delete_memory", id="Acme Inc")
        refused = await call(session, "get_memory", id=outsider.source_uid)
        return {"anna": anna, "fixed": fixed, "ended": ended, "plan": plan, "gone": gone,
                "refused": refused}

    out = run_against_server(user_id, scenario)
    assert out["anna"]["kind"] == "Person" and out["anna"]["sources"]
    assert (out["fixed"]["name_before"], out["fixed"]["name"]) == ("Acme Corp", "Acme Inc")
    assert out["ended"]["valid_to"].startswith("2025-06-01")
    assert out["plan"]["dry_run"] is True and out["gone"]["nodes"] == out["plan"]["nodes"]
    is_error, texts = out["refused"]
    assert is_error and "no memory" in texts[0]
    assert [e.actor for e in memory.audit(user_id=user_id)] == ["mcp"] * 3
    assert memory.get(outsider.source_uid, user_id=other_user).kind == "Source"
