"""The fact-recall suite: scripted multi-session conversations and questions about them.

Six people talk to an agent over four sessions each (jobs, homes, family, pets,
preferences, things that change, pronouns, dates). Every message is ingested as it is,
through the default offline ingestion (the rule extractor), one source per message with
the session's date as event time. Then each question is asked with ``explore()`` and the
first results are checked for the memory that answers it: a fact (subject, type, object)
or an entity (a node by name).

Categories: jobs, homes, family, pets, preferences, changes (the current fact after a
change, or the earlier one when the question asks for the past), pronouns (facts stated
about "she"/"he" in the sentence after the person was named), dates ("when…"), two-facts
(the answer hangs off a person the question only describes: "Maya's brother"), speaker
(questions asked in the first person, "where do I live?"), entities (a bare name).

The questions were written with the conversations, before the suite was first run, and
are not tuned one by one: the gate is the share at rank 1 and in the top 3
(tests/test_fact_recall.py; `python bench/fact_recall.py` prints it by category).
Used by the test and the bench command; nothing here touches the graph by itself.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from memgraph.graph.names import canonical_name
from memgraph.memory import Memory
from memgraph.retrieve.results import Result


@dataclass(frozen=True)
class Session:
    date: str            # ISO date of the session; messages are a minute apart
    turns: tuple[str, ...]   # "assistant: ..." marks the agent's turns; others are the user's


@dataclass(frozen=True)
class Conversation:
    user: str
    speaker: str
    sessions: tuple[Session, ...]


@dataclass(frozen=True)
class Question:
    user: str
    text: str
    category: str
    fact: tuple[str, str, str] | None = None   # (subject, TYPE, object)
    entity: str | None = None


def F(user: str, text: str, category: str, subject: str, rel: str, obj: str) -> Question:
    return Question(user, text, category, fact=(subject, rel, obj))


def E(user: str, text: str, category: str, name: str) -> Question:
    return Question(user, text, category, entity=name)


A = "assistant: "

CONVERSATIONS: tuple[Conversation, ...] = (
    Conversation("maya", "Maya", (
        Session("2024-01-08", (
            "Hi! I'm Maya. I live in Bristol and I work at Northwind Clinic as a nurse.",
            A + "Nice to meet you, Maya. What do you do when you're not at work?",
            "I love climbing and I enjoy jazz. I hate cold showers.",
            "My brother Leo lives in Porto. He works at Porto Design Studio.",
            "I adopted a cat named Miso last month.",
        )),
        Session("2024-03-15", (
            "My best friend Priya is visiting next week. She lives in Leeds.",
            "Miso knocked my plants over again, what a menace.",
            A + "Cats will be cats! How is work going?",
            "Busy. My sister Ines just started a new job at Globex.",
        )),
        Session("2024-06-02", (
            "Big change: I moved to Cardiff in May.",
            "I left Northwind Clinic. Now I work at Cardiff Royal Infirmary.",
            "Leo moved to Lisbon last week.",
            "I really like trail running, it clears my head.",
        )),
        Session("2024-09-20", (
            "My partner Sam loves dogs, so we got a puppy called Rex.",
            "Sam works at Cardiff Bay Brewery.",
            A + "A puppy and a cat, lively home! Any plans for the autumn?",
            "Not really. I don't like horror films, so no Halloween marathon for me.",
        )),
    )),
    Conversation("tom", "Tom", (
        Session("2023-11-02", (
            "Hey, I'm Tom. I'm from Glasgow but I live in Berlin now.",
            "I work for Helix Robotics as an engineer.",
            "My wife Dana is a teacher. She works at Berlin International School.",
            A + "That sounds like a busy household!",
            "It is. My daughter Ella is seven and my son Finn is four.",
        )),
        Session("2024-02-10", (
            "I love cooking ramen and I enjoy board games.",
            "Dana's sister Mia lives in Hamburg.",
            "Our dog Pepper is getting old.",
        )),
        Session("2024-05-21", (
            "Helix Robotics laid off half the staff, so I joined Quantum Forge in April.",
            "I can't stand long commutes.",
            "We visited Copenhagen last weekend.",
        )),
        Session("2024-08-30", (
            "We moved to Munich because of Dana's new job.",
            "Dana now works at Munich Technical University.",
            "My colleague Raj recommended a climbing gym.",
            "Raj is from Chennai.",
        )),
    )),
    Conversation("aisha", "Aisha", (
        Session("2024-02-01", (
            "I'm Aisha, I study at Leeds University and I live in Leeds.",
            "My roommate Chloe is from Dublin.",
            "I really enjoy pottery.",
            "My mother Farah works at Leeds General Hospital.",
        )),
        Session("2024-04-12", (
            "I got a part-time job at Blue Finch Cafe.",
            "Chloe adopted a kitten named Biscuit.",
            A + "How are your studies going?",
            "Fine, but I hate exams.",
        )),
        Session("2024-07-05", (
            "For the summer I moved to London.",
            "I started an internship at Arcadia Labs.",
            "My cousin Omar lives in London too. He studies at Kings College.",
        )),
        Session("2024-10-01", (
            "I moved back to Leeds in September for my final year.",
            "I love hiking in the Dales.",
            "My favourite band is Radiohead.",
        )),
    )),
    Conversation("ben", "Ben", (
        Session("2023-09-10", (
            "Hello, I'm Ben. I work at Orbital Bank.",
            "I live in Singapore with my husband Marco.",
            "Marco is a chef. He works at Lantern House.",
            "We have a parrot called Kiwi.",
        )),
        Session("2024-01-20", (
            "My dad Ramon lives in Manila. He owns a bakery called Sunrise Bakes.",
            "I enjoy scuba diving.",
            "I dislike crowded malls.",
        )),
        Session("2024-05-03", (
            "The bank moved me to their London office, so we relocated to London in April.",
            "Marco joined Ivy Kitchen as a sous chef.",
            "My friend Nora came to visit from Singapore.",
        )),
        Session("2024-09-14", (
            "I started a new job at Meridian Capital this month.",
            "Kiwi learned to say hello!",
            A + "Clever bird! Does Nora still live in Singapore?",
            "Yes, Nora lives in Singapore. She works at Orbital Bank too.",
            "My sister Grace got married last year.",
        )),
    )),
    Conversation("lena", "Lena", (
        Session("2024-03-03", (
            "I'm Lena. I live in Vienna and I work at Danube Media as an editor.",
            "My boyfriend Jonas lives in Graz.",
            "I love opera and I enjoy skiing.",
            "I have a dog named Bruno.",
        )),
        Session("2024-05-19", (
            "Jonas got a job at Alpine Software. He moved to Vienna last week.",
            "My grandmother Hilde turned ninety.",
            "Hilde lives in Salzburg.",
        )),
        Session("2024-08-08", (
            "I quit Danube Media and joined Wiener Zeitung Digital.",
            "I can't stand reality TV.",
            "We visited Lake Bled in July.",
        )),
        Session("2024-11-11", (
            "Bruno had surgery but he is fine now.",
            "My friend Sofia works at Danube Media.",
            "I'm really into climbing these days.",
        )),
    )),
    Conversation("carlos", "Carlos", (
        Session("2023-06-12", (
            "Hi, I'm Carlos. I live in Madrid.",
            "I work at Sol Energia as a project manager.",
            A + "What do you do on weekends, Carlos?",
            "I like playing chess and I love paella.",
            "My daughter Lucia studies at Complutense University.",
        )),
        Session("2023-10-30", (
            "My neighbour Ana has a cat called Luna.",
            "Lucia moved to Barcelona for her master's.",
            "She studies at Pompeu Fabra University now.",
        )),
        Session("2024-02-14", (
            "My son Diego got a job at Iberia Airlines.",
            "I hate traffic jams.",
            "I adopted a puppy named Toro.",
        )),
        Session("2024-06-21", (
            "I started working at Verde Consulting part-time.",
            "We moved to Valencia to be near the sea.",
            "Diego lives in Valencia too.",
        )),
    )),
)

QUESTIONS: tuple[Question, ...] = (
    # -- maya ---------------------------------------------------------------------------
    F("maya", "Where does Maya live?", "homes", "Maya", "LIVES_IN", "Cardiff"),
    F("maya", "Which city is Maya in now?", "changes", "Maya", "LIVES_IN", "Cardiff"),
    F("maya", "Where did Maya live before?", "changes", "Maya", "LIVES_IN", "Bristol"),
    F("maya", "When did Maya move to Cardiff?", "dates", "Maya", "LIVES_IN", "Cardiff"),
    F("maya", "Where does Maya work?", "jobs", "Maya", "WORKS_AT", "Cardiff Royal Infirmary"),
    F("maya", "Maya's job", "jobs", "Maya", "WORKS_AT", "Cardiff Royal Infirmary"),
    F("maya", "Where did Maya work before?", "changes", "Maya", "WORKS_AT", "Northwind Clinic"),
    F("maya", "Who is Maya's brother?", "family", "Maya", "FAMILY_OF", "Leo"),
    F("maya", "Maya's sister", "family", "Maya", "FAMILY_OF", "Ines"),
    F("maya", "Who is Maya's partner?", "family", "Maya", "PARTNER_OF", "Sam"),
    F("maya", "Who is Maya's best friend?", "family", "Maya", "FRIEND_OF", "Priya"),
    F("maya", "Where does Leo work?", "pronouns", "Leo", "WORKS_AT", "Porto Design Studio"),
    F("maya", "Where does Priya live?", "pronouns", "Priya", "LIVES_IN", "Leeds"),
    F("maya", "Where does Leo live now?", "changes", "Leo", "LIVES_IN", "Lisbon"),
    F("maya", "When did Leo move to Lisbon?", "dates", "Leo", "LIVES_IN", "Lisbon"),
    F("maya", "Where does Maya's brother live?", "two-facts", "Leo", "LIVES_IN", "Lisbon"),
    F("maya", "Where does Maya's partner work?", "two-facts", "Sam", "WORKS_AT",
      "Cardiff Bay Brewery"),
    F("maya", "Where does Maya's sister work?", "two-facts", "Ines", "WORKS_AT", "Globex"),
    F("maya", "What is the name of Maya's cat?", "pets", "Maya", "OWNS", "Miso"),
    F("maya", "What is Maya's dog called?", "pets", "Maya", "OWNS", "Rex"),
    F("maya", "When did Maya adopt her cat?", "dates", "Maya", "OWNS", "Miso"),
    F("maya", "Does Maya like jazz?", "preferences", "Maya", "LIKES", "jazz"),
    F("maya", "Does Maya go climbing?", "preferences", "Maya", "LIKES", "climbing"),
    F("maya", "Does Maya like horror films?", "preferences", "Maya", "DISLIKES", "horror films"),
    F("maya", "What does Maya think of cold showers?", "preferences", "Maya", "DISLIKES",
      "cold showers"),
    E("maya", "Miso", "entities", "Miso"),
    E("maya", "Leo", "entities", "Leo"),
    E("maya", "Northwind Clinic", "entities", "Northwind Clinic"),
    # -- tom ----------------------------------------------------------------------------
    F("tom", "Where does Tom live?", "homes", "Tom", "LIVES_IN", "Munich"),
    F("tom", "Where is Tom from?", "homes", "Tom", "FROM", "Glasgow"),
    F("tom", "Where did Tom live before Munich?", "changes", "Tom", "LIVES_IN", "Berlin"),
    F("tom", "When did Tom move to Munich?", "dates", "Tom", "LIVES_IN", "Munich"),
    F("tom", "Where does Tom work now?", "changes", "Tom", "WORKS_AT", "Quantum Forge"),
    F("tom", "Who did Tom work for before?", "changes", "Tom", "WORKS_AT", "Helix Robotics"),
    F("tom", "Tom's employer", "jobs", "Tom", "WORKS_AT", "Quantum Forge"),
    F("tom", "When did Tom join Quantum Forge?", "dates", "Tom", "WORKS_AT", "Quantum Forge"),
    F("tom", "Who is Tom's wife?", "family", "Tom", "PARTNER_OF", "Dana"),
    F("tom", "Tom's daughter", "family", "Tom", "FAMILY_OF", "Ella"),
    F("tom", "What is the name of Tom's son?", "family", "Tom", "FAMILY_OF", "Finn"),
    F("tom", "Who is Tom's colleague?", "family", "Tom", "COLLEAGUE_OF", "Raj"),
    F("tom", "Where does Dana work?", "changes", "Dana", "WORKS_AT",
      "Munich Technical University"),
    F("tom", "Where did Dana work before?", "pronouns", "Dana", "WORKS_AT",
      "Berlin International School"),
    F("tom", "What is Tom's dog called?", "pets", "Tom", "OWNS", "Pepper"),
    F("tom", "Does Tom like board games?", "preferences", "Tom", "LIKES", "board games"),
    F("tom", "What does Tom like to cook?", "preferences", "Tom", "LIKES", "cooking ramen"),
    F("tom", "How does Tom feel about long commutes?", "preferences", "Tom", "DISLIKES",
      "long commutes"),
    F("tom", "Where does Tom's wife work?", "two-facts", "Dana", "WORKS_AT",
      "Munich Technical University"),
    F("tom", "Where does Dana's sister live?", "two-facts", "Mia", "LIVES_IN", "Hamburg"),
    F("tom", "Where is Tom's colleague from?", "two-facts", "Raj", "FROM", "Chennai"),
    F("tom", "Where did Tom travel last weekend?", "homes", "Tom", "VISITED", "Copenhagen"),
    F("tom", "Has Tom been to Copenhagen?", "homes", "Tom", "VISITED", "Copenhagen"),
    F("tom", "Where does Mia live?", "homes", "Mia", "LIVES_IN", "Hamburg"),
    E("tom", "Pepper", "entities", "Pepper"),
    E("tom", "Quantum Forge", "entities", "Quantum Forge"),
    E("tom", "Raj", "entities", "Raj"),
    E("tom", "Who is Mia?", "entities", "Mia"),
    # -- aisha --------------------------------------------------------------------------
    F("aisha", "Where does Aisha study?", "jobs", "Aisha", "STUDIES_AT", "Leeds University"),
    F("aisha", "Where does Aisha live now?", "changes", "Aisha", "LIVES_IN", "Leeds"),
    F("aisha", "Where did Aisha live in the summer?", "changes", "Aisha", "LIVES_IN",
      "London"),
    F("aisha", "Where does Aisha work?", "jobs", "Aisha", "WORKS_AT", "Arcadia Labs"),
    F("aisha", "Where did Aisha work part-time?", "changes", "Aisha", "WORKS_AT",
      "Blue Finch Cafe"),
    F("aisha", "Who is Aisha's roommate?", "family", "Aisha", "KNOWS", "Chloe"),
    F("aisha", "Where is Chloe from?", "homes", "Chloe", "FROM", "Dublin"),
    F("aisha", "What is Chloe's kitten called?", "pets", "Chloe", "OWNS", "Biscuit"),
    F("aisha", "Where does Aisha's mother work?", "two-facts", "Farah", "WORKS_AT",
      "Leeds General Hospital"),
    F("aisha", "Who is Aisha's cousin?", "family", "Aisha", "FAMILY_OF", "Omar"),
    F("aisha", "Where does Omar study?", "pronouns", "Omar", "STUDIES_AT", "Kings College"),
    F("aisha", "Where does Aisha's cousin live?", "two-facts", "Omar", "LIVES_IN", "London"),
    F("aisha", "Where does Aisha's cousin study?", "two-facts", "Omar", "STUDIES_AT",
      "Kings College"),
    F("aisha", "Does Aisha like pottery?", "preferences", "Aisha", "LIKES", "pottery"),
    F("aisha", "What is Aisha's favourite band?", "preferences", "Aisha", "LIKES",
      "Radiohead"),
    F("aisha", "How does Aisha feel about exams?", "preferences", "Aisha", "DISLIKES",
      "exams"),
    F("aisha", "Does Aisha enjoy hiking?", "preferences", "Aisha", "LIKES", "hiking"),
    F("aisha", "When did Aisha move back to Leeds?", "dates", "Aisha", "LIVES_IN", "Leeds"),
    F("aisha", "When did Aisha start at Arcadia Labs?", "dates", "Aisha", "WORKS_AT",
      "Arcadia Labs"),
    F("aisha", "Who is Aisha's mother?", "family", "Aisha", "FAMILY_OF", "Farah"),
    E("aisha", "Arcadia Labs", "entities", "Arcadia Labs"),
    E("aisha", "Chloe", "entities", "Chloe"),
    E("aisha", "Who is Farah?", "entities", "Farah"),
    E("aisha", "Biscuit", "entities", "Biscuit"),
    # -- ben ----------------------------------------------------------------------------
    F("ben", "Where does Ben work?", "jobs", "Ben", "WORKS_AT", "Meridian Capital"),
    F("ben", "Where did Ben work before?", "changes", "Ben", "WORKS_AT", "Orbital Bank"),
    F("ben", "Where does Ben live now?", "changes", "Ben", "LIVES_IN", "London"),
    F("ben", "Where did Ben live before London?", "changes", "Ben", "LIVES_IN", "Singapore"),
    F("ben", "Who is Ben's husband?", "family", "Ben", "PARTNER_OF", "Marco"),
    F("ben", "Where does Marco work?", "changes", "Marco", "WORKS_AT", "Ivy Kitchen"),
    F("ben", "Where did Marco work before?", "pronouns", "Marco", "WORKS_AT", "Lantern House"),
    F("ben", "What is Ben's parrot called?", "pets", "Ben", "OWNS", "Kiwi"),
    F("ben", "Where does Ben's dad live?", "two-facts", "Ramon", "LIVES_IN", "Manila"),
    F("ben", "What is the name of the bakery Ben's dad owns?", "two-facts", "Ramon", "OWNS",
      "Sunrise Bakes"),
    F("ben", "Who is Ben's dad?", "family", "Ben", "FAMILY_OF", "Ramon"),
    F("ben", "Does Ben like scuba diving?", "preferences", "Ben", "LIKES", "scuba diving"),
    F("ben", "What does Ben dislike?", "preferences", "Ben", "DISLIKES", "crowded malls"),
    F("ben", "Where does Nora work?", "pronouns", "Nora", "WORKS_AT", "Orbital Bank"),
    F("ben", "Where does Ben's friend live?", "two-facts", "Nora", "LIVES_IN", "Singapore"),
    F("ben", "When did Ben start at Meridian Capital?", "dates", "Ben", "WORKS_AT",
      "Meridian Capital"),
    F("ben", "When did Ben relocate to London?", "dates", "Ben", "LIVES_IN", "London"),
    F("ben", "Ben's sister", "family", "Ben", "FAMILY_OF", "Grace"),
    F("ben", "Where does Ben's husband work now?", "two-facts", "Marco", "WORKS_AT",
      "Ivy Kitchen"),
    F("ben", "Who is Ben's friend?", "family", "Ben", "FRIEND_OF", "Nora"),
    F("ben", "Where does Ramon live?", "homes", "Ramon", "LIVES_IN", "Manila"),
    E("ben", "Kiwi", "entities", "Kiwi"),
    E("ben", "Who is Ramon?", "entities", "Ramon"),
    E("ben", "Meridian Capital", "entities", "Meridian Capital"),
    E("ben", "Nora", "entities", "Nora"),
    # -- lena ---------------------------------------------------------------------------
    F("lena", "Where do I live?", "speaker", "Lena", "LIVES_IN", "Vienna"),
    F("lena", "Who is my boyfriend?", "speaker", "Lena", "PARTNER_OF", "Jonas"),
    F("lena", "What is my dog's name?", "speaker", "Lena", "OWNS", "Bruno"),
    F("lena", "Where do I work now?", "speaker", "Lena", "WORKS_AT", "Wiener Zeitung Digital"),
    F("lena", "Where does Lena work?", "jobs", "Lena", "WORKS_AT", "Wiener Zeitung Digital"),
    F("lena", "Where did Lena work before?", "changes", "Lena", "WORKS_AT", "Danube Media"),
    F("lena", "Where does Jonas live?", "pronouns", "Jonas", "LIVES_IN", "Vienna"),
    F("lena", "Where did Jonas live before?", "changes", "Jonas", "LIVES_IN", "Graz"),
    F("lena", "Where does Jonas work?", "jobs", "Jonas", "WORKS_AT", "Alpine Software"),
    F("lena", "When did Jonas move to Vienna?", "dates", "Jonas", "LIVES_IN", "Vienna"),
    F("lena", "Does Lena like opera?", "preferences", "Lena", "LIKES", "opera"),
    F("lena", "Does Lena ski?", "preferences", "Lena", "LIKES", "skiing"),
    F("lena", "What does Lena think of reality TV?", "preferences", "Lena", "DISLIKES",
      "reality TV"),
    F("lena", "Where did Lena go in July?", "dates", "Lena", "VISITED", "Lake Bled"),
    F("lena", "Where does Lena's grandmother live?", "two-facts", "Hilde", "LIVES_IN",
      "Salzburg"),
    F("lena", "Where does Lena's friend work?", "two-facts", "Sofia", "WORKS_AT",
      "Danube Media"),
    F("lena", "Where does Lena's boyfriend work?", "two-facts", "Jonas", "WORKS_AT",
      "Alpine Software"),
    F("lena", "When did Lena join Wiener Zeitung Digital?", "dates", "Lena", "WORKS_AT",
      "Wiener Zeitung Digital"),
    F("lena", "What is Lena into these days?", "preferences", "Lena", "LIKES", "climbing"),
    F("lena", "Who is Lena's grandmother?", "family", "Lena", "FAMILY_OF", "Hilde"),
    F("lena", "Where does Hilde live?", "homes", "Hilde", "LIVES_IN", "Salzburg"),
    E("lena", "Who is Hilde?", "entities", "Hilde"),
    E("lena", "Bruno", "entities", "Bruno"),
    E("lena", "Lake Bled", "entities", "Lake Bled"),
    # -- carlos -------------------------------------------------------------------------
    F("carlos", "Where does Carlos live?", "homes", "Carlos", "LIVES_IN", "Valencia"),
    F("carlos", "Where did Carlos live before?", "changes", "Carlos", "LIVES_IN", "Madrid"),
    F("carlos", "Where does Carlos work now?", "changes", "Carlos", "WORKS_AT",
      "Verde Consulting"),
    F("carlos", "Where did Carlos work as a project manager?", "changes", "Carlos",
      "WORKS_AT", "Sol Energia"),
    F("carlos", "Who is Carlos's daughter?", "family", "Carlos", "FAMILY_OF", "Lucia"),
    F("carlos", "Where does Lucia live?", "homes", "Lucia", "LIVES_IN", "Barcelona"),
    F("carlos", "Where does Lucia study in Barcelona?", "pronouns", "Lucia", "STUDIES_AT",
      "Pompeu Fabra University"),
    F("carlos", "Where did Lucia study first?", "dates", "Lucia", "STUDIES_AT",
      "Complutense University"),
    F("carlos", "Where does Carlos's son work?", "two-facts", "Diego", "WORKS_AT",
      "Iberia Airlines"),
    F("carlos", "Where does Diego live?", "homes", "Diego", "LIVES_IN", "Valencia"),
    F("carlos", "What is the name of Carlos's puppy?", "pets", "Carlos", "OWNS", "Toro"),
    F("carlos", "What is Ana's cat called?", "pets", "Ana", "OWNS", "Luna"),
    F("carlos", "Who is Carlos's neighbour?", "family", "Carlos", "KNOWS", "Ana"),
    F("carlos", "Does Carlos play chess?", "preferences", "Carlos", "LIKES", "chess"),
    F("carlos", "What food does Carlos love?", "preferences", "Carlos", "LIKES", "paella"),
    F("carlos", "How does Carlos feel about traffic jams?", "preferences", "Carlos",
      "DISLIKES", "traffic jams"),
    F("carlos", "When did Carlos move to Valencia?", "dates", "Carlos", "LIVES_IN",
      "Valencia"),
    F("carlos", "When did Carlos adopt Toro?", "dates", "Carlos", "OWNS", "Toro"),
    F("carlos", "Where does Carlos's daughter live?", "two-facts", "Lucia", "LIVES_IN",
      "Barcelona"),
    F("carlos", "Who is Carlos's son?", "family", "Carlos", "FAMILY_OF", "Diego"),
    F("carlos", "Where does Carlos's son live?", "two-facts", "Diego", "LIVES_IN",
      "Valencia"),
    F("carlos", "Where does Diego work?", "jobs", "Diego", "WORKS_AT", "Iberia Airlines"),
    E("carlos", "Who is Diego?", "entities", "Diego"),
    E("carlos", "Luna", "entities", "Luna"),
    E("carlos", "Sol Energia", "entities", "Sol Energia"),
)


# -- running the suite ---------------------------------------------------------------------
def ingest(memory: Memory, conversation: Conversation, user_id: str) -> None:
    """Every message of one conversation, in order, through the default ingestion."""
    for n, session in enumerate(conversation.sessions, start=1):
        start = datetime.fromisoformat(session.date).replace(hour=18, tzinfo=UTC)
        for i, turn in enumerate(session.turns, start=1):
            speaker, text = (("assistant", turn[len(A):]) if turn.startswith(A)
                             else (conversation.speaker, turn))
            memory.ingest(text, user_id=user_id, speaker=speaker,
                          session_id=f"{conversation.user}-s{n}",
                          event_at=start + timedelta(minutes=i), external_id=f"S{n}:{i}")


def _same(expected: str, found: str) -> bool:
    """A name answers when its words include the expected ones ("chess" in "playing
    chess"); canonical names, so case and apostrophes do not matter."""
    want, got = canonical_name(expected).split(), canonical_name(found).split()
    return bool(want) and all(w in got for w in want)


def answers(question: Question, result: Result) -> bool:
    if question.fact is not None:
        subject, rel, obj = question.fact
        return (result.element == "relationship" and result.kind == rel
                and result.start is not None and result.end is not None
                and _same(subject, result.start["name"]) and _same(obj, result.end["name"]))
    return (result.element == "node" and question.entity is not None
            and canonical_name(result.name) == canonical_name(question.entity))


@dataclass
class Outcome:
    question: Question
    rank: int | None                     # 1-based rank of the first answering result
    top: list[str] = field(default_factory=list)   # what came first, for reading failures


def ask(memory: Memory, question: Question, user_id: str, k: int = 10) -> Outcome:
    results = memory.explore(question.text, user_id=user_id, k=k, reinforce=False)
    rank = next((i for i, r in enumerate(results, start=1) if answers(question, r)), None)
    return Outcome(question, rank, [f"{r.kind} {r.name}" for r in results[:3]])


def run_suite(memory: Memory, user_for: Callable[[str], str],
              conversations: Sequence[Conversation] = CONVERSATIONS,
              questions: Sequence[Question] = QUESTIONS) -> list[Outcome]:
    """Ingest every conversation (each its own tenant), then ask every question."""
    for conversation in conversations:
        ingest(memory, conversation, user_for(conversation.user))
    return [ask(memory, q, user_for(q.user)) for q in questions]


def figures(outcomes: Sequence[Outcome]) -> dict[str, dict[str, Any]]:
    """Per category and overall ("all"): n, share at rank 1, share in the top 3."""
    groups: dict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        groups[o.question.category].append(o)
        groups["all"].append(o)
    return {name: {"n": len(group),
                   "at_1": sum(o.rank == 1 for o in group) / len(group),
                   "top_3": sum(o.rank is not None and o.rank <= 3 for o in group) / len(group)}
            for name, group in sorted(groups.items(), key=lambda kv: (kv[0] == "all", kv[0]))}
