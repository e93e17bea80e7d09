"""What the LoCoMo measurements taught explore(), pinned on small real graphs."""

from __future__ import annotations

from datetime import UTC, datetime

from retrieve_data import add_node

from memgraph.memory import Memory
from memgraph.retrieve.config import RetrievalConfig


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
