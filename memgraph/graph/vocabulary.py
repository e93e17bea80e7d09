"""The vocabulary of the graph, written once: node kinds, lifecycle states, sensitivities,
source kinds, TTL policies, note lifetimes and relationship types.

Everything else derives from here: the pydantic ``Literal``s of the MCP and HTTP bodies
(``literal``), the click choices of the CLI (``values``), the checks of the library, and
the Cypher lists, which the query loader renders from ``CYPHER_LISTS`` into the
``{{name}}`` markers of ``cypher/`` files (``memgraph cypher show NAME`` prints the
result). Labels and relationship types cannot be query parameters, so every one that
reaches Cypher comes from these tables (or passes ``is_identifier``).
"""

from __future__ import annotations

import calendar
import re
from enum import StrEnum
from functools import lru_cache
from typing import Any, Literal


class Kind(StrEnum):
    PERSON = "Person"
    CONCEPT = "Concept"
    ENTITY = "Entity"
    SOURCE = "Source"
    ARTIFACT = "Artifact"
    STORYLINE = "Storyline"
    MACRO = "Macro"


class State(StrEnum):
    """Seed 001's lifecycle: a memory starts as a candidate, recall makes it active and then
    core, decay archives it (memgraph/lifecycle/salience.py, retrieve/reinforce.py)."""

    CANDIDATE = "candidate"
    ACTIVE = "active"
    CORE = "core"
    ARCHIVED = "archived"


class Sensitivity(StrEnum):
    LOW = "low"
    NORMAL = "normal"
    HIGH = "high"


class SourceKind(StrEnum):
    """What a Source is (its ``kind`` property)."""

    MESSAGE = "message"
    DOCUMENT = "document"
    RECORD = "record"
    NOTE = "note"
    EVENT = "event"


class TtlPolicy(StrEnum):
    """How a memory is forgotten (seed 001, "Governance Hooks"; precedence keep_forever >
    ephemeral > decay; the maths: memgraph/lifecycle/salience.py)."""

    DECAY = "decay"
    EPHEMERAL = "ephemeral"
    KEEP_FOREVER = "keep_forever"


class Lifetime(StrEnum):
    """How long a note holds (memgraph/graph/notes.py turns it into an expiry)."""

    WEEK = "week"
    MONTH = "month"
    YEAR = "year"
    FOREVER = "forever"


def values(enum: Any) -> tuple[str, ...]:
    """The string values of an enum, in order: click choices and error messages."""
    return tuple(member.value for member in enum)


def literal(options: tuple[str, ...] | Any) -> Any:
    """A ``Literal`` type of these strings (or of an enum's values) for pydantic models."""
    items = options if isinstance(options, tuple) else values(options)
    return Literal[items]  # type: ignore[valid-type]


SEMANTIC_KINDS = (Kind.PERSON, Kind.CONCEPT, Kind.ENTITY)
# named things: two of them that embed alike are one only when their names agree too
# (graph/names.py: may_be_one); Concepts are common nouns
NAMED_KINDS = frozenset({Kind.PERSON, Kind.ENTITY})
EPISODIC_KINDS = (Kind.SOURCE, Kind.ARTIFACT)
SUMMARY_KINDS = (Kind.STORYLINE, Kind.MACRO)   # the hierarchy (memgraph/jobs/storylines.py)
# a Source's ``speaker`` that is the agent itself: it speaks for nobody the memory is about
ASSISTANT_SPEAKERS = frozenset({"assistant", "ai", "bot", "system"})


def is_assistant(speaker: str | None) -> bool:
    """Whether a source's ``speaker`` is the agent itself (ASSISTANT_SPEAKERS)."""
    return (speaker or "").lower() in ASSISTANT_SPEAKERS


def layer_of(element: str, kind: str) -> str:
    """The layer of memory a result comes from: ``fact`` (a relationship), ``summary`` (a
    Storyline or Macro), ``episode`` (a Source or Artifact) or ``entity``."""
    if element == "relationship":
        return "fact"
    if kind in SUMMARY_KINDS:
        return "summary"
    return "episode" if kind in EPISODIC_KINDS else "entity"
ALL_KINDS = tuple(Kind)
# The kinds filter of retrieval takes a node kind or this word, which keeps relationships.
RELATIONSHIP_KIND = "Relationship"
KIND_FILTERS = (*values(Kind), RELATIONSHIP_KIND)

STATES = values(State)
# What retrieval searches unless asked for archived memories too.
DEFAULT_STATES = (State.CANDIDATE.value, State.ACTIVE.value, State.CORE.value)
SENSITIVITIES = values(Sensitivity)
SOURCE_KINDS = values(SourceKind)
TTL_POLICIES = values(TtlPolicy)
LIFETIMES = values(Lifetime)

# The same lists as pydantic field types (the MCP tools, the HTTP bodies, the records of
# structured ingestion, settings): a value outside them is refused with the list.
SemanticKindName = literal(tuple(k.value for k in SEMANTIC_KINDS))
KindFilterName = literal(KIND_FILTERS)
StateName = literal(STATES)
SensitivityName = literal(SENSITIVITIES)
SourceKindName = literal(SOURCE_KINDS)
TtlPolicyName = literal(TTL_POLICIES)
LifetimeName = literal(LIFETIMES)

# Lifecycle as labels, kept in step with the `state` and `salience` properties by every
# write path and job (cypher/fragments/relabel.cypher), so that Neo4j Browser's style sheet
# (browser/memgraph.grass) can colour a state and size a salience band: grass styles by
# label only. Queries filter on the properties; the labels are for people.
STATE_LABELS: dict[str, str] = {state.value: state.value.capitalize() for state in State}
STRONG_SALIENCE = 0.7   # at or above: the Strong band (drawn large)
FAINT_SALIENCE = 0.2    # below: the Faint band (drawn small)
SALIENCE_BAND_LABELS = ("Strong", "Faint")
LIFECYCLE_LABELS = (*STATE_LABELS.values(), *SALIENCE_BAND_LABELS)


def lifecycle_labels(state: str | None, salience: float | None) -> list[str]:
    """The lifecycle labels a node with this state and salience carries (the Python mirror
    of cypher/fragments/lifecycle_labels.cypher; a node without a state is a candidate)."""
    labels = [STATE_LABELS[state or State.CANDIDATE.value]]
    if salience is not None and salience >= STRONG_SALIENCE:
        labels.append("Strong")
    elif salience is not None and salience < FAINT_SALIENCE:
        labels.append("Faint")
    return labels


MEMORY_LABEL = "Memory"  # every memory node carries it: one vector and one full-text index
# Person, Concept and Entity nodes also carry it: (user_id, canonical_name) is unique over
# it, one node per name and tenant whatever the kind (cypher/schema/v2.cypher).
SEMANTIC_LABEL = "Semantic"

# Relationship types between semantic nodes, with the meaning given to the LLM.
RELATIONSHIP_TYPES: dict[str, str] = {
    "KNOWS": "two people know each other",
    "FRIEND_OF": "a friendship",
    "FAMILY_OF": "family: parent, child, sibling, relative",
    "PARTNER_OF": "romantic partner or spouse",
    "COLLEAGUE_OF": "people who work together",
    "WORKS_AT": "a person is employed by an organisation",
    "HAS_OCCUPATION": "a person's occupation or role: nurse, teacher, software engineer",
    "WORKS_ON": "a person works on a project, task or topic",
    "STUDIES_AT": "a person studies at a school or university",
    "MEMBER_OF": "belongs to a group, club, team or community",
    "LIVES_IN": "a person lives in a place",
    "FROM": "a person comes from a place",
    "VISITED": "went to a place or event",
    "ATTENDED": "took part in an event, class or meeting",
    "LIKES": "a positive attitude to something",
    "DISLIKES": "a negative attitude to something",
    "INTERESTED_IN": "curiosity about or pursuit of a topic or activity",
    "OWNS": "possesses a thing or pet",
    "USES": "uses a tool, product or method",
    "CREATED": "made, wrote, painted or built something",
    "PART_OF": "a thing is part of a larger thing",
    "HAS_GOAL": "plans or wants to achieve something",
    "AVOIDS": "keeps away from something for health, diet or belief: an allergen, meat, "
              "alcohol",
    "EXPERIENCED": "went through an event or situation",
    "RELATED_TO": "any other relation; say what in the description",
}

# Facts that happened at a moment rather than holding from it: their ``valid_from`` is
# when ("Caroline ATTENDED support group, on 7 May 2023"), not since when.
EVENT_TYPES = frozenset({"VISITED", "ATTENDED", "EXPERIENCED"})

# Facts one holds one of at a time: a new one with another object ends the open one
# (ingestion's supersession, ``Settings.ingest.exclusive_types``), and for a question
# about now another of the type that holds is what took its place (retrieve/answers.py).
EXCLUSIVE_TYPES = ("WORKS_AT", "HAS_OCCUPATION", "STUDIES_AT", "LIVES_IN", "PARTNER_OF")

# Structural relationship types memgraph itself writes.
MENTIONS = "MENTIONS"          # (Source)-[:MENTIONS]->(semantic node)
NEXT = "NEXT"                  # (Source)-[:NEXT]->(Source) within a session
INCLUDES = "INCLUDES"          # (Storyline)-[:INCLUDES]->(Source)
SUMMARIZES = "SUMMARIZES"      # (Macro)-[:SUMMARIZES]->(Storyline)
DERIVED_FROM = "DERIVED_FROM"  # (semantic)-[:DERIVED_FROM]->(Source), consolidation provenance
HAS_CHUNK = "HAS_CHUNK"        # (Artifact)-[:HAS_CHUNK {index}]->(Source), a document's chunks
STRUCTURAL_TYPES = (MENTIONS, NEXT, INCLUDES, SUMMARIZES, DERIVED_FROM, HAS_CHUNK)

# Relationships that say who someone is to someone: kin, partner, friend, colleague,
# acquaintance (explore's who vote leaves a person one of them tells of to that fact)
TIE_TYPES = ("FAMILY_OF", "PARTNER_OF", "FRIEND_OF", "COLLEAGUE_OF", "KNOWS")
# ... and those to a person (or, by OWNS, a pet) whose own facts a question about the
# first one may need: explore's hop-2 facts ("Maya's brother" -> Leo -> Leo's facts).
PERSON_TYPES = (*TIE_TYPES, "OWNS")
# What traverse and explore's graph signal walk: every type but HAS_CHUNK (a document's
# chunks are not reached through it).
WALK_TYPES = (*RELATIONSHIP_TYPES, MENTIONS, NEXT, INCLUDES, SUMMARIZES, DERIVED_FROM)

# Words ending in "-ing" that name no activity: "go" and a gerund says one does the
# activity (EXPERIENCED: "we went camping"; "Does Maya go climbing?" asks about climbing),
# but not "we went during the night" or "I went missing". Read by the rule extractor
# (memgraph/ingest/rules.py) and by the question reader (memgraph/retrieve/query.py).
NOT_ACTIVITIES = ("during", "nothing", "something", "anything", "everything", "thing",
                  "things", "morning", "evening", "spring", "king", "ring", "bring", "sing",
                  "string", "being", "missing", "wedding", "meeting", "building")

# Pastimes named as things, not as doings ("I took up pottery", "she does yoga"): with the
# doings ("hiking", "horseback riding"), what a question for a hobby or a sport asks for
# among what someone did, as EXPERIENCED holds events, conditions and pastimes alike
# ("Omar EXPERIENCED promotion" is none). Read by the rule extractor (its pastime patterns)
# and by explore (``is_pastime``). The first are ones one "does" ("doing yoga").
PASTIMES_DONE = ("yoga", "pilates", "karate", "judo", "crossfit", "tai chi", "boxing",
                 "ballet", "meditation", "parkour", "aikido", "zumba", "aerobics")
PASTIME_THINGS = ("pottery", "photography", "woodworking", "embroidery", "calligraphy",
                  "gymnastics", "archery", "fencing", "bouldering", "snowboarding",
                  "weightlifting", "powerlifting", "birdwatching", "bowls", "golf", "darts",
                  "pickleball", "beekeeping", "parkrun", "netball", "football", "rugby",
                  "cricket", "tennis", "hockey", "basketball", "volleyball", "badminton",
                  "squash", "chess", "crochet", "origami", "ceramics", "sourdough", "ballet",
                  "salsa", "zumba", "aerobics")
_PASTIME_NAMES = frozenset((*PASTIMES_DONE, *PASTIME_THINGS))
# where and how a pastime is done, after its name: "bouldering gym", "pottery class",
# "camping trip" (not "driving test": a test is no outing)
PASTIME_OUTINGS = frozenset({"gym", "class", "classes", "lesson", "lessons", "course", "club",
                             "trip", "trips", "session", "sessions", "wall", "league"})


@lru_cache(maxsize=4096)   # a tenant's things recur call after call
def is_pastime(name: str) -> bool:
    """Whether a thing done is a pastime by its name: a doing ("cold water surfing",
    "tide pooling"; not "wedding", nor "meeting": ``NOT_ACTIVITIES``), a pastime named
    as a thing ("Sunday league netball", "tai chi"), or one's place or outing
    ("bouldering gym": ``PASTIME_OUTINGS``)."""
    words = name.lower().split()
    if len(words) > 1 and words[-1] in PASTIME_OUTINGS:
        words = words[:-1]
    if not words:
        return False
    last = words[-1]
    return (len(last) > 4 and last.endswith("ing") and last not in NOT_ACTIVITIES) \
        or last in _PASTIME_NAMES or " ".join(words[-2:]) in _PASTIME_NAMES


# A month's names, full and short, lower case, to its number: what a question's period
# ("in May 2023") and a sentence's day ("on the 9th of September") are read by
MONTHS = {name.lower(): number for number, name in enumerate(calendar.month_name) if name}
MONTHS.update({name.lower(): number for number, name in enumerate(calendar.month_abbr)
               if name and name.lower() != "may"})
# Holidays, lower case: a day as a date is ("after we moved on Canada Day"), never a place
# or an employer ("I started at Christmas")
HOLIDAYS = frozenset({"christmas", "xmas", "easter", "thanksgiving", "halloween", "hogmanay",
                      "hanukkah", "diwali", "ramadan", "eid", "passover"})
# breeds and kinds of pet, and the animal each is ("a rescue greyhound" is a dog)
PET_BREEDS: dict[str, str] = {**{b: "dog" for b in (
    "retriever", "labrador", "lab", "poodle", "spaniel", "terrier", "collie", "beagle",
    "dachshund", "husky", "bulldog", "pug", "shepherd", "greyhound", "whippet", "corgi",
    "chihuahua", "rottweiler", "boxer", "doodle", "labradoodle", "cockapoo", "schnauzer",
    "pointer", "setter", "sheepdog", "mutt", "shiba", "inu", "akita", "dalmatian",
    "malamute", "samoyed", "pomeranian", "maltese", "tzu", "bichon", "vizsla", "weimaraner",
    "springer", "cavapoo", "cavalier", "hound", "mastiff", "russell", "lurcher",
    # as owners call them ("Rangi (our staffy)", "my shih tzu Peanut")
    "staffy", "staffie", "kelpie", "heeler", "westie", "yorkie", "frenchie", "sheltie",
    "ridgeback", "goldendoodle", "cockerpoo", "pitbull", "shih tzu", "jack russell",
    "german shepherd")},
    **{b: "cat" for b in ("tabby", "siamese", "persian", "ragdoll", "sphynx", "moggy",
                          "coon", "bengal", "shorthair", "longhair", "calico", "burmese",
                          "abyssinian", "tortie", "tortoiseshell")},
    # "a mare called Willow and a cob called Dougal"
    **{b: "horse" for b in ("mare", "stallion", "gelding", "cob", "foal", "filly", "colt")}}
# breeds that are also common words, never a relation word ("my lab partner", "my boxer
# Tyson", "a German shepherd")
BREEDS_WITH_OTHER_SENSES = frozenset({
    "lab", "boxer", "pointer", "setter", "shepherd", "russell", "inu", "tzu", "coon", "mutt",
    "hound", "cob", "colt", "filly", "foal", "cavalier", "maltese", "persian", "shorthair",
    "longhair"})


def _pet_words(animal: str, *words: str) -> str:
    """One relation's words for a pet: its kind's, then its breeds' ("my greyhound Pepper"
    names a dog as "my dog Pepper" does)."""
    breeds = [b for b, a in PET_BREEDS.items() if a == animal and b not in BREEDS_WITH_OTHER_SENSES]
    return ", ".join([*words, *breeds])


# The words that name someone by their relation to a person ("my sister Ana", "my coach
# Kofi", "Who is Fiona's mortgage adviser?"), read by the rule extractor
# (memgraph/ingest/rules.RELATION_WORDS: the relationship it states, and how close) and by
# the question reader (memgraph/retrieve/query.RELATION_SYNONYMS): one list, so a role the
# extractor learns to state is one a question can ask after. Each string holds the words
# of one relation, separated by commas, which a question may use for each other ("mum"
# for "mother").
RELATION_WORD_GROUPS: dict[tuple[str, float], tuple[str, ...]] = {
    ("FAMILY_OF", 0.9): (
        "mother, mom, mum, mama, mommy, mummy", "father, dad, papa, daddy", "parent", "sister",
        "brother", "sibling", "son", "daughter", "child, kid", "cousin", "aunt", "uncle",
        "niece", "nephew", "grandmother, grandma, granny, nan", "grandfather, grandpa, granddad",
        "granddaughter", "grandson", "grandchild, grandkid", "grandparent", "twin",
        "stepmother", "stepfather", "stepson", "stepdaughter", "stepbrother", "stepsister",
        "half-brother", "half-sister", "sister-in-law", "brother-in-law", "mother-in-law",
        "father-in-law", "son-in-law", "daughter-in-law"),
    ("PARTNER_OF", 1.0): (
        # ("my gf Chloe", as chat writes it)
        "wife, husband, spouse, partner, girlfriend, boyfriend, fiance, fiancee, fiancé, "
        "fiancée, gf, bf",),
    # a partner one had: "my ex-husband Paul" (PARTNER_OF, over: EX_WORDS)
    ("PARTNER_OF", 0.5): ("ex-wife, ex-husband, ex-partner, ex-girlfriend, ex-boyfriend, ex",),
    # ("mate" and "pal" as British and Australian chat says friend: "my best mate Callum")
    ("FRIEND_OF", 0.7): ("friend, bestie, buddy, mate, pal", "best friend, best mate",
                         "old friend"),
    # a partner in a business or a pastime is no romance ("my business partner Jo", "Sam is
    # my tennis partner": the longest relation word is read first)
    # ("My crewmate is a big lad called Euan": who one works a shift, a boat or an
    # ambulance with)
    ("COLLEAGUE_OF", 0.5): ("colleague, coworker, co-worker, teammate", "crewmate",
                            "boss, manager",
                            "co-founder, cofounder", "sous chef", "apprentice", "stylist",
                            "curate", "business partner", "teaching partner",
                            "work partner"),
    ("KNOWS", 0.4): (
        "neighbour, neighbor", "roommate, flatmate, housemate", "teacher", "doctor, gp",
        # (a teacher's pupil, a landlord's tenant: "my tenant Pat")
        "pupil", "tenant, lodger",
        "therapist", "coach", "instructor, tutor, trainer", "landlord, landlady", "dentist",
        "nanny, babysitter", "physio, physiotherapist", "psychologist", "psychiatrist",
        "counsellor, counselor", "vet", "paediatrician, pediatrician", "agent", "accountant",
        "lawyer, solicitor, attorney", "midwife", "surgeon", "hairdresser", "adviser, advisor",
        "supervisor", "neurologist", "cardiologist", "oncologist", "dermatologist",
        "optician", "osteopath", "chiropractor", "carer", "health visitor", "social worker",
        "lecturer", "churchwarden", "professor",
        *(f"{what} partner" for what in (
            "lab", "study", "tennis", "squash", "badminton", "golf", "dance", "dancing",
            "running", "training", "climbing", "gym", "workout", "chess", "bridge", "doubles",
            "hiking", "cycling", "sparring", "writing", "research", "language",
            "accountability"))),
    ("OWNS", 0.8): (_pet_words("dog", "dog", "puppy"), _pet_words("cat", "cat", "kitten"),
                    _pet_words("horse", "horse"), "pet", "parrot, bird", "rabbit, bunny",
                    # the small ones ("Oscar, my guinea pig", "my hamster Nibbles")
                    "guinea pig", "hamster, gerbil, chinchilla", "ferret", "tortoise, turtle",
                    "lizard, gecko", "snake", "budgie, cockatiel, canary"),
}
# the relation words of a relation that is over
EX_WORDS = frozenset(word for groups in RELATION_WORD_GROUPS.values() for group in groups
                     for word in group.split(", ") if word == "ex" or word.startswith("ex-"))


def plural(word: str) -> str:
    """A relation word's plural ("my daughters Mia and Lena", "Priya's dogs")."""
    irregular = {"child": "children", "grandchild": "grandchildren", "wife": "wives",
                 "puppy": "puppies", "bunny": "bunnies", "nanny": "nannies",
                 "granny": "grannies", "mommy": "mommies", "mummy": "mummies",
                 "daddy": "daddies", "buddy": "buddies", "bestie": "besties"}
    if word in irregular:
        return irregular[word]
    return f"{word}es" if word.endswith(("s", "ch", "sh")) else f"{word}s"


def singular(word: str) -> str:
    """One of a regular plural ("two mechanics": a mechanic; "waitresses", "coaches")."""
    if word.endswith(("sses", "ches", "shes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


# The lists .cypher files take from here (``{{name}}``, rendered by memgraph/cypher.py):
# relationship-type alternations for patterns (``[r:{{semantic_types}}]``, which the planner
# turns into per-type index seeks) and quoted lists for ``IN``.
CYPHER_LISTS: dict[str, str] = {
    "semantic_types": "|".join(RELATIONSHIP_TYPES),
    "walk_types": "|".join(WALK_TYPES),
    "person_types": ", ".join(f"'{t}'" for t in PERSON_TYPES),
    # a node's kind is its one label among these (it also carries Memory, maybe Semantic,
    # and its lifecycle labels)
    "kinds": ", ".join(f"'{k}'" for k in ALL_KINDS),
    "lifecycle_labels": ":".join(LIFECYCLE_LABELS),
    "lifecycle_label_list": ", ".join(f"'{label}'" for label in LIFECYCLE_LABELS),
    "state_label_cases": " ".join(f"WHEN '{state}' THEN '{label}'"
                                  for state, label in STATE_LABELS.items()),
    "strong_salience": repr(STRONG_SALIENCE),
    "faint_salience": repr(FAINT_SALIENCE),
}

_IDENTIFIER = re.compile(r"^[A-Z][A-Z0-9_]{0,39}$")


def is_identifier(text: str) -> bool:
    """True for an upper-snake identifier that is safe to place in Cypher."""
    return bool(_IDENTIFIER.match(text))


def relationship_type(text: str) -> str:
    """Normalise and check a semantic relationship type; raise ValueError if unknown."""
    candidate = re.sub(r"[\s\-]+", "_", text.strip()).upper()
    if candidate not in RELATIONSHIP_TYPES:
        raise ValueError(f"unknown relationship type {text!r}; use one of "
                         + ", ".join(RELATIONSHIP_TYPES))
    return candidate


def kind(text: str) -> Kind:
    try:
        return Kind(text.strip().capitalize())
    except ValueError:
        raise ValueError(f"unknown node kind {text!r}; use one of "
                         + ", ".join(k.value for k in Kind)) from None
