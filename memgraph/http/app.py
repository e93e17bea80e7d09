"""The ASGI app: ``create_app()`` (uvicorn's factory) and the routes.

Every ``/v1`` route needs ``Authorization: Bearer <key>``; the key fixes the tenant. A body
or query ``user_id`` naming another tenant is refused (403), and a uid of another tenant is
simply not found (404): the library scopes every query by the key's tenant. Routes are
plain ``def`` functions: FastAPI runs them in its thread pool, because the Neo4j driver and
the embedder block.
"""

import logging
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from memgraph.errors import (
    ForbiddenError,
    InvalidInputError,
    MemgraphError,
    NotFoundError,
    TooManyRequestsError,
)
from memgraph.http import errors
from memgraph.http.models import (
    ConsolidateBody,
    ContextBody,
    IngestBody,
    PatchBody,
    RelatedBody,
    SearchBody,
)
from memgraph.http.ratelimit import RateLimiter
from memgraph.keys import ApiKey, authenticate
from memgraph.local_neo4j.browser_assets import ASSET_NAMES, assets_dir
from memgraph.memory import Memory
from memgraph.settings import Settings

log = logging.getLogger("memgraph.http")


class MemoryHolder:
    """The one ``Memory`` of this worker, opened on first need: the server starts (and
    /healthz answers) while Neo4j is down, and requests get 503 until it is back."""

    def __init__(self, settings: Settings, memory: Memory | None = None) -> None:
        self.settings = settings
        self._memory = memory
        self._lock = threading.Lock()

    def get(self) -> Memory:
        if self._memory is None:
            with self._lock:
                if self._memory is None:
                    self._memory = Memory(self.settings)
        return self._memory

    def close(self) -> None:
        if self._memory is not None:
            self._memory.close()


@dataclass(frozen=True)
class Caller:
    """The authenticated key of a request; its tenant is the request's tenant."""

    key: ApiKey
    memory: Memory

    @property
    def user_id(self) -> str:
        return self.key.user_id

    @property
    def actor(self) -> str:
        return f"key:{self.key.key_id}" + (f" ({self.key.name})" if self.key.name else "")

    def tenant(self, user_id: str | None) -> str:
        """The key's tenant; a request naming another is refused."""
        if user_id is not None and user_id != self.user_id:
            raise ForbiddenError("this API key belongs to another user: a request cannot "
                                 "name another tenant")
        return self.user_id


@dataclass
class PendingJob:
    job: str
    user_id: str
    status: str = "queued"
    error: str = ""


def create_app(settings: Settings | None = None, memory: Memory | None = None) -> FastAPI:
    """The app for uvicorn (``factory=True``): settings from the environment by default."""
    settings = settings or Settings()
    holder = MemoryHolder(settings, memory)
    limiter = RateLimiter(settings.http.rate_limit_per_minute, settings.http.rate_limit_burst)
    jobs: dict[str, PendingJob] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        try:   # warm the embedder so the first request does not load it
            holder.get().embedder.dimensions   # noqa: B018
        except MemgraphError as e:
            log.warning("not ready yet: %s", e)
        yield
        holder.close()

    app = FastAPI(title="memgraph", version=_version(), lifespan=lifespan,
                  summary="Long-term memory for LLM agents, native in Neo4j",
                  description="See docs/http.md. Errors: one JSON shape, "
                              '`{"error": {"status", "code", "reason", "message"}}`.')
    _install_error_handlers(app)

    @app.middleware("http")
    async def limit_body(request: Request, call_next: Any) -> Any:
        length = request.headers.get("content-length")
        if length is not None and length.isdigit() and \
                int(length) > settings.http.max_body_bytes:
            return JSONResponse(errors.body(400, f"request body is {int(length):,} bytes, over "
                                            f"the {settings.http.max_body_bytes:,}-byte limit"),
                                status_code=400)
        return await call_next(request)

    def caller(request: Request) -> Caller:
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        memory = holder.get()
        key = authenticate(memory.graph, token.strip() if scheme.lower() == "bearer" else None)
        wait = limiter.acquire(key.key_id)
        if wait is not None:
            raise TooManyRequestsError(f"rate limit of {settings.http.rate_limit_per_minute} "
                                       "requests a minute exceeded for this key", wait)
        return Caller(key, memory)

    Auth = Annotated[Caller, Depends(caller)]
    UserQuery = Annotated[str | None, Query(description="optional: the key's own tenant")]

    # -- health ---------------------------------------------------------------------------
    @app.get("/healthz", tags=["health"])
    def healthz() -> dict[str, str]:
        """The process is up (Neo4j is not asked)."""
        return {"status": "ok"}

    @app.get("/readyz", tags=["health"])
    def readyz() -> dict[str, Any]:
        """Neo4j answers and the graph has memgraph's schema: ready for requests."""
        memory = holder.get()
        info = memory.graph.read("graph/server_info")[0]
        memory.ensure_schema()
        return {"status": "ready", "neo4j": info["version"]}

    # -- Neo4j Browser's guide and style sheet ----------------------------------------------
    @app.get("/browser/memgraph/{name}", tags=["browser"])
    def browser_asset(name: str) -> Response:
        """The guide (``:play``) and style sheet (``:style``) for a Neo4j that does not serve
        them itself, such as the Docker image. Public and readable from any origin, as
        Browser fetches them from its own page."""
        if name not in ASSET_NAMES:
            raise NotFoundError(f"no Browser asset {name!r}; there are {', '.join(ASSET_NAMES)}")
        media = "text/html" if name.endswith(".html") else "text/plain"
        return Response((assets_dir() / name).read_bytes(), media_type=f"{media}; charset=utf-8",
                        headers={"Access-Control-Allow-Origin": "*"})

    # -- memories ---------------------------------------------------------------------------
    @app.post("/v1/memories", tags=["memories"], status_code=201)
    def create_memory(body: IngestBody, who: Auth) -> JSONResponse:
        """Remember a source: stored and extracted into the graph. 201 when new,
        200 when its idempotency key was seen before (nothing changed), 202 when it is
        stored but extraction failed (the LLM or embedder was down): it is retried by
        `memgraph ingest --retry-failed`. With ``dry_run`` 200 and what would be learned,
        nothing stored (a failed extraction is an error then, as nothing is kept to retry)."""
        fields = body.model_dump(exclude={"user_id", "content"})
        result = who.memory.ingest(body.content, user_id=who.tenant(body.user_id), **fields)
        status = (200 if result.duplicate or result.dry_run
                  else 202 if result.status != "done" else 201)
        return JSONResponse({"memory_id": result.source_uid, **result.as_dict()},
                            status_code=status)

    @app.post("/v1/memories/search", tags=["memories"])
    def search(body: SearchBody, who: Auth) -> dict[str, Any]:
        """explore(): hybrid retrieval with provenance and a score breakdown per result."""
        started = time.perf_counter()
        results = who.memory.explore(body.query, user_id=who.tenant(body.user_id), k=body.k,
                                     **body.options())
        return {"memories": [r.model_dump(mode="json") for r in results],
                "total_count": len(results),
                "query_time_ms": round((time.perf_counter() - started) * 1000, 1)}

    @app.post("/v1/memories/context", tags=["memories"])
    def context(body: ContextBody, who: Auth) -> dict[str, Any]:
        """Prompt-ready memory text within a token budget."""
        result = who.memory.context(body.query, user_id=who.tenant(body.user_id),
                                    max_tokens=body.max_tokens, format=body.format,
                                    **body.options())
        return {"context": result.text, "format": result.format,
                "memories_used": result.memories_used, "tokens_used": result.tokens_used,
                "max_tokens": result.max_tokens, "truncated": result.truncated,
                "memory_ids": [r.uid for r in result.memories]}

    @app.post("/v1/memories/related", tags=["memories"])
    def related(body: RelatedBody, who: Auth) -> dict[str, Any]:
        """traverse(): a bounded walk from a memory, with the path to each node."""
        result = who.memory.traverse(
            body.memory_id, user_id=who.tenant(body.user_id), depth=body.max_depth,
            types=body.relationship_types, direction=body.direction, limit=body.limit,
            offset=body.offset, include_archived=body.include_archived,
            reinforce=body.reinforce)
        return result.model_dump(mode="json")

    @app.post("/v1/memories/consolidate", tags=["jobs"], status_code=202)
    def consolidate(body: ConsolidateBody, who: Auth) -> dict[str, Any]:
        """Run the nightly steps (or one) for the caller's tenant in the background; poll
        GET /v1/jobs/{job_id}."""
        from memgraph.graph.models import new_id

        user_id = who.tenant(body.user_id)
        job_id = new_id()
        jobs[job_id] = PendingJob(body.job, user_id)

        def run() -> None:
            jobs[job_id].status = "running"
            try:
                report = who.memory.run_job(body.job, user_id=user_id, dry_run=body.dry_run,
                                            run_id=job_id)
                jobs[job_id].status = report.status
                jobs[job_id].error = "; ".join(report.errors)
            except MemgraphError as e:
                jobs[job_id].status, jobs[job_id].error = "failed", str(e)
            except Exception as e:   # a background thread has nobody to raise to
                log.exception("job %s failed", job_id)
                jobs[job_id].status, jobs[job_id].error = "failed", f"{type(e).__name__}: {e}"

        threading.Thread(target=run, name=f"memgraph-job-{job_id[:8]}", daemon=True).start()
        return {"job_id": job_id, "job": body.job, "status": "queued", "dry_run": body.dry_run}

    @app.get("/v1/jobs/{job_id}", tags=["jobs"])
    def job(job_id: str, who: Auth, user_id: UserQuery = None) -> dict[str, Any]:
        """A job run of the caller's tenant: its status, counts and steps."""
        from memgraph.memories import plain

        tenant = who.tenant(user_id)
        rows = who.memory.graph.read("jobs/run", run_id=job_id, user_id=tenant)
        pending = jobs.get(job_id)
        if rows:
            row = plain(rows[0])
            if pending is not None and pending.error:
                row["errors"] = [*(row.get("errors") or []), pending.error]
            return row
        if pending is not None and pending.user_id == tenant:
            # not recorded yet (queued), or refused before it started (a run was in progress)
            return {"run_id": job_id, "job": pending.job, "status": pending.status,
                    "errors": [pending.error] if pending.error else []}
        raise NotFoundError(f"no job {job_id!r} for this user")

    @app.get("/v1/memories/{memory_id}", tags=["memories"])
    def get_memory(memory_id: str, who: Auth, user_id: UserQuery = None) -> dict[str, Any]:
        """A memory with its provenance, notes, relationships, history and audit records."""
        return who.memory.get(memory_id, user_id=who.tenant(user_id)).model_dump(mode="json")

    @app.patch("/v1/memories/{memory_id}", tags=["memories"])
    def patch_memory(memory_id: str, body: PatchBody, who: Auth) -> dict[str, Any]:
        """Correct a node (name, description), end a fact (valid_to or end), or set how a
        memory is forgotten (ttl_policy). Each change is audited."""
        tenant = who.tenant(body.user_id)
        changed: list[str] = []
        if body.name is None and body.description is None and body.valid_to is None \
                and not body.end and body.ttl_policy is None:
            raise InvalidInputError("nothing to change: give name, description, valid_to, "
                                    "end or ttl_policy")
        if (body.name is not None or body.description is not None) and \
                (body.valid_to is not None or body.end):
            raise InvalidInputError("name and description correct a node, valid_to and end "
                                    "end a fact: one memory is never both")
        if body.name is not None or body.description is not None:
            who.memory.correct(memory_id, name=body.name, description=body.description,
                               user_id=tenant, actor=who.actor)
            changed += [f for f in ("name", "description") if getattr(body, f) is not None]
        if body.valid_to is not None or body.end:
            who.memory.end_fact(memory_id, at=body.valid_to, user_id=tenant, actor=who.actor)
            changed.append("valid_to")
        if body.ttl_policy is not None:
            who.memory.set_ttl_policy(memory_id, body.ttl_policy, user_id=tenant)
            changed.append("ttl_policy")
        record = who.memory.get(memory_id, user_id=tenant)
        return {"memory_id": record.uid, "updated": changed,
                "memory": record.model_dump(mode="json")}

    @app.delete("/v1/memories/{memory_id}", tags=["memories"])
    def delete_memory(memory_id: str, who: Auth, user_id: UserQuery = None,
                      dry_run: bool = False) -> dict[str, Any]:
        """Delete a memory: a node with its relationships and notes, a fact, or a source
        with what was learned only from it. ``dry_run=true`` reports and deletes nothing."""
        return who.memory.delete(memory_id, user_id=who.tenant(user_id), dry_run=dry_run,
                                 actor=who.actor).model_dump(mode="json")

    @app.get("/v1/audit", tags=["memories"])
    def audit(who: Auth, user_id: UserQuery = None, memory_id: str | None = None,
              limit: Annotated[int, Query(ge=1, le=1000)] = 100) -> dict[str, Any]:
        """Audit records of corrections and deletions (who, when, what), newest first."""
        entries = who.memory.audit(user_id=who.tenant(user_id), target=memory_id, limit=limit)
        return {"records": [e.model_dump(mode="json") for e in entries]}

    return app


def _install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(MemgraphError)
    async def memgraph_error(request: Request, exc: MemgraphError) -> JSONResponse:
        status, payload, headers = errors.describe(exc)
        return JSONResponse(payload, status_code=status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = [f"{'.'.join(str(p) for p in e['loc'] if p != 'body') or 'body'}: {e['msg']}"
                 for e in exc.errors()[:4]]
        return JSONResponse(errors.body(400, "; ".join(parts) or "malformed request"),
                            status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        reason = {404: "NOT_FOUND", 405: "METHOD_NOT_ALLOWED"}.get(exc.status_code)
        payload = errors.body(exc.status_code, str(exc.detail), reason)
        if exc.status_code == 404:
            payload["error"]["code"] = "NOT_FOUND"   # no such route, not a missing memory
        return JSONResponse(payload, status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        return JSONResponse(errors.body(500, f"internal error: {type(exc).__name__}"),
                            status_code=500)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("memgraph")
    except PackageNotFoundError:
        return "0"

