"""`memgraph jobs run|schedule|history|merges|undo-merge`: the nightly lifecycle."""

from __future__ import annotations

import sys
from typing import Any

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from memgraph.cli.output import (
    all_users_option,
    json_option,
    open_memory,
    print_json,
    render_table,
    scope_text,
    user_option,
)
from memgraph.jobs.context import JobReport, parse_shard
from memgraph.jobs.runner import JOB_NAMES, NIGHTLY, parse_as_of
from memgraph.settings import Settings


@click.group()
def jobs() -> None:
    """Nightly lifecycle jobs: decay, consolidation, note cleanup, episodic, dedupe,
    storylines, big tenants' vector indexes."""


@jobs.command("run")
@click.argument("job", type=click.Choice([*JOB_NAMES, NIGHTLY]))
@user_option
@all_users_option
@click.option("--dry-run", is_flag=True, help="report what would change; change nothing")
@click.option("--as-of", "as_of", default=None, metavar="ISO-TIME",
              help="run as if it were this time [default: now]; a future time needs "
                   "--dry-run or --simulate")
@click.option("--simulate", is_flag=True,
              help="allow a future --as-of for real: moves the --user's clocks to that "
                   "time for good (a demo or throwaway user; never --all-users)")
@click.option("--all", "all_elements", is_flag=True,
              help="consolidate every dirty element, not only those accessed recently")
@click.option("--shard", default=None, metavar="K/N",
              help="with --all-users: be worker K of N (each user in exactly one shard; "
                   "run N workers side by side)")
@json_option
def run(job: str, user_id: str | None, all_users: bool, dry_run: bool, as_of: str | None,
        simulate: bool, all_elements: bool, shard: str | None, as_json: bool) -> None:
    """Run JOB now (nightly = decay → consolidate → cleanup → episodic → dedupe →
    storylines → vector_indexes) for one user (--user, default MEMGRAPH_DEFAULT_USER) or
    for every user (--all-users).

    
    memgraph jobs run nightly --all-users                  what cron runs
    memgraph jobs run nightly --user sam --dry-run --as-of 2027-01-01
    memgraph jobs run nightly --user demo --as-of 2027-01-01 --simulate
    memgraph jobs run nightly --all-users --shard 2/8      worker 2 of 8
    """
    moment = parse_as_of(as_of) if as_of else None
    worker = parse_shard(shard) if shard else None
    with open_memory() as memory, _progress(enabled=not as_json) as progress:
        report = memory.run_job(job, user_id=user_id, all_users=all_users, dry_run=dry_run,
                                as_of=moment, simulate=simulate, all_elements=all_elements,
                                shard=worker, progress=progress)
    if as_json:
        print_json(report.as_dict())
    else:
        _render(report)
    if report.status == "failed":
        sys.exit(7)


@jobs.command("schedule")
@user_option
@all_users_option
@click.option("--print-next", "print_next", type=click.IntRange(1, 100), default=None,
              metavar="N", help="print the next N run times and exit (checks the cron; "
                                "starts nothing)")
@json_option
def schedule(user_id: str | None, all_users: bool, print_next: int | None,
             as_json: bool) -> None:
    """A long-running service: run `nightly` on the cron in settings (nightly_cron, local
    time) until stopped (Ctrl-C, or its supervisor stops it), for one user (--user, default
    MEMGRAPH_DEFAULT_USER) or for every user (--all-users).

    Run it under a supervisor (jobs/memgraph-scheduler.service for systemd; in a container
    as the main process), or let cron/systemd timers/Kubernetes run `memgraph jobs run
    nightly --all-users` instead (jobs/). Both may run at once: a job never runs twice at
    the same time.
    """
    from memgraph.jobs.schedule import build_scheduler, next_runs

    settings = Settings()
    cron = settings.nightly_cron
    if print_next is not None:
        runs = next_runs(cron, print_next)
        if as_json:
            print_json({"cron": cron, "next": [r.isoformat() for r in runs]})
        else:
            click.echo(f"nightly_cron '{cron}' (local time); next runs:")
            click.echo("\n".join(f"  {r.isoformat()}" for r in runs))
        return
    memory = open_memory(settings)
    scope = memory.scope(user_id, all_users)
    scheduler = build_scheduler(cron, lambda: memory.run_job(
        NIGHTLY, user_id=scope, all_users=all_users))
    click.echo(f"memgraph jobs: nightly for {scope_text(scope)} on '{cron}' (local time); "
               "Ctrl-C to stop")
    try:
        scheduler.start()
    finally:
        memory.close()


@jobs.command("history")
@user_option
@all_users_option
@click.option("--limit", default=20, show_default=True, help="how many runs")
@json_option
def history(user_id: str | None, all_users: bool, limit: int, as_json: bool) -> None:
    """Recent job runs recorded in the graph, newest first: one user's (--user, default
    MEMGRAPH_DEFAULT_USER), or every run, all-users runs included (--all-users)."""
    with open_memory() as memory:
        rows = memory.job_history(user_id=user_id, all_users=all_users, limit=limit)
    if as_json:
        print_json(rows)
        return
    render_table(HISTORY_COLUMNS, [_history_row(row) for row in rows])


HISTORY_COLUMNS = ("started", "job", "scope", "status", "as of", "counts", "errors")


def _history_row(row: dict[str, Any]) -> tuple[str, ...]:
    counts = ", ".join(f"{k}={v}" for k, v in row["counts"].items() if v)
    return (str(row["started_at"])[:19], row["job"], row["scope"], row["status"],
            str(row["as_of"])[:19], counts or "-", str(len(row["errors"] or [])))


@jobs.command("merges")
@user_option
@all_users_option
@click.option("--limit", default=50, show_default=True)
@json_option
def merges(user_id: str | None, all_users: bool, limit: int, as_json: bool) -> None:
    """Duplicate merges done by `dedupe`, newest first, with the ids `undo-merge` takes:
    one user's (--user, default MEMGRAPH_DEFAULT_USER) or every user's (--all-users)."""
    with open_memory() as memory:
        rows = memory.merges(user_id=user_id, all_users=all_users, limit=limit)
    if as_json:
        print_json(rows)
        return
    render_table(("merge id", "kind", "kept", "merged away", "similarity", "undone"),
                 [(row["merge_id"], row["kind"], row["winner_name"], row["loser_name"],
                   f"{row['similarity']:.3f}", "yes" if row["undone_at"] else "")
                  for row in rows])


@jobs.command("undo-merge")
@click.argument("merge_id")
@user_option
@json_option
def undo_merge(merge_id: str, user_id: str | None, as_json: bool) -> None:
    """Restore the node a merge of one user (--user, default MEMGRAPH_DEFAULT_USER) removed
    and move its relationships back; another user's merge is not found. Chained merges
    (A absorbed B, then C absorbed A) are undone newest first."""
    with open_memory() as memory:
        result = memory.undo_merge(merge_id, user_id=user_id)
    if as_json:
        print_json(result)
        return
    click.echo(f"restored {result['restored_uid']} from {result['winner_uid']} "
               f"({result['back_out'] + result['back_in']} relationships moved back)")


class _progress:
    """A rich progress bar on a terminal; nothing when piped or with --json."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled and sys.stderr.isatty()
        self.bar: Progress | None = None
        self.tasks: dict[str, Any] = {}

    def __enter__(self) -> Any:
        if not self.enabled:
            return None
        self.bar = Progress(TextColumn("{task.description}"), BarColumn(),
                            MofNCompleteColumn(), TimeElapsedColumn(), transient=True)
        self.bar.start()
        return self.update

    def update(self, step: str, completed: int, total: int | None) -> None:
        assert self.bar is not None
        if step not in self.tasks:
            self.tasks[step] = self.bar.add_task(step, total=total)
        self.bar.update(self.tasks[step], completed=completed, total=total)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


def _render(report: JobReport) -> None:
    mark = "dry run: " if report.dry_run else ""
    click.echo(f"{mark}{report.job} for {scope_text(report.user_id)} as of "
               f"{report.as_of:%Y-%m-%d %H:%M:%S %Z}")
    for step in report.steps or [report]:
        mark = "dry run: " if step.dry_run else ""
        counts = ", ".join(f"{k}={v}" for k, v in step.counts.items() if v) or "nothing to do"
        click.echo(f"{mark}{step.job} [{step.status}] {counts}")
        if step.usage.get("calls"):
            click.echo(f"  LLM: {step.usage['calls']} calls, {step.usage['total_tokens']} "
                       "tokens")
        for error in step.errors:
            click.echo(f"  error: {error}", err=True)


COMMANDS = [jobs]
