"""Answer-shaped results: facts before the messages they came from (pure functions).

A fused score (RRF) treats a fact, an entity and a raw message alike, so a message that
matches a question in five lists outranks the fact extracted from it ("Anna LIVES_IN
Lisbon" came 9th behind messages). Here the fused scores are turned into answer-shaped
ones (docs/retrieval.md, "Answers first"):

1. **Facts of the named nodes** (``rank_facts``): the semantic relationships of the nodes
   the query names (``linked``), ranked by their embedding's similarity to the query, form
   the ``facts`` list. When the query describes a person through a relation word ("Maya's
   brother"), the fact that says so is the *bridge*: with nothing else asked ("who is
   Maya's brother?") it is the answer; otherwise the bridge person's own facts are
   ("where does Maya's brother live?"), and the named node's other facts are not.
2. **A fact carries its evidence** (``shape``): a fact scores its own fused score plus
   the best fused score among the candidate sources it was extracted from; a source whose
   evidence a fact already carries scores half (it still ranks where it adds something).
   A fact of the named nodes is then weighed by its *standing*, its ``facts`` score over
   the best one: one sentence often states several facts ("My brother Leo lives in
   Porto" is FAMILY_OF and LIVES_IN), and a small tenant's sources all score alike, so
   the evidence alone cannot tell which fact the question asks about. A fact of a named
   node adds its evidence only when it matches the question at least as well as the
   best message *and* the question asks about its relation (``asks_relation``: "where
   does Anna live?" asks about LIVES_IN, "when did Melanie sign up for a pottery
   class?" not about LIKES); otherwise it ranks where its best source does. So does a
   fact of no node a question names, when it names some (it matched by its sentence's
   words alone). The standing's best is the best fact of a relation the question asks
   about, when there is one: a fact it does not ask about sets no bar for the others.
3. **Time**: a superseded fact scores half for a question about now (the default) and
   never more than the fact that replaced it; for a question about the past ("before",
   "used to", "first") the replacing fact never scores more than the one it replaced
   (for a fact told as over, with no successor named, the node's current facts of its
   type: they came after it), and when the question names what took over ("Where did
   Lars live before Toronto?") the fact it took over from answers before any earlier
   one; for "when" neither.
   A source whose facts are all superseded is stale for a "now" question: half.
   **Priors on messages**: one that ends by asking keeps 0.9 (a reply more often than a
   statement); one said by another than the one speaker the question asks about, 0.75
   (``asked_of``: what someone did is told by them); the agent's own turn, and one that
   says nothing but a greeting, thanks or a reaction (``query.says_nothing``: it matches
   every question about its speaker by the name it is indexed with), half.
   **A bare thing** (a Person, Concept or Entity with no description nor notes: "lost
   job") that ranks above the best candidate fact it is an end of trades places with it:
   the fact says what it is, with the message that tells it.
4. **Tiers.** A query that is only a name ("Anna", "who is Anna?") is answered by that
   node: it comes first (``tier`` 0). A query that only names two or more things ("Has
   Tom been to Copenhagen?") asks how they are related: a fact that joins two of them
   (``joining_facts``) is the answer (``tier`` 1), and the nodes are its subjects. A
   question that asks who or which and names two or more things is answered by the facts
   through which they meet at a node it does not name (``meeting_facts``: "Who is the CFO
   at Northwind?"); one that asks who and only names a Concept, by the Concept's facts
   (``holding_facts``: "Who is the electrician?" asks who holds the role).
   Then the *answers* (``tier`` 1): the facts of the named nodes that match the
   question at least as well as the best-matching message does (cosine of the fact's
   embedding, "Anna lives in Lisbon. <the sentence>", against the vector signal's best
   source), and those a relation word makes the answer; for a "now" question a
   superseded answer hands its place to the fact that replaced it.
   A question that asks for the story of a named node ("what has Maya been up to?")
   is answered by that node's Macro and Storylines (``tier`` 1 too).
   Everything else follows (``tier`` 2), in adjusted order. A named node that is not the
   answer is the question's subject (fusion.add_graph_signals) with relevance 0.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache
from itertools import pairwise
from typing import Any

from memgraph.graph import vocabulary
from memgraph.graph.names import canonical_name
from memgraph.graph.vocabulary import (
    EPISODIC_KINDS,
    EXCLUSIVE_TYPES,
    SEMANTIC_KINDS,
    SUMMARY_KINDS,
    is_assistant,
    is_pastime,
)
from memgraph.retrieve.filters import verb_stem
from memgraph.retrieve.query import (
    MESSAGE_READINGS_KEPT,
    MONTHS,
    RELATION_SYNONYMS,
    QueryIntent,
    name_words,
    names_a_relation,
    says_nothing,
)
from memgraph.retrieve.results import as_datetime

PERSON_TYPES = frozenset(vocabulary.PERSON_TYPES)   # the hop-2 list of explore_candidates too
EPISODES = frozenset(EPISODIC_KINDS)
SUMMARIES = frozenset(SUMMARY_KINDS)
THINGS = frozenset(SEMANTIC_KINDS)     # what facts are of
# What a fact whose standing is lower keeps of its score: half, so that it still ranks
# among the answers' neighbours and stays findable, never above what replaced it.
DEMOTION = 0.5
# The bridge fact of "who is Maya's brother?" and the facts of its far end for "where does
# Maya's brother live?" rank above every other fact of the named node.
ANSWER_BONUS = 1.0
# What a message that ends by asking keeps of its match: it is a reply more often than a
# statement of what happened. In LoCoMo's dev split and two unseen conversations, 17-37 %
# of the turns end with a question mark and 6-14 % of the turns some question's evidence
# rests on (docs/retrieval.md, "A message that ends by asking").
ASKING = 0.9
# What a message keeps when the question asks about one of the people talking and another
# said it: of the evidence of the questions that name one speaker, 96 % is that speaker's
# own (254 of 264 turns in LoCoMo's dev split, 520 of 544 in the eleven conversations);
# the other's messages match through the name they address ("Cool, Melanie! Running can
# really boost your mood"). Mild, as ASKING: 0.9, 0.75, 0.6 and 0.5 were measured
# (docs/retrieval.md, "Session 77").
ANOTHER_SPEAKER = 0.75
# A fact's standing among the named nodes' facts: exp((score - best) / scale). MiniLM
# cosines of a question and a tenant's facts lie within ~0.3 of each other; a fact 0.1
# below the best keeps 37 % of its evidence, 0.2 below 14 %.
STANDING_SCALE = 0.1
# The words of a relationship type, as questions ask about it. A fact also scores the
# share of the question's content words its statement or its type's words hold (each word
# weighed by its idf among the facts: _word_weights), times LEXICAL_WEIGHT: MiniLM alone
# put "Lena lives in Vienna" above "Lena works at Wiener Zeitung Digital" for "where does
# Lena work?" ("where" is close to a city name), as explore fuses full-text with vectors
# for messages.
LEXICAL_WEIGHT = 0.2
# the word a question that asks for an end ("given up", "quit") and a fact told as over
# both say, in place of the question's own words for it (rank_facts)
ENDED_WORD = "<ended>"
# Relation words whose type says all they say: any PARTNER_OF fact is a "boyfriend"'s or a
# "wife"'s, whatever its sentence ("I'm seeing someone named Omar now"); a FAMILY_OF fact
# is not a "sister"'s by its type alone.
TYPE_OF_RELATION_WORD: dict[str, str] = {
    **{w: "PARTNER_OF" for w in RELATION_SYNONYMS["partner"]},
    **{w: "FRIEND_OF" for w in RELATION_SYNONYMS["friend"]},
}
# The relation words that name a pet ("dog", "kittens", "pets"): they ask for what one
# owns (OWNS), the others for a person, whatever a fact's sentence says beside them.
PET_WORDS: frozenset[str] = frozenset(
    form for (rel_type, _), groups in vocabulary.RELATION_WORD_GROUPS.items()
    if rel_type == "OWNS" for group in groups for word in group.split(", ")
    for form in RELATION_SYNONYMS.get(word, ()))
# Relations one has one of at a time, though the vocabulary does not supersede them (a
# manager is a COLLEAGUE_OF, as a teammate is): "who is Leo's manager?" asks for the one
# named last, "who was Leo's manager before?" for the one before.
ONE_AT_A_TIME = RELATION_SYNONYMS["partner"] | RELATION_SYNONYMS["manager"] | \
    RELATION_SYNONYMS["roommate"] | RELATION_SYNONYMS["doctor"] | \
    RELATION_SYNONYMS["landlord"] | RELATION_SYNONYMS["crewmate"] | {"therapist", "coach"}
# The words are those questions ask a relation with, and the verbs the rule extractor
# states it with (ingest/rules.py: "I adopted a puppy named Toro" is OWNS, so "when did
# Carlos adopt Toro?" asks about it; answers.asks_relation).
TYPE_WORDS: dict[str, frozenset[str]] = {k: frozenset(v.split()) for k, v in {
    "WORKS_AT": "work job employer employ company office colleague career join start "
                "teach intern internship business",
    # "what is Tom's job?" may ask for either; "where does Tom work?" for an employer
    "HAS_OCCUPATION": "job occupation profession career role",
    "WORKS_ON": "work project task",
    # and the schools the extractor states it with ("started kindergarten at Solbacken",
    # "goes to Greenfield Primary")
    "STUDIES_AT": "study student school university college degree class course enrol enroll "
                  "kindergarten nursery preschool primary academy uni attend",
    "LIVES_IN": "live home city town house move reside based address relocate",
    "FROM": "from born grow origin originally hometown native",
    "VISITED": "visit go went travel trip been holiday vacation",
    "ATTENDED": "attend go went event class meeting participate activity race marathon "
                "compete",
    # what one was diagnosed with ("I was diagnosed with type 2 diabetes") is a health
    # condition one has; an injury one had ("I hurt my back": back injury) too
    # ("What does Sam struggle with?", "…suffer from?", "What does Linda have?", "What is
    # wrong with Theo?")
    # (and a pastime's words when its thing is one: PASTIME_WORDS)
    "EXPERIENCED": "experience activity diagnose diagnosis condition illness disease sick "
                   "health injury injure hurt sprain struggle suffer have wrong",
    # and a team one supports ("I'm a huge Celtic fan"), a tool one tells an assistant to
    # use ("Always use Ruff": "What linter does Raj prefer?")
    "LIKES": "like love enjoy favourite favorite fan into hobby fun passion adore fond "
             "support prefer preference",
    "DISLIKES": "dislike hate stand feel think mind avoid",
    # "I'm studying architecture at ETH" is a subject studied and a school: "what does Mei
    # study?" asks for the first
    "INTERESTED_IN": "interest curious into play learn study hobby sport pastime",
    "OWNS": "own have pet name call",
    "FAMILY_OF": "family relative",
    # ("Who is Rory dating?"; "Who is Bill seeing?" is read as "dating": query.py)
    "PARTNER_OF": "partner married engage marry date dating",
    "FRIEND_OF": "friend",
    "COLLEAGUE_OF": "colleague coworker",
    "MEMBER_OF": "member join club team group",
    # "I'm training for the Berlin Marathon" is a goal: "what race is Kofi training for?"
    "HAS_GOAL": "goal plan want wish train",
    "AVOIDS": "avoid diet eat drink vegetarian vegan",
    "CREATED": "create make made",
    # a tool ("What tools does Raj use?", "What is in our stack?"; one migrated to is a
    # manner: TYPE_MANNER_WORDS); a medicine one is on ("I'm on metformin": "what
    # medication is Margaret on?")
    "USES": "use tool stack software medication medicine meds drug prescription",
}.items()}
# The words that ask for a pastime ("what hobby did Ruth take up?", "what sport did Lena
# take up?"): words of what someone did (EXPERIENCED) when the thing is a pastime
# (vocabulary.is_pastime: "Omar EXPERIENCED hiking", not "Omar EXPERIENCED promotion",
# which answered "What hobbies does Omar have now?"; docs/retrieval.md, "Session 91"), or
# went to ("Carol dragged me to pickleball": "Ruth ATTENDED pickleball", session 111)
PASTIME_WORDS = frozenset({"hobby", "sport", "pastime"})
PASTIME_TYPES = frozenset({"EXPERIENCED", "ATTENDED"})
# Words of a type that name one way of doing what it states: they count for a fact only
# when its sentence says them. Everything someone made answered "What has Melanie
# painted?" by the type word "paint" ("We all made our own pots" first, above her
# paintings), and a road bike bought "When did Marcus adopt Juni?" (docs/retrieval.md,
# "Session 75"); "make", "own" and "visit" still ask for all.
# A manner may take two words: "sign up" is attending, "sign" alone is not ("When did
# Hannah sign the lease?", "Who designed the shop sign?" asked for a pottery class signed
# up for: docs/retrieval.md, "Session 82"); a question and a sentence say it when they say
# its words one after the other.
TYPE_MANNER_WORDS: dict[str, frozenset[str]] = {k: frozenset(v.split(", ")) for k, v in {
    # a verb's other forms are its own ("We bought a caravan" answers "What did Gary
    # buy?": verb_stem)
    "CREATED": "paint, draw, write, build, knit, sew, bake, sculpt, carve, design",
    "OWNS": "adopt, rescue, buy",
    "VISITED": "fly",
    # being hired is one way to come to work somewhere: "Who might I hire?" asks for
    # someone the speaker hires, not for the speaker's employer ("Kofi WORKS_AT Northwind
    # Studio", told as "I signed a new contract with Northwind Studio", was its answer);
    # driving for a firm is another ("Who do I drive for?": "I drive for Uber")
    "WORKS_AT": "hire, drive",
    # training somewhere is studying there ("Where did I train?": "I trained at Leiths")
    "STUDIES_AT": "train",
    # an allergy or an intolerance is one way to keep away from a food: "What is Chris
    # allergic to?" is not answered by "Chris is vegetarian" (AVOIDS meat), which it was
    # as the first answer
    "AVOIDS": "allergy, intolerance",
    # "I signed up for a pottery class", "I volunteer at the food bank"
    "ATTENDED": "sign up, volunteer",
    # "we're migrating from Celery to Temporal" (not every tool one uses: "What is Kai's
    # team migrating to?" asked for "Kai USES vim" as much)
    "USES": "migrate",
}.items()}
# Types that are one line of someone's life, for "now" and "latest": an occupation and an
# employer are both someone's job, and "what is Aiko's job now?" asks for the later of
# "Aiko works as a flight attendant for ANA" and "Aiko became a yoga instructor".
SAME_LINE: dict[str, str] = {"HAS_OCCUPATION": "WORKS_AT"}


def line_of(props: Mapping[str, Any]) -> str:
    """The line of someone's life a fact's type is on (``SAME_LINE``)."""
    kind = str(props.get("kind") or "")
    return SAME_LINE.get(kind, kind)


# What a question word cannot ask for: an occupation is no place and no one ("where does
# Lena work?" asks for her employer, though "I work at Danube Media as an editor" states
# both, and her HAS_OCCUPATION fact matched the question as well as her WORKS_AT one).
NOT_ASKED_BY: dict[str, frozenset[str]] = {
    "HAS_OCCUPATION": frozenset({"where", "who", "whom"}),
    # what one went through is no one: "Who is Hana engaged to?" asks for the partner, not
    # the engagement
    "EXPERIENCED": frozenset({"who", "whom"}),
}
# The question words that ask for what a type states, whatever the question's other words:
# "where" asks for a place one is at, in or went to ("Where did Marcus's family take him out
# for his birthday?": "Marcus VISITED El Charro", told as "we went to El Charro")
ASKED_BY_WORD: dict[str, frozenset[str]] = {
    kind: frozenset({"where"}) for kind in ("LIVES_IN", "VISITED", "WORKS_AT", "STUDIES_AT",
                                            "FROM")}
# The places one is at or in, which a "what" that asks for a thing does not ask for ("What
# does Mei study?" asks for architecture, though "I'm studying architecture at ETH Zurich"
# states her school too and the question's word asks for both: QueryIntent.thing).
NOT_A_THING: frozenset[str] = frozenset({"STUDIES_AT", "WORKS_AT", "LIVES_IN", "FROM"})
# A type's own words count too ("ADOPTED", "MARRIED_TO" from an LLM extractor), but not
# the prepositions that join them.
_TYPE_GLUE = frozenset({"at", "in", "of", "on", "to", "for", "with", "by", "as"})


@dataclass(frozen=True)
class FactRanking:
    """The ``facts`` list (``rank_facts``): scores best first, the facts that answer
    (tier 1), and the facts whose relation the question asks about."""

    ranked: list[tuple[str, float]]
    answers: set[str]
    asked: set[str]

    @property
    def scores(self) -> dict[str, float]:
        return dict(self.ranked)


@dataclass
class Shaped:
    """Per candidate key: the adjusted RRF and why (``reasons``), the tier (0: the
    named node a bare-name query asks for), and the evidence RRF a fact carries."""

    adjusted: dict[str, float] = field(default_factory=dict)
    evidence: dict[str, float] = field(default_factory=dict)
    tier: dict[str, int] = field(default_factory=dict)
    reasons: dict[str, list[str]] = field(default_factory=dict)

    def why(self, key: str, reason: str) -> None:
        self.reasons.setdefault(key, []).append(reason)


# How ingestion describes an auto-link (cypher/ingest/auto_link.cypher); older links carry
# no ``auto_linked`` property, only this description.
AUTO_LINK_DESCRIPTION = "similar in meaning (auto-linked"


def is_fact(props: Mapping[str, Any]) -> bool:
    return not props.get("auto")


def is_auto_link(kind: str, text: str) -> bool:
    return kind == "RELATED_TO" and text.startswith(AUTO_LINK_DESCRIPTION)


def rank_facts(rows: Sequence[Mapping[str, Any]], rels: Mapping[str, Mapping[str, Any]],
               intent: QueryIntent, linked_names: Sequence[str],
               best_source_sim: float | None = None,
               linked_people: Sequence[str] = (), speaker: str | None = None,
               now: datetime | None = None) -> FactRanking:
    """The ``facts`` list: (key, score) best first. ``rows`` are the candidate query's
    fact rows ``{key, via, sim}`` (``via``: the hop-1 fact a hop-2 fact was reached by;
    ``sim``: (1 + cosine) / 2 of the fact's embedding and the query, None without one);
    ``rels`` the relationships' projected properties by key. A score is the cosine
    (at least 0; 0.5 when the fact has no embedding), plus ``ANSWER_BONUS`` for what a
    relation word makes the answer, times ``DEMOTION`` for what it makes beside the point.
    Also returns the *answers*: the facts a relation word makes the answer, and those whose
    cosine plus lexical share matches the question at least as well as the best-matching
    source's cosine (``best_source_sim``, (1 + cosine) / 2 of the vector signal; every
    fact with an embedding when None); and the facts whose relation the question asks
    about (``asks_relation``). ``linked_people``: the people among the linked nodes (a
    fact told with another of them comes first: ``_named_besides``). ``speaker``: the
    speaker's node the question links by "I" or "my" (its name), whose a relation asked
    as the speaker's is ("my job": ``QueryIntent.mine``). ``now``: when a fact told as
    over by then says the words a question asks for an end with ("given up").
    """
    topic = intent.topic(linked_names)
    stems = [verb_stem(w) for w in topic]
    wanted = set(stems)
    # what a relation is asked with may take two words ("sign up": asks_relation)
    asking = with_phrases(stems)
    named = frozenset(canonical_name(n) for n in linked_names)
    people = frozenset(canonical_name(n) for n in linked_people)
    bridges = {r["key"] for r in rows
               if r.get("via") is None and _bridge(rels.get(r["key"]), intent, named)}
    # who the relation word is about, on each bridge: in "what does Kenji's friend Sven
    # do?" the facts reached through "Kenji FRIEND_OF Sven" are Sven's, not Kenji's
    relatives = {key: _relative_names(rels[key], intent, named) for key in bridges}
    through_bridge: set[str] = set()   # reached from a relative: hop-1 rows keep them
    best = message_floor(best_source_sim)
    scores: dict[str, float] = {}
    answers: set[str] = set()
    asked: set[str] = set()
    facts = [(row, props) for row in rows
             if (props := rels.get(row["key"])) is not None and is_fact(props)]
    # a fact whose two ends the question names says any manner of its type: "When did
    # Marcus adopt Juni?" asks about "Marcus OWNS Juniper", told as "We picked her up"
    ends_named = {row["key"] for row, props in facts
                  if canonical_name(str(props.get("start_name") or "")) in named
                  and canonical_name(str(props.get("end_name") or "")) in named}
    said = {row["key"]: _words(props, with_sentence=True,
                               ends_named=row["key"] in ends_named)
            for row, props in facts}
    # a fact stated in the period the question names says its words ("in April"), as
    # the time signal counts its sources in it
    timed = {row["key"]: _period_words(wanted, intent, props, said[row["key"]])
             for row, props in facts}
    # a question's words for a beginning ("new", "picked up") no fact says more than
    # another: the share of the question a fact states is of the rest ("What new hobbies
    # did Ruth try in 2023?" is answered by "Ruth EXPERIENCED water aerobics", stated then)
    begun = frozenset(verb_stem(w) for w in intent.begun)
    if wanted - begun:
        wanted -= begun
    # a fact told as over says its end: "Which hobbies has Jonah given up?" asks for
    # "Jonah EXPERIENCED sourdough", told as "I'm officially done with sourdough"
    # (the phrase is one word of the question: "given up" counts once, not twice); so
    # does another fact of the same thing of the same one ("Which hobbies has Nora picked
    # up and then dropped?" asks for "Nora ATTENDED pottery class", the pottery she quit)
    ended = frozenset(verb_stem(w) for w in intent.ended) & wanted
    if ended and now is not None:
        wanted = (wanted - ended) | {ENDED_WORD}
        over = {_ends(props) for _, props in facts if superseded(props, now)}
        timed = {row["key"]: timed[row["key"]] | {ENDED_WORD} if _ends(props) in over
                 else timed[row["key"]] for row, props in facts}
    said = {key: words | timed[key] for key, words in said.items()}
    weights = _word_weights(wanted, said.values())
    # "What was my job before Octopus?" asks for the speaker's job, not for the friend's
    # at Octopus the question names
    mine = with_phrases([verb_stem(w) for w in intent.mine]) if speaker else set()
    which = {verb_stem(w) for w in intent.which}
    picked = any(which & said.get(key, set()) for key in bridges)
    speakers = frozenset({canonical_name(speaker)}) if speaker else frozenset()
    # the things the question names besides its people, of which a fact is stated: a fact
    # of a named person answers only when it says them too ("What was the poetry reading
    # that Caroline attended about?" is not answered by "Caroline ATTENDED talk", though
    # "attended" is all the question says besides its names; a thing no fact is of only
    # says which: "What LGBTQ+ events has Caroline participated in?")
    things = frozenset(thing for thing in named - people - speakers
                       if any(_hangs_off(props, frozenset({thing})) for _, props in facts))
    kind_stem = verb_stem(intent.kind) if intent.kind else ""
    for row, props in facts:
        if asks_relation(asking, props, ends_named=row["key"] in ends_named) or (
                intent.question_word in ASKED_BY_WORD.get(str(props.get("kind")), ())):
            asked.add(row["key"])
        raw = row.get("sim")
        sim = 0.5 if raw is None else max(0.0, 2.0 * float(raw) - 1.0)
        lexical = _lexical(wanted, props, timed[row["key"]],
                           ends_named=row["key"] in ends_named)
        # the order among the facts also reads the sentence the fact was stated in: "as a
        # project manager" is said there, not in "Carlos WORKS_AT Sol Energia"
        sim += LEXICAL_WEIGHT * _weighted_share(weights, said[row["key"]])
        via = row.get("via")
        bridged = via is not None and via in bridges and _hangs_off(props, relatives[via])
        # a fact of a relative answers only when a relation word asked for the relative
        # and only when it accounts for every content word of the question (in its
        # statement or its type's words): on LoCoMo a speaker's short facts ("Melanie
        # likes painting") out-matched the message that answers "when did Melanie paint
        # a sunrise?" by their name alone, and with one word in common (docs/retrieval.md)
        if raw is not None and (best is None or sim >= best) and lexical >= 1.0 \
                and (via is None or bridged) and _says_things(props, things):
            answers.add(row["key"])
        elif intent.occupation and via is None and row["key"] in asked:
            # "what did Rui do before?" says in its idiom what it asks for, in no word a
            # message could match: the named node's work answers it, whatever message
            # shares its other words ("before")
            answers.add(row["key"])
        # a question that names two people asks about them together: of one's facts, those
        # stated in a sentence that names the other come first ("When did Nora first meet
        # Theo?": "Nora ATTENDED trivia night", told with "...this guy on the other team,
        # Theo", not "Nora ATTENDED pottery class"). It orders; it makes no answer.
        together = LEXICAL_WEIGHT * _named_besides(props, people, row["key"] in asked)
        sim += together
        if kind_stem and _of_the_kind(kind_stem, props):
            # the kind of thing the question asks for is this fact's: "What club do I play
            # for?" asks for "Tomasz MEMBER_OF Hastings" before "Tomasz INTERESTED_IN
            # chess", stated in the same sentence. It orders; it makes no answer.
            sim += LEXICAL_WEIGHT
            together += LEXICAL_WEIGHT
        if via is None:
            if row["key"] in bridges:
                # "my second supervisor": of the relatives, the one whose fact says
                # "second", when one does
                chosen = not picked or bool(which & said.get(row["key"], set()))
                score = sim + (0.0 if topic or not chosen else ANSWER_BONUS)
            else:
                score = sim * (DEMOTION if bridges else 1.0)
        else:
            # a relative's fact answers what is asked of the relative when it says one of
            # the question's other words ("Who is our pet insurer?" is not answered by
            # "Pepper ATTENDED agility classes")
            telling = bridged and bool(topic) and bool(wanted & said[row["key"]])
            score = sim + ANSWER_BONUS if telling else sim * DEMOTION
            if telling:
                through_bridge.add(row["key"])
        if intent.question_word in NOT_ASKED_BY.get(str(props.get("kind")), ()) or (
                mine and asks_relation(mine, props) and not _hangs_off(props, speakers)):
            # beside the point, as a fact a relation word leaves out is
            score *= DEMOTION
            answers.discard(row["key"])
            asked.discard(row["key"])
        elif score - together >= ANSWER_BONUS:
            answers.add(row["key"])
        elif (bridges or intent.owned) and row["key"] not in bridges and not bridged \
                and row["key"] not in through_bridge:
            # beside the point the relation word makes; with no bridge, the question asks
            # about a relative the memory has no fact of ("What is my mum's illness?", her
            # unnamed), and no fact of the named node's own answers it
            answers.discard(row["key"])
        if intent.thing and props.get("kind") in NOT_A_THING:
            # not what a "what" asks for, though it may be the way to it ("What did Jonah's
            # coworkers at the bike shop give him when he left?"): no answer, its score kept
            answers.discard(row["key"])
        scores[row["key"]] = max(score, scores.get(row["key"], 0.0))
    if intent.latest or (intent.time == "now" and intent.relation_words & ONE_AT_A_TIME):
        scores = latest_first(scores, rels, answers, question_stems(intent))
    elif intent.time == "past" and intent.relation_words & ONE_AT_A_TIME:
        scores = latest_first(scores, rels, answers, question_stems(intent), earliest=True)
    return FactRanking(sorted(scores.items(), key=lambda kv: (-kv[1], kv[0])), answers,
                       asked)


def _ends(props: Mapping[str, Any]) -> tuple[str, str]:
    """A fact's two ends, whatever its type: who, and what it is of."""
    return str(props.get("start_uid") or props.get("start_name") or ""), \
        str(props.get("end_uid") or props.get("end_name") or "")


def stated_at(props: Mapping[str, Any]) -> float:
    """When a fact was stated (epoch ms): its event, else the start of its validity, else
    when it was written."""
    return float(props.get("event_at") or props.get("valid_from")
                 or props.get("created_at") or 0)


def _latest_said_first(out: Shaped, facts: Sequence[Any], answer_keys: set[str]) -> None:
    """For "does Jon still go bouldering?": among the facts between the same two nodes,
    alike in answering or not, what was said last takes the best of their places ("I love
    bouldering" in March, "I stopped bouldering" in August)."""
    pairs: dict[tuple[Any, Any, bool], list[Any]] = {}
    for f in facts:
        key = (f.props.get("start_uid"), f.props.get("end_uid"), f.key in answer_keys)
        pairs.setdefault(key, []).append(f)
    for group in pairs.values():
        if len(group) < 2:
            continue
        best = sorted((out.adjusted[f.key] for f in group), reverse=True)
        latest = sorted(group, key=lambda f: (-_said_at(f.props), f.key))
        for f, score in zip(latest, best, strict=True):
            if out.adjusted[f.key] != score:
                out.adjusted[f.key] = score
                out.why(f.key, "the question asks whether it still holds: of what was said "
                               "about the same two, the latest first")


def _said_at(props: Mapping[str, Any]) -> float:
    """When a fact was last said to hold or to be over: its end when told as over, else
    when it was stated."""
    ended = as_datetime(props.get("valid_to"))
    return ended.timestamp() * 1000 if ended is not None else stated_at(props)


def latest_first(scores: Mapping[str, float], rels: Mapping[str, Mapping[str, Any]],
                 answers: set[str], question: frozenset[str] = frozenset(), *,
                 earliest: bool = False) -> dict[str, float]:
    """For a question that asks for the latest ("What is Lena into these days?"): among
    the facts of one node and one type that are alike in answering or not, the one stated
    last takes the best of their scores, the one before it the next, and so on. A liking
    is not superseded by a newer one, as a job is; "these days" asks for the newer one all
    the same. The group keeps its scores: facts of other nodes and types keep their
    places. ``earliest``: the one stated first takes the best score ("who was Leo's
    manager before?")."""
    out = dict(scores)
    sign = 1.0 if earliest else -1.0
    for keys in latest_groups(scores, rels, answers, question):
        best_first = sorted((scores[k] for k in keys), reverse=True)
        latest = sorted(keys, key=lambda k: (sign * stated_at(rels.get(k) or {}),
                                             -scores[k], k))
        out.update(zip(latest, best_first, strict=True))
    return out


def latest_groups(keys: Iterable[str], rels: Mapping[str, Mapping[str, Any]],
                  answers: set[str], question: frozenset[str] = frozenset()
                  ) -> list[list[str]]:
    """The groups ``latest_first`` orders by time: facts of one node and one type (or
    one line of types, ``SAME_LINE``), alike in answering or not and in the words of the
    ``question`` (stems: ``question_stems``) they say, two or more. Time orders what
    matches alike: one uses many tools at once, and "Which CI do we use now?" asks for
    "Raj USES GitHub Actions" ("we moved CI from Jenkins to GitHub Actions"), not for the
    tool told of last ("Raj USES FastAPI")."""
    groups: dict[tuple[Any, Any, bool, frozenset[str]], list[str]] = {}
    for key in keys:
        props = rels.get(key) or {}
        said = question & _words(props, with_sentence=True) if question else frozenset()
        groups.setdefault((props.get("start_uid"), line_of(props), key in answers, said),
                          []).append(key)
    return [group for group in groups.values() if len(group) > 1]


def question_stems(intent: QueryIntent) -> frozenset[str]:
    """The stems of a question's content words and relation words ("What's Dan's cat
    called?": "cat"): what a fact's statement may say of it."""
    return frozenset(verb_stem(w) for w in (
        *intent.content, *(w for said in intent.relation_words for w in said.split())))


def joining_facts(rels: Mapping[str, Mapping[str, Any]], named_uids: set[str]) -> set[str]:
    """The stated facts whose two ends are both nodes the query names. A question that
    names two things and asks nothing else ("Has Tom been to Copenhagen?", "Tom and
    Dana") asks how they are related: the fact that joins them answers it, not either
    node alone."""
    return {key for key, props in rels.items()
            if is_fact(props) and props.get("start_uid") != props.get("end_uid")
            and props.get("start_uid") in named_uids and props.get("end_uid") in named_uids}


# the question words that ask for someone or something by what it is to the things named,
# and those that ask for someone
IDENTITY_WORDS = frozenset({"who", "whom", "which"})
PERSON_WORDS = frozenset({"who", "whom"})


def meeting_facts(rows: Sequence[Mapping[str, Any]], rels: Mapping[str, Mapping[str, Any]],
                  named_uids: set[str], intent: QueryIntent) -> set[str]:
    """The stated facts through which two nodes the question names meet at one it does
    not name, when it asks who or which: that node is what it asks for ("Ingrid Dahl
    HAS_OCCUPATION CFO" and "Ingrid Dahl WORKS_AT Northwind Logistics" for "Who is the CFO
    at Northwind?"; "Raj COLLEAGUE_OF Chen Wei" and "Chen Wei LIVES_IN Oslo" for "Which of
    my colleagues lives in Oslo?"). ``rows`` are the candidate query's fact rows: only the
    named nodes' own (hop 1) count, a fact reached through another is one step further."""
    if intent.question_word not in IDENTITY_WORDS or len(named_uids) < 2:
        return set()
    at: dict[str, list[tuple[str, str]]] = {}     # unnamed node -> (named node, fact key)
    for row in rows:
        props = rels.get(row["key"])
        if row.get("via") is not None or props is None or not is_fact(props):
            continue
        ends = (props.get("start_uid"), props.get("end_uid"))
        named = [uid for uid in ends if uid in named_uids]
        other = [uid for uid in ends if uid not in named_uids]
        if len(named) == 1 and len(other) == 1 and other[0] is not None:
            at.setdefault(str(other[0]), []).append((str(named[0]), row["key"]))
    return {key for met in at.values() if len({uid for uid, _ in met}) >= 2
            for _, key in met}


def holding_facts(rows: Sequence[Mapping[str, Any]], rels: Mapping[str, Mapping[str, Any]],
                  concept_uids: set[str], intent: QueryIntent) -> set[str]:
    """The stated facts of the Concepts a question that asks who and names nothing else
    names: "Who is the electrician?" asks who holds the role ("Priya Shah HAS_OCCUPATION
    electrician"), not for the Concept "electrician", which came first as the node the
    query names. Only the Concepts' own facts (hop 1)."""
    if intent.question_word not in PERSON_WORDS or not concept_uids:
        return set()
    return {row["key"] for row in rows
            if row.get("via") is None and (props := rels.get(row["key"])) is not None
            and is_fact(props)
            and (props.get("start_uid") in concept_uids) != (props.get("end_uid")
                                                             in concept_uids)}


# why the answers the graph's shape gives answer (``graph_answers``)
MEETS = ("answers: through it two nodes the query names meet at one it does not name, "
         "whom or which it asks for")
HOLDS = "answers: the question asks who, and it says who holds what the query names"


def graph_answers(rows: Sequence[Mapping[str, Any]], rels: Mapping[str, Mapping[str, Any]],
                  named_uids: set[str], concept_uids: set[str], intent: QueryIntent,
                  bare: bool) -> dict[str, str]:
    """The answers the shape of the graph around the named nodes gives (``meeting_facts``;
    with a query of names only, ``holding_facts``), each with why it answers.
    ``concept_uids``: the named nodes that are Concepts."""
    found = dict.fromkeys(meeting_facts(rows, rels, named_uids, intent), MEETS)
    if bare:
        found.update(dict.fromkeys(holding_facts(rows, rels, concept_uids, intent), HOLDS))
    return found


def found_by_walk_only(c: Any) -> bool:
    """Whether the graph walk (one hop from the seeds) is the only list that found a
    candidate: nothing matched it, it only sits next to what did."""
    return c.ranks.keys() == {"graph"}


# how many characters of spacing and punctuation a sentence may differ by from its message
_SAME_TEXT_SLACK = 8


def shows_its_match(fact: Mapping[str, Any], source: Mapping[str, Any],
                    question: frozenset[str]) -> bool:
    """Whether a fact shows what its source (a message) says that the question matched:
    its sentence is the whole message, or its statement (its sentence, its type's words)
    holds a word of the question (stems). A fact stands for its message in the results
    (it takes the message's rank, and the message after it repeats it), and one of
    another sentence of the message hid the sentence that answers: "My manager is Chen
    Wei, she's the CTO. Maria Lopez owns the refunds service." became "Raj COLLEAGUE_OF
    Chen Wei" for "Who owns the refunds service?" (docs/retrieval.md, "Session 91")."""
    sentence = str(fact.get("description") or "")
    if question & _statement_stems("", "", str(fact.get("kind") or ""), sentence):
        return True
    # the whole message, as written but for spaces and punctuation (the length first: a
    # message's first 2,000 characters are read only when they may be the sentence)
    head = str(source.get("text_head") or "")
    return bool(sentence) and abs(len(head) - len(sentence)) <= _SAME_TEXT_SLACK \
        and canonical_name(sentence) == canonical_name(head)


def of_someone_asked(fact: Mapping[str, Any], people: frozenset[str]) -> bool:
    """Whether a fact is of one of the people a question names (``people``, canonical
    names), or the question names none: a fact of someone else does not show what the
    question matched in its message. "Their CFO is Ingrid Dahl and the main contact is
    Tomas Berg, their head of IT." made "Ingrid Dahl HAS_OCCUPATION CFO" stand for its
    message, second, for "Where does Tomas Berg work now?" (docs/retrieval.md, "Session
    92")."""
    return not people or _hangs_off(fact, people)


def speaks_for_question(key: str, score: float, floor: float | None,
                        asked: set[str] | None, answers: set[str]) -> bool:
    """Whether a fact of the named nodes speaks for the question: it votes in the
    ``facts`` list and adds its sources' evidence to its own score. It does when it
    answers, or when it matches the question at least as well as the best message
    (``floor``, ``message_floor``; no bound when None) and the question asks about its
    relation (``asked``; every fact when None). A named speaker's other facts ("Melanie
    likes painting" for "when did Melanie paint a sunrise?") still compete through the
    vector and full-text lists, but no longer rank first by the name alone
    (docs/retrieval.md, "Round 5" and "A fact the question asks about")."""
    return key in answers or ((floor is None or score >= floor)
                              and (asked is None or key in asked))


def message_floor(best_source_sim: float | None) -> float | None:
    """The best message's cosine, on the scale of the facts list: the vector signal
    scores (1 + cosine) / 2, ``rank_facts`` the cosine itself."""
    return None if best_source_sim is None else 2.0 * best_source_sim - 1.0


def asks_relation(wanted: set[str], props: Mapping[str, Any], *,
                  ends_named: bool = False) -> bool:
    """Whether the question's content words (stems, and its two-word phrases:
    ``with_phrases``) name the fact's relation: a word of its type ("live", "home", "move"
    for LIVES_IN) or of its type's name, or a manner of it its sentence says. A named
    node's fact that shares only its name and an object word with the question ("Melanie
    LIKES pottery" for "when did Melanie sign up for a pottery class?") is not what the
    question asks, however close its short sentence lies to it. With ``ends_named`` (the
    question names both of the fact's ends) any manner of its type counts, said or not."""
    kind = str(props.get("kind") or "")
    return bool(wanted & (_type_stems(kind) | _pastime_stems(kind, props.get("end_name"))
                          | _manner(kind, props.get("description"), ends_named)))


def with_phrases(stems: Sequence[str]) -> set[str]:
    """Stems in order as a set, with each two in a row as one ("sign up"): the forms a
    manner word (``TYPE_MANNER_WORDS``) may take."""
    return set(stems) | {f"{a} {b}" for a, b in pairwise(stems)}


@lru_cache(maxsize=256)
def _type_stems(kind: str) -> frozenset[str]:
    """The stems of a type's words and of its own name's words ("LIVES_IN": "live")."""
    own = set(kind.lower().split("_")) - _TYPE_GLUE
    return _type_word_stems(kind) | {verb_stem(w) for w in own if w}


@lru_cache(maxsize=256)
def _type_word_stems(kind: str) -> frozenset[str]:
    return frozenset(verb_stem(w) for w in TYPE_WORDS.get(kind, ()))


_PASTIME_STEMS = frozenset(verb_stem(w) for w in PASTIME_WORDS)


def _pastime_stems(kind: str, end: Any) -> frozenset[str]:
    """The words that ask for a pastime (``PASTIME_WORDS``), for a fact of what someone did
    whose thing is one."""
    return _PASTIME_STEMS if kind in PASTIME_TYPES and is_pastime(str(end or "")) \
        else frozenset()


def _lexical(wanted: set[str], props: Mapping[str, Any],
             timed: frozenset[str] = frozenset(), *, ends_named: bool = False) -> float:
    """The share of the question's content words (stems) the fact's statement holds (its
    ends' names and its type's words), with ``timed``, the words of the question's period
    when the fact was stated in it."""
    if not wanted:
        return 0.0
    return len(wanted & (_words(props, ends_named=ends_named) | timed)) / len(wanted)


def _named_besides(props: Mapping[str, Any], people: frozenset[str],
                   asked: bool = False) -> float:
    """The share of the people the question names, besides the fact's own ends, that the
    sentence the fact was stated in names (0 when the question names fewer than two); a
    fact between two of them, of the relation the question asks about (``asked``), names
    them together already ("Am I married to Mark?" asks about "Claire PARTNER_OF Mark", not
    "Mark PARTNER_OF Tanya"; "What do I know about Anna?" asks about Anna, not about the
    speaker's relation to her)."""
    ends = {canonical_name(str(props.get(f"{side}_name") or "")) for side in ("start", "end")}
    others = people - ends
    if len(people) < 2:
        return 0.0
    if not others:
        return 1.0 if asked else 0.0
    sentence = f" {canonical_name(str(props.get('description') or ''))} "
    return sum(1 for name in others if f" {name} " in sentence) / len(others)


def _period_words(wanted: set[str], intent: QueryIntent, props: Mapping[str, Any],
                  said: frozenset[str]) -> frozenset[str]:
    """The question's words that name its calendar period (a month, a year, a day's
    number: "in April", "in May 2023") when the fact was stated in that period and
    ``said`` (its words) holds another of the question's words, else none: the period
    confirms a match, it is none alone ("When did Melanie go camping in July?" is not
    answered by every fact stated in July)."""
    period = frozenset(w for w in wanted if w in MONTHS or w.isdigit())
    said_at = stated_at(props)
    if not period or intent.period is None or not said_at or not (wanted - period) & said \
            or not intent.period.holds(datetime.fromtimestamp(said_at / 1000, UTC)):
        return frozenset()
    return period


def _words(props: Mapping[str, Any], *, with_sentence: bool = False,
           ends_named: bool = False) -> frozenset[str]:
    """The stems of a fact's statement (its ends' names, its type's words and the manners
    it says: ``_manner``), and with ``with_sentence`` of the sentence it was stated in (its
    description) too."""
    kind, sentence = str(props.get("kind")), str(props.get("description") or "")
    manner = {word for said in _manner(kind, sentence, ends_named) for word in said.split()}
    return _statement_stems(str(props.get("start_name") or ""),
                            str(props.get("end_name") or ""), kind,
                            sentence if with_sentence else None) | manner


def _manner(kind: str, sentence: Any, ends_named: bool) -> frozenset[str]:
    """The stems of the type's manner words a fact says: those its sentence says, or, when
    the question names both of its ends, every one (the thing is named; how it was come by
    is the question's own word: "When did Marcus adopt Juni?" of "We picked her up")."""
    return _manner_stems(kind) if ends_named else _manner_said(kind, sentence)


@lru_cache(maxsize=MESSAGE_READINGS_KEPT)
def _manner_said(kind: str, sentence: Any) -> frozenset[str]:
    """The stems of the type's manner words (``TYPE_MANNER_WORDS``) its sentence says
    (a manner of two words as one: "sign up")."""
    manner = _manner_stems(kind)
    if not manner or not sentence:
        return frozenset()
    return manner & with_phrases([verb_stem(w)
                                  for w in re.findall(r"[a-z]+", str(sentence).lower())])


@lru_cache(maxsize=64)
def _manner_stems(kind: str) -> frozenset[str]:
    return frozenset(" ".join(verb_stem(w) for w in manner.split())
                     for manner in TYPE_MANNER_WORDS.get(kind, ()))


@lru_cache(maxsize=MESSAGE_READINGS_KEPT)   # a tenant's facts recur call after call
def _statement_stems(start: str, end: str, kind: str, sentence: str | None
                     ) -> frozenset[str]:
    said = frozenset(verb_stem(w) for w in f"{start} {end}".lower().split())
    if sentence is not None:   # its words as a question's are read: "part-time" stays one
        said |= _sentence_stems(sentence)
    return said | _type_word_stems(kind) | _pastime_stems(kind, end)


def _of_the_kind(kind_stem: str, props: Mapping[str, Any]) -> bool:
    """Whether a fact is of the kind of thing a question asks for (``QueryIntent.kind``):
    the noun is a word of its type, and its sentence says it ("the Hastings club" for
    MEMBER_OF). A word of the type alone is not enough: "race" is one of ATTENDED's, and
    "What race is Kofi training for?" asks for the marathon he trains for (HAS_GOAL), not
    the half marathon he ran."""
    kind = str(props.get("kind") or "")
    return kind_stem in (_type_word_stems(kind) | _pastime_stems(kind, props.get("end_name"))) \
        and kind_stem in _sentence_stems(str(props.get("description") or ""))


@lru_cache(maxsize=MESSAGE_READINGS_KEPT)
def _sentence_stems(sentence: str) -> frozenset[str]:
    """The stems of a sentence's words, read as a question's are ("part-time" stays one)."""
    return frozenset(verb_stem(w) for w in re.sub(r"[^\w\s-]", " ", sentence).lower().split())


def _word_weights(wanted: set[str], said: Iterable[frozenset[str]]) -> dict[str, float]:
    """Each question word's share of the question's weight among these facts (the shares
    sum to 1): its inverse document frequency (BM25's), so that a word most of them hold
    ("go", which every ATTENDED and VISITED fact's type holds) counts for less than one
    that picks out a few ("climbing")."""
    said = list(said)
    weights = {w: idf(len(said), sum(1 for words in said if w in words)) for w in wanted}
    total = sum(weights.values())
    return {w: v / total for w, v in weights.items()} if total else {}


def idf(docs: int, with_term: int) -> float:
    """BM25's (and Lucene's) inverse document frequency of a word ``with_term`` of ``docs``
    documents hold."""
    return math.log(1.0 + (docs - with_term + 0.5) / (with_term + 0.5))


def _weighted_share(weights: Mapping[str, float], words: frozenset[str]) -> float:
    """The share of the question words' weight that a fact's words hold."""
    return sum(v for w, v in weights.items() if w in words)


def _bridge(props: Mapping[str, Any] | None, intent: QueryIntent,
            named: frozenset[str] = frozenset()) -> bool:
    if props is None or not intent.relation_words or props.get("kind") not in PERSON_TYPES:
        return False
    # a pet is owned, a person is no pet: "What pets do I have?" is not bridged by "Zoe
    # COLLEAGUE_OF Liam", told as "I hired a dog walker, Liam"
    owned = props.get("kind") == "OWNS"
    if not any((w in PET_WORDS) == owned for w in intent.relation_words):
        return False
    # the relative is the end the question does not name: in "Who are Min's kids?" the
    # fact "Min FAMILY_OF Jae" is described by Jae's side, not by Min's "Kim's brother"
    sides = [side for side in ("start", "end")
             if canonical_name(str(props.get(f"{side}_name") or "")) not in named]
    ends = " ".join(str(props.get(f"{side}_description") or "")
                    for side in (sides or ["start", "end"]))
    # The ends' descriptions say the relation of this fact ("Maya's puppy", "Maya's
    # partner"); the sentence may state several: "My partner Sam loves dogs, so we got a
    # puppy called Rex" made the PARTNER_OF fact the bridge for "Maya's dog".
    text = ends if names_a_relation(ends) else f"{props.get('description') or ''} {ends}"
    return intent.relation_matches(text) or any(
        TYPE_OF_RELATION_WORD.get(w) == props.get("kind") for w in intent.relation_words)


def _relative_names(props: Mapping[str, Any], intent: QueryIntent,
                    named: frozenset[str]) -> frozenset[str]:
    """The canonical names of a bridge's relative: the end the question does not name,
    or, when it names both ("Kenji's friend Sven"), the end the relation word describes
    ("Kenji's friend"); either end when neither is told apart."""
    ends = {side: canonical_name(str(props.get(f"{side}_name") or ""))
            for side in ("start", "end")}
    unnamed = {name for name in ends.values() if name not in named}
    if unnamed:
        return frozenset(unnamed)
    described = {name for side, name in ends.items()
                 if intent.relation_matches(str(props.get(f"{side}_description") or ""))}
    return frozenset(described or ends.values())


def _says_things(props: Mapping[str, Any], things: frozenset[str]) -> bool:
    """Whether a fact says each of ``things`` (canonical names): as one of its ends or in
    the sentence it was stated in."""
    if not things:
        return True
    said = f" {canonical_name(str(props.get('description') or ''))} "
    return all(_hangs_off(props, frozenset({thing})) or f" {thing} " in said
               for thing in things)


def _hangs_off(props: Mapping[str, Any], names: frozenset[str]) -> bool:
    """Whether one of a fact's ends is one of ``names`` (canonical)."""
    return any(canonical_name(str(props.get(f"{side}_name") or "")) in names
               for side in ("start", "end"))


def _below(out: Shaped, key: str, above: str, reason: str) -> None:
    """Keep ``key`` under ``above`` (never over it), without lifting ``above``."""
    if out.adjusted[key] >= out.adjusted[above]:
        out.adjusted[key] = out.adjusted[above] * 0.999
        out.why(key, reason)


def superseded(props: Mapping[str, Any], now: datetime) -> bool:
    ended = as_datetime(props.get("valid_to"))
    return ended is not None and ended <= now


def _line_holds(fact: Any, facts: Sequence[Any], now: datetime) -> bool:
    """Whether a fact among ``facts`` of the same node and line as ``fact`` holds now (an
    occupation after the one told as over: SAME_LINE)."""
    return any(not superseded(g.props, now)
               and g.props.get("start_uid") == fact.props.get("start_uid")
               and line_of(g.props) == line_of(fact.props) for g in facts)


def _in_its_place(fact: Any, facts: Sequence[Any], now: datetime) -> bool:
    """Whether something holds now in the place of ``fact``, told as over: another fact of
    its line, on a line one holds one of at a time (``vocabulary.EXCLUSIVE_TYPES``: a
    manager now, after "I used to be a welder"). Of a line one holds many of at once,
    another that holds took no one's place: "Jonah EXPERIENCED running" is no successor of
    "I think I'm officially done with sourdough"."""
    return line_of(fact.props) in EXCLUSIVE_TYPES and _line_holds(fact, facts, now)


def _teller(fact: Mapping[str, Any]) -> str | None:
    """The source that told a fact over: the last of its sources (ingest/facts.py appends
    it; the first stated it), when no newer fact superseded it."""
    sources = fact.get("source_ids") or []
    return None if fact.get("superseded_by") or not sources else sources[-1]


def successors(key: str, rels: Mapping[str, Mapping[str, Any]], now: datetime) -> list[str]:
    """The facts that took over from one told as over with no successor named: the
    still-valid facts of its subject and type that a message telling it over stated too.
    "I switched from VS Code to Neovim" ends one USES fact and states another in one
    sentence; USES is no type one holds one of at a time, so nothing superseded the
    first, and "Which editor do I use?" asks for the second. A liking given up and a
    liking told weeks later are two things, not one change."""
    fact = rels.get(key) or {}
    if not superseded(fact, now) or fact.get("superseded_by"):
        return []
    # the first of its sources stated it, perhaps with other facts of its type ("I use VS
    # Code and Postgres"), which took over from nothing
    told = {_teller(fact)} - {None}
    return [k for k, other in rels.items()
            if k != key and is_fact(other) and other.get("kind") == fact.get("kind")
            and other.get("start_uid") == fact.get("start_uid")
            and not superseded(other, now) and told & set(other.get("source_ids") or [])]


def took_over(key: str, rels: Mapping[str, Mapping[str, Any]], now: datetime) -> list[str]:
    """The facts among ``rels`` that took over from a fact that is over: the newer fact
    that superseded it ("I drive for Uber", then "I've switched to driving for Bolt"),
    else the ones a message telling it over stated (``successors``)."""
    newer = (rels.get(key) or {}).get("superseded_by")
    if newer is None:
        return successors(key, rels, now)
    return [k for k, other in rels.items() if other.get("uid") == newer]


def shape(candidates: Sequence[Any], rrfs: Mapping[str, float], intent: QueryIntent,
          named: set[str], now: datetime,
          fact_scores: Mapping[str, float] | None = None,
          answers: set[str] | None = None, best_source_sim: float | None = None,
          asked: set[str] | None = None, joined: set[str] | None = None,
          people: Sequence[str] = (),
          graph_found: Mapping[str, str] | None = None) -> Shaped:
    """Adjusted RRF per candidate (see the module docstring). ``candidates`` are
    fusion.Candidate; ``named`` the keys of linked nodes a bare-name query asks for;
    ``fact_scores`` the ``facts`` list's scores (``rank_facts``); ``best_source_sim`` the
    vector signal's best source, (1 + cosine) / 2, as ``rank_facts`` takes it; ``asked``
    the facts whose relation the question asks about (every fact when None); ``joined``
    the answers that join two nodes a query of names only names (``joining_facts``);
    ``people`` the names of the people the query names; ``graph_found`` the answers the
    graph's shape gives, with why each answers (``graph_answers``)."""
    out = Shaped()
    standings: dict[str, float] = {}
    fact_scores = fact_scores or {}
    answer_keys = set(answers or ())
    # the bar is the best fact of a relation the question asks about, when one is: a fact
    # it does not ask about ("Fiona HAS_GOAL trip to Hobart", its sentence naming Tasmania)
    # neither speaks for it nor sets how well the others answer "What hobby did Fiona take
    # up in Tasmania?"
    bar = [score for key, score in fact_scores.items() if asked is None or key in asked]
    top_fact = max(bar or fact_scores.values(), default=0.0)
    by_uid = {c.props.get("uid"): c for c in candidates}
    sources = {c.props.get("uid"): c.key for c in candidates
               if c.element == "node" and c.props.get("kind") in EPISODES}
    by_key_uid = {key: uid for uid, key in sources.items()}
    facts = [c for c in candidates if c.element == "relationship" and is_fact(c.props)]
    by_key = {c.key: c for c in facts}
    fact_props = {c.key: c.props for c in facts}
    floor = message_floor(best_source_sim)
    standings_of_messages = message_standings(candidates, intent)
    # where a message stands: its match, less what it keeps of it (3c-3f below)
    stands = {key: rrfs[key] * math.prod(factor for factor, _ in kept)
              for key, kept in standings_of_messages.items()}
    for c in candidates:
        out.adjusted[c.key] = rrfs[c.key]
        if c.element == "relationship" and not is_fact(c.props):
            out.adjusted[c.key] *= DEMOTION
            out.why(c.key, f"an auto-link (similar in meaning), not a stated fact "
                           f"(x{DEMOTION})")
    # 2. a fact carries the evidence of the candidate sources it came from
    carried_by: dict[str, list[Any]] = {}
    question = question_stems(intent)
    named_people = frozenset(canonical_name(name) for name in people)
    # what a question that names no node asks about, its words and their pairs
    # (``asks_relation``)
    asking = with_phrases([verb_stem(w) for w in intent.content]) | question
    for f in facts:
        keys = [sources[u] for u in f.props.get("source_ids") or [] if u in sources]
        for key in keys:
            carried_by.setdefault(key, []).append(f)
        if keys:
            best = max(rrfs[k] for k in keys)
            out.evidence[f.key] = best
            beside = f.key not in fact_scores and bool(fact_scores)
            walked = found_by_walk_only(f)
            # whether it speaks for the question: a named node's fact that answers, or,
            # when the question names no node, one whose relation it asks about, by a word
            # of its type or by a relation word ("Who is the paediatrician?")
            if not fact_scores:
                speaks = asks_relation(asking, f.props) or _bridge(f.props, intent)
            else:
                speaks = not beside and speaks_for_question(
                    f.key, fact_scores[f.key], floor, asked, answer_keys)
            # a fact that stands for its source (below) takes the rank of one it shows
            # what of the question matched (``shows_its_match``)
            if walked or beside or not speaks:
                # it stands for its source: where the source stands, which a question
                # asked ("Priya's the vet, right?") or another's words keep less of
                best = max(stands.get(k, rrfs[k]) for k in keys)
                matched = question if of_someone_asked(f.props, named_people) \
                    else frozenset()
                shown = max((stands.get(sources[u], rrfs[sources[u]])
                             for u in f.props.get("source_ids") or []
                             if u in sources and shows_its_match(f.props, by_uid[u].props,
                                                                 matched)), default=0.0)
                if shown < best:
                    out.why(f.key, "shows none of the question's words its source says: "
                                   "does not stand for it")
                    best = shown
            if walked or beside:
                # one hop from a match is no match: a fact the graph walk alone found
                # stands for its source and does not add to it ("Sofia FAMILY_OF Leo",
                # next to "Leo", came first for "What is the cat's name?" in a tiny memory);
                # so does a fact of no node a question that names some names ("Omar
                # HAS_OCCUPATION backend engineer" for "Does Priya still work at Finch?",
                # by its sentence's words), as the named nodes' facts that do not answer do
                if best > out.adjusted[f.key]:
                    out.adjusted[f.key] = best
                    how = "of no node the question names" if beside \
                        else "found by the graph walk alone"
                    out.why(f.key, f"carries the evidence of {len(keys)} matching "
                                   f"source(s), {how}: ranks where its best source does "
                                   f"({best:.4f})")
            # a named node's fact that answers, or, when the question names no node, one
            # whose relation it asks about (every fact stands on its own words)
            elif speaks:
                out.adjusted[f.key] += best
                out.why(f.key, f"carries the evidence of {len(keys)} matching source(s) "
                               f"(+{best:.4f})")
            elif best > out.adjusted[f.key]:
                # A fact of a named node that matches the question less well than some
                # message does, or whose relation the question does not ask about, stands
                # for its source and does not add to it: on LoCoMo a speaker's generic
                # facts ("Caroline likes painting"), matched by the name in fact and
                # source alike, outranked the turn that answers. So does a fact of a
                # relation a question that names no node does not ask about: "Raj USES
                # FastAPI", from "We're migrating the auth service from Flask to FastAPI",
                # came first for "Who owns the refunds service?" by "service".
                out.adjusted[f.key] = best
                why = ("matches the question less than a message"
                       if floor is not None and fact_scores.get(f.key, 1.0) < floor
                       else "the question does not ask about its relation")
                out.why(f.key, f"carries the evidence of {len(keys)} matching source(s), "
                               f"{why}: ranks where its best source does ({best:.4f})")
        if f.key in fact_scores and top_fact > 0:
            # among the facts of the named nodes, the one that answers the question: a
            # sentence's evidence is shared by every fact it states
            standing = min(1.0, math.exp((fact_scores[f.key] - top_fact) / STANDING_SCALE))
            standings[f.key] = standing
            out.adjusted[f.key] *= standing
            out.why(f.key, f"a fact of the node the query names: matches the question "
                           f"{standing:.2f} as well as the best one (x{standing:.2f})")
    # 3. time: the current fact first for "now", the earlier one for "past"; "does Kim
    # still play padel?" asks whether a fact holds, and a fact that ended answers it (no
    # demotion: it says when it ended)
    if intent.time == "still":
        for f in facts:
            if superseded(f.props, now) and f.key in fact_scores:
                out.why(f.key, "ended: the question asks whether it still holds")
    # the facts right before what a "past" question names (below)
    just_before: list[Any] = []
    if intent.time in ("now", "past"):
        for f in facts:
            if not superseded(f.props, now):
                continue
            newer = by_uid.get(f.props.get("superseded_by"))
            if intent.time == "now":
                # the facts that took over take its place: told as over with none named,
                # those of its type its message stated ("Dev USES Neovim" matches "Which
                # editor do I use?" less than "Dev USES VS Code", whose sentence says
                # "editor"); superseded, the newer fact when the question asks about the
                # relation ("Farid WORKS_AT Bolt", told as "switched to driving for Bolt",
                # matches "Who do I drive for?" less than "I drive for Uber" does; an old
                # job matched by a word of another relation hands on nothing)
                after = [by_key[k] for k in took_over(f.key, fact_props, now) if k in by_key]
                # ... and one that is over with nothing of its line holding in its place
                # is still the last thing known ("Where do I work?" after "I've left
                # Feilden Clegg" and no employer since): it keeps its rank, said as over
                # (an occupation held is a job now: SAME_LINE)
                if not after and not _line_holds(f, facts, now):
                    out.why(f.key, "over, and nothing of its line holds now: the last known")
                    continue
                taking_place = newer is None or asked is None or f.key in asked
                for g in after if taking_place else ():
                    if out.adjusted[g.key] < out.adjusted[f.key]:
                        out.adjusted[g.key] = out.adjusted[f.key]
                        out.why(g.key, "took over from a fact that is over: ranks where "
                                       "it did")
                out.adjusted[f.key] *= DEMOTION
                ended = "superseded by a newer fact" if newer is not None else "told as over"
                out.why(f.key, f"{ended}: the question asks about now (x{DEMOTION})")
                if f.key in answer_keys:
                    answer_keys.discard(f.key)
                    for g in after:
                        answer_keys.add(g.key)
                        out.why(g.key, "the current fact where an older one answered")
                for g in after:
                    _below(out, f.key, g.key, "superseded by a fact ranked above it")
            else:
                # a fact told as over names no successor ("I quit my job at X"): the
                # node's current facts of its type came after it
                later = [newer] if newer is not None else [
                    g for g in facts if not superseded(g.props, now)
                    and g.props.get("start_uid") == f.props.get("start_uid")
                    and g.props.get("kind") == f.props.get("kind")]
                for g in later:
                    if g.key in answer_keys:
                        answer_keys.discard(g.key)
                        answer_keys.add(f.key)
                        out.why(f.key, "the earlier fact the question asks about")
                    _below(out, g.key, f.key, "came after an earlier fact the question asks "
                                              "about (the past)")
                if newer is not None and canonical_name(
                        str(newer.props.get("end_name") or "")) in intent.name_keys:
                    just_before.append(f)
    if intent.latest:
        ranked = [f.key for f in facts if f.key in fact_scores]
        for group in latest_groups(ranked, {f.key: f.props for f in facts}, answer_keys,
                                   question):
            for key in group:
                out.why(key, "the question asks for the latest: among the node's facts of "
                             "this type, the one stated last ranks first")
    # 2b. a source whose evidence a fact above carries; 3b. a stale source
    for key, carriers in carried_by.items():
        current = [f for f in carriers if not superseded(f.props, now)]
        if intent.time == "past" and len(current) == len(carriers):
            # a message that states only what holds now may also say what held before
            # ("we sold our flat in Turin and moved to Asti"), which no fact carries
            continue
        if any(f.key in answer_keys or out.adjusted[f.key] >= stands.get(key, rrfs[key])
               for f in carriers):
            out.adjusted[key] = rrfs[key] * DEMOTION
            out.why(key, f"its evidence is carried by a fact above (x{DEMOTION})")
        elif intent.time in ("now", "still") and not current:
            if any(_teller(f.props) == by_key_uid[key] and not _in_its_place(f, facts, now)
                   for f in carriers):
                # "I've left Feilden Clegg", "I'm officially done with sourdough": the
                # message that tells a fact over is the news of what changed, not a stale
                # statement of it; unless another fact holds in its place now ("I used to be
                # a welder…" after "I'm now the manager of the food bank": what he is now is
                # told elsewhere)
                out.why(key, "tells a fact over: what changed, not a stale statement")
                continue
            out.adjusted[key] = rrfs[key] * DEMOTION
            out.why(key, f"states only superseded facts (x{DEMOTION})")
    # 3c-3f. what a message keeps of its match (``message_standings``)
    for key, kept in standings_of_messages.items():
        for factor, reason in kept:
            out.adjusted[key] *= factor
            out.why(key, reason)
    # 3g. a thing that says nothing but its name (a Concept "lost job", no description nor
    # notes) is what its facts say: with one among the candidates, it hands its place to
    # the best of them ("Jordan EXPERIENCED lost job", with the message that tells it);
    # for a question about now, not to one superseded
    _bare_after_its_facts(out, candidates, facts, named, intent, now)
    # 4. tiers: a bare name's node, then the answers, then everything else. The answers
    # share the best evidence among them: their order is how well each matches.
    shared = max((out.adjusted[k] / standings[k] for k in answer_keys
                  if k in standings and standings[k] > 0), default=0.0)
    for key in answer_keys:
        if key in standings and shared > 0:
            out.adjusted[key] = shared * standings[key]
            out.why(key, "an answer: ranked among the answers by how well it matches")
    # "Where did Lars live before Toronto?": the question names what took over, so the
    # fact it took over from answers before any earlier one of its subject and type
    # ("Lars LIVES_IN Stockholm", over when he moved to Singapore), however well that
    # one matches
    for f in just_before:
        for g in facts:
            if g is not f and g not in just_before and superseded(g.props, now) \
                    and g.props.get("start_uid") == f.props.get("start_uid") \
                    and g.props.get("kind") == f.props.get("kind"):
                if g.key in answer_keys and f.key not in answer_keys:
                    # an earlier fact answers, so the one right before what is named does
                    answer_keys.add(f.key)
                    out.why(f.key, "right before what the question names")
                _below(out, g.key, f.key, "earlier than the fact right before what the "
                                          "question names")
    if intent.time == "still":
        _latest_said_first(out, facts, answer_keys)
    # "What do Leo and Maya have in common?": what two the question names each hold of the
    # same thing ("Leo LIKES climbing", "Maya LIKES climbing") answers before anything
    # either holds alone, in pairs, the better matched first
    if intent.both:
        held = held_in_common(facts, intent)
        top = max(out.adjusted.values(), default=0.0)
        for i, f in enumerate(sorted(held, key=lambda f: -out.adjusted[f.key])):
            answer_keys.add(f.key)
            out.adjusted[f.key] = top * (1.0 + 0.001 * (len(held) - i))
            out.why(f.key, "held of the same thing by two the question names: what they "
                           "have in common")
    # an overview's summaries lead the answers in the order the summary list gives: the
    # Macro (the whole story), then the Storylines, latest first
    stories = sorted((c for c in candidates if c.key in answer_keys
                      and c.props.get("kind") in SUMMARIES),
                     key=lambda c: c.ranks.get("summary", len(candidates) + 1))
    if stories:
        top = max(out.adjusted.values())
        for i, c in enumerate(stories, start=1):
            out.adjusted[c.key] = top * (1.0 - 0.001 * i)
    for c in candidates:
        out.tier[c.key] = 0 if c.key in named else 1 if c.key in answer_keys else 2
        if c.key in named:
            out.why(c.key, "the query names this node and asks nothing else about it")
        elif c.key in answer_keys and c.props.get("kind") in SUMMARIES:
            out.why(c.key, "answers: the question asks for the story of a node it names, "
                           "and this Macro or Storyline tells it (the Macro first, then "
                           "the latest Storyline)")
        elif c.key in answer_keys and c.key in (joined or ()):
            out.why(c.key, "answers: it joins two nodes the query names, and the query "
                           "asks nothing else")
        elif c.key in answer_keys and c.key in (graph_found or {}):
            out.why(c.key, (graph_found or {})[c.key])
        elif c.key in answer_keys:
            out.why(c.key, "answers: a fact of a node the query names that matches the "
                           "question at least as well as any message")
    return out


def _bare_after_its_facts(out: Shaped, candidates: Sequence[Any], facts: Sequence[Any],
                          named: set[str], intent: QueryIntent, now: datetime) -> None:
    """Step 3g of ``shape``: each bare thing (``described`` False in its row) that the
    query does not link, above the best candidate fact it is an end of, trades places with
    that fact; for a question about now, one whose facts are all over while others of their
    line hold is demoted."""
    ends_of: dict[str, list[Any]] = {}
    for f in facts:
        for side in ("start_uid", "end_uid"):
            ends_of.setdefault(f.props.get(side), []).append(f)
    for c in candidates:
        # (a node the query links is its subject, not a match: "Who is Ahmed's best man?"
        # handed Ahmed's place to "Ahmed FAMILY_OF Karim", above Karim)
        if c.element != "node" or c.key in named or "linked" in c.ranks \
                or c.props.get("kind") not in THINGS or c.props.get("described") is not False:
            continue
        ends = ends_of.get(c.props.get("uid"), [])
        its = [f for f in ends
               if intent.time in ("past", "when") or not superseded(f.props, now)]
        if not its:
            # ... and for a question about now, one known only by facts that are over while
            # another of their line holds is stale: "welder" when Derek is now a manager
            if intent.time in ("now", "still") and ends \
                    and all(_line_holds(f, facts, now) for f in ends):
                out.adjusted[c.key] *= DEMOTION
                out.why(c.key, f"known only by facts that are over, where another of their "
                               f"line holds now (x{DEMOTION})")
            continue
        best = max(its, key=lambda f: out.adjusted[f.key])
        if out.adjusted[c.key] > out.adjusted[best.key]:
            out.adjusted[c.key], out.adjusted[best.key] = \
                out.adjusted[best.key], out.adjusted[c.key]
            out.why(best.key, "a fact of a thing that says nothing but its name: takes its "
                              "place")
            out.why(c.key, "says nothing but its name: hands its place to a fact of it")


# The tier of what shows only messages shown above it (``evidence_repeated``): after the
# named node (0), the answers (1) and the rest (2).
REPEATS_TIER = 3


def cited_evidence(c: Any) -> frozenset[str]:
    """The messages a result shows the reader: a message itself, or the sources a stated
    fact was learnt from (its provenance). None for a node or a summary, whose citations
    are chosen after the ranking."""
    if c.element == "node":
        return frozenset({str(c.props.get("uid"))}) \
            if c.props.get("kind") in EPISODES and c.props.get("uid") else frozenset()
    if is_fact(c.props):
        return frozenset(str(u) for u in c.props.get("source_ids") or ())
    return frozenset()


def evidence_repeated(ordered: Sequence[Any], tier: Mapping[str, int],
                      own: Iterable[str] = ()) -> list[str]:
    """The results, in the order given, that show no message the results above them have
    not shown already (``cited_evidence``), among those that do not answer (tier 2) and
    are no fact of a node the question names (``own``, the ``facts`` list's keys): the
    second and third facts of one sentence ("Jonah FRIEND_OF Tess", "Jonah INTERESTED_IN
    bass" and "Tess INTERESTED_IN guitar" from one message, each carrying its evidence,
    took the first three places for "Which Static Orchard song did the crowd sing along
    to?"), or a message after a fact of it. Each repeats what a reader has seen and takes
    the place of a message that tells something new. A fact of a node the question names
    is a memory of what it asks about, whatever other fact of its message came first
    ("Priti OWNS Patel Accounts" after "Raj PARTNER_OF Priti", both from "My wife Priti
    started her own accountancy firm, Patel Accounts", for "What is Priti's firm called?";
    docs/retrieval.md, "Session 75"), but not after the message itself, shown whole above
    it ("Marcus ATTENDED triathlon" after "…I finally signed up for my first triathlon";
    "Session 87")."""
    exempt = set(own)
    seen: set[str] = set()
    shown_whole: set[str] = set()     # messages shown as results of their own
    repeated = []
    for c in ordered:
        cited = cited_evidence(c)
        if cited and tier.get(c.key, 2) == 2 \
                and (cited <= shown_whole or (cited <= seen and c.key not in exempt)):
            repeated.append(c.key)
        seen |= cited
        if c.element == "node":
            shown_whole |= cited
    return repeated


def held_in_common(facts: Sequence[Any], intent: QueryIntent) -> list[Any]:
    """The facts (candidates) whose subjects the question names, two or more of them, each
    holding one and the same thing (``held_alike``)."""
    held = held_alike({f.key: f.props for f in facts}, intent)
    return [f for f in facts if f.key in held]


def held_alike(rels: Mapping[str, Mapping[str, Any]], intent: QueryIntent) -> set[str]:
    """The keys of the facts whose subjects the question names, two or more of them, each
    holding one and the same thing, which is none of them ("Jean VISITED Rome", "John
    VISITED Rome" for "Which city have both Jean and John visited?"; the thing may be named:
    "Do Leo and Maya both like climbing?"; "Leo FAMILY_OF Maya" joins them and holds
    nothing). A thing said in two forms of its word is one: "Jon LIKES dancing", "Gina
    LIKES dance"."""
    ends = [(canonical_name(str(props.get("start_name") or "")),
             " ".join(verb_stem(w) for w in
                      canonical_name(str(props.get("end_name") or "")).split()), key)
            for key, props in rels.items()]
    subjects = {start for start, _, _ in ends if start in intent.name_keys}
    by_end: dict[str, list[tuple[str, str]]] = {}
    for start, end, key in ends:
        if start in subjects and end and end not in subjects:
            by_end.setdefault(end, []).append((start, key))
    return {key for group in by_end.values() if len({start for start, _ in group}) >= 2
            for _, key in group}


def message_standings(candidates: Sequence[Any], intent: QueryIntent
                      ) -> dict[str, list[tuple[float, str]]]:
    """What each candidate message keeps of its match, and why (the message's key →
    (factor, reason) in order; none for one that keeps it whole). A fact that stands for a
    message ranks where the message does, with these (``shape``, step 2)."""
    kept: dict[str, list[tuple[float, str]]] = {}
    messages = [c for c in candidates if c.element == "node" and c.props.get("kind") in EPISODES]
    # 3c. a message that ends by asking ("That sounds terrifying! How did you calm
    # yourself down?") echoes the topic it asks about and rarely says what happened
    for c in messages:
        if c.props.get("asks"):
            kept.setdefault(c.key, []).append(
                (ASKING, f"ends by asking: a reply more often than a statement (x{ASKING})"))
    # 3d. the agent's own turn ("Nice to meet you, Sam. What do you like to do outside
    # work?") echoes the user's words to ask about them; what it tells is what the agent
    # said, and the memory is of the people it speaks for
    for c in messages:
        if is_assistant(c.props.get("speaker")):
            kept.setdefault(c.key, []).append(
                (DEMOTION, f"the agent's own turn: it speaks for no one the memory is about "
                           f"(x{DEMOTION})"))
    # 3e. a message that says nothing but a greeting, thanks or a reaction ("Hey Melanie!
    # Just wanted to say hi!") matches every question about its speaker through the name
    # in its indexed text, and answers none of them
    names = speakers_and_people(candidates)
    for c in messages:
        if says_nothing(c.props.get("text_head") or "", names):
            kept.setdefault(c.key, []).append(
                (DEMOTION, f"says nothing but a greeting, thanks or a reaction "
                           f"(x{DEMOTION})"))
    # 3f. a question about one of the people talking ("What does Melanie say running has
    # been great for?") is answered by what that one said; the other's reply matches it
    # through the name it addresses ("Cool, Melanie! Running can really boost your mood")
    asked_about = asked_of(candidates, intent)
    if asked_about is not None:
        for c in messages:
            said = (c.props.get("speaker") or "").lower()
            if said and said != asked_about and not is_assistant(said):
                kept.setdefault(c.key, []).append(
                    (ANOTHER_SPEAKER, f"said by another than the one the question asks "
                                      f"about (x{ANOTHER_SPEAKER})"))
    return kept


def asked_of(candidates: Iterable[Any], intent: QueryIntent) -> str | None:
    """The one speaker (lower case) the question asks about: of two or more people talking
    among the candidates' messages (the agent apart), the only one it names, by the full
    name or its first word; of several it names, the one it makes say, think or advise
    ("What did Jon say about Gina's progress?": ``QueryIntent.speaking``). None when it
    names none or several and makes none of them speak, when one person talks alone (a
    user and the agent), or when a relation word asks about someone else ("When did
    Melanie's friend adopt a child?")."""
    speakers = {(c.props.get("speaker") or "").lower() for c in candidates
                if c.element == "node" and c.props.get("kind") in EPISODES
                and c.props.get("speaker") and not is_assistant(c.props.get("speaker"))}
    if len(speakers) < 2:
        return None
    speaking = [s for s in speakers if intent.speaking and _names(s, {intent.speaking})]
    if len(speaking) == 1:
        return speaking[0]
    if intent.relation_words:
        return None
    named = [s for s in speakers if _names(s, set(intent.name_keys))]
    return named[0] if len(named) == 1 else None


def _names(speaker: str, keys: set[str]) -> bool:
    """Whether ``keys`` (canonical names) hold the speaker's name or its first word."""
    return canonical_name(speaker) in keys or canonical_name(speaker.split()[0]) in keys


def speakers_and_people(candidates: Iterable[Any]) -> set[str]:
    """The words of the names the candidates hold, lower case: their messages' speakers
    and the people among them (what a greeting names, ``says_nothing``)."""
    return name_words(name for c in candidates if c.element == "node"
                      for name in (c.props.get("speaker"),
                                   c.props.get("name") if c.props.get("kind") == "Person"
                                   else None))
