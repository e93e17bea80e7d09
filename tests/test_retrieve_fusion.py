"""Pure parts of retrieval: RRF, recency, Lucene escaping, configs and presets."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from pydantic import ValidationError

from memgraph.errors import InvalidInputError
from memgraph.retrieve.config import PRESETS, RetrievalConfig, preset
from memgraph.retrieve.filters import content_terms, lucene_escape, lucene_phrases
from memgraph.retrieve.fusion import (
    Candidate,
    add_person_signal,
    add_time_signal,
    has_words,
    merge_signals,
    recency,
    rerank,
    rrf_score,
)
from memgraph.retrieve.query import Period, asks_who, read_period
from memgraph.settings import Settings

NOW = datetime(2025, 1, 1, tzinfo=UTC)


def test_rrf_sums_reciprocal_ranks() -> None:
    assert rrf_score({"vector": 1, "fulltext": 3}, 60) == pytest.approx(1 / 61 + 1 / 63)


def test_weighted_rrf_scales_each_signals_vote_and_unnamed_signals_weigh_one() -> None:
    weights = {"vector": 1.0, "subject": 0.5}
    assert rrf_score({"vector": 1, "subject": 1, "adjacent": 2}, 60, weights) == \
        pytest.approx(1 / 61 + 0.5 / 61 + 1 / 62)


def test_signal_weights_come_from_the_settings() -> None:
    settings = Settings(retrieval={"signal_weights": {"vector": 1.0, "graph": 0.25}})
    assert RetrievalConfig.from_settings(settings).signal_weights == {"vector": 1.0,
                                                                      "graph": 0.25}
    defaults = RetrievalConfig().signal_weights
    assert set(defaults) == {"vector", "fulltext", "graph", "subject", "adjacent"}


def test_merge_keeps_the_best_rank_per_signal() -> None:
    row = {"element": "node", "props": {}}
    merged = merge_signals({"vector": [{"key": "a", "score": 0.9, **row},
                                       {"key": "b", "score": 0.8, **row}],
                            "graph": [{"key": "b", "score": 0.3, **row}]})
    assert merged["a"].ranks == {"vector": 1}
    assert merged["b"].ranks == {"vector": 2, "graph": 1}


@pytest.mark.parametrize(("text", "phrase", "found"), [
    ("where does anna live?", "anna", True),
    ("what is anna's job?", "anna", True),          # an apostrophe ends a word
    ("where does annabel live?", "anna", False),    # not inside a word
    ("ask joanna", "anna", False),
    ("anna", "anna", True),
    ("a trip to new york.", "new york", True),
    ("new yorker", "new york", False),
    ("x_anna and anna", "anna", True),              # the second occurrence counts
    ("café olé", "olé", True),
    ("cafés", "café", False),                      # letters beyond ASCII are word characters
    ("r2d2 and r2", "r2", True),
])
def test_a_name_counts_in_a_query_only_as_whole_words(text: str, phrase: str,
                                                      found: bool) -> None:
    assert has_words(text, phrase) is found


def test_recency_halves_every_half_life_from_when_it_happened() -> None:
    props = {"event_at": NOW - timedelta(days=30)}
    assert recency(props, NOW, 30) == pytest.approx(0.5)
    # returned a minute ago, it still happened three months ago: use is salience's
    assert recency({"event_at": NOW - timedelta(days=90),
                    "last_accessed_at": NOW - timedelta(minutes=1)}, NOW, 30) == \
        pytest.approx(0.125)
    # a node is as recent as the last time it was told about, however late it was written
    assert recency({"told_at": NOW - timedelta(days=60), "created_at": NOW}, NOW, 30) == \
        pytest.approx(0.25)
    # ... and, told about by no source, as recent as its writing
    assert recency({"created_at": NOW - timedelta(days=60),
                    "last_accessed_at": NOW}, NOW, 30) == pytest.approx(0.25)
    assert recency({}, NOW, 30) == 0.0


def test_rerank_orders_by_the_weighted_sum() -> None:
    cfg = RetrievalConfig.from_settings(Settings())
    merged = merge_signals({"vector": [
        {"key": "low", "score": 1, "element": "node", "props": {"salience": 0.0}},
        {"key": "high", "score": 1, "element": "node", "props": {"salience": 1.0}}]})
    ranked = rerank(list(merged.values()), cfg.weights, cfg.rrf_k, NOW, 30)
    assert [c.key for c, _ in ranked] == ["high", "low"]   # salience outweighs one rank
    for _, s in ranked:
        assert s.final == pytest.approx(sum(s.terms.values()))


def test_being_returned_before_lifts_nothing_and_fading_lowers_in_proportion_to_relevance(
) -> None:
    # Use is retention, not relevance: a memory earlier questions returned until its
    # salience was full ranks where an unused one of the same match would, so it no
    # longer stands over a better match (added whole, its recalls outweighed a 0.15 gap
    # in relevance) nor over an equal one. A memory decay moved below where every memory
    # starts ranks lower, by that distance in proportion to relevance.
    cfg = RetrievalConfig.from_settings(Settings())
    assert cfg.rrf_k == 10 and cfg.initial_salience == 0.5
    unasked = {"score": 1, "element": "node", "props": {"salience": 0.5}}
    returned_often = {"score": 1, "element": "node", "props": {"salience": 1.0}}
    faded = {"score": 1, "element": "node", "props": {"salience": 0.1}}
    merged = merge_signals({
        "vector": [{"key": "specific", **unasked}, {"key": "generic", **returned_often}],
        "fulltext": [{"key": "specific", **unasked}, {"key": "x", **unasked},
                     {"key": "y", **unasked}, {"key": "generic", **returned_often}]})
    ranked = rerank(list(merged.values()), cfg.weights, cfg.rrf_k, NOW, 30)
    by_key = {c.key: s for c, s in ranked}
    assert by_key["generic"].relevance == pytest.approx(0.85, abs=0.01)
    assert [c.key for c, _ in ranked][:2] == ["specific", "generic"]
    for key in ("specific", "generic", "x", "y"):
        assert by_key[key].terms["salience"] == pytest.approx(cfg.weights.salience * 0.5)

    def finals(first: dict, second: dict) -> dict[str, float]:
        # one on each list's first place: the same match
        tie = merge_signals({"vector": [{"key": "first", **first}],
                             "fulltext": [{"key": "second", **second}]})
        return {c.key: s.final for c, s in rerank(list(tie.values()), cfg.weights,
                                                  cfg.rrf_k, NOW, 30)}

    # equal matches score alike however often one was returned; the one that faded less
    with_use = finals(unasked, returned_often)
    assert with_use["first"] == pytest.approx(with_use["second"])
    with_decay = finals(faded, unasked)
    assert with_decay["first"] < with_decay["second"]
    faded_term = {c.key: s.terms["salience"] for c, s in rerank(
        list(merge_signals({"vector": [{"key": "f", **faded}]}).values()),
        cfg.weights, cfg.rrf_k, NOW, 30)}
    assert faded_term["f"] == pytest.approx(cfg.weights.salience * 0.1)   # relevance 1


def test_equal_scores_go_to_what_the_query_matched_best_not_to_the_smaller_key() -> None:
    cfg = RetrievalConfig.from_settings(Settings())
    row = {"score": 1, "element": "node", "props": {}}
    merged = merge_signals({"vector": [{"key": "z", **row}, {"key": "a", **row}],
                            "graph": [{"key": "a", **row}, {"key": "z", **row}]})
    ranked = rerank(list(merged.values()), cfg.weights, cfg.rrf_k, NOW, 30)
    assert ranked[0][1].final == ranked[1][1].final      # the same two ranks, swapped
    assert [c.key for c, _ in ranked] == ["z", "a"]      # z is the vector signal's first


@pytest.mark.parametrize("query, expected", [
    ("plain words", "plain words"),
    ('a:b "c" (d) [e] {f}', r'a\:b \"c\" \(d\) \[e\] \{f\}'),
    ("~g* h? i^2 j\\k l/m", r"\~g\* h\? i\^2 j\\k l\/m"),
    ("x AND y OR NOT z", "x and y or not z"),
    ("+-&&||!", None),
])
def test_lucene_escape(query: str, expected: str | None) -> None:
    assert lucene_escape(query) == expected


def test_lucene_phrases_quote_each_name_on_one_field() -> None:
    # a name key is matched as a phrase on the field, its quotes and backslashes escaped
    assert lucene_phrases("aliases", ["bea", 'say "hi"', "a\\b", ""]) == (
        'aliases:"bea" OR aliases:"say \\"hi\\"" OR aliases:"a\\\\b"')
    assert lucene_phrases("aliases", []) is None


@pytest.mark.parametrize("query, expected", [
    ("What did Caroline research?", "Caroline research?"),
    ("When did she go camping in May?", "go camping in May?"),
    ("What's Ed Sheeran's best song?", "Ed Sheeran's best song?"),
    ("How did you do?", "How did you do?"),         # nothing but question words: kept
    ("tea", "tea"),
    # a word that only says when is read as time, not matched as a word
    ("Where do I live now?", "live"),
    ("What did Melanie paint recently?", "Melanie paint"),
    ("Does Kim still play padel?", "Kim play padel?"),
    ("What's my current job?", "job?"),
    ("What present did Tom get?", "present Tom get? got gotten"),   # a gift, not a time
    # a hedge asks for an inference, not for messages that say "likely"
    ("Would Ruth likely enjoy a Dolly Parton concert?", "Ruth enjoy a Dolly Parton concert?"),
    ("Is Euan probably going to quit?", "Is Euan going to quit?"),
    # and a verb's other forms, which the analyzer does not stem alike
    ("When did Kirsty send off her application?", "Kirsty send off application? sent"),
    ("Where did Dev first meet Helen?", "Dev first meet Helen? met"),
])
def test_full_text_leaves_question_words_out(query: str, expected: str) -> None:
    assert content_terms(query) == expected


def test_configs_are_frozen_and_presets_change_by_copy() -> None:
    base = RetrievalConfig.from_settings(Settings())
    with pytest.raises(ValidationError):
        base.rrf_k = 1   # type: ignore[misc]
    fast = preset("fast", Settings())
    assert fast.candidates_per_signal == PRESETS["fast"]["candidates_per_signal"]
    assert base.candidates_per_signal == Settings().retrieval.candidates_per_signal
    with pytest.raises(InvalidInputError):
        preset("turbo", Settings())
    with pytest.raises(ValidationError):
        RetrievalConfig(unknown_knob=1)   # type: ignore[call-arg]


@pytest.mark.parametrize(("question", "period"), [
    ("When did Melanie go camping in June?", Period(month=6)),
    ("What did they paint in July 2023?", Period(2023, 7)),
    ("What did Melanie show Caroline on October 13, 2023?", Period(2023, 10, 13)),
    ("What did Gina find on 1 February, 2023?", Period(2023, 2, 1)),
    ("How often did she go to the beach in 2023?", Period(2023)),
    ("May I ask where Anna lives?", None),          # a verb, not a month
    ("Caroline may march on", None),
    ("Where does Anna live?", None),
])
def test_a_question_names_a_calendar_period_as_precisely_as_it_is_written(
        question: str, period: Period | None) -> None:
    assert read_period(question) == period


def test_the_episodes_of_the_period_a_question_names_get_the_time_vote() -> None:
    def ms(*date: int) -> int:
        return int(datetime(*date, tzinfo=UTC).timestamp() * 1000)

    june = Candidate("june", "node", {"kind": "Source", "event_at": ms(2023, 6, 20)},
                     {"vector": 5})
    told_later = Candidate("told", "node", {"kind": "Source", "event_at": ms(2023, 7, 3)},
                           {"vector": 2})                  # within a week of June's end
    august = Candidate("august", "node", {"kind": "Source", "event_at": ms(2023, 8, 2)},
                       {"vector": 1})
    fact = Candidate("fact", "relationship", {"kind": "ATTENDED",
                                              "valid_from": ms(2023, 6, 10)}, {"facts": 1})
    person = Candidate("anna", "node", {"kind": "Person"}, {"vector": 3})
    add_time_signal([june, told_later, august, fact, person], Period(month=6), 10)
    assert {c.key: c.ranks.get("time") for c in (june, told_later, august, fact, person)} \
        == {"fact": 1, "told": 2, "june": 3, "august": None, "anna": None}
    add_time_signal([august], None, 10)
    assert "time" not in august.ranks


def test_the_people_a_question_does_not_name_get_the_who_vote() -> None:
    """ "Who has helped Naomi practise her Portuguese?": Carolina, who "speaks only
    Portuguese with me", is of the answer's kind; Naomi, whom it names, and Tessa, who
    speaks in the conversation, are not; nor is a message."""
    carolina = Candidate("carolina", "node", {"kind": "Person", "name": "Carolina"},
                         {"vector": 4})
    ines = Candidate("ines", "node", {"kind": "Person", "name": "Inês"}, {"fulltext": 9})
    naomi = Candidate("naomi", "node", {"kind": "Person", "name": "Naomi"}, {"linked": 1})
    tessa = Candidate("tessa", "node", {"kind": "Person", "name": "Tessa"}, {"vector": 1})
    said = Candidate("said", "node", {"kind": "Source", "speaker": "Tessa"}, {"vector": 2})
    found = [carolina, ines, naomi, tessa, said]
    add_person_signal(found, {"naomi"}, set(), 10)
    assert {c.key: c.ranks.get("who") for c in found} == {
        "carolina": 1, "ines": 2, "naomi": None, "tessa": None, "said": None}
    # one a fact ties to the node the question names is told by that fact; one tied to
    # another node is not
    ellie = Candidate("ellie", "node", {"kind": "Person", "name": "Ellie", "uid": "u-ellie"},
                      {"linked": 1})
    jess = Candidate("jess", "node", {"kind": "Person", "name": "Jess", "uid": "u-jess"},
                     {"vector": 1})
    travelled = Candidate("travelled", "relationship",
                          {"kind": "FRIEND_OF", "start_uid": "u-ellie", "end_uid": "u-jess"},
                          {"facts": 1})
    bri = Candidate("bri", "node", {"kind": "Person", "name": "Brianna", "uid": "u-bri"},
                    {"vector": 2})
    from_yuma = Candidate("from", "relationship",
                          {"kind": "FROM", "start_uid": "u-bri", "end_uid": "u-yuma"},
                          {"fulltext": 3})
    add_person_signal([ellie, jess, travelled, bri, from_yuma], set(), set(), 10)
    assert ("who" in jess.ranks, "who" in bri.ranks) == (False, True)
    # ... and so is one a fact that answers names ("Amara KNOWS Okafor" for "Who is the
    # paediatrician?", Amara unnamed)
    okafor = Candidate("okafor", "node", {"kind": "Person", "name": "Okafor", "uid": "u-ok"},
                       {"vector": 1})
    knows = Candidate("knows", "relationship",
                      {"kind": "KNOWS", "start_uid": "u-amara", "end_uid": "u-ok"}, {"facts": 1})
    add_person_signal([okafor, knows], set(), {"knows"}, 10)
    assert "who" not in okafor.ranks
    # ... or any fact that says who one is to someone
    okafor.ranks = {"vector": 1}
    add_person_signal([okafor, knows], set(), set(), 10)
    assert "who" not in okafor.ranks


@pytest.mark.parametrize(("question", "who"), [
    ("Who has helped Naomi practise her Portuguese?", True),
    ("With whom did Tessa run the Turkey Trot?", True),
    ("Would Naomi be described as someone who avoids change?", False),
    ("What did Marcus say to whoever asked?", False),
])
def test_a_question_asks_for_someone_when_it_opens_on_who(question: str, who: bool) -> None:
    assert asks_who(question) == who
