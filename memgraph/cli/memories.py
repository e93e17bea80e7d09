"""`memgraph show|correct|end-fact|delete`: one memory at a time (memgraph/memories.py)."""

from __future__ import annotations

import getpass
from collections.abc import Callable
from typing import TYPE_CHECKING

import click
from rich.table import Table

from memgraph.cli.output import F, console, json_option, open_memory, print_result, user_option

if TYPE_CHECKING:   # `memgraph --help` must not import the library's query modules
    from memgraph.memories import MemoryRecord


def _actor() -> str:
    return f"cli:{getpass.getuser()}"


def one_memory_command(name: str | None = None) -> Callable[[F], click.Command]:
    """A command about one memory: TARGET (a uid or a name), --user and --json."""
    def wrap(func: F) -> click.Command:
        # click lists options in reverse order of decoration: --user and --json are added
        # under the command's own options so that --help shows them last.
        own = func.__dict__.pop("__click_params__", [])
        func = user_option(json_option(func))
        func.__click_params__.extend(own)  # type: ignore[attr-defined]
        return click.command(name)(click.argument("target")(func))
    return wrap


@one_memory_command()
def show(target: str, user_id: str | None, as_json: bool) -> None:
    """Show one memory (a node's uid or name, a relationship's uid) with its notes,
    sources, relationships, ended facts and audit records."""
    with open_memory() as memory:
        record = memory.get(target, user_id=user_id)
    print_result(record, as_json, lambda: _print_record(record))


def _print_record(r: MemoryRecord) -> None:
    click.echo(f"{r.kind} {r.name!r} ({r.uid})")
    if r.description:
        click.echo(f"  {r.description}")
    props = r.properties
    aliases = props.get("aliases") or []
    click.echo(f"  state {props.get('state')}, salience {props.get('salience', 0):.3f}"
               + (f", aliases: {', '.join(aliases)}" if aliases else ""))
    for note in r.notes:
        click.echo(f"  note ({note.lifetime}): {note.text}")
    if r.relationships or r.history:
        table = Table("fact", "other", "from", "to", "uid")
        for rel in [*r.relationships, *r.history]:
            arrow = "→" if rel.get("direction") == "out" else "←"
            table.add_row(f"{arrow} {rel['type']}", str(rel["other"]["name"]),
                          str(rel.get("valid_from") or "")[:10],
                          str(rel.get("valid_to") or "")[:10] or "now", rel["uid"])
        console.print(table)
    for s in r.sources:
        click.echo(f"  source {s.source_uid[:8]} ({s.via}): {s.excerpt[:100]}")
    for a in r.audit:
        click.echo(f"  audit {a.at:%Y-%m-%d %H:%M} {a.action} by {a.actor}")


@one_memory_command()
@click.option("--name", default=None, help="the corrected name (the old one stays an alias)")
@click.option("--description", default=None, help="the corrected description")
def correct(target: str, name: str | None, description: str | None, user_id: str | None,
            as_json: bool) -> None:
    """Correct a node's name and/or description (TARGET: uid or name); audited.

    \b
    memgraph correct "Ana" --name Anna --user sam
    """
    with open_memory() as memory:
        change = memory.correct(target, name=name, description=description, user_id=user_id,
                                actor=_actor())
    print_result(change, as_json,
                 f"{change.kind} {change.uid}: name {change.name_before!r} → {change.name!r}"
                 + (", description corrected" if description is not None else ""))


@one_memory_command("end-fact")
@click.option("--at", default=None, metavar="ISO-TIME",
              help="when the fact stopped holding [default: now; never the future]")
def end_fact(target: str, at: str | None, user_id: str | None, as_json: bool) -> None:
    """End a fact (a relationship uid) as of a time: it becomes history, not deleted."""
    with open_memory() as memory:
        ended = memory.end_fact(target, at=at, user_id=user_id, actor=_actor())
    print_result(ended, as_json,
                 f"{ended.start} {ended.type} {ended.end}: ended {ended.valid_to.isoformat()}")


@one_memory_command()
@click.option("--dry-run", is_flag=True, help="report what would be deleted, delete nothing")
@click.option("--yes", is_flag=True, help="do not ask for confirmation")
def delete(target: str, dry_run: bool, yes: bool, user_id: str | None, as_json: bool) -> None:
    """Delete one memory: a node with its relationships and notes, a fact, or a source with
    what was learned only from it. Audited; `memgraph forget` deletes a whole user."""
    with open_memory() as memory:
        plan = memory.delete(target, user_id=user_id, dry_run=True)
        if not dry_run and not yes:
            click.confirm(f"Delete {plan.kind} {plan.uid}: {len(plan.nodes)} nodes, "
                          f"{len(plan.relationships)} relationships?", abort=True)
        result = plan if dry_run else memory.delete(plan.uid, user_id=user_id, actor=_actor())
    verb = "would delete" if dry_run else "deleted"
    print_result(result, as_json,
                 f"{verb} {result.kind} {result.uid}: {len(result.nodes)} nodes, "
                 f"{len(result.relationships)} relationships, {result.notes} notes"
                 + (f"; {len(result.shared)} facts lose this source" if result.shared else "")
                 + (f"; {len(result.reopened)} superseded facts current again"
                    if result.reopened else ""))


COMMANDS = [show, correct, end_fact, delete]
