"""File ingestion (``Memory.ingest_file``): JSONL, structured JSONL and documents.

Every format follows the same rules (docs/ingestion.md, "Files"):

- a bad line (not UTF-8, not JSON, not an object, an invalid record, a record naming
  another user) is counted as failed and reported with its line number; every other line
  is ingested; ``created + duplicates + failed + extraction_failed == sources``;
- ``strict=True`` validates every line first and writes nothing from the file when one is
  bad (the error names the first bad line);
- a document (Markdown or plain text) is split into chunks, any size up to
  ``ingest.max_document_bytes`` (documents.py).

The format is given, or guessed: ``.jsonl``/``.ndjson`` is JSONL, ``.md``/``.markdown``/
``.txt``/``.text`` a document, anything else (stdin included) JSONL when its first
character is ``{``, else a document.
"""

from __future__ import annotations

import io
import json
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from pydantic import BaseModel, ConfigDict, ValidationError

from memgraph.errors import InvalidInputError
from memgraph.graph.vocabulary import Sensitivity, SourceKind, TtlPolicy, literal
from memgraph.ingest.documents import Document, ingest_document
from memgraph.ingest.inputs import check_owner, content_hash
from memgraph.ingest.pipeline import Ingestor
from memgraph.ingest.results import FileReport
from memgraph.ingest.source import NewSource, prepare_source
from memgraph.ingest.structured import check_record, ingest_numbered
from memgraph.validation import parse_time, validation_message

FORMATS: tuple[str, ...] = ("auto", "jsonl", "structured", "document")
Format = literal(FORMATS)
Progress = Callable[[int, int | None], None]   # (items done since last call, total if known)

_JSONL_SUFFIXES = frozenset({".jsonl", ".ndjson"})
_DOCUMENT_TYPES = {".md": "text/markdown", ".markdown": "text/markdown",
                   ".txt": "text/plain", ".text": "text/plain"}
STDIN = "-"


@dataclass(frozen=True)
class Line:
    """One non-blank line of a JSONL file: its number and object, or what is wrong."""

    number: int
    item: dict[str, Any] | None = None
    error: str = ""


def read_lines(data: Iterable[bytes]) -> Iterator[Line]:
    for number, raw in enumerate(data, 1):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            yield Line(number, error="not UTF-8 text")
            continue
        if not text.strip():
            continue
        try:
            item = json.loads(text)
        except ValueError as e:
            yield Line(number, error=f"not valid JSON ({getattr(e, 'msg', e)})")
            continue
        if not isinstance(item, dict):
            yield Line(number, error="each line must be a JSON object")
            continue
        yield Line(number, item)


class LineRecord(BaseModel):
    """One line of a plain JSONL file: a source for the extractor (agent or rules)."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=False)

    content: str
    user_id: str | None = None      # only to repeat the ingesting user
    session_id: str | None = None
    event_at: str | None = None
    speaker: str | None = None
    external_id: str | None = None
    kind: str = SourceKind.MESSAGE.value
    sensitivity: str = Sensitivity.NORMAL.value
    ttl_policy: str = TtlPolicy.DECAY.value
    idempotency_key: str | None = None


@dataclass(frozen=True)
class FileOptions:
    """What a caller sets for a whole file (a line's own keys win)."""

    user_id: str
    session_id: str | None = None
    strict: bool = False
    batch_size: int | None = None
    title: str | None = None
    event_at: datetime | str | None = None
    sensitivity: str = Sensitivity.NORMAL.value
    ttl_policy: str = TtlPolicy.DECAY.value


class _Input:
    """A file or a byte stream, readable more than once (a stream is buffered)."""

    def __init__(self, source: str | Path | IO[bytes]) -> None:
        self.path: Path | None = None
        self.buffer: bytes | None = None
        if isinstance(source, str | Path) and str(source) != STDIN:
            self.path = Path(source)
            if not self.path.is_file():
                raise InvalidInputError(f"cannot read {source}: no such file")
            self.name = str(self.path)
        else:
            stream = sys.stdin.buffer if isinstance(source, str | Path) else source
            self.buffer = stream.read()
            self.name = "stdin"

    def open(self) -> IO[bytes]:
        if self.path is None:
            return io.BytesIO(self.buffer or b"")
        try:
            return self.path.open("rb")
        except OSError as e:
            raise InvalidInputError(f"cannot read {self.path}: {e.strerror}") from e

    def lines(self) -> Iterator[Line]:
        with self.open() as handle:
            yield from read_lines(handle)

    def text(self, max_bytes: int) -> str:
        with self.open() as handle:
            data = handle.read(max_bytes + 1)
        if len(data) > max_bytes:
            raise InvalidInputError(f"{self.name} is over the {max_bytes:,}-byte limit of a "
                                    "document (ingest.max_document_bytes)")
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise InvalidInputError(f"{self.name} is not UTF-8 text (binary input refused)") from e

    def first_character(self) -> str:
        with self.open() as handle:
            head = handle.read(4096).lstrip()
        return head[:1].decode("utf-8", "replace")


def detect_format(source: _Input, wanted: str) -> str:
    if wanted not in FORMATS:
        raise InvalidInputError(f"format must be one of {', '.join(FORMATS)}, not {wanted!r}")
    if wanted != "auto":
        return wanted
    suffix = source.path.suffix.lower() if source.path is not None else ""
    if suffix in _JSONL_SUFFIXES:
        return "jsonl"
    if suffix in _DOCUMENT_TYPES:
        return "document"
    return "jsonl" if source.first_character() == "{" else "document"


def ingest_file(ingestor: Ingestor, source: str | Path | IO[bytes], options: FileOptions,
                *, format: str = "auto", progress: Progress | None = None) -> FileReport:
    """Ingest a file (a path, ``"-"`` for stdin, or a binary stream); see the module doc."""
    started = time.perf_counter()
    data = _Input(source)
    kind = detect_format(data, format)
    if kind == "document":
        report = ingest_document(ingestor, _document(data, options, ingestor),
                                 user_id=options.user_id, sensitivity=options.sensitivity,
                                 ttl_policy=options.ttl_policy, progress=progress)
    else:
        report = FileReport()
        if options.strict:
            _check_all(ingestor, data, options, structured=kind == "structured")
        if progress is not None and data.path is not None:
            progress(0, _count_lines(data))
        if kind == "structured":
            _structured(ingestor, data, options, report, progress)
        else:
            _plain(ingestor, data, options, report, progress)
        report.errors.sort(key=_line_number)
    report.path, report.format, report.strict = data.name, kind, options.strict
    report.seconds = time.perf_counter() - started
    return report


# -- JSONL --------------------------------------------------------------------------------
def validate_line(ingestor: Ingestor, item: dict[str, Any], options: FileOptions,
                  now: datetime) -> NewSource:
    """The source a plain JSONL line stands for, validated; InvalidInputError otherwise."""
    try:
        record = LineRecord.model_validate(item)
    except ValidationError as e:
        raise InvalidInputError(validation_message(e, 3, LineRecord.model_fields)) from e
    check_owner(record.user_id, options.user_id)
    fields = record.model_dump(exclude={"content", "user_id"})
    fields["session_id"] = fields["session_id"] or options.session_id
    fields["sensitivity"] = item.get("sensitivity") or options.sensitivity
    fields["ttl_policy"] = item.get("ttl_policy") or options.ttl_policy
    return prepare_source(ingestor.settings, content=record.content, user_id=options.user_id,
                          now=now, **fields)


def _plain(ingestor: Ingestor, data: _Input, options: FileOptions, report: FileReport,
           progress: Progress | None) -> None:
    """One source per line, each its own unit of work (written, then extracted)."""
    for line in data.lines():
        where = f"line {line.number}"
        try:
            if line.item is None:
                raise InvalidInputError(line.error)
            new = validate_line(ingestor, line.item, options, datetime.now(UTC))
        except InvalidInputError as e:
            report.reject(where, str(e))
        else:
            report.add(ingestor.store_and_extract(new), where)
        if progress is not None:
            progress(1, None)


def _structured(ingestor: Ingestor, data: _Input, options: FileOptions, report: FileReport,
                progress: Progress | None) -> None:
    """Structured records in batches (structured.py); unreadable lines are failed here."""
    def good_lines() -> Iterator[tuple[int, dict[str, Any]]]:
        for line in data.lines():
            if line.item is None:
                report.reject(f"line {line.number}", line.error)
                if progress is not None:
                    progress(1, None)
            else:
                if options.session_id and not line.item.get("session_id"):
                    line.item["session_id"] = options.session_id
                yield line.number, line.item

    ingest_numbered(ingestor.graph, ingestor.settings, ingestor.embedder, good_lines(),
                    user_id=options.user_id, batch_size=options.batch_size,
                    progress=None if progress is None else lambda n: progress(n, None),
                    label="line", into=report)


def _check_all(ingestor: Ingestor, data: _Input, options: FileOptions, *,
               structured: bool) -> None:
    """--strict: every line is validated before anything is written."""
    now = datetime.now(UTC)
    for line in data.lines():
        try:
            if line.item is None:
                raise InvalidInputError(line.error)
            if structured:
                check_record(ingestor.settings, options.user_id, line.item)
            else:
                validate_line(ingestor, line.item, options, now)
        except InvalidInputError as e:
            raise InvalidInputError(f"{data.name}: line {line.number}: {e} (--strict: nothing "
                                    "from the file was written)") from e


def _count_lines(data: _Input) -> int:
    with data.open() as handle:
        return sum(1 for raw in handle if raw.strip())


def _line_number(error: str) -> int:
    parts = error.split(":", 1)[0].split()
    return int(parts[1]) if len(parts) == 2 and parts[1].isdigit() else 0


# -- documents ------------------------------------------------------------------------------
def _document(data: _Input, options: FileOptions, ingestor: Ingestor) -> Document:
    text = data.text(ingestor.settings.ingest.max_document_bytes)
    title = options.title or _first_heading(text) or (
        data.path.stem if data.path is not None else "stdin")
    if data.path is not None:
        uri = str(data.path.resolve())
        media_type = _DOCUMENT_TYPES.get(data.path.suffix.lower(), "text/plain")
        written = datetime.fromtimestamp(data.path.stat().st_mtime, UTC)
    else:
        # a stream has no path: its title names it, so a new version with the same title
        # replaces the old one (without a title, each distinct text is its own document)
        uri = f"stdin:{options.title}" if options.title else f"stdin:{content_hash(text)[:16]}"
        media_type = "text/markdown" if _first_heading(text) else "text/plain"
        written = None
    event_at = parse_time(options.event_at, "event_at") or written
    return Document(text=text, uri=uri, title=title, media_type=media_type, event_at=event_at)


def _first_heading(text: str) -> str:
    for line in text.splitlines()[:50]:
        stripped = line.strip()
        if stripped.startswith("#") and stripped.lstrip("#").startswith(" "):
            return stripped.lstrip("#").strip()
    return ""
