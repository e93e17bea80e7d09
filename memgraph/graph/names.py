"""How names are keyed: ``canonical_name`` (one node per canonical name and tenant, the
``semantic_name`` constraint of schema v2), ``alias_key`` (how aliases compare),
``names_agree`` and ``may_be_one`` (whether two nodes that embed alike may be one). Used
by ingestion, retrieval, corrections, the dedupe job and the tests alike.
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
# what a place's people or language add to its name ("Japan-ese", "Kore-an", "Indi-an",
# "Israel-i"), and a name one letter longer ("Julia-n", "Leo-n"): another thing
DEMONYM_ENDINGS = frozenset({"n", "an", "ian", "ese", "nese", "ish", "i"})


def names_agree(a: str, b: str) -> bool:
    """Whether two names may name one thing, as entity resolution and the dedupe job ask
    of people and entities that embed alike: every word of one matches a word of the other
    ("Pride Month", "Pride"; "Pompeu Fabra University", "University of Pompeu Fabra"), or
    they have a word in common and end alike ("St Mary Hospital", "Saint Mary Hospital").
    Words match when equal, when one begins the other and has at least
    NAME_PREFIX_MIN_CHARS characters ("LGBT", "LGBTQ"; "Mel", "Melanie"), or when one is
    the other's initial ("Ada L.", "Ada Lovelace"). "Tom" and "Tim",
    "Barcelona" and "Madrid" do not, however alike their embeddings; nor do "LGBTQ
    conference" and "LGBTQ support group", or "Anna Schmidt" and "Anna Müller": one word in
    common, two things."""
    words_a, words_b = canonical_name(a).split(), canonical_name(b).split()
    if not words_a or not words_b:
        return False
    shorter, longer = sorted((words_a, words_b), key=len)
    if all(any(_words_match(x, y) for y in longer) for x in shorter):
        return True
    return _words_match(words_a[-1], words_b[-1]) and any(
        _words_match(x, y) for x in words_a for y in words_b)


def may_be_one(a: str, b: str, *, named: bool) -> bool:
    """Whether two nodes that embed alike may be one, as entity resolution and the dedupe
    job ask. Named things (people, entities) only when their names agree. Common nouns
    (Concepts) by their embedding alone ("hike", "hiking"; "running", "jogging"), unless
    they share a word and their names disagree. A word in common makes two things embed
    alike: "data engineer" and "data analyst" (0.90 with bge-small) are two jobs, and
    "baking sourdough" and "baking bread" are two bakes."""
    if names_agree(a, b):
        return True
    if named:
        return False
    words_a, words_b = canonical_name(a).split(), canonical_name(b).split()
    return not any(_words_match(x, y) for x in words_a for y in words_b)


def _words_match(x: str, y: str) -> bool:
    """Equal, one the start of the other, or an initial of it ("Ada L.", "Ada Lovelace");
    not a place and its people or language ("Japan", "Japanese"; "Korea", "Korean";
    "Israel", "Israeli"), nor two names one ending apart ("Julia", "Julian")."""
    short, long = sorted((x, y), key=len)
    if short == long:
        return True
    if long.startswith(short) and long[len(short):] in DEMONYM_ENDINGS:
        return False
    return long.startswith(short) and (len(short) >= NAME_PREFIX_MIN_CHARS or len(short) == 1)
