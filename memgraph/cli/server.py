"""`memgraph server ...`: the local Neo4j for machines without Docker."""

from __future__ import annotations

import click

from memgraph.cli.output import console, json_option, print_json
from memgraph.errors import ServerError
from memgraph.local_neo4j import LocalServer
from memgraph.settings import Settings


@click.group()
def server() -> None:
    """Install, start, stop and inspect a local Neo4j 5.26 (from Maven Central)."""


@server.command()
def install() -> None:
    """Fetch Neo4j and Neo4j Browser with Maven and write neo4j.conf (idempotent)."""
    local = LocalServer(Settings())
    with console.status("fetching Neo4j from Maven Central…"):
        done = local.install()
    click.echo(f"installed Neo4j {local.cfg.neo4j_version} in {local.home}" if done
               else f"already installed in {local.home}")


@server.command()
@click.option("--warm-up", "warm", is_flag=True,
              help="then plan memgraph's common queries (`memgraph warm-up`), so that the "
                   "first calls do not wait for it (15-20 s for the first explore on 2 "
                   "cores); takes longer than those calls would have")
def start(warm: bool) -> None:
    """Start the local Neo4j in the background and wait until Bolt answers."""
    settings = Settings()
    local = LocalServer(settings)
    with console.status("starting Neo4j…"):
        started = local.start()
    state = "started" if started else "already running"
    click.echo(f"{state}: {local.bolt_uri}  (Browser: {local.browser_url}, user neo4j, "
               "password: `memgraph server password`)")
    if local.replaced_legacy_password:
        click.echo("the old published default password was replaced by a random one, "
                   f"stored in {local.password_file}")
    if started and warm:
        _warm_up(settings)


def _warm_up(settings: Settings) -> None:
    """The server is up whatever happens here: a warm-up that cannot run says why."""
    from memgraph.errors import MemgraphError, SchemaError
    from memgraph.memory import Memory

    try:
        with console.status("planning memgraph's queries (warm-up)…"), \
                Memory(settings) as memory:
            report = memory.warm_up()
    except SchemaError:
        click.echo("not warmed up: the graph has no memgraph schema yet (`memgraph init`)")
        return
    except MemgraphError as e:
        click.echo(f"not warmed up ({e}); `memgraph warm-up` tries again")
        return
    click.echo(f"warmed up in {report.seconds:.1f} s: the first calls will not plan "
               "their queries")


@server.command()
def password() -> None:
    """Print the local Neo4j's password (random per install; for Neo4j Browser)."""
    local = LocalServer(Settings())
    if not local.password_file.is_file():
        raise ServerError(f"no stored password in {local.password_file}; run "
                                   "`memgraph server install` (or `server start` for an "
                                   "install that predates stored passwords)")
    click.echo(local.password_file.read_text(encoding="utf-8").strip())


@server.command()
def stop() -> None:
    """Stop the local Neo4j cleanly."""
    local = LocalServer(Settings())
    click.echo("stopped" if local.stop() else "not running")


@server.command()
@json_option
def status(as_json: bool) -> None:
    """Whether the local Neo4j is installed and running."""
    st = LocalServer(Settings()).status()
    if as_json:
        print_json(st.as_dict())
        return
    click.echo(f"installed: {st.installed}  running: {st.running}"
               f"{f'  pid: {st.pid}' if st.pid else ''}\nhome: {st.home}\n"
               f"bolt: {st.bolt_uri}  browser: {st.browser_url}  version: {st.version}\n"
               f"password file: {st.password_file}")


COMMANDS = [server]
