"""`memgraph ingest`: one text, a JSONL file (agent or offline rules), or structured records."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from memgraph.cli.output import console, json_option, open_memory, print_json, user_option
from memgraph.errors import InvalidInputError, ProviderError
from memgraph.graph.vocabulary import TTL_POLICIES
from memgraph.ingest.results import BulkResult, IngestResult


def read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    """Stream objects from a JSONL file; a line that is not a JSON object is an error."""
    try:
        handle = path.open("rb")
    except OSError as e:
        raise InvalidInputError(f"cannot read {path}: {e.strerror}") from e
    with handle:
        for number, raw in enumerate(handle, 1):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                raise InvalidInputError(f"{path}:{number}: not UTF-8 text") from e
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except ValueError as e:
                raise InvalidInputError(f"{path}:{number}: not valid JSON ({e.msg})") from e
            if not isinstance(item, dict):
                raise InvalidInputError(f"{path}:{number}: each line must be a JSON object")
            yield item


def _count_lines(path: Path) -> int | None:
    try:
        with path.open("rb") as handle:
            return sum(1 for line in handle if line.strip())
    except OSError:
        return None


def _progress() -> Progress:
    return Progress(TextColumn("[bold]ingesting"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=Console(stderr=True), transient=True)


@click.command()
@click.argument("text", required=False)
@click.option("--file", "-f", "file", type=click.Path(path_type=Path, dir_okay=False),
              help="a JSONL file: one source per line (see docs/ingestion.md)")
@click.option("--structured", is_flag=True,
              help="the file holds structured records (entities and relationships named); "
                   "no LLM, batched")
@click.option("--retry-failed", is_flag=True,
              help="redo the extraction of sources that failed (all users unless --user)")
@user_option
@click.option("--session", "session_id", default=None, help="conversation/session id")
@click.option("--speaker", default=None, help="who said it (\"I\" refers to the speaker)")
@click.option("--event-at", default=None, help="when it happened (ISO-8601) [default: now]")
@click.option("--external-id", default=None, help="your id for this source (provenance)")
@click.option("--kind", default="message", show_default=True,
              type=click.Choice(["message", "document", "record", "note", "event"]))
@click.option("--sensitivity", default="normal", show_default=True,
              type=click.Choice(["low", "normal", "high"]))
@click.option("--ttl-policy", default="decay", show_default=True,
              type=click.Choice(list(TTL_POLICIES)),
              help="how the source is forgotten: by salience, at 30 days, or never")
@click.option("--batch-size", type=click.IntRange(1, 100_000), default=None,
              help="structured records per transaction [default: settings]")
@json_option
def ingest(text: str | None, file: Path | None, structured: bool, retry_failed: bool,
           user_id: str | None, session_id: str | None, speaker: str | None,
           event_at: str | None, external_id: str | None, kind: str, sensitivity: str,
           ttl_policy: str, batch_size: int | None, as_json: bool) -> None:
    """Store sources and extract what they say into the memory graph.

    \b
    memgraph ingest "My sister Anna moved to Lisbon."      one source ("-" reads stdin)
    memgraph ingest --file chat.jsonl --session s1          one source per JSONL line
    memgraph ingest --file records.jsonl --structured       named entities, no LLM
    memgraph ingest --retry-failed                          redo failed extractions
    """
    chosen = sum([text is not None, file is not None, retry_failed])
    if chosen != 1:
        raise InvalidInputError("give exactly one of TEXT, --file or --retry-failed")
    if structured and file is None:
        raise InvalidInputError("--structured needs --file")
    with open_memory() as memory:
        if retry_failed:
            _render_bulk(memory.retry_failed(user_id), as_json)
        elif file is not None:
            _ingest_file(memory, file, structured, user_id, session_id, batch_size, as_json)
        else:
            content = sys.stdin.read() if text == "-" else text or ""
            result = memory.ingest(content, user_id=user_id, session_id=session_id,
                                   event_at=event_at, kind=kind, speaker=speaker,
                                   external_id=external_id, sensitivity=sensitivity,
                                   ttl_policy=ttl_policy)
            _render_one(result, as_json)


def _ingest_file(memory: Any, file: Path, structured: bool, user_id: str | None,
                 session_id: str | None, batch_size: int | None, as_json: bool) -> None:
    if not file.is_file():
        raise InvalidInputError(f"cannot read {file}: no such file")
    records = read_jsonl(file)
    with _progress() as progress:
        task = progress.add_task("ingest", total=_count_lines(file))
        if structured:
            if session_id:
                records = ({"session_id": session_id, **r} for r in records)
            bulk = memory.ingest_records(records, user_id=user_id, batch_size=batch_size,
                                         progress=lambda n: progress.advance(task, n))
        else:
            bulk = BulkResult()
            for item in records:
                bulk.add(_one_line(memory, item, user_id, session_id))
                progress.advance(task)
    _render_bulk(bulk, as_json)


def _one_line(memory: Any, item: dict[str, Any], user_id: str | None,
              session_id: str | None) -> IngestResult:
    fields = {k: item.get(k) for k in ("session_id", "event_at", "speaker", "external_id",
                                       "idempotency_key")}
    fields["ttl_policy"] = item.get("ttl_policy") or "decay"
    fields["session_id"] = fields["session_id"] or session_id
    try:
        return memory.ingest(item.get("content", ""), user_id=item.get("user_id") or user_id,
                             kind=item.get("kind") or "message",
                             sensitivity=item.get("sensitivity") or "normal", **fields)
    except InvalidInputError as e:
        return IngestResult(source_uid="", status="failed", error=str(e))


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


def _render_bulk(bulk: BulkResult, as_json: bool) -> None:
    if as_json:
        print_json(bulk.as_dict())
    else:
        table = Table("sources", "new", "duplicates", "failed", "nodes", "facts",
                      "superseded", "LLM calls", "tokens", "per second")
        table.add_row(*(str(v) for v in (
            bulk.sources, bulk.created, bulk.duplicates, bulk.failed, bulk.nodes_created,
            bulk.relationships_created, bulk.relationships_superseded, bulk.llm_calls,
            bulk.tokens_used, f"{bulk.per_second:.1f}")))
        console.print(table)
    if bulk.failed:
        first = bulk.errors[0] if bulk.errors else ""
        raise InvalidInputError(f"{bulk.failed} of {bulk.sources} sources failed "
                                f"(first: {first})")


COMMANDS = [ingest]
