"""One error hierarchy for memgraph.

Every error the library raises on purpose is a ``MemgraphError``. Driver and SDK
exceptions are wrapped with ``raise ... from e`` so callers handle one family and the
CLI can turn any of them into a single line and a non-zero exit code.
"""

from __future__ import annotations


class MemgraphError(Exception):
    """Root of every error memgraph raises on purpose."""

    code: str = "INTERNAL_ERROR"
    exit_code: int = 1


class ConfigurationError(MemgraphError):
    """Settings are missing, inconsistent or point at something that does not exist."""

    code = "INVALID_CONFIGURATION"
    exit_code = 2


class InvalidInputError(MemgraphError):
    """Input that memgraph refuses: empty, too large, not text, malformed."""

    code = "INVALID_REQUEST"
    exit_code = 2


class NotFoundError(MemgraphError):
    """An id or name that does not exist for this user."""

    code = "MEMORY_NOT_FOUND"
    exit_code = 3


class DatabaseError(MemgraphError):
    """Neo4j refused or failed a request."""

    code = "DATABASE_ERROR"
    exit_code = 4


class DatabaseUnavailableError(DatabaseError):
    """Neo4j cannot be reached."""

    code = "SERVICE_UNAVAILABLE"


class AuthenticationError(DatabaseError):
    """Neo4j rejected the credentials."""

    code = "UNAUTHORIZED"


class SchemaError(DatabaseError):
    """The graph schema is missing or disagrees with the configuration."""

    code = "SCHEMA_MISMATCH"


class ServerError(MemgraphError):
    """The local Neo4j server could not be installed, started or stopped."""

    code = "SERVER_ERROR"
    exit_code = 5


class ProviderError(MemgraphError):
    """An LLM or embedding provider failed."""

    code = "PROVIDER_ERROR"
    exit_code = 6


class ProviderTimeoutError(ProviderError):
    code = "PROVIDER_TIMEOUT"


class RateLimitedError(ProviderError):
    code = "RATE_LIMITED"


class MalformedOutputError(ProviderError):
    """The LLM answered with something that is not what was asked for."""

    code = "MALFORMED_LLM_OUTPUT"


class TokenBudgetError(ProviderError):
    """The next LLM call could take a unit of work (one source) over its token budget."""

    code = "TOKEN_BUDGET_EXCEEDED"


class JobError(MemgraphError):
    code = "JOB_ERROR"
    exit_code = 7


class JobLockedError(JobError):
    """Another run of the same job holds the lock."""

    code = "JOB_LOCKED"


class ConflictError(MemgraphError):
    """The request is valid but collides with what the graph holds (a name another memory
    of the same kind already has, a job that is already running for the tenant)."""

    code = "CONFLICT"
    exit_code = 2


class ApiKeyError(MemgraphError):
    """An HTTP API key that is missing, unknown or revoked (not Neo4j's credentials)."""

    code = "UNAUTHORIZED"
    exit_code = 2


class ForbiddenError(MemgraphError):
    """A request that names another tenant than the one its API key belongs to."""

    code = "FORBIDDEN"
    exit_code = 2


class TooManyRequestsError(MemgraphError):
    """One API key sent more requests than its rate limit allows; retry after a pause."""

    code = "RATE_LIMITED"
    exit_code = 1

    def __init__(self, message: str, retry_after_s: float) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s
