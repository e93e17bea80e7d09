"""How names are keyed: ``canonical_name`` (one node per canonical name and tenant, the
``semantic_name`` constraint of schema v2), ``alias_key`` (how aliases compare),
``names_agree`` and ``may_be_one`` (whether two nodes that embed alike may be one). Used
by ingestion, retrieval, corrections, the dedupe job and the tests alike.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_APOSTROPHES = re.compile(r"[’'`´]")
_PUNCTUATION = re.compile(r"[^\w\s]+")


@lru_cache(maxsize=16384)
def canonical_name(name: str) -> str:
    """The key of a name: NFKC, case-folded, apostrophes dropped, other punctuation a
    space, runs of spaces one. Cached: one explore() keys the names of its candidate facts'
    ends some 170 times, mostly the same few dozen names."""
    text = unicodedata.normalize("NFKC", name).casefold()
    text = _APOSTROPHES.sub("", text)
    text = _PUNCTUATION.sub(" ", text)
    return " ".join(text.split())


def alias_key(name: str) -> str:
    """How aliases are compared: case-insensitive, whitespace-trimmed (as Cypher can)."""
    return " ".join(name.split()).lower()


# titles written before a name ("Dr Mensah", "Mrs. Okafor"), lower case
NAME_TITLES = frozenset({"dr", "mr", "mrs", "ms", "prof", "professor"})
NAME_PREFIX_MIN_CHARS = 3    # "Mel" begins "Melanie", "LGBT" begins "LGBTQ"; "Jo" is too short
# what a place's people or language add to its name ("Japan-ese", "Kore-an", "Indi-an",
# "Israel-i"), and a name one letter longer ("Julia-n", "Leo-n"): another thing
DEMONYM_ENDINGS = frozenset({"n", "an", "ian", "ese", "nese", "ish", "i"})
# the words a name may hold or leave out without naming another thing
NAME_GLUE = frozenset({"of", "the", "and", "de"})
# the words that make a job another grade of it: "senior pharmacist" is not "pharmacist"
# ("Ama got promoted to senior pharmacist" had become her "pharmacist" again)
RANK_WORDS = frozenset({"senior", "junior", "head", "lead", "chief", "principal",
                        "assistant", "deputy", "trainee", "associate", "vice"})


def names_agree(a: str, b: str) -> bool:
    """Whether two names may name one thing, as entity resolution and the dedupe job ask
    of people and entities that embed alike: every word of one matches a word of the other
    ("Pride Month", "Pride"; "Pompeu Fabra University", "University of Pompeu Fabra"), or
    they end alike and what tells them apart is one word spelt two ways ("St Mary
    Hospital", "Saint Mary Hospital"; not "City of Glasgow College", "Glasgow Clyde
    College").
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
    if not _words_match(words_a[-1], words_b[-1]):
        return False
    # the same kind of thing ("Hospital", "College"): one name only when what tells it
    # apart is one word, spelt two ways ("St" and "Saint", "Mt" and "Mount"); "City of
    # Glasgow College" and "Glasgow Clyde College" are two colleges, "Leeds College" and
    # "Bristol College" too
    apart_a = [x for x in words_a[:-1]
               if x not in NAME_GLUE and not any(_words_match(x, y) for y in words_b)]
    apart_b = [y for y in words_b[:-1]
               if y not in NAME_GLUE and not any(_words_match(y, x) for x in words_a)]
    return len(apart_a) == len(apart_b) == 1 and _abbreviates(apart_a[0], apart_b[0])


def _of_another_rank(a: str, b: str) -> bool:
    """Whether what one common noun adds to the other is a grade ("senior pharmacist",
    "pharmacist"; "head chef", "chef")."""
    words_a, words_b = set(canonical_name(a).split()), set(canonical_name(b).split())
    return bool((words_a ^ words_b) & RANK_WORDS)


def may_be_one(a: str, b: str, *, named: bool, types: tuple[str, str] = ("", "")) -> bool:
    """Whether two nodes that embed alike may be one, as entity resolution and the dedupe
    job ask. Two entities of different known types are two things whatever their names
    ("TU Berlin", an organisation, and "Berlin", a place: the words of one among the
    other's); a type not known ("") agrees with any. Named things (people, entities) only
    when their names agree. Common nouns
    (Concepts) too, or when they are one word in two forms ("hike", "hiking"; "dance",
    "dancing": the same stems). A short name embeds like its neighbours in kind: "tea."
    and "coffee." 0.87 with bge-small, "meat." and "shellfish." 0.85, "peanuts." and
    "nuts." 0.90, above the 0.85 that made one node of them; the embedding cannot tell a
    synonym from a sibling, so "running" and "jogging" stay two nodes too (session 40).
    A word in common with names that disagree is two things as well: "data engineer" and
    "data analyst" (0.90) are two jobs, "baking sourdough" and "baking bread" two bakes;
    and so is a grade of a job ("senior pharmacist", "pharmacist": ``RANK_WORDS``)."""
    if all(types) and types[0] != types[1]:
        return False
    if not named and _of_another_rank(a, b):
        return False
    if names_agree(a, b):
        return True
    if named:
        return False
    words_a, words_b = canonical_name(a).split(), canonical_name(b).split()
    if any(_words_match(x, y) for x in words_a for y in words_b):
        return False
    return bool(words_a) and {word_stem(w) for w in words_a} == {word_stem(w) for w in words_b}


@lru_cache(maxsize=16384)
def word_stem(word: str) -> str:
    """A crude English stem, enough to match "works" and "work", "lived" and "live",
    "hiking" and "hike", "applied" and "apply". Cached: ranking a question's facts stems a
    few hundred words, mostly the same ones."""
    w = word.lower()
    for suffix, repl in (("ies", "y"), ("ied", "y"), ("ing", ""), ("ed", ""), ("es", ""),
                         ("s", "")):
        if suffix == "s" and w[-2:-1] in ("s", "u", "i"):
            break        # no plural: "class" (the stem of "classes"), "campus", "tennis"
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)] + repl
            if suffix in ("ing", "ed") and ((w[-1] == w[-2] and w[-1] in _DOUBLED)
                                            or _DOUBLED_L.search(w)):
                w = w[:-1]       # "planning", "stopped", "travelling": "plan", "stop", "travel"
            break
    return w[:-1] if len(w) > 3 and w.endswith("e") else w


# consonants English doubles before "-ing"/"-ed" ("plan", "planning"; not "fall", "falling",
# nor "add", "added")
_DOUBLED = frozenset("bgmnprt")
# and the "l" British English doubles after a verb's last unstressed syllable ("travelling",
# "cancelled", "labelled"), not the "ll" of a one-syllable verb ("falling", "spelled")
_DOUBLED_L = re.compile(r"[aeiou][^aeiou]+ell$")


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


def _abbreviates(x: str, y: str) -> bool:
    """One word is a short form of the other: at most three letters, the other's first
    letter first, the rest of them in the other's order ("st" and "saint", "mt" and
    "mount", "rd" and "road")."""
    short, long = sorted((x, y), key=len)
    if len(short) > 3 or short == long or short[0] != long[0]:
        return False
    rest = iter(long[1:])
    return all(letter in rest for letter in short[1:])
