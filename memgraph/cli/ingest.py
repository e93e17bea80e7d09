"""`memgraph ingest`: one text, a file (JSONL, structured JSONL, a document), or a retry."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from memgraph.cli.output import (
    all_users_option,
    json_option,
    open_memory,
    print_json,
    render_fields,
    user_option,
)
from memgraph.errors import InvalidInputError, ProviderError
from memgraph.graph.vocabulary import Sensitivity, SourceKind, TtlPolicy, values
from memgraph.ingest.files import FORMATS
from memgraph.ingest.results import BulkResult, FileReport, IngestResult


@click.command()
@click.argument("text", required=False)
@click.option("--file", "-f", "file", metavar="PATH",
              help="a file: JSONL (one source per line), or a Markdown/text document "
                   "(chunked); - reads stdin (see docs/ingestion.md)")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="auto", show_default=True,
              help="what the file holds; auto: .jsonl/.ndjson are JSONL, .md/.txt documents, "
                   "else JSONL if it starts with '{'")
@click.option("--structured", is_flag=True,
              help="the JSONL file holds structured records (entities and relationships "
                   "named; no LLM, batched): --format structured")
@click.option("--strict", is_flag=True,
              help="check every line first; if one is bad, write nothing from the file")
@click.option("--title", default=None,
              help="a document's title [default: its first heading, else the file name]; "
                   "with --file - it also names the document, so a new version replaces it")
@click.option("--retry-failed", is_flag=True,
              help="redo the extraction of sources that failed or were left pending, of "
                   "one user (--user, default MEMGRAPH_DEFAULT_USER) or --all-users")
@user_option
@all_users_option
@click.option("--session", "session_id", default=None,
              help="conversation/session id (JSONL: for lines without one)")
@click.option("--speaker", default=None, help="who said it (\"I\" refers to the speaker)")
@click.option("--event-at", default=None,
              help="when it happened (ISO-8601) [default: now; a document file: its "
                   "modification time]")
@click.option("--external-id", default=None, help="your id for this source (provenance)")
@click.option("--kind", default=SourceKind.MESSAGE.value, show_default=True,
              type=click.Choice(values(SourceKind)))
@click.option("--sensitivity", default=Sensitivity.NORMAL.value, show_default=True,
              type=click.Choice(values(Sensitivity)))
@click.option("--ttl-policy", default=TtlPolicy.DECAY.value, show_default=True,
              type=click.Choice(values(TtlPolicy)),
              help="how the source is forgotten: by salience, at 30 days, or never")
@click.option("--batch-size", type=click.IntRange(1, 100_000), default=None,
              help="structured records per transaction [default: settings]")
@click.option("--dry-run", is_flag=True,
              help="TEXT only: show what it would teach the graph, write nothing (the "
                   "write runs in a transaction that is rolled back)")
@json_option
def ingest(text: str | None, file: str | None, fmt: str, structured: bool, strict: bool,
           title: str | None, retry_failed: bool, user_id: str | None, all_users: bool,
           session_id: str | None, speaker: str | None, event_at: str | None,
           external_id: str | None, kind: str, sensitivity: str, ttl_policy: str,
           batch_size: int | None, dry_run: bool, as_json: bool) -> None:
    """Store sources and extract what they say into the memory graph.

    \b
    memgraph ingest "My sister Anna moved to Lisbon."      one source ("-" reads stdin)
    memgraph ingest "I moved to Porto." --dry-run          what it would learn; no write
    memgraph ingest --file chat.jsonl --session s1          one source per JSONL line
    memgraph ingest --file records.jsonl --structured       named entities, no LLM
    memgraph ingest --file notes.md                         a document, chunked
    cat notes.md | memgraph ingest --file - --title Notes   a document from stdin
    memgraph ingest --retry-failed --user sam               redo sam's failed extractions
    memgraph ingest --retry-failed --all-users              ... every user's
    """
    if sum([text is not None, file is not None, retry_failed]) != 1:
        raise InvalidInputError("give exactly one of TEXT, --file or --retry-failed")
    if structured:
        if fmt not in ("auto", "structured"):
            raise InvalidInputError("--structured is --format structured; give one of them")
        fmt = "structured"
    if file is None and (fmt != "auto" or strict or title):
        raise InvalidInputError("--format, --structured, --strict and --title need --file")
    if dry_run and text is None:
        raise InvalidInputError("--dry-run goes with TEXT only (one source)")
    if all_users and not retry_failed:
        raise InvalidInputError("--all-users goes with --retry-failed only (a source "
                                "belongs to one user)")
    with open_memory() as memory:
        if retry_failed:
            _render_bulk(memory.retry_failed(user_id, all_users=all_users), as_json)
        elif file is not None:
            with _progress(enabled=not as_json) as progress:
                report = memory.ingest_file(
                    file, user_id=user_id, format=fmt, strict=strict, session_id=session_id,
                    batch_size=batch_size, title=title, event_at=event_at,
                    sensitivity=sensitivity, ttl_policy=ttl_policy, progress=progress)
            _render_bulk(report, as_json)
        else:
            content = sys.stdin.read() if text == "-" else text or ""
            result = memory.ingest(content, user_id=user_id, session_id=session_id,
                                   event_at=event_at, kind=kind, speaker=speaker,
                                   external_id=external_id, sensitivity=sensitivity,
                                   ttl_policy=ttl_policy, dry_run=dry_run)
            _render_one(result, as_json)


@contextmanager
def _progress(enabled: bool) -> Iterator[Callable[[int, int | None], None] | None]:
    """A progress bar on stderr when it is a terminal; nothing in a pipe or with --json."""
    if not (enabled and sys.stderr.isatty()):
        yield None
        return
    bar = Progress(TextColumn("[bold]ingesting"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), console=Console(stderr=True), transient=True)
    task = bar.add_task("ingest", total=None)

    def advance(done: int, total: int | None) -> None:
        if total is not None:
            bar.update(task, total=total)
        bar.advance(task, done)

    with bar:
        yield advance


def _render_one(result: IngestResult, as_json: bool) -> None:
    if as_json:
        print_json(result.as_dict())
    elif result.duplicate:
        click.echo(f"already ingested as source {result.source_uid} "
                   f"(status {result.status}); nothing changed")
    elif result.status == "done":
        if result.resumed:
            click.echo(f"resumed source {result.source_uid}: an earlier run of the same "
                       "input left it unfinished")
        if result.dry_run:
            click.echo("dry run, nothing was written; it would add:")
        click.echo(f"source {result.source_uid}: {result.nodes_created} new nodes, "
                   f"{result.relationships_created} new facts, "
                   f"{result.relationships_superseded} superseded, "
                   f"{result.llm_calls} LLM calls, {result.tokens_used} tokens")
        for line in result.learned:
            click.echo(f"  • {line}")
    if result.status == "failed":
        raise ProviderError(f"extraction failed, source {result.source_uid} kept with status "
                            f"failed ({result.error}); retry with "
                            "`memgraph ingest --retry-failed`")


def _summary(bulk: BulkResult) -> list[tuple[str, str]]:
    items: list[tuple[str, Any]] = []
    if isinstance(bulk, FileReport):
        items += [("file", bulk.path), ("format", bulk.format)]
        if bulk.format == "document":
            items += [("artifact", bulk.artifact_uid),
                      ("unchanged", "yes: nothing written" if bulk.unchanged else "no"),
                      ("chunks", bulk.sources), ("new chunks", bulk.created),
                      ("kept chunks", bulk.duplicates),
                      ("removed chunks", bulk.chunks_removed)]
    if not isinstance(bulk, FileReport) or bulk.format != "document":
        unit = "lines" if isinstance(bulk, FileReport) else "sources"
        items += [(unit, bulk.sources), ("new", bulk.created),
                  ("duplicates", bulk.duplicates), ("failed", bulk.failed)]
    items += [("extraction failed", bulk.extraction_failed),
              ("nodes", bulk.nodes_created), ("facts", bulk.relationships_created),
              ("superseded", bulk.relationships_superseded), ("LLM calls", bulk.llm_calls),
              ("tokens", bulk.tokens_used), ("seconds", f"{bulk.seconds:.2f}"),
              ("per second", f"{bulk.per_second:.1f}")]
    if bulk.vector_index:
        items.append(("own vector index", bulk.vector_index))
    return [(label, str(value)) for label, value in items]


def _render_bulk(bulk: BulkResult, as_json: bool) -> None:
    if as_json:
        print_json(bulk.as_dict())
    else:
        render_fields(_summary(bulk))
        if bulk.errors:
            more = bulk.problems - len(bulk.errors)
            click.echo("problems:")
            click.echo("\n".join(f"  {e}" for e in bulk.errors)
                       + (f"\n  … and {more} more" if more > 0 else ""))
    if not bulk.problems:
        return
    first = f"; first: {bulk.errors[0]}" if bulk.errors else ""
    unit = "lines" if isinstance(bulk, FileReport) and bulk.format != "document" else "sources"
    if bulk.failed:
        raise InvalidInputError(f"{bulk.failed} of {bulk.sources} {unit} failed and were "
                                f"not written{first}")
    raise ProviderError(f"{bulk.extraction_failed} of {bulk.sources} {unit}: extraction "
                        "failed, sources kept; retry with `memgraph ingest --retry-failed`"
                        f"{first}")


COMMANDS = [ingest]
