"""What a question asks, read before retrieval: names, relation words, time (pure).

- ``name_keys``: every run of one to four words of the query as a canonical name (the
  form entity resolution stores), possessive "'s" dropped, so "Sam's job" can be linked
  to the tenant's node "Sam" by an index seek (``retrieve/explore_candidates``: the
  ``linked`` branch), and kept too where one was written ("St Mary's Hospital" is a
  name with its "'s");
- ``relation_words``: kinship and social words ("brother", "wife", "boss", "dog"), with
  their synonyms: "Maya's brother" names a person through a fact, the bridge of a
  two-step question; a modifier right before one ("best friend", "older sister") is part
  of it, not a topic;
- ``topic(names)``: the words left when the linked names, relation words, question
  words and fillers are gone. None left ("Anna", "who is Anna?", "tell me about
  Anna") means the named entity is itself the answer;
- ``time``: ``still`` for a question whether something holds now ("Does Kim still play
  padel?", "Is Priya vegetarian?": a fact told as over answers it); ``past`` for
  "before", "previously", "used to", "first"… (the earlier state
  is wanted: a superseded fact ranks above the one that replaced it), ``when`` for "when"
  questions and questions in the past tense ("where did Aisha live in the summer?":
  validity is the answer; no preference), else ``now`` (the default, present tense: the
  current fact first, whether or not the question says "now");
- ``period``: the calendar period the question names, if any ("in August", "in July
  2023", "on October 13, 2023", "in 2023"): the episodes and facts of that time get a
  vote in fusion (``fusion.add_time_signal``); a period relative to when it is asked
  ("yesterday", "last week", "this month", "last year") is read at explore time
  (``relative_period``);
- ``first_person``: "I", "my", "me"… — the speaker, linked when the tenant has one;
- ``speaking``: the name the question makes the subject of a saying verb ("What did Jon
  say about Gina's store?", "How does Gina describe Jon's studio?"): that one's words
  answer it, though it names another speaker too (``answers.asked_of``);
- ``overview(names)``: the question asks for the whole story of a node it names ("what
  has Maya been up to?", "give me an overview of Tom's story", "how has Ben's life
  changed?"): every word left besides the name is an overview word. Its Macro and
  Storylines answer (issue 16; docs/retrieval.md, "Broad questions");
- ``broad``: the question asks for several things across episodes ("What activities does
  Melanie partake in?", "Where has Melanie camped?", "In what ways is Caroline involved?")
  or for an inference about someone ("Would Caroline likely enjoy Vivaldi?"): Storylines
  and Macros compete among its results (``asks_broadly``; docs/retrieval.md, "Session 62:
  broad questions").
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import lru_cache
from itertools import pairwise

from memgraph.graph.names import NAME_TITLES, canonical_name
from memgraph.graph.vocabulary import (
    EX_WORDS,
    HOLIDAYS,
    MONTHS,
    NOT_ACTIVITIES,
    RELATION_WORD_GROUPS,
    plural,
)
from memgraph.retrieve.filters import HEDGE_WORDS, QUESTION_WORDS, verb_stem

MAX_NAME_WORDS = 4

# Kinship, social and pet words, each with the words that mean the same relation in a
# question, and their plurals ("Priya's dogs"): the extractor's relation words
# (vocabulary.RELATION_WORD_GROUPS) but those of a relation that is over, which a question
# says with "ex" before a relation word ("ex-husband": ``_ex_split``).
RELATION_SYNONYMS: dict[str, frozenset[str]] = {
    word: frozenset(forms) for forms in (
        {form for word in group.split(", ") for form in (word, plural(word))}
        for groups in RELATION_WORD_GROUPS.values() for group in groups
        if not set(group.split(", ")) & EX_WORDS)
    for word in forms
}
# A word for a kind of relation asks for each of its kinds, not the other way round: "pets"
# for "Kim's cat" ("What are Kim's pets called?"), "kids" for a son, a daughter, twins,
# "parents" for a mother or a father, "siblings" for a brother or a sister; a cat is no
# dog and a son no daughter.
HYPERNYMS: dict[tuple[str, ...], frozenset[str]] = {
    ("pet", "pets"): frozenset({"dog", "puppy", "cat", "kitten", "parrot", "bird", "horse",
                                "rabbit", "bunny", "guinea pig", "hamster", "gerbil",
                                "chinchilla", "ferret", "tortoise", "turtle", "lizard",
                                "gecko", "snake", "budgie", "cockatiel", "canary"}),
    ("child", "children", "kid", "kids"): frozenset({"son", "sons", "daughter", "daughters",
                                                     "twins", "baby"}),
    ("parent", "parents"): frozenset({"mother", "mom", "mum", "father", "dad"}),
    ("sibling", "siblings"): frozenset({"brother", "brothers", "sister", "sisters"}),
}
RELATION_SYNONYMS.update({word: RELATION_SYNONYMS[word] | kinds
                          for words, kinds in HYPERNYMS.items() for word in words})
# Words that qualify a relation word right after them ("best friend", "older sister",
# "little brother"): part of the relation, not a topic of their own. "Who is Maya's best
# friend?" asks for the friend, not for something "best" about her.
RELATION_MODIFIERS = frozenset({
    "best", "close", "closest", "old", "older", "oldest", "elder", "eldest", "younger",
    "youngest", "little", "big", "baby", "twin", "new", "ex", "childhood", "step",
})
# Words that ask about a thing without saying what: with the question words, they leave
# no topic ("tell me about Anna", "who is Anna", "what do I know about Anna").
FILLER_WORDS = frozenset({
    "is", "are", "was", "were", "be", "the", "a", "an", "of", "about", "tell", "know",
    "anything", "everything", "something", "info", "information", "please", "s", "who",
    "and", "to", "on", "in", "me", "us", "all", "there", "this", "that", "called", "name",
    "named",
})
PAST_WORDS = frozenset({
    "before", "previously", "previous", "formerly", "former", "earlier", "first",
    "originally", "prior", "past", "ago", "until", "once", "used",
    # "Who is Claire's ex-husband?" asks for a partner one had
    "ex",
})
# Words that ask what two hold alike ("both", "in common")
BOTH_WORDS = frozenset({"both", "common"})
# Words for an end: "What medication did Margaret stop taking?" asks for one she had (the
# past), unless it asks when ("When did Callum quit vaping?"); unlike PAST_WORDS they are
# the question's topic too, as the sentence that tells the end says them
ENDED_WORDS = frozenset({"stop", "stopped", "quit", "quitting"})
# ... and the phrases that say one, whose words alone do not ("Which hobbies has Jonah
# picked up and which has he given up?", "What does Nora no longer do?"); "dropped" ends
# unless something is dropped off, by or in ("Which hobbies has Nora picked up and then
# dropped?")
ENDED_PHRASES = frozenset({("give", "up"), ("gives", "up"), ("gave", "up"), ("given", "up"),
                           ("giving", "up"), ("no", "longer"), ("dropped", "out")})
DROPPED_ELSEWHERE = frozenset({"off", "by", "in"})
# Words for a beginning: "What new hobbies did Ruth try in 2023?", "Which hobbies has Nora
# picked up?", "When did Marcus start his woodworking class?" ask for something taken up.
# Every fact was begun when it was told, so no fact's statement says them more than
# another's: they are the question's words for messages, not a fact's (answers.rank_facts)
BEGUN_WORDS = frozenset({"new", "try", "tried", "start", "started", "starting", "begin",
                         "began", "begun"})
BEGUN_PHRASES = frozenset({(verb, "up") for verb in ("take", "takes", "took", "taken",
                                                     "taking", "pick", "picks", "picked",
                                                     "picking")})
WHEN_WORDS = frozenset({"when", "since", "date", "year", "month", "day"})
# "go" before an activity's -ing form only says that one does it ("Does Maya go
# climbing?", "went skiing"): the activity is the topic, not a trip or an event that
# VISITED and ATTENDED would answer. Words ending in -ing that are no activity stay
# (vocabulary.NOT_ACTIVITIES, as the rule extractor reads them).
GO_WORDS = frozenset({"go", "goes", "going", "went", "gone"})
# A question in the past tense asks about a time, not about now; without a word such as
# "before" it does not ask for the earlier of two facts either.
PAST_TENSE = frozenset({"did", "was", "were", "had", "went"})
# Words and phrases that ask for the latest of several: "What is Lena into these days?",
# "What workshop did Caroline attend recently?" ("still" asks whether a fact holds,
# "today" names a day)
LATEST_WORDS = frozenset({"now", "currently", "current", "nowadays", "lately", "recently",
                          "recent", "latest"})
LATEST_PHRASES = frozenset({("these", "days"), ("at", "present")})
# "now" and its kin say when, not what: never a topic
NOW_WORDS = LATEST_WORDS | {"these", "days", "today", "still", "present"}
# Words that ask for the story of what the question names rather than one fact about it;
# a question whose other words are all among these and OVERVIEW_GLUE asks for an overview.
OVERVIEW_WORDS = frozenset({
    "overview", "summary", "summarise", "summarize", "recap", "story", "stories", "life",
    "up", "new", "news", "happened", "happening", "going", "changed", "change", "changes",
    "everything", "update", "updates", "journey", "background", "history",
})
OVERVIEW_GLUE = frozenset({"with", "so", "far", "on", "for", "give", "lately", "recently",
                           "last", "since", "whole", "general", "brief", "short",
                           "quick", "catch", "latest"})
# a question that opens on one of these asks whether something is so
WHETHER_WORDS = frozenset({"does", "do", "am", "is", "are", "has", "have", "did", "was", "were"})
# ... in the present tense: "Is Priya vegetarian?" asks whether it holds now, as "Does Kim
# still play padel?" does
WHETHER_NOW_WORDS = frozenset({"does", "do", "am", "is", "are"})
WH_WORDS = frozenset({"what", "which", "where", "who", "whom", "whose", "when", "why",
                      "how"})
FIRST_PERSON = frozenset({"i", "me", "my", "mine", "myself", "i'm", "i've", "we", "our"})
# who does what a verb says, and the verb that asks it of a name ("does Mark coach")
SUBJECT_PRONOUNS = frozenset({"i", "we", "you", "he", "she", "they"})
DO_FORMS = frozenset({"do", "does", "did"})
# the words that make what follows the speaker's ("my job", "our house"), and those that
# may stand between ("my new job", "our old flat")
SPEAKERS_OWN = frozenset({"my", "our"})
MINE_MODIFIERS = frozenset({"new", "old", "current", "last", "previous", "first", "own",
                            "present", "former"})
# ... and those that may stand between "what" and the kind of thing it asks for ("What new
# hobbies…")
KIND_MODIFIERS = MINE_MODIFIERS | {"other", "different"}
# the words that say whose something is
POSSESSIVE_WORDS = frozenset({"my", "your", "his", "her", "its", "our", "their"})
# ... but "me" after a request is the one asking, not what is asked about: "Tell me about
# Northwind" asks about Northwind, and linked the speaker as a node the question names; a
# request that opens a question is no topic either ("Remind me who Tomas Berg is")
REQUEST_VERBS = frozenset({"tell", "show", "remind", "give", "list", "find", "help"})
ASKER_WORDS = frozenset({"me", "us"})
# "What does Tom do?", "what do you do for a living?": the idiom asks for someone's work,
# though no word of it says so (read as "Tom" alone, it asked for nothing but the node).
# Only "do" as the last verb, with nothing after it but these: "what does Melanie do to
# destress?" and "what did Tom do last weekend?" ask about something else.
OCCUPATION_TAILS = frozenset({
    (), ("for", "a", "living"), ("for", "work"), ("for", "money"), ("professionally",),
    ("exactly",), ("now",), ("nowadays",), ("currently",), ("these", "days"),
    ("at", "the", "moment"),
})
# In the past tense only these ask for work, or nothing but a word for "before" ("what
# did Rui do before?", "what did Tom do for a living before he retired?"): "what did Tom
# do?" alone asks about an occasion.
_CLAUSE_OPENERS = frozenset({"he", "she", "they", "i", "we", "you", "that", "then"})
OCCUPATION_PAST_TAILS = frozenset({
    ("for", "a", "living"), ("for", "work"), ("for", "money"), ("professionally",),
})
# the words the idiom stands for: an employer (WORKS_AT) and an occupation (HAS_OCCUPATION)
OCCUPATION_WORDS = ("work", "occupation")
WORK_FORMS = frozenset({"work", "works", "working", "worked"})
PROJECT_WORD = "project"
# the word the "what does X have?" idiom asks with: OWNS and EXPERIENCED are asked by it
HAVE_WORD = "have"
# what "who is X seeing?" asks: whom X dates (PARTNER_OF's words hold it)
DATING_WORD = "dating"
_SOMEONE = frozenset(RELATION_SYNONYMS) | RELATION_MODIFIERS | {
    "you", "your", "he", "she", "they", "we", "i", "my", "his", "her", "their", "our", "the",
    "and"}
_MONTH = "(?P<month>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_YEAR = r"(?P<year>(?:19|20)\d{2})"
# A month counts as a date only next to a day or a year, or after "in", "on", "of",
# "during": "May I…", "Caroline may…", "a March" are not dates.
_DATES = [re.compile(p, re.IGNORECASE) for p in (
    rf"\b{_MONTH}\s+(?P<day>\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+{_YEAR}\b)?",
    rf"\b(?P<day>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}(?:,?\s+{_YEAR}\b)?",
    rf"\b{_MONTH}\s*,?\s+{_YEAR}\b",
    rf"\b(?:in|on|of|during)\s+(?:early\s+|late\s+|mid-?\s*)?{_MONTH}\b",
    rf"\b(?:in|during)\s+{_YEAR}\b",
)]
_TOKEN = re.compile(r"[\w'’\-]+")
_EX = re.compile(r"([Ee]x)-([\w'’\-]+)$")

# A question that asks when: "When did Maisie walk?", "What year did Tom move?", "How long
# ago did…?". Its evidence is a message that says when ("SHE WALKED! Tuesday night…"):
# three to seven times likelier among the evidence of LoCoMo's temporal questions than
# among all turns (docs/retrieval.md, "Session 37").
WHEN_ASKED_AFTER = {"what": frozenset({"year", "month", "day", "date", "time"}),
                    "which": frozenset({"year", "month", "day", "date"})}
# The words a message says when with: a day, a month ("may" is a verb as often as a month),
# or "yesterday", "a fortnight ago"; "last", "next" and "this" before a period ("last
# weekend", "this morning"); also a year and a day of the month ("on the 29th"):
# ``says_when``.
TIME_STATEMENT_WORDS = frozenset(
    {name.lower() for name in calendar.day_name}
    | {name.lower() for name in calendar.month_name if name and name != "May"}
    | {"yesterday", "today", "tonight", "tomorrow", "weekend", "ago", "fortnight"}
    # a holiday dates what happened on it ("after we moved on Canada Day") as a day does
    | HOLIDAYS)
# "... Day" holidays (Canada Day, Boxing Day, Mother's Day), and "New Year"
HOLIDAY_BEFORE_DAY = frozenset({"canada", "boxing", "labor", "labour", "memorial",
                                "independence", "victoria", "remembrance", "mother",
                                "father", "valentine", "patrick"})
TIME_STATEMENT_PERIODS = frozenset({
    "week", "weekend", "month", "year", "night", "morning", "afternoon", "evening",
    "summer", "winter", "spring", "autumn", "fall", "term", "semester"})
# "How many…?", "How long did Jonah work there?", "How old is Theo?": a number, or a
# duration, which is one ("three years"). Its evidence states one: 11 of 17 evidence turns
# of such questions in the conversations we read, against 19 % of all turns.
NUMBER_ASKED_AFTER = frozenset({"many", "much", "long", "old", "often", "far"})
# What is measured in numbers, asked for by "what" or "which" among the four words after
# it ("What scores did Dev get?", "Which plot number did Peggy have?", "What was her
# score?"); not "grade" (a letter, or a year of school) nor "time" (read below)
MEASURED_WORDS = frozenset({"score", "scores", "number", "price", "cost", "salary", "pace",
                            "percentage", "mark", "marks"})
# A time someone made is a number, not a when: "What was Gemma's time?", "What was my
# 10k time?", "What's her best time in the marathon?" (the race's result, "2 hours 15";
# "What time is it?" asks when): "time" after whose it is or what it was in, and last in
# the question or before what it was in; "What was the time?" asks for no number (the
# words are read without "'s": "gemma time")
TIME_OF_DAY_AFTER = frozenset({"the", "a", "an", "that", "this", "which", "what", "any",
                               "some", "every", "each", "same", "first", "last", "next"})
NUMBER_WORDS = frozenset({
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    "hundred", "thousand", "dozen", "half", "couple", "once", "twice"})
TEXT_HEAD_CHARS = 2000   # of a message read for its form and names: not a 100 KB one whole
# A tenant's messages come back call after call (a LoCoMo question's ~100 candidates are
# mostly the same few hundred messages): what a message says is read once per process,
# for this many messages (at most TEXT_HEAD_CHARS each).
MESSAGE_READINGS_KEPT = 4096
_WORD = re.compile(r"[a-z0-9]+")
_ORDINAL_SUFFIXES = ("st", "nd", "rd", "th")


# What happened in a calendar period is often told in the days after it ("last week I
# went camping", said on the 3rd of July about June): a message up to a week after the
# period's end is still of that period. A period relative to the question (``Window``:
# "last week") is taken as it is: with a week's grace, "last week" would be the last two.
PERIOD_GRACE_DAYS = 7


@dataclass(frozen=True)
class Period:
    """A calendar period a question names: a year, a month (of any year when none is
    said), or a day."""

    year: int | None = None
    month: int | None = None
    day: int | None = None

    def holds(self, when: datetime) -> bool:
        """Whether ``when`` falls in the period, or at most PERIOD_GRACE_DAYS after it."""
        return any(self._holds(when - timedelta(days=d)) for d in range(PERIOD_GRACE_DAYS + 1))

    def _holds(self, when: datetime) -> bool:
        return ((self.year is None or when.year == self.year)
                and (self.month is None or when.month == self.month)
                and (self.day is None or when.day == self.day))


@dataclass(frozen=True)
class Window:
    """A period relative to when the question is asked ("last week"), as dates."""

    start: datetime
    end: datetime          # exclusive

    def holds(self, when: datetime) -> bool:
        return self.start <= when < self.end


_RELATIVE = re.compile(r"\b(yesterday|today|(?:this|last)\s+(?:week|weekend|month|year))\b",
                       re.IGNORECASE)


def relative_period(query: str, now: datetime) -> Window | None:
    """The period ``query`` names relative to ``now`` ("yesterday", "last week", "this
    month", "last year"), as calendar days, weeks (Monday first), months or years."""
    m = _RELATIVE.search(query)
    if m is None:
        return None
    phrase = " ".join(m[1].lower().split())
    today = now.replace(hour=0, minute=0, second=0, microsecond=0)
    day = timedelta(days=1)
    if phrase in ("today", "yesterday"):
        start = today - day if phrase == "yesterday" else today
        return Window(start, start + day)
    if phrase.endswith("weekend"):
        saturday = today - timedelta(days=(today.weekday() - 5) % 7)
        if phrase.startswith("last") and saturday + 2 * day > now:
            saturday -= 7 * day          # still this weekend: the one before it
        return Window(saturday, saturday + 2 * day)
    if phrase.endswith("week"):
        monday = today - timedelta(days=today.weekday())
        start = monday - 7 * day if phrase.startswith("last") else monday
        return Window(start, start + 7 * day)
    if phrase.endswith("month"):
        first = today.replace(day=1)
        if phrase.startswith("last"):
            first = (first - day).replace(day=1)
        following = (first + 32 * day).replace(day=1)
        return Window(first, following)
    year = now.year - 1 if phrase.startswith("last") else now.year
    return Window(now.replace(year=year, month=1, day=1, hour=0, minute=0, second=0,
                              microsecond=0),
                  now.replace(year=year + 1, month=1, day=1, hour=0, minute=0, second=0,
                              microsecond=0))


def read_period(query: str) -> Period | None:
    """The first calendar date of ``query``, as precise as it is written."""
    for pattern in _DATES:
        m = pattern.search(query)
        if m is None:
            continue
        found = m.groupdict()
        month = MONTHS[found["month"].lower()] if found.get("month") else None
        day = int(found["day"]) if found.get("day") else None
        if day is not None and not 1 <= day <= 31:
            continue
        year = int(found["year"]) if found.get("year") else None
        return Period(year, month, day)
    return None
_POSSESSIVE = re.compile(r"(?:['’]s|['’])$", re.IGNORECASE)
_POSSESSIVE_IN_NAME = re.compile(r"['’]s\b", re.IGNORECASE)
_ASKS_WHO = re.compile(r"\s*+(?:(?:with|to|for|from|by)\s++)?(?:who|whom)\b", re.IGNORECASE)


@dataclass(frozen=True)
class QueryIntent:
    name_keys: tuple[str, ...]
    relation_words: frozenset[str]     # as written, lower case
    content: tuple[str, ...]           # words that are neither question words nor fillers
    time: str                          # now | past | when | still (whether it holds now)
    first_person: bool
    period: Period | None = None       # the calendar period it names ("in July 2023")
    latest: bool = False               # it asks for the latest of several (``LATEST_WORDS``)
    occupation: bool = False           # "what does Tom do?": it asks for someone's work
    question_word: str = ""            # the first of ``WH_WORDS`` it holds ("where")
    # the kind of value it asks for: "time" ("when", "what year", "how long ago"), "number"
    # ("how many", "how long", "how old"), or "" (``ANSWER_FORMS``)
    answer_form: str = ""
    whether: bool = False              # it asks whether something is so ("Do I like ORMs?")
    # "what" is the object of a verb other than "do" ("What does Mei study?", "What did
    # Gina design?"): it asks for a thing, not the place one is at (``what_is_a_thing``)
    thing: bool = False
    broad: bool = False                # several things across episodes, or an inference
    # what two it names hold alike: "What do Leo and Maya have in common?", "Which city have
    # both Jean and John visited?" (``BOTH_WORDS``)
    both: bool = False
    # the name before a saying verb: "What did Jon say about Gina's progress?" asks for
    # Jon's words, though it names Gina too (``speaking_name``)
    speaking: str = ""
    # the relation words said with whose relative they are ("Ben's dad", "my dad")
    owned: frozenset[str] = frozenset()
    # the other words said as the speaker's ("my job", "our new home"): what the speaker
    # holds, not anyone else the question names (answers.rank_facts)
    mine: frozenset[str] = frozenset()
    # the words that say which relative, between a possessive and a relation word ("my
    # second supervisor", "Fiona's mortgage adviser"): no topic, but the relative whose
    # fact says them is the one asked for (answers.rank_facts)
    which: frozenset[str] = frozenset()
    # the noun a "what"/"which" question opens with: the kind of thing the answer is ("What
    # club do I play for?": club; "What kind of dog…": dog; ``kind_asked``)
    kind: str = ""
    # the words that ask for something that ended ("given up", "quit": ``ended_words``);
    # a fact told as over says them (answers.rank_facts)
    ended: frozenset[str] = frozenset()
    # the words that ask for something begun ("new", "picked up": ``begun_words``)
    begun: frozenset[str] = frozenset()

    @property
    def asks_when(self) -> bool:
        return self.answer_form == "time"

    def topic(self, names: list[str] | set[str] | tuple[str, ...]) -> tuple[str, ...]:
        """The content words that are not part of one of ``names`` (the linked nodes), nor
        a title right before one ("Who is Dr Mensah?" names the node Mensah: the extractor
        keeps a person's name without its title)."""
        # a name's words as written and without "'s", as the question's are read ("St
        # Mary's Hospital" is "st marys hospital" and "mary" its word)
        named = {w for n in names for spelt in (n, _POSSESSIVE_IN_NAME.sub("", n))
                 for w in canonical_name(spelt).split()}
        words = self.content
        return tuple(w for i, w in enumerate(words) if canonical_name(w) not in named
                     and not (w in NAME_TITLES and i + 1 < len(words)
                              and canonical_name(words[i + 1]) in named))

    @property
    def may_ask_overview(self) -> bool:
        """A word of the question asks for an overview (whether a name is all the rest is
        known once the names are linked: ``overview``)."""
        return any(w in OVERVIEW_WORDS for w in self.content)

    def overview(self, names: list[str] | set[str] | tuple[str, ...]) -> bool:
        """The question names ``names`` and asks for nothing but their story."""
        topic = self.topic(names)
        return (bool(names) and not self.relation_words and bool(topic)
                and any(w in OVERVIEW_WORDS for w in topic)
                and all(w in OVERVIEW_WORDS or w in OVERVIEW_GLUE for w in topic))

    def naming(self, names: Iterable[str]) -> QueryIntent:
        """This question as read once its names are linked: a relation word said without
        whose relative it is, that is the name or alias of a node it links ("Dad",
        George's alias: "What medication does Dad take?"), names that node and asks for no
        relative of anyone. As a relation word it made the speaker's fact "Grace FAMILY_OF
        George" a bridge, and the facts of Grace's other relatives (her brother's) answers
        about Dad. "Ben's dad" still asks for Ben's relative (``owned``). A relation word
        inside a linked name of more words is a word of that name: "Who is my dog walker?"
        asks for no dog."""
        said = {canonical_name(name) for name in names}
        inside = {word for name in said if " " in name for word in name.split()}
        kept = frozenset(w for w in self.relation_words
                         if (w in self.owned or canonical_name(w) not in said)
                         and canonical_name(w) not in inside)
        return self if kept == self.relation_words else replace(self, relation_words=kept)

    def relation_matches(self, text: str) -> bool:
        """True when ``text`` holds one of the query's relation words or a synonym."""
        said = words(text)
        with_pairs = set(said) | {f"{a} {b}" for a, b in pairwise(said)}
        return any(RELATION_SYNONYMS[w] & with_pairs for w in self.relation_words)


# "would", "might", "likely": the question asks what follows from what is known
INFERENCE_WORDS = frozenset({"would", "might", "likely"})
# a word in -s after "what" that is the question's verb, not a plural ("What does …?")
NOT_PLURAL_NOUNS = frozenset({"does"})


def asks_broadly(lowered: list[str], form: str) -> bool:
    """Whether a question (its words, lower case; ``form`` its ``answer_form``) asks for
    several things across episodes or for an inference, which no one message answers:
    a plural after "what" / "which" ("What books has Melanie read?"), "where has" /
    "where have" (places over time), "in what ways", or "would" / "might" / "likely"
    ("Would Melanie enjoy a national park?"). A question for a time or a number is not:
    one message says it. A singular in -s ("What class…", "What news…") reads as a
    plural: 2 of the 1,095 questions of the dev split and the eleven."""
    if form or len(lowered) < 3:
        return False
    first, second = lowered[0], lowered[1]
    return (any(w in INFERENCE_WORDS for w in lowered)
            or (first in ("what", "which") and second.endswith("s") and len(second) > 3
                and second not in NOT_PLURAL_NOUNS)
            or (first == "where" and second in ("has", "have"))
            or lowered[:3] == ["in", "what", "ways"])


# A question that compares when two things happened: "Which came first, Sofia's dinner or
# Daniel's wedding?", "How long after arriving in Lisbon did Naomi start at Marés?", "Did
# Nora quit before or after she moved?". One ranking of the whole question favours the
# messages that match the words of both, and the two events are told in two messages
# (docs/retrieval.md, "Session 76").
_COMPARISONS = tuple(re.compile(p, re.IGNORECASE) for p in (
    r"^(?:which|what)\s+(?:came|happened|was|were|started|ended)\s+first\s*[,:;-]?\s*"
    r"(?P<a>.+?),?\s+or\s+(?P<b>.+?)[?.!]*$",
    r"^how\s+(?:long|many\s+\w+|much\s+time)\s+(?:after|before)\s+(?P<a>.+?)\s+"
    r"(?:did|was|were|had|could)\s+(?P<b>.+?)[?.!]*$",
    r"^(?:did|was|were|had)\s+(?P<a>.+?)\s+(?:happen\s+|come\s+)?"
    r"(?:before\s+or\s+after|after\s+or\s+before)\s+(?P<b>.+?)[?.!]*$",
))


def comparison_parts(question: str) -> tuple[str, str] | None:
    """The two events a question compares in time, each as a question of its own ("When
    Sofia's dinner?", "When Daniel's wedding?"), or None for any other question."""
    text = " ".join(question.split())
    for pattern in _COMPARISONS:
        match = pattern.match(text)
        if match and match["a"].strip() and match["b"].strip():
            return f"When {match['a'].strip()}?", f"When {match['b'].strip()}?"
    return None


# A question that sets a thing aside asks about the rest: "Which hobbies besides running
# did Tessa try?", "What creative project do Mel and her kids do together besides
# pottery?", "Who besides Priya failed a driving test?". The thing set aside is the one
# the messages say most about (Tessa's running, Mel's pottery, Priya's own test), so its
# words drew the ranking to what the question does not ask for (docs/retrieval.md,
# "Session 112"). It is what follows the word that sets it aside: a name (its capitalised
# words), or at most SET_ASIDE_WORDS words up to punctuation or a word that goes on with
# the question ("did", "and"). "Apart from each other" sets nothing aside.
_SETTING_ASIDE = re.compile(
    r"\b(?:besides|other\s+than|apart\s+from|aside\s+from|except(?:\s+for)?)\s+(?P<rest>.*)$",
    re.IGNORECASE)
SET_ASIDE_WORDS = 4
# (the question words hold "who" and "which")
_SET_ASIDE_ENDS = QUESTION_WORDS | {"and", "or", "but", "is", "are", "was", "were", "will",
                                    "that"}
_SETS_NOTHING_ASIDE = frozenset({"each", "one", "that", "this", "it"})


def set_aside(question: str) -> tuple[str, str] | None:
    """A question without the thing it sets aside, and that thing's words ("Which hobbies
    did Tessa try?", "running" for "Which hobbies besides running did Tessa try?"), or
    None when it sets nothing aside or nothing would be left to ask."""
    text = " ".join(question.split())
    match = _SETTING_ASIDE.search(text)
    if match is None:
        return None
    tokens = match["rest"].split(" ")
    if not tokens[0] or tokens[0].lower().strip(",.;:?!") in _SETS_NOTHING_ASIDE:
        return None
    name = tokens[0][:1].isupper()
    # what ends the question is set aside whole ("apart from the Beatles and Queen?")
    whole = len(tokens) <= 2 * SET_ASIDE_WORDS and tokens[-1][-1:] in "?." and not any(
        t.lower().strip(",.;:?!") in _SET_ASIDE_ENDS - {"and", "or"} for t in tokens)
    taken: list[str] = []
    ending = ""
    for at, token in enumerate(tokens if whole else tokens[:SET_ASIDE_WORDS]):
        word = token.rstrip(",.;:?!")
        # two names set aside together: "besides Anna and Tom"
        joins = word == "and" and token == word and tokens[at + 1:at + 2] != [] \
            and tokens[at + 1][:1].isupper()
        if not whole and (not word or (name and not word[:1].isupper() and not joins)
                          or (not name and taken and word.lower() in _SET_ASIDE_ENDS)):
            break
        taken.append(word)
        if word != token:    # punctuation ends it, and stays
            ending = token[len(word):]
            break
    if not taken:
        return None
    before = text[:match.start()].rstrip(" ,")
    after = " ".join([ending, *tokens[len(taken):]])
    rest = re.sub(r"\s+([,.;:?!])", r"\1", " ".join(f"{before} {after}".split()))
    rest = rest.lstrip(",;: ")
    if not [w for w in _WORD.findall(rest.lower()) if w not in QUESTION_WORDS]:
        return None
    return rest, " ".join(taken)


def answer_form(lowered: list[str]) -> str:
    """The kind of value a question (its words, lower case) asks for: "time" for "when" as
    its question word, "what year" / "which month" and the like, or "how long ago";
    "number" for "how many / much / long / old / often / far", a time made ("What was
    Gemma's time?") and what is measured in numbers ("What scores…", ``MEASURED_WORDS``);
    else ""."""
    question_word = next((w for w in lowered if w in WH_WORDS), "")
    if question_word == "when":
        return "time"
    at = lowered.index(question_word) if question_word else -1
    after = lowered[at + 1:at + 3]
    if after and after[0] in WHEN_ASKED_AFTER.get(question_word, frozenset()):
        return "time"
    if question_word == "how" and after[:1] and after[0] in NUMBER_ASKED_AFTER:
        return "time" if after == ["long", "ago"] else "number"
    if question_word in ("what", "which") \
            and MEASURED_WORDS.intersection(lowered[at + 1:at + 5]):
        return "number"
    if question_word == "what" and "time" in lowered[at + 2:]:
        i = lowered.index("time", at + 2)
        if lowered[i - 1] not in TIME_OF_DAY_AFTER \
                and lowered[i + 1:i + 2] in ([], ["in"], ["for"], ["at"], ["on"]):
            return "number"
    return ""


# Verbs whose subject is the one whose words answer the question: to say, to think (as
# one says it), to advise; in their forms but "-ing" (``filters.verb_stem``). Not "give",
# "share" or "call", whose answer either one may tell ("Gran gave me her ring"), nor "ask",
# whose words are a question.
SAYING_VERBS = frozenset({
    "say", "tell", "describe", "think", "feel", "believe", "hope", "suggest", "advise",
    "recommend", "offer", "promise", "mention", "explain", "admit", "reply", "respond",
    "compliment", "praise", "encourage", "warn", "complain"})
_SAYING_STEMS = frozenset(verb_stem(verb) for verb in SAYING_VERBS)


# words that join a name to another before the verb: "Melanie and Caroline say"
_JOINING = frozenset({"and", "or", "nor", "&"})


def speaking_name(words: list[str]) -> str:
    """The canonical name written right before a saying verb ("does Gina say", "did Jon
    tell", "What Jon thinks"), the first such; "" when there is none, or when the name is
    one of several saying it ("What do Melanie and Caroline say…"). A name is a word
    written with a capital that is not the question's first."""
    for i in range(2, len(words)):
        name = words[i - 1]
        # not the progressive: "What is Jon offering to the dancers?" asks what he does
        if verb_stem(words[i]) in _SAYING_STEMS and not words[i].lower().endswith("ing") \
                and name[:1].isupper() \
                and name.lower() not in QUESTION_WORDS and name.lower() not in FIRST_PERSON:
            return "" if words[i - 2].lower() in _JOINING else canonical_name(name)
    return ""


def what_is_a_thing(lowered: list[str]) -> bool:
    """Whether a question's "what" is the object of its verb, with "do" as the auxiliary
    and another verb after ("What does Mei study?", not "What does Tom do?", "What school
    does Mei go to?" or "What is Mei's school?")."""
    at = lowered.index("what") if "what" in lowered else -1
    return at >= 0 and lowered[at + 1:at + 2] in (["do"], ["does"], ["did"]) \
        and not {"do", "doing"} & set(lowered[at + 2:])


def says_when(text: str) -> bool:
    """Whether a message says when something happened: a day, a month or a holiday
    named, "last weekend", "a fortnight ago", "in 2019", "on the 29th"
    (``TIME_STATEMENT_WORDS``; only its first ``TEXT_HEAD_CHARS`` characters are read)."""
    return bool(times_said(text))


@lru_cache(maxsize=MESSAGE_READINGS_KEPT)
def times_said(text: str) -> frozenset[str]:
    """The words a message says when with (``says_when``), lower case, a period with the
    word before it ("last week", "mother day", "new year"), an ordinal without its suffix
    ("11th": "11"): what two messages compare to tell whether one only repeats the
    other's time ("The grand opening is set for Saturday, March 11th." / "March 11th is
    on our calendar!")."""
    words = _WORD.findall(text[:TEXT_HEAD_CHARS].lower())
    said: set[str] = set()
    for i, word in enumerate(words):
        if word in TIME_STATEMENT_WORDS:
            said.add(word)
        elif word in ("day", "year") and i:
            # "Mother's Day" is read as "mother", "s", "day"
            before = words[i - 2] if words[i - 1] == "s" and i > 1 else words[i - 1]
            if (word == "day" and before in HOLIDAY_BEFORE_DAY) \
                    or (word == "year" and before == "new"):
                said.add(f"{before} {word}")
        elif word in ("last", "next", "this") and i + 1 < len(words) \
                and words[i + 1] in TIME_STATEMENT_PERIODS:
            said.add(f"{word} {words[i + 1]}")
        elif word.isdigit() and len(word) == 4 and 1900 <= int(word) <= 2100:
            said.add(word)
        elif 2 < len(word) <= 4 and word.endswith(_ORDINAL_SUFFIXES) and word[:-2].isdigit():
            said.add(word[:-2])
    return frozenset(said)


def states_a_number(text: str) -> bool:
    """Whether a message states a number: digits, or a number word ("three years", "twice a
    week"; only its first ``TEXT_HEAD_CHARS`` characters are read)."""
    return bool(numbers_said(text))


@lru_cache(maxsize=MESSAGE_READINGS_KEPT)
def numbers_said(text: str) -> frozenset[str]:
    """The numbers a message states (``states_a_number``), digits and number words, lower
    case: what two messages compare, as ``times_said``'s times ("I sold thirty-one jars in
    four hours!" / "Thirty-one jars?!")."""
    return frozenset(word for word in _WORD.findall(text[:TEXT_HEAD_CHARS].lower())
                     if word.isdigit() or word in NUMBER_WORDS)


# A message made only of these (and the names of the people talking) says nothing a
# question could ask about: a greeting, thanks, a farewell, a reaction ("Hey Mel! Good to
# see you! How have you been?", "Thanks, Jon! Appreciate the kind words <3"). Affirmations
# ("yes", "yeah", "sure") are not among them: after a question they answer it.
PLEASANTRIES = frozenset({
    # greetings, farewells, thanks
    "hi", "hey", "heya", "hello", "hiya", "howdy", "yo", "morning", "evening", "night",
    "bye", "goodbye", "cya", "later", "soon", "thanks", "thank", "thx", "ty", "cheers",
    "appreciate", "appreciated", "welcome", "congrats", "congratulations",
    # reactions
    "wow", "whoa", "oh", "ah", "aw", "aww", "omg", "haha", "hahaha", "lol", "hehe", "yay",
    "woohoo", "cool", "nice", "great", "awesome", "amazing", "lovely", "fantastic",
    "wonderful", "good", "glad", "happy", "sweet", "neat", "terrific", "super", "brilliant",
    "beautiful", "gorgeous", "incredible", "excellent", "perfect",
    # the phrases around them: "good to see you", "take care", "how have you been",
    # "your kind words mean a lot", "sounds great", "thanks for the support"
    "see", "talk", "chat", "catch", "hear", "care", "take", "mean", "means", "meant", "kind",
    "words", "support", "sounds", "sound", "looks", "look", "feel", "feels", "say", "said",
    "wanted", "been", "doing", "going", "things", "everything", "day",
    # the chat around news, asked for or heard: "of course! what's up?", "tell me!", "what
    # happened?!", "can't wait", "how is everyone?", "what else is going on?", "oh my god",
    # "I'm so sorry", "so proud of you", "how are you feeling?", "good luck"
    "course", "tell", "happened", "wait", "everyone", "everybody", "else", "anything",
    "sorry", "proud", "excited", "feeling", "luck", "bless", "god", "ha", "ooh", "ugh",
    "yikes", "ya",
})
# The words of any sentence: pronouns, auxiliaries, articles, prepositions, degree words,
# the tails of contractions ("I'm" is read as "i", "m").
FUNCTION_WORDS = frozenset({
    "i", "me", "my", "we", "us", "our", "you", "your", "he", "him", "his", "she", "her",
    "it", "its", "they", "them", "their", "this", "that", "these", "those", "a", "an",
    "the", "and", "or", "but", "so", "to", "of", "for", "in", "on", "at", "with", "about",
    "from", "up", "out", "am", "is", "are", "was", "were", "be", "have", "has", "had", "do",
    "does", "did", "will", "would", "can", "could", "just", "really", "very", "too",
    "much", "lot", "all", "again", "how", "what", "m", "s", "re", "ve", "ll", "d", "t",
})


_ALNUM = re.compile(r"[A-Za-z0-9]+")


def says_nothing(text: str, names: Collection[str] = frozenset()) -> bool:
    """Whether a message is only a greeting, thanks or a reaction (``PLEASANTRIES``): each
    of its words is one of those, a function word, or a name in ``names`` (lower case; a
    capitalised word that begins one of them, "Mel" for Melanie, too). An empty text (a
    message not read) is not known to say nothing."""
    if not text.strip():
        return False
    for token, word in _not_pleasantries(text):
        if word in names:
            continue
        if token[0].isupper() and len(word) >= 3 and any(n.startswith(word) for n in names):
            continue
        return False
    return True


@lru_cache(maxsize=MESSAGE_READINGS_KEPT)
def _not_pleasantries(text: str) -> tuple[tuple[str, str], ...]:
    """The words of a message (as written, lower case) that are neither a pleasantry nor
    a function word: what the names of the people talking must account for."""
    out = []
    for match in _ALNUM.finditer(text, 0, TEXT_HEAD_CHARS):
        token = match.group()
        word = token.lower()
        if word not in PLEASANTRIES and word not in FUNCTION_WORDS:
            out.append((token, word))
    return tuple(out)


def name_words(names: Iterable[str | None]) -> set[str]:
    """The words of ``names``, lower case, split as ``says_nothing`` reads a message."""
    return {token.lower() for name in names if name for token in _ALNUM.findall(name)}


# what a message must hold to be of the form a question asks for (``answer_form``)
ANSWER_FORMS = {"time": says_when, "number": states_a_number}
# the values of that form it holds
VALUES_SAID = {"time": times_said, "number": numbers_said}


def names_a_relation(text: str) -> bool:
    """True when ``text`` holds a kinship, social or pet word ("Maya's puppy")."""
    return any(w in RELATION_SYNONYMS for w in words(text))


def words(text: str) -> list[str]:
    """A text's words as a question's are read: lower case, hyphenated words whole
    ("ex-wife"), without a possessive "'s" ("Pickle's" is "pickle")."""
    return [_POSSESSIVE.sub("", t.lower()) for t in _TOKEN.findall(text)]


def _occupation_tail(words: list[str]) -> tuple[str, ...] | None:
    """The words after the main verb "do" of "what do(es) <someone> do …?" when the question
    asks for someone's work (``OCCUPATION_TAILS``), else None. <someone> is names,
    relation words and pronouns only: in "what does Jon tell Gina he won't do?" the "do"
    is another verb's."""
    lowered = [w.lower() for w in words]
    if len(lowered) < 4 or lowered[0] != "what" or lowered[1] not in ("do", "does", "did"):
        return None
    end = lowered.index("do", 2) if "do" in lowered[2:] else None
    if end is None or not _someone(words[2:end]):
        return None
    tail = tuple(lowered[end + 1:])
    before = next((i for i, w in enumerate(tail) if w in PAST_WORDS), len(tail))
    if lowered[1] == "did":
        core, after = tail[:before], tail[before + 1:]
        # "before" alone, or before a clause ("before he retired"), not an occasion
        # ("what did Tom do before the party?")
        if after and after[0] not in _CLAUSE_OPENERS:
            return None
        return tail if core in OCCUPATION_PAST_TAILS or (core == () and tail) else None
    return tail if tail in OCCUPATION_TAILS else None


# the words that may stand between "with" and a relation word that names company: "with
# her sister", "with friends", "with a group of friends", "with some old colleagues"
_COMPANY_GLUE = frozenset({"his", "her", "their", "my", "your", "our", "a", "the", "some",
                           "group", "bunch", "couple", "few", "of", "two", "three", "old",
                           "close", "new"})


def _with_company(before: list[str]) -> bool:
    """Whether a relation word after ``before`` (lower case) names company: "with" comes
    at most four words before it, and only ``_COMPANY_GLUE`` between."""
    for back in range(1, min(5, len(before) + 1)):
        if before[-back] == "with":
            return all(w in _COMPANY_GLUE for w in before[len(before) - back + 1:])
    return False


def _someone(words: list[str]) -> bool:
    """Whether the words are names, relation words and pronouns only: the <someone> of an
    idiom ("what does <someone> do?", "… have?", "who is <someone> seeing?")."""
    return all(w[:1].isupper() or w.lower() in _SOMEONE for w in words)


def _asks_what_one_has(words: list[str]) -> bool:
    """ "What does Linda have?", "What does Ruth's dad have?": the idiom asks for what one
    has (a condition, a thing one owns), though "have" is a question word (read as
    "Linda" alone, it asked for nothing but her node). <someone> is names, relation words
    and pronouns only, as in ``_occupation_tail``."""
    lowered = [w.lower() for w in words]
    return (len(lowered) >= 4 and lowered[0] == "what" and lowered[1] in ("do", "does", "did")
            and lowered[-1] in ("have", "has", "had") and _someone(words[2:-1]))


def asks_who(query: str) -> bool:
    """Whether a question asks for someone: it opens on "who" or "whom" ("Who has helped
    Naomi practise her Portuguese?"; not "Would Naomi be described as someone who avoids
    change?")."""
    return _ASKS_WHO.match(query) is not None


def ended_words(words: list[str]) -> frozenset[str]:
    """The words of ``words`` (lower-cased) that ask for something that ended: "What did
    Margaret stop taking?", "Which hobbies has Jonah given up?", "…picked up and then
    dropped?" (ENDED_WORDS, ENDED_PHRASES)."""
    found = {w for w in words if w in ENDED_WORDS}
    found |= {w for pair in pairwise(words) if pair in ENDED_PHRASES for w in pair}
    found |= {w for i, w in enumerate(words) if w == "dropped"
              and (i + 1 == len(words) or words[i + 1] not in DROPPED_ELSEWHERE)}
    return frozenset(found)


def begun_words(words: list[str]) -> frozenset[str]:
    """The words of ``words`` (lower-cased) that ask for something begun: "What new hobbies
    did Ruth try?", "Which hobbies has Nora picked up?" (BEGUN_WORDS, BEGUN_PHRASES)."""
    found = {w for w in words if w in BEGUN_WORDS}
    found |= {w for pair in pairwise(words) if pair in BEGUN_PHRASES for w in pair}
    return frozenset(found)


def _asks_whom_one_sees(words: list[str]) -> bool:
    """ "Who is Bill seeing?", "who is she seeing now?": whom someone dates. <someone> is
    names, relation words and pronouns only."""
    lowered = [w.lower() for w in words]
    if len(lowered) < 4 or lowered[0] != "who" or lowered[1] not in ("is", "was") \
            or "seeing" not in lowered:
        return False
    end = lowered.index("seeing")
    return end > 2 and _someone(words[2:end]) and all(w in NOW_WORDS for w in lowered[end + 1:])


def _ex_split(token: str) -> tuple[str, ...]:
    """ "ex-husband" is a husband one had: "ex" (PAST_WORDS) and the relation word."""
    m = _EX.match(token)
    return m.groups() if m else (token,)


def kind_asked(lowered: list[str]) -> str:
    """The noun right after the "what" or "which" a question opens with, the kind of thing
    it asks for ("What club do I play for?": "club"; "Which team is Finn on?": "team";
    "What kind of dog does Sam have?": "dog"; "What new hobbies…": "hobbies"), or ""
    ("What did Tom say?", "What is…")."""
    if len(lowered) < 3 or lowered[0] not in ("what", "which"):
        return ""
    at = 3 if lowered[1] in ("kind", "type", "sort") and lowered[2] == "of" else 1
    if at + 1 < len(lowered) and lowered[at] in KIND_MODIFIERS:
        # "What new hobbies…", "Which other cities…": the noun is after the word that says
        # which ones
        at += 1
    word = lowered[at] if at < len(lowered) else ""
    return "" if not word.isalpha() or word in QUESTION_WORDS or word in FILLER_WORDS \
        else word


def read_query(query: str) -> QueryIntent:
    raw = [part for token in _TOKEN.findall(query) for part in _ex_split(token)]
    words = [_POSSESSIVE.sub("", t) for t in raw]
    lowered = [w.lower() for w in words]
    keys: list[str] = []
    # ... and as written where a word had "'s": a name may hold one ("St Mary's Hospital",
    # "McDonald's", "Charlotte's Web", stored as "st marys hospital")
    for spelt in (words, raw) if raw != words else (words,):
        for size in range(1, MAX_NAME_WORDS + 1):
            for i in range(len(spelt) - size + 1):
                part = lowered[i:i + size]
                if all(w in QUESTION_WORDS or w in FILLER_WORDS for w in part):
                    continue
                key = canonical_name(" ".join(spelt[i:i + size]))
                if len(key) >= 2 and key not in keys:
                    keys.append(key)
    # "with her sister" names company, not whom the question asks about: "Where did Sara go
    # with her sister?" asks where Sara went, "When did Caroline go biking with friends?"
    # when Caroline went
    company = {i for i in range(1, len(lowered)) if _with_company(lowered[:i])}
    # a relation said in two words: "Who is Mo's sous chef?", "Nia's health visitor" (not
    # "best friend", a friend with a modifier: RELATION_MODIFIERS)
    pairs = {i: f"{a} {b}" for i, (a, b) in enumerate(pairwise(lowered))
             if f"{a} {b}" in RELATION_SYNONYMS and a not in RELATION_MODIFIERS
             and i not in company}
    paired = {j for i in pairs for j in (i, i + 1)}
    # a relation word after its subject is a verb: "What team do I coach?", "Who does
    # Mark tutor?" ask what one does, for no coach or tutor of anyone
    verbs = {i for i in range(1, len(lowered))
             if lowered[i - 1] in SUBJECT_PRONOUNS
             or (i > 1 and lowered[i - 2] in DO_FORMS and raw[i - 1][:1].isupper()
                 and not _POSSESSIVE.search(raw[i - 1]))}
    relation = frozenset([w for i, w in enumerate(lowered)
                          if w in RELATION_SYNONYMS and i not in company and i not in paired
                          and i not in verbs]
                         + list(pairs.values()))
    skip = (QUESTION_WORDS | HEDGE_WORDS | FILLER_WORDS | FIRST_PERSON | PAST_WORDS | WHEN_WORDS
            | NOW_WORDS)
    # "best friend", "older sister"; and a word between a possessive and a relation word
    # says which relative, not what about them: "Who is Fiona's mortgage adviser?" asks
    # for the adviser, as "Who is Fiona's adviser?" does, and "Who is my assistant
    # coach?" for the coach
    modifiers = {i for i, w in enumerate(lowered[:-1])
                 if lowered[i + 1] in relation
                 and (w in RELATION_MODIFIERS
                      or (i > 0 and (_POSSESSIVE.search(raw[i - 1])
                                     or lowered[i - 1] in POSSESSIVE_WORDS)))}
    light = {i for i, w in enumerate(lowered[:-1])
             if w in GO_WORDS and lowered[i + 1].endswith("ing")
             and len(lowered[i + 1]) > 5 and lowered[i + 1] not in NOT_ACTIVITIES}
    # a relation word said with whose relative it is ("Ben's dad", "my dad", "her older
    # brother"), not as the name one goes by ("What medication does Dad take?":
    # QueryIntent.naming)
    whose = {i for i in range(1, len(lowered))
             if any(lowered[j] in POSSESSIVE_WORDS or _POSSESSIVE.search(raw[j])
                    for j in (i - 1, i - 2) if j >= 0)}
    owned = frozenset([w for i, w in enumerate(lowered) if w in relation and i in whose]
                      + [pair for i, pair in pairs.items() if i in whose])
    # "what is Leo working on?": a project (WORKS_ON), not an employer (WORKS_AT)
    on_project = {i for i, (w, after) in enumerate(pairwise(lowered))
                  if w in WORK_FORMS and after == "on"}
    # a request that opens the question asks, it is no topic ("Remind me who Tomas is")
    request = {0} if len(lowered) > 1 and lowered[0] in REQUEST_VERBS \
        and lowered[1] in ASKER_WORDS else set()
    content = tuple(PROJECT_WORD if i in on_project else w for i, w in enumerate(lowered)
                    if w not in skip and i not in modifiers and i not in light
                    and i not in paired and i not in request
                    and (w not in relation or i in company))
    # ("my new job": a word between says which)
    said_mine = {i for i in range(1, len(lowered))
                 if lowered[i - 1] in SPEAKERS_OWN
                 or (i > 1 and lowered[i - 2] in SPEAKERS_OWN
                     and lowered[i - 1] in MINE_MODIFIERS)}
    mine = frozenset(w for i, w in enumerate(lowered)
                     if i in said_mine and w in content and w not in RELATION_SYNONYMS
                     and w not in MINE_MODIFIERS)
    # "what kind of work does Tom do?", "what line of work is Anna in?" ask for what one
    # does, not only where
    if any(lowered[i:i + 3] == [kind, "of", "work"] for i in range(len(lowered) - 2)
           for kind in ("kind", "type", "line", "sort")):
        content = (*content, OCCUPATION_WORDS[1])
    if _asks_what_one_has(words):
        content = (*content, HAVE_WORD)
    if _asks_whom_one_sees(words):
        # "Who is Bill seeing?" asks whom he dates, not whom he saw
        content = tuple(DATING_WORD if w == "seeing" else w for w in content)
    tail = _occupation_tail(words)
    if tail is not None:
        content = (*content[:len(content) - sum(w not in skip for w in tail)],
                   *OCCUPATION_WORDS)
    time = "now"
    question_word = next((w for w in lowered if w in WH_WORDS), "")
    # "when" asks for a time as the question's word ("When did Kim move?"); after another
    # it opens a clause, whose tense and verbs are not the question's ("What should I
    # avoid when cooking for Priya?" asks about now, "What did Rosa give Hannah when she
    # quit pottery?" about a gift); a word for an earlier state there still asks for one
    # ("What was Callum's job when he first met Gran?")
    main_clause = lowered[:lowered.index("when")] \
        if question_word not in ("", "when") and "when" in lowered else lowered
    # a question whether something holds, in the present tense and saying no time ("Is
    # Priya vegetarian?"; not "Does Kim play padel now?", which asks for what holds now)
    ends = ended_words(main_clause)
    timeless = not ends and not any(w in PAST_WORDS or w in PAST_TENSE or w in WHEN_WORDS
                                    or w in NOW_WORDS for w in main_clause)
    opening = main_clause[0] if main_clause else ""
    if ("still" in main_clause and opening in WHETHER_WORDS) \
            or (opening in WHETHER_NOW_WORDS and timeless):
        # "Does Kim still play padel?", "Is Priya vegetarian?": whether a fact holds now
        # (a fact told as over answers it, saying when it ended)
        time = "still"
    elif any(w in PAST_WORDS for w in lowered) or (
            ends and not any(w in WHEN_WORDS for w in main_clause)):
        time = "past"
    elif any(w in WHEN_WORDS or w in PAST_TENSE for w in main_clause):
        time = "when"
    tokens = [t.lower() for t in raw]
    first = any(w in FIRST_PERSON and not (w in ASKER_WORDS and i > 0
                                           and tokens[i - 1] in REQUEST_VERBS)
                for i, w in enumerate(tokens))
    latest = any(w in LATEST_WORDS for w in lowered) or any(
        pair in LATEST_PHRASES for pair in pairwise(lowered))
    form = answer_form(lowered)
    return QueryIntent(tuple(keys), relation, content, time, first, read_period(query),
                       latest, occupation=tail is not None, question_word=question_word,
                       answer_form=form, broad=asks_broadly(lowered, form),
                       whether=bool(lowered) and lowered[0] in WHETHER_WORDS,
                       thing=what_is_a_thing(lowered),
                       both=any(w in BOTH_WORDS for w in lowered),
                       speaking=speaking_name(words), owned=owned, mine=mine,
                       which=frozenset(lowered[i] for i in modifiers
                                       if lowered[i] not in RELATION_MODIFIERS
                                       and lowered[i] not in skip),
                       kind=kind_asked(lowered), ended=ends,
                       begun=begun_words(main_clause))
