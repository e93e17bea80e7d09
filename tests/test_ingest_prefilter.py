"""The rule extractor's patterns are not run on text that cannot match them, and that
changes nothing they find (memgraph/ingest/prefilter.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hostile_text import FAMILIES, hostile_text
from hypothesis import given, settings
from hypothesis import strategies as st

import memgraph.ingest.rules as rules
from memgraph.ingest.prefilter import (
    REGISTERED,
    SHIPPED_LITERALS,
    Prefiltered,
    literal_table,
    required_literals,
)

ROOT = Path(__file__).resolve().parents[1]


def extractor_patterns() -> dict[str, Prefiltered]:
    """Every pattern of the rule extractor, by where it is defined."""
    found: dict[str, Prefiltered] = {}
    for name, value in vars(rules).items():
        if isinstance(value, Prefiltered):
            found[name] = value
        elif isinstance(value, list):
            for i, row in enumerate(value):
                for item in row if isinstance(row, tuple) else (row,):
                    if isinstance(item, Prefiltered):
                        found[f"{name}[{i}]"] = item
    return found


def sentences() -> list[str]:
    """What people say: every message of the fact-recall suite and of the synthetic
    conversations (each whole, and as the extractor cuts it), and hostile text."""
    suite = json.loads((ROOT / "tests" / "fact_recall_suite.json").read_text())
    texts = [t for c in suite["conversations"] for s in c["sessions"] for t in s["turns"]]
    for path in sorted((ROOT / "bench" / "data" / "locomo_style").glob("synth-*.json")):
        conversation = json.loads(path.read_text())[0]["conversation"]
        texts += [turn["text"] for key, session in conversation.items()
                  if key.startswith("session_") and isinstance(session, list)
                  for turn in session]
    texts += [piece for t in list(texts) for piece in rules.sentence_pieces(t)]
    texts += [hostile_text(family, 2_000) for family in FAMILIES.values()]
    # each text once: a message of one sentence is its own only piece (half the list)
    return list(dict.fromkeys(texts))


@pytest.mark.parametrize(("pattern", "literals"), [
    (r"[Mm]y\s++(?:work|job)\b", {"work", "job"}),      # the longer of "my" and these
    (r"\bI\s++(?:adopted|got)\s++a\s++dog", {"dog"}),
    (r"(?:called|named)\s++(?P<n>[A-Z]\w+)", {"called", "named"}),
    (r"(?:a|an)?\s*+cat", {"cat"}),
    (r"(?=.*diagnosed)\w+", {"diagnosed"}),              # a lookahead's text is in it too
    (r"(?:work|\w+ing)\s", {"work", "ing"}),
    (r"(?:work|\w+)\s", None),                            # a branch without a literal
    (r"(?!nothing)\w+", None),
    (r"x?y?", None),
])
def test_the_literals_a_pattern_needs_are_read_from_its_parse_tree(pattern, literals):
    found = required_literals(re.compile(pattern))
    assert (found if found is None else set(found)) == literals


def test_the_shipped_literals_are_what_each_pattern_needs():
    """The table read at start-up instead of the parse trees names every pattern of the
    extractor with the literals its parse tree gives: a pattern changed without
    `python scripts/gen_prefilter.py` fails here."""
    made = {id(p) for p in REGISTERED}
    assert len(made) > 150 and {id(p) for p in extractor_patterns().values()} <= made
    shipped = json.loads(SHIPPED_LITERALS.read_text(encoding="utf-8"))
    assert shipped == literal_table(REGISTERED)


def test_a_pattern_missing_from_the_table_reads_its_literals_and_compiles_when_needed():
    zebra = Prefiltered(r"\b(?:a|the)\s++zebras?\b")
    assert zebra.literals == {"zebra"}
    assert zebra.search("a horse in stripes") is None
    assert zebra._compiled is None                 # no text that could match: not compiled
    assert zebra.search("I saw the zebra today")[0] == "the zebra"
    assert zebra.pattern == r"\b(?:a|the)\s++zebras?\b"


def test_a_prefiltered_pattern_never_skips_text_it_matches():
    """For every pattern of the extractor and every message of the suite and the
    synthetic conversations: where the pattern finds something, it is run."""
    patterns = extractor_patterns()
    assert len(patterns) > 150
    texts = sentences()
    missed = [(name, text[:80]) for name, pattern in patterns.items() for text in texts
              if not pattern.may_match(text) and pattern._pattern.search(text)]
    assert missed == []


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="IMmyYwork jbcalednAI'’-,. ", max_size=60))
def test_nor_on_text_made_of_the_patterns_own_letters(text):
    for pattern in extractor_patterns().values():
        if pattern._pattern.search(text):
            assert pattern.may_match(text)


def test_hostile_text_runs_few_of_the_patterns():
    """ "Aa " repeated holds no word most patterns need: the few that run are those that
    read names alone (the cost in docs/benchmarks.md, "Rule extractor on hostile
    input")."""
    text = hostile_text(FAMILIES["Aa-words"], 10_000)
    patterns = extractor_patterns()
    ran = [name for name, pattern in patterns.items() if pattern.may_match(text)]
    assert len(ran) < len(patterns) // 10, ran
