"""How names are keyed: ``canonical_name`` (one node per canonical name and tenant, the
``semantic_name`` constraint of schema v2), ``alias_key`` (how aliases compare) and
``names_agree`` (whether two named nodes that embed alike may be one). Used by ingestion,
retrieval, corrections, the dedupe job and the tests alike.
"""

from __future__ import annotations

import re
import unicodedata

_APOSTROPHES = re.compile(r"[’'`´]")
_PUNCTUATION = re.compile(r"[^\w\s]+")


def canonical_name(name: str) -> str:
    text = unicodedata.normalize("NFKC", name).casefold()
    text = _APOSTROPHES.sub("", text)
    text = _PUNCTUATION.sub(" ", text)
    return " ".join(text.split())


def alias_key(name: str) -> str:
    """How aliases are compared: case-insensitive, whitespace-trimmed (as Cypher can)."""
    return " ".join(name.split()).lower()


NAME_PREFIX_MIN_CHARS = 3    # "Mel" begins "Melanie", "LGBT" begins "LGBTQ"; "Jo" is too short


def names_agree(a: str, b: str) -> bool:
    """Whether two names may name one thing, as entity resolution and the dedupe job ask
    of people and entities that embed alike: a word in common ("Pride Month", "Pride"), or
    a word of one that begins a word of the other, of at least NAME_PREFIX_MIN_CHARS
    characters ("LGBT", "LGBTQ"). "Tom" and "Tim", or "Barcelona" and "Madrid", do not,
    however alike their embeddings."""
    words_a, words_b = set(canonical_name(a).split()), set(canonical_name(b).split())
    if words_a & words_b:
        return True
    return any(len(short) >= NAME_PREFIX_MIN_CHARS and long.startswith(short)
               for x in words_a for y in words_b
               for short, long in ((x, y), (y, x)))
