"""One error hierarchy for memgraph.

Every error the library raises on purpose is a ``MemgraphError``. Driver and SDK
exceptions are wrapped with ``raise ... from e`` so callers handle one family and the
CLI can turn any of them into a single line and a non-zero exit code.

Each class names its machine-readable ``code`` (the MCP and HTTP error code) and the
CLI's ``exit_code`` in its header; a subclass that names neither inherits its parent's.
"""

from __future__ import annotations


class MemgraphError(Exception):
    """Root of every error memgraph raises on purpose."""

    code: str = "INTERNAL_ERROR"
    exit_code: int = 1

    def __init_subclass__(cls, *, code: str | None = None, exit_code: int | None = None,
                          **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if code is not None:
            cls.code = code
        if exit_code is not None:
            cls.exit_code = exit_code


class ConfigurationError(MemgraphError, code="INVALID_CONFIGURATION", exit_code=2):
    """Settings are missing, inconsistent or point at something that does not exist."""


class InvalidInputError(MemgraphError, code="INVALID_REQUEST", exit_code=2):
    """Input that memgraph refuses: empty, too large, not text, malformed."""


class NotFoundError(MemgraphError, code="MEMORY_NOT_FOUND", exit_code=3):
    """An id or name that does not exist for this user."""


class DatabaseError(MemgraphError, code="DATABASE_ERROR", exit_code=4):
    """Neo4j refused or failed a request."""


class DatabaseUnavailableError(DatabaseError, code="SERVICE_UNAVAILABLE"):
    """Neo4j cannot be reached."""


class AuthenticationError(DatabaseError, code="UNAUTHORIZED"):
    """Neo4j rejected the credentials."""


class SchemaError(DatabaseError, code="SCHEMA_MISMATCH"):
    """The graph schema is missing or disagrees with the configuration."""


class ServerError(MemgraphError, code="SERVER_ERROR", exit_code=5):
    """The local Neo4j server could not be installed, started or stopped."""


class ProviderError(MemgraphError, code="PROVIDER_ERROR", exit_code=6):
    """An LLM or embedding provider failed."""


class ProviderTimeoutError(ProviderError, code="PROVIDER_TIMEOUT"):
    """The provider did not answer in time."""


class RateLimitedError(ProviderError, code="RATE_LIMITED"):
    """The provider refused the request for its rate limit."""


class MalformedOutputError(ProviderError, code="MALFORMED_LLM_OUTPUT"):
    """The LLM answered with something that is not what was asked for."""


class TokenBudgetError(ProviderError, code="TOKEN_BUDGET_EXCEEDED"):
    """The next LLM call could take a unit of work (one source) over its token budget."""


class JobError(MemgraphError, code="JOB_ERROR", exit_code=7):
    """A maintenance job failed."""


class JobLockedError(JobError, code="JOB_LOCKED"):
    """Another run of the same job holds the lock."""


class ConflictError(MemgraphError, code="CONFLICT", exit_code=2):
    """The request is valid but collides with what the graph holds (a name another memory
    of the same kind already has, a job that is already running for the tenant)."""


class ApiKeyError(MemgraphError, code="UNAUTHORIZED", exit_code=2):
    """An HTTP API key that is missing, unknown or revoked (not Neo4j's credentials)."""


class ForbiddenError(MemgraphError, code="FORBIDDEN", exit_code=2):
    """A request that names another tenant than the one its API key belongs to."""


class TooManyRequestsError(MemgraphError, code="RATE_LIMITED", exit_code=1):
    """One API key sent more requests than its rate limit allows; retry after a pause."""

    def __init__(self, message: str, retry_after_s: float) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s
