"""Skip a regular expression on text that cannot match it: the literal words it needs.

The rule extractor runs about two hundred patterns over every sentence, and every one
scans the whole sentence whatever it holds; on ordinary messages that is about a
millisecond, on a hostile 100 KB source ("Aa " repeated: every word may start a name)
seconds of CPU. Most patterns need a word the text does not hold ("work", "diagnosed",
"called"). ``required_literals`` reads a compiled pattern's parse tree for a set of
strings one of which every match must contain, case-folded; ``Prefiltered`` wraps the
pattern and answers "no match" without running it when the text holds none of them. The
answer is the pattern's own whenever it runs, so what is extracted does not change.

Reading two hundred parse trees and compiling the patterns took about 1.2 s of every
process that imported the extractor (`memgraph ingest`, the MCP and HTTP servers), more
than the rest of their start together. So the literals ship with the package
(``prefilter_literals.json``, written by ``python scripts/gen_prefilter.py``; a test fails
when it is stale, and a pattern missing from it gets its literals read at import as
before), and a pattern is compiled the first time a text may match it.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Iterator
from functools import cache, lru_cache
from pathlib import Path
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

Literals = frozenset[str] | None      # None: no literal is required (the pattern always runs)

_REPEATS = {sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT}
SHIPPED_LITERALS = Path(__file__).with_name("prefilter_literals.json")


def required_literals(pattern: re.Pattern[str]) -> Literals:
    """Strings (lower case) one of which every match of ``pattern`` contains, or None."""
    return _literals_of(pattern.pattern, pattern.flags)


def _literals_of(source: str, flags: int) -> Literals:
    if flags & re.VERBOSE:
        return None
    return _sequence(list(sre_parse.parse(source, flags)))


def _char(op: Any, arg: Any) -> str | None:
    """The one letter (case-folded) an item matches: a literal, or a class of the two cases
    of one letter ("[Mm]")."""
    if op is sre.LITERAL:
        return chr(arg).lower()
    if op is sre.IN and all(o is sre.LITERAL for o, _ in arg):
        letters = {chr(a).lower() for _, a in arg}
        if len(letters) == 1:
            return letters.pop()
    return None


def _better(a: Literals, b: Literals) -> Literals:
    """The more selective of two necessary sets: the longer shortest string, then fewer."""
    if a is None:
        return b
    if b is None:
        return a
    key_a = (min(map(len, a)), -len(a))
    key_b = (min(map(len, b)), -len(b))
    return a if key_a >= key_b else b


def _sequence(items: list[tuple[Any, Any]]) -> Literals:
    best: Literals = None
    run = ""
    for op, arg in items:
        char = _char(op, arg)
        if char is not None:
            run += char
            continue
        if run:
            best = _better(best, frozenset({run}))
            run = ""
        best = _better(best, _item(op, arg))
    if run:
        best = _better(best, frozenset({run}))
    return best


def _item(op: Any, arg: Any) -> Literals:
    if op is sre.SUBPATTERN:
        return _sequence(list(arg[-1]))
    if op is sre.ATOMIC_GROUP:
        return _sequence(list(arg))
    if op in _REPEATS:
        low, _, sub = arg
        return _sequence(list(sub)) if low >= 1 else None
    if op is sre.BRANCH:
        found: set[str] = set()
        for branch in arg[1]:
            literals = _sequence(list(branch))
            if not literals:
                return None
            found |= literals
        return frozenset(found)
    if op is sre.ASSERT:        # a lookahead or a lookbehind: the text holds it too
        return _sequence(list(arg[1]))
    return None


# every pattern made by ``compiled``: the table of literals is written from these
REGISTERED: list[Prefiltered] = []


def compiled(pattern: str, flags: int = 0) -> Prefiltered:
    """``re.compile``, prefiltered (and compiled when a text first may match it)."""
    made = Prefiltered(pattern, flags)
    REGISTERED.append(made)
    return made


def table_key(pattern: str, flags: int) -> str:
    return hashlib.sha256(f"{flags}\0{pattern}".encode()).hexdigest()[:24]


def literal_table(patterns: Iterable[Prefiltered]) -> dict[str, list[str] | None]:
    """What ``prefilter_literals.json`` holds: each pattern's literals, read afresh from
    its parse tree."""
    table: dict[str, list[str] | None] = {}
    for p in patterns:
        found = required_literals(p._pattern)
        table[p.key] = None if found is None else sorted(found)
    return dict(sorted(table.items()))


@cache
def _shipped() -> dict[str, list[str] | None]:
    try:
        return json.loads(SHIPPED_LITERALS.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}


@lru_cache(maxsize=16)
def _folded(text: str) -> str:
    """The text case-folded as the literals are; the patterns of one sentence share it."""
    return text.lower()


class Prefiltered:
    """A pattern that is not run on text holding none of its required literals, nor
    compiled before a text may match it. Everything else (``sub``, ``pattern``,
    ``groupindex``…) is the compiled pattern's own."""

    __slots__ = ("_compiled", "_flags", "_source", "literals")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._source = pattern
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None
        shipped = _shipped()
        self.literals: Literals
        if (key := self.key) in shipped:
            found = shipped[key]
            self.literals = None if found is None else frozenset(found)
        else:
            self.literals = _literals_of(pattern, flags)

    @property
    def key(self) -> str:
        return table_key(self._source, self._flags)

    @property
    def _pattern(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self._source, self._flags)
        return self._compiled

    def may_match(self, text: str) -> bool:
        if self.literals is None:
            return True
        folded = _folded(text)
        return any(literal in folded for literal in self.literals)

    def finditer(self, text: str, *args: Any) -> Iterator[re.Match[str]]:
        return self._pattern.finditer(text, *args) if self.may_match(text) else iter(())

    def search(self, text: str, *args: Any) -> re.Match[str] | None:
        return self._pattern.search(text, *args) if self.may_match(text) else None

    def match(self, text: str, *args: Any) -> re.Match[str] | None:
        return self._pattern.match(text, *args) if self.may_match(text) else None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._pattern, name)

    def __repr__(self) -> str:
        return f"Prefiltered({self._source!r}, {sorted(self.literals or ())})"
