"""Per-key request rate limit: a token bucket per API key, in this worker's memory.

A key may send ``burst`` requests at once, then ``per_minute`` a minute. Each uvicorn worker
keeps its own buckets (docs/http.md: with N workers a key gets up to N times the rate);
the limit protects one server from one client, it is not a billing meter.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable


class RateLimiter:
    def __init__(self, per_minute: int, burst: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = per_minute / 60.0            # tokens per second
        self.capacity = float(burst)
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}   # key -> (tokens, at)
        self._lock = threading.Lock()

    def acquire(self, key: str) -> float | None:
        """Take one token for ``key``: None when allowed, else seconds until one is free."""
        with self._lock:
            now = self.clock()
            tokens, at = self._buckets.get(key, (self.capacity, now))
            tokens = min(self.capacity, tokens + (now - at) * self.rate)
            if tokens >= 1.0:
                self._buckets[key] = (tokens - 1.0, now)
                return None
            self._buckets[key] = (tokens, now)
            return (1.0 - tokens) / self.rate
