"""The offline extractor's cost is linear: no input up to the 100 KB source limit stalls it.

Each input is extracted in a separate worker process, so that a super-linear pattern fails
the test at the bound instead of holding the suite for minutes (a regular expression
running in C cannot be interrupted from another thread). The bound is generous on
purpose (the figures on a quiet machine are in docs/benchmarks.md, "Rule extractor on
hostile input", from bench/bench_rules.py): before the patterns were bounded, 8,000
capital letters took 1.9 s and 100 KB of them minutes.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from multiprocessing.pool import Pool

import pytest
from hostile_text import FAMILIES, extract_seconds, hostile_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memgraph.ingest.rules import sentence_pieces

BOUND_S = 20.0          # seconds per 100 KB input, on a loaded 2-core machine
MAX_BYTES = 100_000     # settings.ingest.max_content_bytes

UNITS = st.one_of(
    st.sampled_from(list(FAMILIES.values())),
    st.text(alphabet="Aa '’-&.!?,;:()\n\tIZ", min_size=1, max_size=12),
    st.from_regex(r"[A-Z][a-z'’\-]{0,12}( (of|de|&))? ", fullmatch=True),
)
SIZES = st.one_of(st.just(MAX_BYTES), st.integers(1_000, MAX_BYTES))


class Worker:
    """One spawned process that extracts; replaced when an input overran the bound."""

    def __init__(self) -> None:
        self.pool = self._start()

    @staticmethod
    def _start() -> Pool:
        return multiprocessing.get_context("spawn").Pool(1)

    def timed(self, text: str) -> float:
        try:
            return self.pool.apply_async(extract_seconds, (text,)).get(timeout=BOUND_S)
        except multiprocessing.TimeoutError:
            self.pool.terminate()
            self.pool = self._start()
            pytest.fail(f"extracting {len(text):,} characters ({text[:40]!r}…) took over "
                        f"{BOUND_S:.0f} s")


@pytest.fixture(scope="module")
def worker() -> Iterator[Worker]:
    w = Worker()
    yield w
    w.pool.terminate()


@pytest.mark.slow
@pytest.mark.parametrize("family", list(FAMILIES))
def test_each_hostile_family_at_100_kb_extracts_within_the_bound(worker: Worker,
                                                                  family: str) -> None:
    assert worker.timed(hostile_text(FAMILIES[family], MAX_BYTES)) < BOUND_S


@pytest.mark.slow
@settings(max_examples=20, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow])
@given(unit=UNITS, size=SIZES)
def test_generated_inputs_up_to_100_kb_extract_within_the_bound(worker: Worker, unit: str,
                                                                size: int) -> None:
    assert worker.timed(hostile_text(unit, size)) < BOUND_S


@given(st.text(min_size=0, max_size=5_000))
@settings(max_examples=50, deadline=None)
def test_long_sentences_are_cut_into_bounded_pieces_that_keep_every_word(text: str) -> None:
    pieces = sentence_pieces(text.strip(), limit=200)
    assert all(len(p) <= 200 for p in pieces)
    assert "".join("".join(pieces).split()) == "".join(text.split())
