"""Root command group; library errors become one line and a non-zero exit here, once.

Commands are imported when they run, not before: `memgraph --help` lists them from the
table below without importing the driver, the settings, rich or a model (issue 11: a
whole `memgraph --help` in ≤ 0.3 s). tests/test_cli_startup.py keeps the table equal to
the commands themselves.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from memgraph.errors import ConfigurationError, MemgraphError

# name: (module in memgraph.cli whose COMMANDS holds it, its one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "config": ("admin", "Inspect the effective settings."),
    "correct": ("memories", "Correct a node's name and/or description (TARGET: uid or name); "
                            "audited."),
    "delete": ("memories", "Delete one memory: a node with its relationships and notes, a "
                           "fact, or a source with what was learned only from it."),
    "context": ("retrieve", "Print prompt-ready memory text for QUERY within a token budget."),
    "cypher": ("cypher", "The named Cypher queries, rendered as they run (paste them into "
                         "Neo4j Browser)."),
    "demo": ("demo", "Ingest a sample conversation, explore, traverse, build a prompt "
                     "context, then run the nightly jobs months later and show what faded, "
                     "was archived and consolidated."),
    "end-fact": ("memories", "End a fact (a relationship uid) as of a time: it becomes "
                             "history, not deleted."),
    "explore": ("retrieve", "Find the memories most relevant to QUERY (vector + full-text + "
                            "graph, fused)."),
    "forget": ("admin", "Delete everything one user's memory holds (nodes and their "
                        "relationships)."),
    "ingest": ("ingest", "Store sources and extract what they say into the memory graph."),
    "init": ("admin", "Apply the graph schema (constraints, indexes); safe to run again."),
    "keys": ("serve", "HTTP API keys: each belongs to one user (tenant); only a hash is stored."),
    "jobs": ("jobs", "Nightly lifecycle jobs: decay, consolidation, note cleanup, episodic, "
                     "dedupe, storylines, big tenants' vector indexes."),
    "mcp": ("mcp", "Serve memgraph to an MCP client (Claude Desktop, IDE agents, …) over "
                   "stdio."),
    "models": ("models", "Local embedding models: which there are, which is configured, "
                         "fetching one."),
    "policy": ("admin", "Set how one memory is forgotten (TARGET: a node's uid or name, a "
                        "relationship's uid)."),
    "serve": ("serve", "Serve the HTTP API (OpenAPI at /docs; see docs/http.md)."),
    "server": ("server", "Install, start, stop and inspect a local Neo4j 5.26 (from Maven "
                         "Central)."),
    "show": ("memories", "Show one memory (a node's uid or name, a relationship's uid) with "
                         "its notes, sources, relationships, ended facts and audit records."),
    "status": ("admin", "Neo4j version, schema version and the memory counts of one user "
                        "(--user, default MEMGRAPH_DEFAULT_USER) or of the whole database "
                        "(--all-users)."),
    "traverse": ("retrieve", "Walk the graph from START (a uid or a name), breadth first, "
                             "bounded."),
    "vector-index": ("admin", "A big tenant's own vector and full-text indexes: faster "
                              "explore() where the shared indexes hold many tenants (the "
                              "full-text one also needs no word counts to weigh the "
                              "tenant's words by its own statistics)."),
    "warm-up": ("admin", "Plan memgraph's common queries on a server that just (re)started, "
                         "so the first explore or ingest does not wait 10-20 s for it; writes "
                         "nothing."),
}


class MemgraphGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMANDS) | set(self.commands))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            module = importlib.import_module(f"memgraph.cli.{COMMANDS[cmd_name][0]}")
            for command in module.COMMANDS:
                self.add_command(command)
        return self.commands.get(cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        limit = formatter.width - 6 - max(len(name) for name in COMMANDS)
        rows = [(name, _shortened(COMMANDS[name][1], limit)) for name in sorted(COMMANDS)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> Any:
        import pydantic  # here, not at import time: `--help` never gets this far
        from pydantic_settings import SettingsError

        try:
            return super().invoke(ctx)
        except MemgraphError as e:
            click.echo(f"Error: {e}", err=True)
            sys.exit(e.exit_code)
        except pydantic.ValidationError as e:   # a bad MEMGRAPH_* value, found by Settings()
            if e.title != "Settings":
                raise
            from memgraph.validation import validation_message

            click.echo(f"Error: invalid setting: {validation_message(e, limit=20)}", err=True)
            sys.exit(ConfigurationError.exit_code)
        except SettingsError as e:   # a list or map setting that is no JSON
            click.echo(f"Error: invalid setting: {e} (a list or map is written as JSON, "
                       """e.g. MEMGRAPH_SERVER__JVM_OPTIONS='["-Xlog:gc"]')""", err=True)
            sys.exit(ConfigurationError.exit_code)
        except KeyboardInterrupt:
            click.echo("Error: interrupted", err=True)
            sys.exit(130)


@click.group(cls=MemgraphGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="memgraph")
@click.option("--verbose", "-v", is_flag=True,
              help="also print library logs to stderr (the Neo4j driver's retries and "
                   "warnings, provider calls)")
def cli(verbose: bool) -> None:
    """memgraph: long-term memory for LLM agents, native in Neo4j.

    Settings come from MEMGRAPH_* variables, NEO4J_URI / NEO4J_USERNAME /
    NEO4J_PASSWORD / NEO4J_DATABASE and a .env file; see `memgraph config show`.
    """
    configure_logging(verbose)


# Loggers of the libraries under the CLI: their warnings (the driver's "Transaction failed
# and will be retried in ...", notifications, connection retries) are not for the user of
# a command, whose errors arrive as one line; Python would print them to stderr.
LIBRARY_LOGGERS = ("neo4j", "neomodel", "openai", "httpx", "httpcore", "mcp")


def configure_logging(verbose: bool) -> None:
    """Library logs go to stderr with --verbose, nowhere otherwise."""
    import logging

    if verbose:
        logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                            format="%(asctime)s %(name)s %(levelname)s %(message)s")
    for name in LIBRARY_LOGGERS:
        logger = logging.getLogger(name)
        logger.propagate = verbose
        if not verbose and not any(isinstance(h, logging.NullHandler)
                                   for h in logger.handlers):
            logger.addHandler(logging.NullHandler())


def _shortened(text: str, limit: int) -> str:
    """One line of at most ``limit`` characters, cut at a word, as click shows commands."""
    if len(text) <= limit:
        return text
    return text[:max(limit - 3, 1)].rsplit(" ", 1)[0].rstrip(",;:(") + "..."


def main() -> None:
    cli(prog_name="memgraph")
