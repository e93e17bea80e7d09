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
- jobs are written in the order they were queued (several may share a statement: "group
  commit", below);
- ``wait()`` returns once every job queued before it has been tried (``Graph`` calls it
  before any other query, so a process reads its own recalls);
- the queue holds at most ``capacity`` jobs: past that, ``submit`` waits (back-pressure,
  never unbounded memory);
- ``close()`` (and the interpreter's exit) writes what is queued; a job submitted after
  ``close()`` is written at once, in the caller's thread;
- a job whose write still fails after ``Graph``'s retry window is logged and counted in
  ``failed``: a recall is a statistic about a memory, not the memory, and the next recall
  counts again.

Group commit: the thread waits ``linger_s`` after a job arrives, and jobs that say how
(``merge``: the list parameter, its items' key, and the list in each item that holds what
repeats) are merged into one statement with the jobs queued after them while the other
parameters are equal; an item whose key is already in the statement adds its list to that
item's, in the order queued (a recall of an element already recalled adds its time to the
element's times, and the query applies them in turn). Back to back, one statement then
carries every call's recalls of the linger: the write that ran beside every next call
runs beside one call in several dozen. ``wait()`` ends the lingering at once.
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

Merge = tuple[str, str, str]    # (list parameter, key of its items, their list that folds)
Job = tuple[str, Mapping[str, Any], Merge | None]
DEFAULT_CAPACITY = 1024
# How long the thread waits after a recall arrives before writing what is queued: calls
# back to back then share one statement (about 5 per 150 LoCoMo calls instead of 37 at
# 50 ms, and with reinforcement explore() took as long as read-only; docs/retrieval.md,
# "Group commit"); a reader in another process sees a recall at most this much later.
LINGER_S = 0.5
# A statement holds at most this many items (elements): many threads' calls queued in one
# linger would otherwise lock thousands of elements in one transaction.
MAX_STATEMENT_ITEMS = 1000

_open: weakref.WeakSet[WriteBehind] = weakref.WeakSet()


@atexit.register
def _write_all_at_exit() -> None:
    for writer in list(_open):
        writer.close()


class WriteBehind:
    """A FIFO of named writes and the one daemon thread that runs them."""

    def __init__(self, write: Callable[[str, Mapping[str, Any]], object], *,
                 capacity: int = DEFAULT_CAPACITY, linger_s: float = LINGER_S) -> None:
        self._write = write
        self._capacity = capacity
        self._linger_s = linger_s
        self._hurry = threading.Event()      # set by wait(): stop lingering
        self._lock = threading.Lock()
        self._queue: queue.Queue[Job | None] = queue.Queue(capacity)
        self._thread: threading.Thread | None = None
        self._pid = os.getpid()
        self._closed = False
        self.failed = 0

    def submit(self, name: str, params: Mapping[str, Any], *,
               merge: Merge | None = None) -> None:
        """Queue one write; written at once, here, when the queue is closed. ``merge``:
        (list parameter, key of its items, their list that folds) if jobs of this query
        may share a statement."""
        with self._lock:
            if not self._closed:
                self._start()
                # under the lock, so close() cannot slip its end mark in before this job
                # (a full queue blocks here until the thread takes one: it never locks)
                self._queue.put((name, params, merge))
                return
        self._run_one(name, params)

    def wait(self) -> None:
        """Return once every job queued so far has been tried."""
        thread = self._thread
        if thread is None or thread is threading.current_thread() or not thread.is_alive():
            return
        self._hurry.set()
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
            self._hurry.set()
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
            batch: list[Job | None] = [self._queue.get()]
            if batch[0] is not None and self._linger_s > 0:
                self._hurry.wait(self._linger_s)
            self._hurry.clear()
            while True:
                try:
                    batch.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            try:
                for name, params in statements([j for j in batch if j is not None]):
                    self._run_one(name, params)
            finally:
                for _ in batch:
                    self._queue.task_done()
            if None in batch:
                return

    def _run_one(self, name: str, params: Mapping[str, Any]) -> None:
        try:
            self._write(name, params)
        except Exception as e:   # the thread must outlive one failed write
            self.failed += 1
            log.error("queued write %s failed and was dropped (%d so far): %s",
                      name, self.failed, e)


def statements(jobs: list[Job], max_items: int = MAX_STATEMENT_ITEMS
               ) -> list[tuple[str, Mapping[str, Any]]]:
    """The jobs, in order, as statements: a mergeable job joins the statement before it
    when that is the same query with the same other parameters; its items whose key is
    there already fold their list into that item's. A statement of ``max_items`` items
    takes no new key: the next one starts (and, written after it, keeps the order)."""
    out: list[tuple[str, dict[str, Any], Merge | None, dict[Any, dict[str, Any]]]] = []
    for name, params, merge in jobs:
        if merge is None:
            out.append((name, dict(params), None, {}))
            continue
        field, key, folds = merge
        joins = bool(out) and out[-1][0] == name and out[-1][2] == merge \
            and _rest(out[-1][1], field) == _rest(params, field)
        for item in params[field]:
            by_key = out[-1][3] if joins else {}
            held = by_key.get(item[key])
            if held is not None:
                held[folds].extend(item[folds])
                continue
            if not joins or len(by_key) >= max_items:
                by_key = {}
                out.append((name, {**params, field: []}, merge, by_key))
                joins = True
            by_key[item[key]] = held = {**item, folds: list(item[folds])}
            out[-1][1][field].append(held)
    return [(name, params) for name, params, _, _ in out]


def _rest(params: Mapping[str, Any], field: str) -> dict[str, Any]:
    return {k: v for k, v in params.items() if k != field}
