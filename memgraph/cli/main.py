"""Root command group; library errors become one line and a non-zero exit here, once."""

from __future__ import annotations

import sys
from typing import Any

import click
import pydantic

from memgraph.errors import ConfigurationError, MemgraphError


class MemgraphGroup(click.Group):
    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except MemgraphError as e:
            click.echo(f"Error: {e}", err=True)
            sys.exit(e.exit_code)
        except pydantic.ValidationError as e:   # a bad MEMGRAPH_* value, found by Settings()
            if e.title != "Settings":
                raise
            problems = "; ".join(f"{'.'.join(map(str, err['loc']))}: {err['msg']}"
                                 for err in e.errors())
            click.echo(f"Error: invalid setting: {problems}", err=True)
            sys.exit(ConfigurationError.exit_code)
        except KeyboardInterrupt:
            click.echo("Error: interrupted", err=True)
            sys.exit(130)


@click.group(cls=MemgraphGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="memgraph")
def cli() -> None:
    """memgraph: long-term memory for LLM agents, native in Neo4j.

    Settings come from MEMGRAPH_* variables, NEO4J_URI / NEO4J_USERNAME /
    NEO4J_PASSWORD / NEO4J_DATABASE and a .env file; see `memgraph config show`.
    """


def _register() -> None:
    from memgraph.cli import admin, demo, ingest, jobs, mcp, retrieve, server

    cli.add_command(server.server)
    cli.add_command(admin.config)
    cli.add_command(admin.init)
    cli.add_command(admin.status)
    cli.add_command(admin.forget)
    cli.add_command(admin.policy)
    for module in (ingest, retrieve, jobs, mcp, demo):
        for command in module.COMMANDS:
            cli.add_command(command)


_register()


def main() -> None:
    cli(prog_name="memgraph")
