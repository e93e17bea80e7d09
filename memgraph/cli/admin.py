"""`memgraph config show`, `init`, `status`, `forget`, `policy`, `vector-index`."""

from __future__ import annotations

import sys
from contextlib import nullcontext

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from memgraph.cli.output import (
    all_users_option,
    console,
    json_option,
    open_memory,
    print_json,
    render_fields,
    render_table,
    scope_text,
    table_fits,
    user_option,
)
from memgraph.graph.vocabulary import TTL_POLICIES
from memgraph.settings import Settings


@click.group()
def config() -> None:
    """Inspect the effective settings."""


@config.command("show")
@json_option
def config_show(as_json: bool) -> None:
    """Print the effective settings, secrets masked."""
    data = Settings().masked()
    if as_json:
        print_json(data)
        return
    rows = []
    for key, value in data.items():
        if isinstance(value, dict):
            rows += [(f"{key}.{sub}", str(subvalue)) for sub, subvalue in value.items()]
        else:
            rows.append((key, str(value)))
    if table_fits(("setting", "value"), rows):
        render_table(("setting", "value"), rows)
    else:
        render_fields(rows)


@click.command()
@click.option("--recreate-vector-index", is_flag=True,
              help="for an embedder of another size: drop the vector index, clear every "
                   "vector and re-embed every memory node (all users, sources included)")
@click.option("--reembed", is_flag=True,
              help="give a vector to every memory node that has none (finishes an "
                   "interrupted --recreate-vector-index; nothing else is re-embedded)")
@json_option
def init(recreate_vector_index: bool, reembed: bool, as_json: bool) -> None:
    """Apply the graph schema (constraints, indexes); safe to run again.

    \b
    memgraph init
    memgraph init --recreate-vector-index    # after MEMGRAPH_EMBEDDER changed size
    """
    bar = Progress(TextColumn("[bold]re-embedding"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), console=Console(stderr=True), transient=True,
                   disable=as_json or not sys.stderr.isatty())
    task = bar.add_task("re-embedding", total=None)
    with open_memory() as memory, bar:
        report = memory.init(recreate_vector_index=recreate_vector_index, reembed=reembed,
                             progress=lambda done, total: bar.update(task, completed=done,
                                                                     total=total))
    if as_json:
        print_json(report.__dict__)
        return
    verdict = "applied" if report.changed else "already up to date"
    click.echo(f"schema v{report.version} {verdict} "
               f"({report.statements_run} statements, vectors {report.dimensions}-d)")
    if report.reembedded:
        click.echo(f"re-embedded {report.reembedded} memory nodes")
    if report.other_models:
        made_by = ", ".join(f"{n} by {m}" for m, n in report.other_models.items())
        click.echo(f"warning: vectors of another model than the embedder's ({made_by}): run "
                   "`memgraph init --recreate-vector-index` to re-embed them", err=True)
    if report.missing_vectors:
        click.echo(f"{report.missing_vectors} memory nodes have no vector (not found by "
                   "vector search): run `memgraph init --reembed`", err=True)


@click.command()
@user_option
@all_users_option
@json_option
def status(user_id: str | None, all_users: bool, as_json: bool) -> None:
    """Neo4j version, schema version and the memory counts of one user (--user, default
    MEMGRAPH_DEFAULT_USER) or of the whole database (--all-users)."""
    with open_memory() as memory:
        data = memory.status(user_id, all_users=all_users)
    if as_json:
        print_json(data)
        return
    neo = data["neo4j"]
    click.echo(f"Neo4j {neo['version']} {neo['edition']} at {neo['uri']}; "
               f"schema v{data['schema']['version']} ({data['schema']['dimensions']}-d vectors)")
    click.echo(f"memories of {scope_text(data['user_id'])}:")
    render_table(("kind", "state", "nodes"),
                 [(row["kind"], str(row["state"]), str(row["nodes"])) for row in data["counts"]])
    owned = [f"{own['index']} ({own['state']})" for own in data["vector_indexes"]]
    if data["user_id"] is not None:
        click.echo("vector index: " + (f"its own, {owned[0]}" if owned else "the shared one"))
        texts = [own["fulltext"] for own in data["vector_indexes"] if own["fulltext"]]
        click.echo("full-text index: " + (f"its own, {texts[0]}" if texts
                                          else "the shared one, weighed by the tenant"))
    elif owned:
        click.echo(f"tenants with their own vector index: {len(owned)}")
    models = data["embedding_models"]
    if models:
        click.echo("vectors: " + ", ".join(f"{m['nodes']} by {m['model']}" for m in models))
    others = [m for m in models if m["model"] != data["embedder"]]
    if others:
        click.echo(f"warning: {sum(m['nodes'] for m in others)} vectors were made by another "
                   f"model than the embedder's ({data['embedder']}); their similarities do "
                   f"not compare: run `memgraph init --recreate-vector-index` to re-embed",
                   err=True)


@click.command()
@click.option("--user", "-u", "user_id", required=True, help="the user whose memory to delete")
@click.option("--dry-run", is_flag=True, help="count what would be deleted, delete nothing")
@click.option("--yes", is_flag=True, help="do not ask for confirmation")
@json_option
def forget(user_id: str, dry_run: bool, yes: bool, as_json: bool) -> None:
    """Delete everything one user's memory holds (nodes and their relationships)."""
    if not dry_run and not yes:
        click.confirm(f"Delete all memories of user {user_id!r}?", abort=True)
    with open_memory() as memory:
        nodes = memory.forget_user(user_id, dry_run=dry_run)
    if as_json:
        print_json({"user_id": user_id, "nodes": nodes, "dry_run": dry_run})
        return
    verb = "would delete" if dry_run else "deleted"
    click.echo(f"{verb} {nodes} memory nodes of user {user_id!r} and their relationships")


@click.command()
@click.argument("target")
@click.argument("ttl_policy", metavar="POLICY",
                type=click.Choice(TTL_POLICIES))
@user_option
@json_option
def policy(target: str, ttl_policy: str, user_id: str | None, as_json: bool) -> None:
    """Set how one memory is forgotten (TARGET: a node's uid or name, a relationship's uid).

    \b
    keep_forever  pinned: salience 1.0, never archived (an archived memory comes back)
    ephemeral     archived 30 days after creation (episodic) or 90 (semantic)
    decay         forgotten by salience, the default
    \b
    memgraph policy Anna keep_forever --user sam
    """
    with open_memory() as memory:
        change = memory.set_ttl_policy(target, ttl_policy, user_id=user_id)
    if as_json:
        print_json(change.__dict__)
        return
    state = (change.state if change.state == change.state_before
             else f"{change.state_before} → {change.state}")
    click.echo(f"{change.kind} {change.name!r} ({change.uid}): ttl_policy "
               f"{change.policy_before} → {change.policy}; state {state}, "
               f"salience {change.salience:.3f}")


@click.group("vector-index")
def vector_index() -> None:
    """A big tenant's own vector and full-text indexes: faster explore() where the shared
    indexes hold many tenants (the full-text one also needs no word counts to weigh the
    tenant's words by its own statistics).

    \b
    memgraph vector-index create --all-users --dry-run   # who is due
    memgraph vector-index create --all-users             # give each its own (cron-safe)
    memgraph vector-index list --all-users

    See docs/operations.md, "A big tenant's own vector index"."""


@vector_index.command("list")
@user_option
@all_users_option
@json_option
def vector_index_list(user_id: str | None, all_users: bool, as_json: bool) -> None:
    """The tenant's own vector and full-text indexes (none: it uses the shared ones), or
    every tenant's with --all-users."""
    with open_memory() as memory:
        owned = memory.vector_indexes(user_id, all_users=all_users)
    if as_json:
        print_json([own.as_dict() for own in owned])
        return
    if not owned:
        click.echo("no tenant has a vector index of its own" if all_users
                   else "this tenant uses the shared vector index")
        return
    render_table(("user", "index", "full-text index", "label", "state"),
                 [(own.user_id, own.index, own.fulltext or "none yet (create again)",
                   own.label, own.state) for own in owned])


@vector_index.command("create")
@user_option
@click.option("--all-users", is_flag=True,
              help="every tenant big enough (retrieval.own_vector_index_min_nodes) that has "
                   "not both yet")
@click.option("--dry-run", is_flag=True, help="with --all-users: list them, create nothing")
@json_option
def vector_index_create(user_id: str | None, all_users: bool, dry_run: bool,
                        as_json: bool) -> None:
    """Give a tenant a vector index and a full-text index of its own, and wait until
    explore() asks them. Safe to run again (it finishes an interrupted run, and adds the
    full-text index to a tenant given its vector index before there was one) and while the
    tenant is written to.

    \b
    memgraph vector-index create --user sam
    memgraph vector-index create --all-users --dry-run   # who is due
    """
    if dry_run and not all_users:
        raise click.UsageError("--dry-run lists the tenants --all-users would cover")
    if all_users and user_id:
        raise click.UsageError("give --user or --all-users, not both")
    with open_memory() as memory:
        if not all_users:
            made = [memory.create_vector_index(user_id)]
        else:
            due = memory.vector_indexes_due()
            if dry_run:
                if as_json:
                    print_json([d.__dict__ for d in due])
                else:
                    click.echo(f"{len(due)} tenants due" + (":" if due else ""))
                    for d in due:
                        click.echo(f"  {d.user_id}: {d.nodes} of {d.total} memory nodes")
                return
            made = []
            for d in due:
                if not as_json:
                    click.echo(f"{d.user_id}: {d.nodes} memory nodes …", err=True)
                made.append(memory.create_vector_index(d.user_id))
    if as_json:
        print_json([own.as_dict() for own in made])
        return
    for own in made:
        click.echo(f"{own.user_id}: indexes {own.index} and {own.fulltext} {own.state} "
                   f"({own.labelled} nodes labelled {own.label})")
    if all_users and not made:
        click.echo("no tenant is due")


@vector_index.command("drop")
@click.option("--user", "-u", "user_id", required=True,
              help="the tenant to put back on the shared index")
@json_option
def vector_index_drop(user_id: str, as_json: bool) -> None:
    """Put a tenant back on the shared vector and full-text indexes (its own indexes and
    labels go; no memory is touched)."""
    with open_memory() as memory:
        unlabelled = memory.drop_vector_index(user_id)
    if as_json:
        print_json({"user_id": user_id, "unlabelled": unlabelled})
        return
    click.echo(f"{user_id}: back on the shared vector and full-text indexes "
               f"({unlabelled} nodes unlabelled)")


@click.command("warm-up")
@json_option
def warm_up(as_json: bool) -> None:
    """Plan memgraph's common queries on a server that just (re)started, so the first
    explore or ingest does not wait 10-20 s for it; writes nothing.

    \b
    memgraph warm-up                   # after the database restarts (Docker, a remote one)
    memgraph server start --warm-up    # the local server, started and warmed up
    """
    waiting = nullcontext() if as_json else console.status("planning memgraph's queries…")
    with open_memory() as memory, waiting:
        report = memory.warm_up()
    if as_json:
        print_json(report.as_dict())
        return
    steps = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in report.steps.items())
    click.echo(f"warmed up in {report.seconds:.1f} s ({steps})")


COMMANDS = [config, init, status, forget, policy, vector_index, warm_up]
