"""`memgraph mcp`: serve memgraph's tools to an MCP client over stdio."""

from __future__ import annotations

import click

from memgraph.cli.output import json_option, open_memory, print_json, render_table, user_option
from memgraph.mcp_server import MemgraphTools, ToolSpec, serve, tool_specs
from memgraph.settings import Settings


@click.command("mcp")
@user_option
@click.option("--list-tools", is_flag=True,
              help="print the tools (with --json: their JSON schemas) and exit")
@json_option
def mcp(user_id: str | None, list_tools: bool, as_json: bool) -> None:
    """Serve memgraph to an MCP client (Claude Desktop, IDE agents, …) over stdio.

    The client starts this command and talks JSON-RPC on its stdin/stdout. One process
    serves one user (tenant): no tool takes a user id, so the agent cannot reach another
    tenant's memory. Tools: ingest, explore, traverse, context and the typed ingestion
    tools (create_person, relate, add_note, …); see docs/agents.md. Logs go to stderr.
    """
    if list_tools:   # static: works with no database reachable and loads no model
        _print_tools(tool_specs(), user_id or Settings().default_user, as_json)
        return
    with open_memory() as memory:
        tools = MemgraphTools(memory, user_id)   # checks Neo4j and the schema before serving
        serve(tools)


def _print_tools(specs: list[ToolSpec], user_id: str, as_json: bool) -> None:
    if as_json:
        print_json([{"name": s.name, "description": s.description,
                     "inputSchema": s.input_schema} for s in specs])
        return
    rows = []
    for spec in specs:
        required = set(spec.input_schema.get("required", []))
        args = ", ".join(f"{a}*" if a in required else a
                         for a in spec.input_schema.get("properties", {}))
        rows.append((spec.name, args, spec.description))
    render_table(("tool", "arguments (* required)", "description"), rows,
                 title=f"{len(specs)} tools for user {user_id!r}")


COMMANDS = [mcp]
