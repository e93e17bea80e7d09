"""Text that makes backtracking regular expressions super-linear, for the rule extractor's
property test and for ``bench/bench_rules.py`` (one list for both)."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime

from memgraph.ingest.rules import RuleExtractor
from memgraph.ingest.source import SourceText
from memgraph.ingest.tools import ToolExecutor
from memgraph.settings import Settings

# name -> the repeated unit; cut to size by hostile_text
FAMILIES: dict[str, str] = {
    "capitals": "A",
    "Aa-words": "Aa ",
    "long-name": "Anna Maria Lopez de la Vega of Castile and Leon ",
    "punctuation": "!?.,;:'’-&()[]",
    "apostrophes": "A'",
    "hyphens": "A-",
    "spaces": "   \t ",
    "said-storm": "Anna said Bob said ",
    "likes-storm": "I love I love Tom ",
    "work-titles": "I work as a very very very senior engineer ",
    "my-relations": "my sister my friend My ",
    "digits-dates": "2019-01-01 in 1999 since 2020 ",
    "mixed": "Ada Vance, Zed: O'Neil-Smith & Co! ",
}


def hostile_text(unit: str, size: int) -> str:
    """``unit`` repeated to ``size`` characters (never blank: ingestion refuses that)."""
    return (unit * (size // len(unit) + 1))[:size].strip() or "A"


def extract_seconds(text: str, clock: Callable[[], float] = time.perf_counter) -> float:
    """Seconds (wall-clock, or ``time.process_time`` for CPU) of one rule extraction of
    ``text`` into a plan (no graph; the whole-source name scan for known kinds included,
    answered with nothing known)."""
    extractor = RuleExtractor(Settings(), known_kinds=lambda keys: {})
    executor = ToolExecutor(lambda ids: {})
    source = SourceText("hostile", "hostile", text, speaker="Sam",
                        event_at=datetime(2024, 5, 10, 12, tzinfo=UTC))
    started = clock()
    extractor.extract(source, executor)
    return clock() - started
