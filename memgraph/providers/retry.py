"""Retries with exponential backoff, in one place for every provider.

Only ``RateLimitedError`` (HTTP 429 and 5xx) and ``ProviderTimeoutError`` (timeouts,
unreachable server) are retried; any other ``ProviderError`` (a 4xx: bad request, wrong
key, unknown model) would fail the same way again and is raised at once.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from typing import TypeVar

from memgraph.errors import ProviderTimeoutError, RateLimitedError

T = TypeVar("T")

RETRYABLE = (RateLimitedError, ProviderTimeoutError)
MAX_BACKOFF_S = 30.0

log = logging.getLogger("memgraph.providers")


def backoff_delay(attempt: int, base_s: float, retry_after_s: float | None = None) -> float:
    """Seconds to wait before retry number ``attempt`` (1-based): exponential with jitter,
    never less than what the server asked for in ``Retry-After``, capped."""
    delay = base_s * (2 ** (attempt - 1)) * (1 + random.random())
    if retry_after_s is not None:
        delay = max(delay, retry_after_s)
    return min(delay, MAX_BACKOFF_S)


def call_with_retries(fn: Callable[[], T], *, max_retries: int, backoff_base_s: float,
                      what: str = "provider call") -> T:
    """Call ``fn``; on a retryable error wait and try again, at most ``max_retries`` times."""
    attempt = 0
    while True:
        try:
            return fn()
        except RETRYABLE as e:
            attempt += 1
            if attempt > max_retries:
                raise
            delay = backoff_delay(attempt, backoff_base_s, getattr(e, "retry_after_s", None))
            log.warning("%s failed (%s); retry %d/%d in %.2fs",
                        what, e, attempt, max_retries, delay)
            time.sleep(delay)
