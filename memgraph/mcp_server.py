"""memgraph as a Model Context Protocol server: the same typed tools, for any MCP client.

``MemgraphTools`` is the protocol-free core: the tool list (name, description, JSON Schema)
and ``call(name, arguments)``, which never raises for bad input. It serves the ingestion
tools of ``Memory.tools(user_id)`` unchanged, plus ``ingest``, ``ingest_document`` (a
document of any length, chunked: ``Memory.ingest_document``), ``explore``, ``traverse`` and
``context``. The user (tenant) is fixed when the object is made: no tool takes a
``user_id`` (every argument model forbids extra fields), so an agent connected to one
server process can never reach another tenant's memory.

``build_server``/``serve`` put it on the official ``mcp`` SDK over stdio. The SDK is
imported lazily (it is the ``mcp`` extra); both its 1.x (decorators, from 1.22: older 1.x
releases do not import with pydantic 2.14) and 2.x (constructor handlers) APIs are
supported, because other packages in a user's environment may still pin ``mcp<2``.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from memgraph.errors import ConfigurationError, MemgraphError
from memgraph.graph.vocabulary import (
    KindFilterName,
    Sensitivity,
    SensitivityName,
    SourceKind,
    SourceKindName,
    StateName,
    TtlPolicy,
    TtlPolicyName,
    literal,
)
from memgraph.ingest.tools import MAX_DESCRIPTION_CHARS, MAX_NAME_CHARS, argument_schema
from memgraph.retrieve.context import FORMATS, MAX_TOKENS, MIN_TOKENS
from memgraph.retrieve.explore import MAX_K
from memgraph.retrieve.traverse import DIRECTIONS
from memgraph.settings import IngestSettings, RetrievalSettings
from memgraph.validation import validation_message

if TYPE_CHECKING:
    from memgraph.ingest.caller_tools import CallerTools
    from memgraph.memory import Memory

log = logging.getLogger("memgraph.mcp")

SERVER_NAME = "memgraph"
MCP_ACTOR = "mcp"   # who corrections and deletions made through this server are audited as
INSTALL_HINT = ("the MCP server needs the official MCP SDK: "
                "pip install 'memgraph[mcp]' (or pip install 'mcp>=1.22')")
INSTRUCTIONS = """\
memgraph is your long-term memory: a knowledge graph of people, concepts, entities and the
sources they came from. Before answering, call `context` (prompt-ready text) or `explore`
(ranked results with ids). To remember, either call `ingest` with what was said (it is
stored and extracted for you), or write facts yourself: create_person / create_concept /
create_entity, then relate and add_note using the uids these calls return in `ids` or that
explore/traverse show, or simply the node's name ("Dana"). A `ref` only lives within one
call. Unknown ids and names are refused.
Notes have a lifetime: week, month, year or forever. To fix what memory holds: get_memory
(with its history), correct_memory (name, description), end_fact (a fact stopped holding)
and delete_memory (a wrong memory, or a source and what only it taught)."""

# link_source records what "the current source" mentions; an outside agent's call has no
# source, so the tool would report success and write nothing. `ingest` links its source.
SOURCE_BOUND_TOOLS = frozenset({"link_source"})

Format = literal(FORMATS)
Direction = literal(DIRECTIONS)
# Limits that are settings are checked by the library against the server's settings; the
# tool descriptions quote their defaults.
_CONTENT_KB = IngestSettings.model_fields["max_content_bytes"].default // 1024
_MAX_DEPTH = RetrievalSettings.model_fields["max_traverse_depth"].default
_MAX_PAGE = RetrievalSettings.model_fields["max_traverse_limit"].default


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class IngestArgs(_Args):
    """Remember a source (a message, document, note, event): it is stored as it is, then
    the people, concepts, entities, relationships and notes it mentions are extracted into
    the graph. Ingesting the same source twice changes nothing."""

    content: str = Field(min_length=1, description=f"the text to remember (up to {_CONTENT_KB} KB)")
    session_id: str | None = Field(default=None, description="conversation or session id")
    event_at: str | None = Field(default=None,
                                 description="ISO-8601 time the content happened or was said")
    kind: SourceKindName = SourceKind.MESSAGE.value
    speaker: str | None = Field(default=None, description="who said or wrote it")
    external_id: str | None = Field(default=None, description="the caller's id for it")
    sensitivity: SensitivityName = Sensitivity.NORMAL.value
    ttl_policy: TtlPolicyName = Field(
        default=TtlPolicy.DECAY.value, description="how the source is forgotten: by fading "
        "salience (decay), 30 days after it was stored (ephemeral), or never (keep_forever)")
    idempotency_key: str | None = Field(
        default=None, description="same key, same source (default: derived from the content)")


class IngestDocumentArgs(_Args):
    """Remember a document of any length (notes, an article, a transcript, a README): it is
    split into chunks along headings and paragraphs, each stored as a source of one
    Artifact named by the title and extracted like `ingest`. The same title again is a new
    version: unchanged chunks are kept, changed ones replaced; the same text again changes
    nothing."""

    content: str = Field(min_length=1, description="the document (Markdown or plain text)")
    title: str = Field(min_length=1, max_length=300,
                       description="the document's title; it names the document")
    event_at: str | None = Field(default=None,
                                 description="ISO-8601 time the document was written")
    sensitivity: SensitivityName = Sensitivity.NORMAL.value
    ttl_policy: TtlPolicyName = Field(
        default=TtlPolicy.DECAY.value, description="how its chunks and the document are forgotten")


class _Filters(_Args):
    kinds: list[KindFilterName] | None = Field(
        default=None, description="only these kinds; 'Relationship' keeps relationships")
    since: str | None = Field(default=None, description="event time from (ISO-8601)")
    until: str | None = Field(default=None, description="event time before (ISO-8601)")
    include_archived: bool = Field(default=False, description="also search archived memories")
    reinforce: bool = Field(default=True, description=(
        "count this as a recall (raises salience of what is returned); false = read only"))


class ExploreArgs(_Filters):
    """Find the memories most relevant to a query (vector + full-text + graph neighbourhood,
    fused and re-ranked by salience, recency and importance). Each result has its uid,
    text, provenance (sources, excerpts, event time) and a score breakdown."""

    query: str = Field(min_length=1, description="what to look for, in plain words")
    k: int | None = Field(default=None, ge=1, le=MAX_K, description="how many results (default 10)")
    states: list[StateName] | None = Field(default=None, description="only these lifecycle states")
    min_salience: float | None = Field(default=None, ge=0.0, le=1.0)
    sensitivity: list[SensitivityName] | None = None
    agent_id: str | None = Field(default=None, min_length=1, max_length=200,
                                 description="only what this agent wrote (ingest's agent_id) "
                                             "and what was learnt from it")


class TraverseArgs(_Args):
    """Walk the graph from a node (uid or name), breadth first and bounded: returns the
    nodes reached, the relationships and the path to each; page with offset."""

    start: str = Field(min_length=1, description="a node uid or a name")
    depth: int = Field(default=2, ge=1, description=f"hops to walk (at most {_MAX_DEPTH})")
    types: list[str] | None = Field(
        default=None, description="relationship types to follow (default: all semantic types)")
    direction: Direction = "both"
    limit: int = Field(default=50, ge=1, description=f"nodes per page (at most {_MAX_PAGE})")
    offset: int = Field(default=0, ge=0, description="next_offset of the previous page")
    include_archived: bool = False
    reinforce: bool = True


class ContextArgs(_Filters):
    """Prompt-ready memory text for a query within a token budget, most useful first; the
    second block reports memories_used, tokens_used and truncated."""

    query: str = Field(min_length=1, description="what the memory is needed for")
    max_tokens: int = Field(default=1000, ge=MIN_TOKENS, le=MAX_TOKENS, description="token budget")
    format: Format = "markdown"


class GetMemoryArgs(_Args):
    """Read one memory (a node's uid or name, a relationship's uid) with its notes, sources,
    relationships, ended facts (history) and audit records of corrections."""

    id: str = Field(min_length=1, description="a node uid or name, or a relationship uid")


class CorrectMemoryArgs(_Args):
    """Correct a node's name and/or description (the old name stays an alias, so mentions
    of it still find the node). Audited."""

    id: str = Field(min_length=1, description="a node uid or name")
    name: str | None = Field(default=None, min_length=1, max_length=MAX_NAME_CHARS)
    description: str | None = Field(default=None, max_length=MAX_DESCRIPTION_CHARS)


class EndFactArgs(_Args):
    """End a fact (a relationship uid) as of a time: it becomes history, it is not deleted.
    Audited."""

    id: str = Field(min_length=1, description="the relationship's uid")
    at: str | None = Field(default=None, description="ISO-8601 time it stopped holding "
                                                     "(default now; never the future)")


class DeleteMemoryArgs(_Args):
    """Delete one memory: a node with its relationships and notes, a fact, or a source with
    what was learned only from it. dry_run reports without deleting. Audited."""

    id: str = Field(min_length=1, description="a node uid or name, or a relationship uid")
    dry_run: bool = False


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    input_schema: dict[str, Any]


@dataclass(frozen=True)
class ToolOutcome:
    """What a tool call returns: text blocks, the same data as a JSON object for the
    client to use without parsing text (MCP ``structuredContent``), and whether it is an
    error for the agent."""

    texts: list[str]
    is_error: bool = False
    structured: dict[str, Any] | None = None

    @classmethod
    def error(cls, message: str) -> ToolOutcome:
        return cls([message], is_error=True)

    @classmethod
    def data(cls, payload: dict[str, Any], *, before: tuple[str, ...] = (),
             is_error: bool = False) -> ToolOutcome:
        """``payload`` as structured content and as JSON text (after any ``before`` lines,
        for clients that read text only)."""
        return cls([*before, _json(payload)], is_error=is_error, structured=payload)


def _schema(model: type[BaseModel]) -> dict[str, Any]:
    schema = argument_schema(model)
    required = schema.get("required", [])   # required arguments first, as people read them
    properties = schema.get("properties", {})
    schema["properties"] = {k: properties[k] for k in sorted(properties,
                                                             key=lambda k: k not in required)}
    return schema


def _json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, default=str)


def _one_line(message: str) -> str:
    return " ".join(message.split()) or "error"


def _validation_message(error: ValidationError) -> str:
    return validation_message(error)


def tool_specs() -> list[ToolSpec]:
    """Every tool the server offers, with its JSON Schema. Static: `memgraph mcp
    --list-tools` needs neither a database nor a model."""
    from memgraph.ingest.tools import tool_schemas

    specs = [ToolSpec(name, (model.__doc__ or "").strip().replace("\n    ", " "),
                      _schema(model)) for name, model in OWN_TOOLS.items()]
    for schema in tool_schemas():
        function = schema["function"]
        if function["name"] in SOURCE_BOUND_TOOLS:
            continue
        specs.append(ToolSpec(function["name"], function["description"],
                              function["parameters"]))
    return specs


OWN_TOOLS: dict[str, type[_Args]] = {"ingest": IngestArgs,
                                     "ingest_document": IngestDocumentArgs,
                                     "explore": ExploreArgs, "traverse": TraverseArgs,
                                     "context": ContextArgs, "get_memory": GetMemoryArgs,
                                     "correct_memory": CorrectMemoryArgs,
                                     "end_fact": EndFactArgs,
                                     "delete_memory": DeleteMemoryArgs}


class MemgraphTools:
    """The tools of one server process, bound to one memory and one user (tenant)."""

    def __init__(self, memory: Memory, user_id: str | None = None) -> None:
        self.memory = memory
        self.user_id = user_id or memory.settings.default_user
        self._caller_tools: CallerTools = memory.tools(self.user_id)
        self._own: dict[str, tuple[type[_Args], Callable[[Any], ToolOutcome]]] = {
            "ingest": (IngestArgs, self._ingest),
            "ingest_document": (IngestDocumentArgs, self._ingest_document),
            "explore": (ExploreArgs, self._explore),
            "traverse": (TraverseArgs, self._traverse), "context": (ContextArgs, self._context),
            "get_memory": (GetMemoryArgs, self._get_memory),
            "correct_memory": (CorrectMemoryArgs, self._correct_memory),
            "end_fact": (EndFactArgs, self._end_fact),
            "delete_memory": (DeleteMemoryArgs, self._delete_memory),
        }

    def specs(self) -> list[ToolSpec]:
        return tool_specs()

    @property
    def names(self) -> list[str]:
        return [*self._own, *(n for n in self._caller_tools.names if n not in SOURCE_BOUND_TOOLS)]

    def call(self, name: str, arguments: dict[str, Any] | None) -> ToolOutcome:
        """Run one tool. Bad input and refusals come back as error outcomes, never raised."""
        arguments = arguments or {}
        try:
            if name in self._own:
                model, handler = self._own[name]
                return handler(model.model_validate(arguments))
            if name in self.names:
                return self._agent_tool(name, arguments)
            return ToolOutcome.error(f"unknown tool {name!r}; use one of {', '.join(self.names)}")
        except ValidationError as e:
            return ToolOutcome.error(_validation_message(e))
        except MemgraphError as e:
            return ToolOutcome.error(_one_line(str(e)))
        except Exception as e:   # a server must answer every call; the trace goes to stderr
            log.exception("tool %s failed", name)
            return ToolOutcome.error(_one_line(f"internal error: {type(e).__name__}: {e}"))

    # -- handlers ---------------------------------------------------------------------
    def _agent_tool(self, name: str, arguments: dict[str, Any]) -> ToolOutcome:
        result = self._caller_tools.call(name, arguments)
        if not result.pop("ok"):
            return ToolOutcome.error(_one_line(result["error"]))
        return ToolOutcome.data(result)

    def _ingest(self, args: IngestArgs) -> ToolOutcome:
        result = self.memory.ingest(args.content, user_id=self.user_id,
                                    **args.model_dump(exclude={"content"}))
        if result.status == "failed":   # the source is kept; the extraction can be retried
            return ToolOutcome.data(result.as_dict(), is_error=True, before=(
                f"extraction failed, source {result.source_uid} kept for "
                f"`memgraph ingest --retry-failed`: {result.error}",))
        return ToolOutcome.data(result.as_dict())

    def _ingest_document(self, args: IngestDocumentArgs) -> ToolOutcome:
        report = self.memory.ingest_document(args.content, user_id=self.user_id,
                                             **args.model_dump(exclude={"content"}))
        data = report.as_dict()
        data.pop("path", None)   # the uri ("doc:<title>") is the Artifact's key, not a path
        if report.problems:
            return ToolOutcome.data(data, is_error=True, before=(
                f"{report.extraction_failed} chunks kept but not extracted "
                "(`memgraph ingest --retry-failed` redoes them)",))
        return ToolOutcome.data(data)

    def _explore(self, args: ExploreArgs) -> ToolOutcome:
        results = self.memory.explore(args.query, user_id=self.user_id,
                                      **args.model_dump(exclude={"query"}))
        listed = [r.model_dump(mode="json") for r in results]
        # structured content is an object: the list goes under "results"
        return ToolOutcome([_json(listed)], structured={"results": listed})

    def _traverse(self, args: TraverseArgs) -> ToolOutcome:
        result = self.memory.traverse(args.start, user_id=self.user_id,
                                      **args.model_dump(exclude={"start"}))
        return ToolOutcome.data(result.model_dump(mode="json"))

    def _context(self, args: ContextArgs) -> ToolOutcome:
        result = self.memory.context(args.query, user_id=self.user_id,
                                     **args.model_dump(exclude={"query"}))
        accounting = result.model_dump(mode="json", exclude={"text", "memories"})
        return ToolOutcome([result.text, _json(accounting)],
                           structured={"text": result.text, **accounting})

    def _get_memory(self, args: GetMemoryArgs) -> ToolOutcome:
        record = self.memory.get(args.id, user_id=self.user_id)
        return ToolOutcome.data(record.model_dump(mode="json"))

    def _correct_memory(self, args: CorrectMemoryArgs) -> ToolOutcome:
        change = self.memory.correct(args.id, name=args.name, description=args.description,
                                     user_id=self.user_id, actor=MCP_ACTOR)
        return ToolOutcome.data(change.model_dump(mode="json"))

    def _end_fact(self, args: EndFactArgs) -> ToolOutcome:
        ended = self.memory.end_fact(args.id, at=args.at, user_id=self.user_id, actor=MCP_ACTOR)
        return ToolOutcome.data(ended.model_dump(mode="json"))

    def _delete_memory(self, args: DeleteMemoryArgs) -> ToolOutcome:
        deletion = self.memory.delete(args.id, user_id=self.user_id, dry_run=args.dry_run,
                                      actor=MCP_ACTOR)
        return ToolOutcome.data(deletion.model_dump(mode="json"))


# -- the MCP SDK -------------------------------------------------------------------------
def _sdk() -> tuple[Any, Any, int]:
    """(mcp.types, the low-level Server class, the SDK's major version), or an install hint."""
    try:
        from importlib.metadata import version

        import mcp.types as types
        from mcp.server.lowlevel import Server
    except ImportError as e:
        raise ConfigurationError(INSTALL_HINT) from e
    return types, Server, int(version("mcp").split(".")[0])


class _ToolError(Exception):
    """Raised to SDK 1.x, which turns an exception in a tool handler into ``isError``."""


def build_server(tools: MemgraphTools) -> Any:
    """A low-level MCP ``Server`` that lists and calls ``tools``. Calls run one at a time in
    a worker thread: the Neo4j driver and the embedder block, the event loop must not."""
    types, server_class, major = _sdk()
    import anyio  # a dependency of the SDK

    listed = [types.Tool.model_validate({"name": s.name, "description": s.description,
                                         "inputSchema": s.input_schema})
              for s in tools.specs()]
    limiter = anyio.CapacityLimiter(1)

    async def run(name: str, arguments: dict[str, Any] | None) -> ToolOutcome:
        return await anyio.to_thread.run_sync(tools.call, name, arguments, limiter=limiter)

    def content(outcome: ToolOutcome) -> list[Any]:
        return [types.TextContent(type="text", text=text) for text in outcome.texts]

    if major >= 2:
        async def on_list_tools(ctx: Any, params: Any) -> Any:
            return types.ListToolsResult(tools=listed)

        async def on_call_tool(ctx: Any, params: Any) -> Any:
            outcome = await run(params.name, params.arguments)
            return types.CallToolResult.model_validate(
                {"content": content(outcome), "isError": outcome.is_error,
                 "structuredContent": outcome.structured})

        return server_class(SERVER_NAME, version=_version(), instructions=INSTRUCTIONS,
                            on_list_tools=on_list_tools, on_call_tool=on_call_tool)

    server = server_class(SERVER_NAME, version=_version(), instructions=INSTRUCTIONS)

    @server.list_tools()
    async def list_tools() -> list[Any]:
        return listed

    # Our pydantic models validate (and normalise, e.g. "works at" -> WORKS_AT), with the
    # same one-line messages as the Python API; the SDK's jsonschema check would pre-empt them.
    @server.call_tool(validate_input=False)
    async def call_tool(name: str, arguments: dict[str, Any] | None) -> Any:
        outcome = await run(name, arguments)
        if outcome.is_error:
            raise _ToolError("\n".join(outcome.texts))
        # SDK 1.x: a (content, structured) pair sends both
        return (content(outcome), outcome.structured) if outcome.structured is not None \
            else content(outcome)

    return server


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("memgraph")
    except PackageNotFoundError:
        return "0"


def serve(tools: MemgraphTools) -> None:
    """Serve ``tools`` over stdin/stdout until the client closes stdin."""
    import contextlib
    import sys

    import anyio

    server = build_server(tools)

    async def main() -> None:
        from mcp.server.stdio import stdio_server

        async with stdio_server() as (read_stream, write_stream):
            # stdout now belongs to the protocol: a stray print must not corrupt it.
            with contextlib.redirect_stdout(sys.stderr):
                await server.run(read_stream, write_stream,
                                 server.create_initialization_options())

    anyio.run(main)
