"""`memgraph cypher`: the named queries as they run (fragments and vocabulary lists in)."""

from __future__ import annotations

import click

from memgraph import cypher as queries


@click.group()
def cypher() -> None:
    """The named Cypher queries, rendered as they run (paste them into Neo4j Browser)."""


@cypher.command("list")
@click.argument("area", required=False)
def list_queries(area: str | None) -> None:
    """List the query names (of one AREA, e.g. retrieve, or of all)."""
    for name in queries.names(area):
        click.echo(name)


@cypher.command()
@click.argument("name")
def show(name: str) -> None:
    """Print query NAME (e.g. retrieve/explore_candidates) with its fragments and
    vocabulary lists expanded; give its parameters with :param in Browser."""
    click.echo(queries.load(name))


COMMANDS = [cypher]
