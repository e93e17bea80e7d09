"""What the LoCoMo measurements taught explore(), pinned on small real graphs."""

from __future__ import annotations

from datetime import UTC, datetime

from retrieve_data import add_node

from memgraph.memory import Memory
from memgraph.retrieve.config import RetrievalConfig
from memgraph.retrieve.results import Result


def one_a_day(memory: Memory, user_id: str, speaker: str, messages: list[str]) -> None:
    """``speaker``'s messages, one a day from 1 June 2023, as sources alone (no facts)."""
    said = datetime(2023, 6, 1, 14, tzinfo=UTC)
    for n, text in enumerate(messages):
        add_node(memory.graph, user_id, "Source", f"t{n}", speaker=speaker, text=text,
                 event_at=said.replace(day=1 + n))


def test_question_words_do_not_decide_the_full_text_match(memory: Memory,
                                                          user_id: str) -> None:
    """A short turn made of "what did…" must not outrank the turn about the subject."""
    when = datetime(2023, 5, 8, tzinfo=UTC)
    chatter = add_node(memory.graph, user_id, "Source", "t1", speaker="Mel", event_at=when,
                       text="Cool! What did you do? What did it look like?")
    answer = add_node(memory.graph, user_id, "Source", "t2", speaker="Caroline",
                      event_at=when,
                      text="Researching adoption agencies has been a dream of mine.")
    text_only = RetrievalConfig.from_settings(memory.settings, use_vector=False,
                                              use_graph=False)
    found = memory.explore("What did Caroline research?", user_id=user_id, k=5,
                           reinforce=False, config=text_only)
    assert [r.uid for r in found] == [answer]
    assert chatter not in {r.uid for r in found}


def test_a_question_about_activities_finds_the_ones_told_across_sessions(
        memory: Memory, user_id: str) -> None:
    """"What activities does Melanie do?" has its answers in separate messages, none of
    which says "activity": each "went camping" is an EXPERIENCED fact the question asks
    about, so both come before the chatter (docs/retrieval.md, session 25)."""
    said = datetime(2023, 5, 8, 14, tzinfo=UTC)
    messages = [("s1", "Taking care of ourselves is vital. I'm off to go swimming with the kids."),
                ("s1", "Wow, that sounds like a great day for everyone!"),
                ("s2", "We went camping with my family two weekends ago."),
                ("s2", "Thanks! It was a lovely time, Caroline."),
                ("s3", "The weather has been so nice lately, hasn't it?")]
    for n, (session, text) in enumerate(messages):
        memory.ingest(text, user_id=user_id, speaker="Melanie", session_id=session,
                      event_at=said.replace(day=8 + n))
    found = memory.explore("What activities does Melanie do?", user_id=user_id, k=4,
                           reinforce=False)
    facts = {(r.kind, r.end["name"]) for r in found[:2] if r.element == "relationship"}
    assert facts == {("EXPERIENCED", "swimming"), ("EXPERIENCED", "camping")}


def test_a_question_that_compares_two_events_finds_the_message_of_each(
        memory: Memory, user_id: str) -> None:
    """"Which happened first, A or B?" is asked as its two events, each ranking in turn:
    asked whole, the messages that share words with both parts came first and one
    event's message was not among the first two (docs/retrieval.md, session 76)."""
    said = datetime(2023, 6, 1, 14, tzinfo=UTC)
    messages = [
        ("Ruth", "The knee surgery went fine on June 20th, arthroscopic, home the same day."),
        ("Jonah", "I crashed my bike last Wednesday, a car door opened right in front of me."),
        ("Jonah", "Ruth, was the knee doctor okay with you riding the bike again after?"),
        ("Ruth", "My knee and your bike: what a pair we are, Jonah. Surgery first, then."),
        ("Jonah", "A bike crash and knee surgery in one summer, our family is cursed."),
    ]
    for n, (speaker, text) in enumerate(messages):
        memory.ingest(text, user_id=user_id, speaker=speaker, session_id=f"s{n}",
                      event_at=said.replace(day=1 + n))
    question = "Which happened first, Ruth's knee surgery or Jonah's bike crash?"
    events = {messages[0][1], messages[1][1]}

    def first_two(config: RetrievalConfig) -> set[str]:
        found = memory.explore(question, user_id=user_id, k=4, reinforce=False,
                               config=config)
        return {r.text for r in found[:2] if r.element == "node"}

    whole = RetrievalConfig.from_settings(memory.settings, split_comparisons=False)
    assert first_two(whole) != events
    split = RetrievalConfig.from_settings(memory.settings)
    assert first_two(split) == events
    found = memory.explore(question, user_id=user_id, k=4, reinforce=False, config=split)
    assert "one of two events the question compares" in found[0].score.reasons[0]


def test_a_question_that_sets_a_thing_aside_is_asked_without_it(memory: Memory,
                                                                user_id: str) -> None:
    """"Which hobbies besides running did Tessa try?" sets running aside, which is what
    her messages say most about: asked whole, a message about running came first; asked
    without it, the crocheting she took up does, and each result says why
    (docs/retrieval.md, session 112). Messages alone, ranked by full-text, which reads
    the words."""
    one_a_day(memory, user_id, "Tessa", [
        "Running is my whole life right now, I ran twelve miles this morning.",
        "Running is my favourite hobby, my running club does hill repeats on Tuesdays.",
        "My new hobby is crocheting, a hobby for winter break; my first scarf is lumpy.",
        "The weather has been so nice lately, hasn't it?",
    ])
    question = "Which hobbies besides running did Tessa try?"

    def found(**changes: bool) -> list[Result]:
        config = RetrievalConfig.from_settings(memory.settings, use_vector=False,
                                               use_graph=False, **changes)
        return memory.explore(question, user_id=user_id, k=4, reinforce=False,
                              config=config)

    assert "running" in (found(leave_out_set_aside=False)[0].text or "").lower()
    aside = found()
    assert "crochet" in (aside[0].text or "").lower()
    assert all('asked without "running"' in r.score.reasons[-1] for r in aside)


def test_a_hedge_in_a_question_is_not_a_word_to_look_for(memory: Memory, user_id: str) -> None:
    """"Would Sam likely enjoy the opera?" asks for an inference from what Sam said; a
    message is not evidence for saying "likely" (docs/retrieval.md, session 113). Messages
    alone, ranked by full-text, which reads the words."""
    one_a_day(memory, user_id, "Sam", [
        "Likely rain later, and likely storms too.",
        "I went to the opera last night with Anna, I loved every minute of it.",
        "The weather has been so nice lately, hasn't it?",
    ])
    config = RetrievalConfig.from_settings(memory.settings, use_vector=False, use_graph=False)
    for question in ("Would Sam likely enjoy the opera?", "Would Sam probably enjoy the opera?"):
        found = memory.explore(question, user_id=user_id, k=3, reinforce=False, config=config)
        assert "opera" in (found[0].text or "")
