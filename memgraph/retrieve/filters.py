"""Validation of explore()/traverse() input: every value is checked before it reaches Cypher."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from memgraph.errors import InvalidInputError
from memgraph.graph.names import word_stem
from memgraph.graph.schema import NODE_TEXT_FIELDS
from memgraph.graph.vocabulary import DEFAULT_STATES, SENSITIVITIES, STATES, State
from memgraph.graph.vocabulary import kind as parse_kind

# Lucene query syntax characters; a user's query is text, never query syntax.
_LUCENE_SPECIAL = re.compile(r'([+\-!(){}\[\]^"~*?:\\/&|])')
_LUCENE_OPERATORS = re.compile(r"\b(AND|OR|NOT|TO)\b")


# The words a question is made of rather than what it is about: interrogatives,
# auxiliaries and personal pronouns. The english analyzer keeps them (its stop list is
# articles and prepositions), so "What did Caroline research?" ranked "What did it look
# like?" first: every OR-ed term counts and a short text matching "what did" scores high.
# Memories are statements in the first person ("I went…"), questions ask in the third
# ("did she go…"): the pronouns match the wrong texts too. Never "may" (the month).
QUESTION_WORDS = frozenset({
    "what", "when", "where", "which", "who", "whom", "whose", "why", "how",
    "do", "does", "did", "doing", "done", "has", "have", "had", "having", "been", "being",
    "am", "would", "could", "should", "can", "might", "must", "shall",
    "i", "me", "my", "mine", "you", "your", "yours", "he", "him", "his", "she", "her",
    "hers", "we", "us", "our", "ours", "them", "its",
})
# Words that say when, not what ("Where do I live now?", "What did Melanie paint
# recently?"): the question's time is read by retrieve/query.py (the current fact first,
# the latest of several, today's date); as full-text terms they only matched messages
# that say "now" ("I have a tutor now, his name is Kenji")
TIME_ONLY_WORDS = frozenset({
    "now", "currently", "nowadays", "lately", "recently", "still", "today", "latest",
    "recent", "current",
})
# Words that hedge a question ("Would Ruth likely enjoy a Dolly Parton concert?"): it asks
# what follows from what is known (query.INFERENCE_WORDS), and no message is evidence for
# saying "likely"; as full-text terms they matched "likely rain later" (docs/retrieval.md,
# "Session 113")
HEDGE_WORDS = frozenset({"likely", "probably", "possibly", "perhaps", "unlikely"})
# what a question says that is not what it is about (``content_terms``)
_NOT_CONTENT = QUESTION_WORDS | TIME_ONLY_WORDS | HEDGE_WORDS
# The english analyzer's stop words (Lucene's EnglishAnalyzer): gone from every indexed
# text and every query, so never worth counting (memgraph/retrieve/term_weights.py).
ANALYZER_STOP_WORDS = frozenset({
    "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into",
    "is", "it", "no", "not", "of", "on", "or", "such", "that", "the", "their", "then",
    "there", "these", "they", "this", "to", "was", "will", "with",
})
_WORD = re.compile(r"\w+")
MAX_AGENT_ID_CHARS = 200


# The forms of verbs the analyzer's stemmer does not bring to one word: a question asks
# with one ("When did Kirsty send off her application?", "Where did Dev first meet
# Helen?") and the message says another ("I sent the application Thursday night", "I met
# her at the autojumble"). Left out: the auxiliaries, "go" (a question's "go climbing"
# asks for the activity: query.GO_WORDS), and forms that are common words or names of
# their own ("bit", "rose", "ring").
VERB_GROUPS: tuple[tuple[str, ...], ...] = tuple(tuple(g.split()) for g in (
    "send sent", "meet met", "buy bought", "bring brought", "think thought",
    "teach taught", "catch caught", "fight fought", "take took taken", "give gave given",
    "get got gotten", "make made", "find found", "tell told", "sell sold", "hold held",
    "keep kept", "sleep slept", "spend spent", "build built", "lend lent", "leave left",
    "feel felt", "lose lost", "win won", "run ran", "begin began begun", "swim swam swum",
    "sing sang sung", "drink drank drunk", "write wrote written", "ride rode ridden",
    "drive drove driven", "eat ate eaten", "fall fell fallen", "fly flew flown",
    "grow grew grown", "know knew known", "throw threw thrown", "draw drew drawn",
    "see saw seen", "speak spoke spoken", "break broke broken", "choose chose chosen",
    "forget forgot forgotten", "steal stole stolen", "wake woke woken", "wear wore worn",
    "hide hid hidden", "pay paid", "say said", "stand stood", "understand understood",
    "sit sat", "lead led", "feed fed", "hear heard", "come came", "become became",
    "dig dug", "hang hung", "shake shook shaken", "freeze froze frozen", "deal dealt",
    "shoot shot", "bend bent", "sew sewn"))
# A few words whose noun and adjective the stemmer keeps apart, read as one word by the
# answers (not by the full-text query): "What is Chris allergic to?" asks what "I have a
# nut allergy" says, and an allergy is one manner of keeping away from a food
# (answers.TYPE_MANNER_WORDS).
WORD_FAMILIES: tuple[tuple[str, ...], ...] = tuple(tuple(g.split()) for g in (
    "allergy allergic allergies", "intolerance intolerant intolerances"))
# each form -> all the forms of its verb
VERB_FORMS: dict[str, frozenset[str]] = {
    form: frozenset(group) for group in VERB_GROUPS for form in group}
# A verb's forms that the stem does not bring together ("met", "meet"), read as its
# first form's stem: "Where did Dev first meet Helen?" asks what "I met her at the
# autojumble" says (the full-text query reads them alike: ``VERB_FORMS``).
_VERB_STEMS = {form: word_stem(group[0])
               for group in VERB_GROUPS + WORD_FAMILIES for form in group}


def verb_stem(word: str) -> str:
    """A word's stem (``names.word_stem``), a verb's irregular form as its verb's (and a
    word of ``WORD_FAMILIES`` as its family's)."""
    return _VERB_STEMS.get(word.lower()) or word_stem(word)


def bare_word(token: str) -> str:
    """A query token in lower case, without the punctuation around it."""
    return token.lower().strip(".,;:!?\"'()[]{}")


def content_terms(query: str) -> str:
    """The query without its question words, its hedges and the words that only say when; the
    query itself when nothing else is left; then the other forms of its verbs that the
    analyzer does not stem alike (``VERB_FORMS``: "send" asks for "sent" too).

    A token is judged by its first word ("What's" is a question word, "Sheeran's" not)
    and otherwise kept as written, for the analyzer to handle."""
    kept = [token for token in query.split()
            if (word := _WORD.search(token)) is None
            or word.group().lower() not in _NOT_CONTENT]
    terms = kept if any(_WORD.search(t) for t in kept) else query.split()
    said = {bare_word(t) for t in terms}
    forms = sorted({form for word in said for form in VERB_FORMS.get(word, ())} - said)
    return " ".join(terms + forms)


def lucene_escape(query: str) -> str | None:
    """The query as plain Lucene terms (OR-ed by default); None when no term remains."""
    escaped = _LUCENE_SPECIAL.sub(r"\\\1", query)
    escaped = _LUCENE_OPERATORS.sub(lambda m: m.group(1).lower(), escaped)
    return escaped if re.search(r"\w", escaped) else None


def in_content_fields(terms: str) -> str:
    """A Lucene query (``terms``, already escaped) matched in the indexes' text fields
    (``schema.NODE_TEXT_FIELDS``), never in `user_id`, which every full-text index also
    holds so that a read is scoped to its tenant inside Lucene.

    An unqualified word is matched in every field of an index: a tenant whose id holds a
    word of the question ("dave", "anna@example.com", "factrecall-maya-…") had every one
    of its memories match that word, and the tenant's word statistics weighed it as a
    word all its memories hold (retrieve/term_weights.py), so a question naming Dave
    barely counted "Dave". A field an index does not hold (a relationship has no name)
    matches nothing there."""
    return " ".join(f"{field}:({terms})" for field in NODE_TEXT_FIELDS)


_LUCENE_PHRASE = re.compile(r'["\\]')     # what a Lucene phrase must escape


def lucene_phrases(field: str, phrases: Iterable[str]) -> str | None:
    """``field:"…"`` for each phrase, OR-ed; None when there is none."""
    escaped = (_LUCENE_PHRASE.sub(r"\\\g<0>", p) for p in phrases if p)
    return " OR ".join(f'{field}:"{p}"' for p in escaped) or None


@dataclass(frozen=True)
class Filters:
    kinds: list[str] | None
    relationships: bool
    states: list[str]
    min_salience: float | None
    sensitivity: list[str] | None
    since: datetime | None
    until: datetime | None
    agent_id: str | None = None     # what that agent of the tenant wrote, and learnt from it

    def as_map(self) -> dict[str, Any]:
        """The node and relationship filters as explore()'s ``$filters`` map (a null value
        does not filter); ``relationships`` is a parameter of its own."""
        return {"kinds": self.kinds, "states": self.states, "min_salience": self.min_salience,
                "sensitivity": self.sensitivity, "since": self.since, "until": self.until,
                "agent_id": self.agent_id}


def build_filters(*, kinds: Iterable[str] | str | None = None,
                  states: Iterable[str] | str | None = None, include_archived: bool = False,
                  min_salience: float | None = None,
                  sensitivity: Iterable[str] | str | None = None,
                  since: datetime | date | str | None = None,
                  until: datetime | date | str | None = None,
                  agent_id: str | None = None) -> Filters:
    node_kinds, relationships = _kinds(kinds)
    state_list = parse_states(states, include_archived)
    if min_salience is not None and not 0.0 <= float(min_salience) <= 1.0:
        raise InvalidInputError(f"min_salience must be between 0 and 1, got {min_salience}")
    sens = None
    if sensitivity is not None:
        sens = [s.strip().lower() for s in _as_list(sensitivity)]
        bad = [s for s in sens if s not in SENSITIVITIES]
        if bad:
            raise InvalidInputError(f"unknown sensitivity {bad[0]!r}; use "
                                    + ", ".join(SENSITIVITIES))
    start, end = to_datetime(since, "since"), to_datetime(until, "until")
    if start and end and start >= end:
        raise InvalidInputError("since must be before until")
    agent = None if agent_id is None else str(agent_id).strip()
    if agent is not None and not 0 < len(agent) <= MAX_AGENT_ID_CHARS:
        raise InvalidInputError(f"agent_id must be 1 to {MAX_AGENT_ID_CHARS} characters")
    return Filters(node_kinds, relationships, state_list,
                   None if min_salience is None else float(min_salience), sens, start, end,
                   agent)


def parse_states(states: Iterable[str] | str | None, include_archived: bool = False) -> list[str]:
    if states is None:
        chosen = list(DEFAULT_STATES) + ([State.ARCHIVED.value] if include_archived else [])
    else:
        chosen = [s.strip().lower() for s in _as_list(states)]
        bad = [s for s in chosen if s not in STATES]
        if bad or not chosen:
            raise InvalidInputError(f"unknown state {bad[0] if bad else ''!r}; use "
                                    + ", ".join(STATES))
        if include_archived and State.ARCHIVED not in chosen:
            chosen.append(State.ARCHIVED.value)
    return chosen


def _kinds(kinds: Iterable[str] | str | None) -> tuple[list[str] | None, bool]:
    if kinds is None:
        return None, True
    node_kinds: list[str] = []
    relationships = False
    for text in _as_list(kinds):
        if text.strip().lower() in ("relationship", "relationships"):
            relationships = True
            continue
        try:
            node_kinds.append(parse_kind(text).value)
        except ValueError as e:
            raise InvalidInputError(f"{e} (or Relationship)") from e
    if not node_kinds and not relationships:
        raise InvalidInputError("kinds is empty; leave it out to search every kind")
    return node_kinds, relationships


def to_datetime(value: datetime | date | str | None, name: str) -> datetime | None:
    """A timezone-aware UTC datetime from a datetime, date or ISO-8601 string."""
    if value is None:
        return None
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.strip())
        except ValueError as e:
            raise InvalidInputError(f"{name}: not an ISO date or datetime: {value!r}") from e
    if isinstance(value, date) and not isinstance(value, datetime):
        value = datetime(value.year, value.month, value.day, tzinfo=UTC)
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


def _as_list(value: Iterable[str] | str) -> list[str]:
    return [value] if isinstance(value, str) else list(value)
