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
