"""How names are keyed: ``canonical_name`` (one node per canonical name and tenant, the
``semantic_name`` constraint of schema v2) and ``alias_key`` (how aliases compare). Used by
ingestion, retrieval, corrections and the tests alike.
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
