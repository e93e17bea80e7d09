"""`memgraph serve` (the HTTP API) and `memgraph keys create|list|revoke`.

FastAPI and uvicorn are imported only when `serve` runs: the rest of the CLI starts
without them (and works without the `http` extra installed)."""

from __future__ import annotations

import getpass

import click
from rich.table import Table

from memgraph.cli.output import console, json_option, open_memory, print_json
from memgraph.errors import ConfigurationError
from memgraph.settings import Settings


@click.command()
@click.option("--host", default=None, help="address to listen on [default: MEMGRAPH_HTTP__HOST "
                                           "or 127.0.0.1]")
@click.option("--port", type=int, default=None, help="port [default: MEMGRAPH_HTTP__PORT or 8080]")
@click.option("--workers", type=int, default=None,
              help="uvicorn worker processes [default: MEMGRAPH_HTTP__WORKERS or 1]")
@click.option("--log-level", type=click.Choice(["critical", "error", "warning", "info",
                                                "debug"]), default="info", show_default=True)
@click.option("--warm-up", "warm", is_flag=True,
              help="plan memgraph's common queries before listening (`memgraph warm-up`): "
                   "after a database restart, the first requests then do not wait for it")
def serve(host: str | None, port: int | None, workers: int | None, log_level: str,
          warm: bool) -> None:
    """Serve the HTTP API (OpenAPI at /docs; see docs/http.md).

    Every /v1 request needs `Authorization: Bearer <key>` (`memgraph keys create --user U`);
    the key fixes the tenant. /healthz says the process is up, /readyz that Neo4j answers.

    \b
    memgraph serve --port 8080
    curl -s localhost:8080/v1/memories/search -H "Authorization: Bearer $KEY" \\
         -H 'content-type: application/json' -d '{"query": "where does Anna work?"}'
    """
    settings = Settings()
    try:
        import uvicorn
    except ImportError as e:
        from memgraph.http import INSTALL_HINT

        raise ConfigurationError(INSTALL_HINT) from e
    http = settings.http
    if warm:
        from memgraph.memory import Memory

        with Memory(settings) as memory:
            report = memory.warm_up()
        click.echo(f"warmed up in {report.seconds:.1f} s", err=True)
    uvicorn.run("memgraph.http.app:create_app", factory=True, host=host or http.host,
                port=http.port if port is None else port,
                workers=workers or http.workers, log_level=log_level)


@click.group()
def keys() -> None:
    """HTTP API keys: each belongs to one user (tenant); only a hash is stored."""


@keys.command("create")
@click.option("--user", "-u", "user_id", required=True, help="the user (tenant) the key serves")
@click.option("--name", default="", help="a label for the key (who or what uses it)")
@json_option
def keys_create(user_id: str, name: str, as_json: bool) -> None:
    """Create a key for a user and print it (shown this once: store it now)."""
    with open_memory() as memory:
        new = memory.create_api_key(user_id, name or f"created by {getpass.getuser()}")
    if as_json:
        print_json({**new.key.as_dict(), "key": new.token})
        return
    click.echo(new.token)
    click.echo(f"key {new.key.key_id} for user {user_id!r}: shown once, only its hash is "
               "stored", err=True)


@keys.command("list")
@click.option("--user", "-u", "user_id", required=True, help="the user whose keys to list")
@json_option
def keys_list(user_id: str, as_json: bool) -> None:
    """List a user's keys (ids, names, prefixes; never the keys)."""
    with open_memory() as memory:
        found = memory.api_keys(user_id)
    if as_json:
        print_json([k.as_dict() for k in found])
        return
    table = Table("key id", "prefix", "name", "created", "revoked",
                  title=f"{len(found)} keys of {user_id!r}")
    for k in found:
        table.add_row(k.key_id, k.prefix + "…", k.name, f"{k.created_at:%Y-%m-%d %H:%M}",
                      f"{k.revoked_at:%Y-%m-%d %H:%M}" if k.revoked_at else "")
    console.print(table)


@keys.command("revoke")
@click.argument("key_id")
@click.option("--user", "-u", "user_id", required=True, help="the user the key belongs to")
@json_option
def keys_revoke(key_id: str, user_id: str, as_json: bool) -> None:
    """Revoke KEY_ID at once: requests signed with it get 401 from now on."""
    with open_memory() as memory:
        key = memory.revoke_api_key(user_id, key_id)
    if as_json:
        print_json(key.as_dict())
        return
    click.echo(f"revoked key {key.key_id} ({key.prefix}…) of user {user_id!r}")


COMMANDS = [serve, keys]
