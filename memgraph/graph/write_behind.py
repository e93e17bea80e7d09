"""Writes the caller need not wait for, run in order on one background thread.

explore() and traverse() reinforce what they return (seed 001 "Salience Updates"). Written
inside the call, that write cost every call a write transaction (4-5 ms p50 on a LoCoMo
tenant), and calls that returned the same memories queued on its write locks: four
threads asking one question lost two thirds of their throughput, and deadlocks between
them stalled calls for the retry delay (1 s; docs/retrieval.md, "Reinforcement written
behind"). Queued here instead, the call returns once its reads are done, and one thread
per process writes the recalls one after another, so they never contend with each other.
Calls back to back on a small machine still pay for the write: it runs beside the next
call.

What the queue promises:
- jobs are written in the order they were queued, each as its own transaction;
- ``wait()`` returns once every job queued before it has been tried (``Graph`` calls it
  before any other query, so a process reads its own recalls);
- the queue holds at most ``capacity`` jobs: past that, ``submit`` waits (back-pressure,
  never unbounded memory);
- ``close()`` (and the interpreter's exit) writes what is queued; a job submitted after
  ``close()`` is written at once, in the caller's thread;
- a job whose write still fails after ``Graph``'s retry window is logged and counted in
  ``failed``: a recall is a statistic about a memory, not the memory, and the next recall
  counts again.
"""

from __future__ import annotations

import atexit
import logging
import os
import queue
import threading
import weakref
from collections.abc import Callable, Mapping
from typing import Any

log = logging.getLogger("memgraph.graph")

Job = tuple[str, Mapping[str, Any]]
DEFAULT_CAPACITY = 1024

_open: weakref.WeakSet[WriteBehind] = weakref.WeakSet()


@atexit.register
def _write_all_at_exit() -> None:
    for writer in list(_open):
        writer.close()


class WriteBehind:
    """A FIFO of named writes and the one daemon thread that runs them."""

    def __init__(self, write: Callable[[str, Mapping[str, Any]], object], *,
                 capacity: int = DEFAULT_CAPACITY) -> None:
        self._write = write
        self._capacity = capacity
        self._lock = threading.Lock()
        self._queue: queue.Queue[Job | None] = queue.Queue(capacity)
        self._thread: threading.Thread | None = None
        self._pid = os.getpid()
        self._closed = False
        self.failed = 0

    def submit(self, name: str, params: Mapping[str, Any]) -> None:
        """Queue one write; written at once, here, when the queue is closed."""
        with self._lock:
            closed = self._closed
            if not closed:
                self._start()
        if closed:
            self._run_one((name, params))
            return
        self._queue.put((name, params))

    def wait(self) -> None:
        """Return once every job queued so far has been tried."""
        thread = self._thread
        if thread is None or thread is threading.current_thread() or not thread.is_alive():
            return
        self._queue.join()

    def close(self) -> None:
        """Write what is queued, then stop the thread. Idempotent."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            thread = self._thread
        _open.discard(self)
        if thread is not None and thread.is_alive():
            self._queue.put(None)
            thread.join()

    def _start(self) -> None:
        # (under self._lock) a forked child inherits the queue but not the thread
        if self._pid != os.getpid():
            self._pid, self._thread = os.getpid(), None
            self._queue = queue.Queue(self._capacity)
        # not alive: never started, or ended by an exception no write raises (an interrupt)
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._drain, name="memgraph-write-behind",
                                            daemon=True)
            self._thread.start()
            _open.add(self)

    def _drain(self) -> None:
        while True:
            job = self._queue.get()
            try:
                if job is None:
                    return
                self._run_one(job)
            finally:
                self._queue.task_done()

    def _run_one(self, job: Job) -> None:
        name, params = job
        try:
            self._write(name, params)
        except Exception as e:   # the thread must outlive one failed write
            self.failed += 1
            log.error("queued write %s failed and was dropped (%d so far): %s",
                      name, self.failed, e)
