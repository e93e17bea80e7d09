"""Library errors as HTTP responses: one table, one JSON shape.

    {"error": {"status": 404, "code": "MEMORY_NOT_FOUND", "reason": "MEMORY_NOT_FOUND",
               "message": "no memory with uid or name 'x' for user 'u'"}}

``code`` is seed 000's name for the status (its "Error Codes" table); ``reason`` is the
library error's own code (``MemgraphError.code``: SCHEMA_MISMATCH, PROVIDER_TIMEOUT,
JOB_LOCKED, …) for a client that wants the finer cause. 429 and 503 add ``retry_after``
(seconds) and a ``Retry-After`` header.
"""

from __future__ import annotations

import logging
import math
from typing import Any

from memgraph.errors import (
    ApiKeyError,
    AuthenticationError,
    ConflictError,
    DatabaseError,
    DatabaseUnavailableError,
    ForbiddenError,
    InvalidInputError,
    JobLockedError,
    MemgraphError,
    NotFoundError,
    ProviderError,
    SchemaError,
    TooManyRequestsError,
)

log = logging.getLogger("memgraph.http")

# Seed 000, "Error Codes": status -> name.
CODES: dict[int, str] = {
    400: "INVALID_REQUEST", 401: "UNAUTHORIZED", 403: "FORBIDDEN", 404: "MEMORY_NOT_FOUND",
    409: "DUPLICATE_MEMORY", 429: "RATE_LIMITED", 500: "INTERNAL_ERROR",
    503: "SERVICE_UNAVAILABLE",
}

# Most specific first: the first class an error is an instance of decides its status.
STATUS: tuple[tuple[type[MemgraphError], int], ...] = (
    (ApiKeyError, 401),
    (ForbiddenError, 403),
    (NotFoundError, 404),
    (ConflictError, 409),
    (JobLockedError, 409),
    (TooManyRequestsError, 429),
    (InvalidInputError, 400),
    (DatabaseUnavailableError, 503),   # Neo4j down: retry later, nothing was half-written
    (AuthenticationError, 503),        # Neo4j refused *our* credentials: not the client's fault
    (SchemaError, 503),                # `memgraph init` not run (or another embedder)
    (ProviderError, 503),              # the embedder or LLM is down or timing out
    (DatabaseError, 500),
    (MemgraphError, 500),
)
RETRY_AFTER_UNAVAILABLE_S = 5


def status_of(error: MemgraphError) -> int:
    return next(status for cls, status in STATUS if isinstance(error, cls))


def body(status: int, message: str, reason: str | None = None,
         retry_after: float | None = None) -> dict[str, Any]:
    error: dict[str, Any] = {"status": status, "code": CODES.get(status, "INVALID_REQUEST"),
                             "reason": reason or CODES.get(status, "INVALID_REQUEST"),
                             "message": " ".join(message.split()) or "error"}
    if retry_after is not None:
        error["retry_after"] = retry_after
    return {"error": error}


def describe(error: MemgraphError) -> tuple[int, dict[str, Any], dict[str, str]]:
    """(status, JSON body, headers) for a library error."""
    status = status_of(error)
    retry_after: float | None = None
    if isinstance(error, TooManyRequestsError):
        retry_after = max(1, math.ceil(error.retry_after_s))
    elif status == 503:
        retry_after = RETRY_AFTER_UNAVAILABLE_S
    headers = {"Retry-After": str(int(retry_after))} if retry_after is not None else {}
    if status >= 500:
        log.warning("%s: %s", type(error).__name__, error)
    payload = body(status, str(error), error.code, retry_after)
    if status == 409 and not isinstance(error, ConflictError):
        payload["error"]["code"] = error.code   # a running job is no duplicate memory
    return status, payload, headers
