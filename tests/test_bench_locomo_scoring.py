"""How bench/locomo.py scores a question: evidence found in the ranked lists and in the
context, and (``--answers``) the answer's words in the context's text."""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import pytest
from locomo import (
    Question,
    Scores,
    answer_words,
    answers_table,
    ask_as_an_agent,
    evaluate,
    parser,
)

from memgraph.memory import Memory
from memgraph.retrieve.config import RetrievalConfig


def test_answer_words_are_what_an_answer_is_made_of():
    assert answer_words("Melanie's kids like dinosaurs and nature") == {
        "melanie", "kid", "like", "dinosaur", "nature"}
    assert answer_words("What did she do?") == set()


def test_context_is_scored_by_evidence_and_by_answer_words_but_not_a_temporal_answer():
    questions = [
        Question("What do Melanie's kids like?", 1, {"D1:1", "D2:2"}, "dinosaurs and nature"),
        Question("When did Melanie go camping?", 2, {"D1:1"}, "the week before 9 June 2023")]

    def ranked(question: str, k: int) -> list[list[str]]:
        return [["D1:1"], ["D3:3"]][:k]

    def context(question: str, budget: int) -> tuple[set[str], str]:
        return {"D1:1"}, "- Melanie: They love the dinosaur exhibit! (D1:1)"

    scores: dict[int, Scores] = defaultdict(Scores)
    evaluate(questions, ranked, context, scores)
    assert scores[1].recall[1] == [0.5] and scores[1].context[1000] == [0.5]
    assert scores[1].answers[1000] == [0.5]      # "dinosaur" is there, "nature" is not
    assert scores[2].context[1000] == [1.0] and not scores[2].answers
    assert "| memgraph | 1, 3, 4 | 1 | 50.0 | 50.0 | 50.0 |" in answers_table(
        {"memgraph": scores})


def test_jobs_before_the_questions_are_named_and_checked_before_anything_is_ingested():
    args = parser().parse_args(["--data", "x.json", "--jobs", "storylines, dedupe"])
    assert args.jobs == ["storylines", "dedupe"]
    assert parser().parse_args(["--data", "x.json"]).jobs == []    # the protocol: none
    with pytest.raises(SystemExit):
        parser().parse_args(["--data", "x.json", "--jobs", "storylines,nap"])


def test_asked_before_reinforces_what_each_question_returns_once_per_pass(
        memory: Memory, user_id: str) -> None:
    memory.ingest("I went camping in the mountains with the kids.", user_id=user_id,
                  speaker="Melanie", session_id="s1")
    memory.ingest("Pottery class is my therapy.", user_id=user_id, speaker="Melanie",
                  session_id="s1")
    questions = [Question("Where did Melanie go camping?", 1, {"D1:1"})]
    ask_as_an_agent(memory, user_id, questions, RetrievalConfig.from_settings(
        memory.settings), 2)
    counts = {r["t"]: r["c"] for r in memory.graph.driver.execute_query(
        "MATCH (s:Source {user_id: $u}) RETURN s.raw_content AS t, s.access_count AS c",
        u=user_id).records}
    # both messages are among the ten returned, twice: written before scoring starts
    assert set(counts.values()) == {2}
