"""Fusion's graph-only signals: subject-aware boosting and adjacent episodes (pure)."""

from __future__ import annotations

from datetime import UTC, datetime

from memgraph.graph.names import word_stem
from memgraph.retrieve.config import Weights
from memgraph.retrieve.fusion import (
    Candidate,
    add_answered_signal,
    add_graph_signals,
    asked_words,
    find_subjects,
    rerank,
)
from memgraph.retrieve.query import numbers_said, times_said

NOW = datetime(2025, 1, 1, tzinfo=UTC)


def node(key: str, kind: str, ranks: dict[str, int], **props: object) -> Candidate:
    return Candidate(key, "node", {"uid": key, "kind": kind, "salience": 0.5,
                                   "importance": 0.5, **props}, dict(ranks))


def test_a_named_node_matched_by_full_text_is_the_subject() -> None:
    person = node("p", "Person", {"fulltext": 1}, name="Caroline")
    vector_only = node("q", "Person", {"vector": 1}, name="Melanie")
    stop_word = node("c", "Concept", {"vector": 2}, name="to")
    found = find_subjects([person, vector_only, stop_word], "What did Caroline want to do?")
    assert found == {"p": {"caroline"}}
    assert find_subjects([person], "Carolines") == {}          # whole words only


def test_episodes_of_the_subject_get_a_vote_and_the_subject_no_relevance() -> None:
    person = node("p", "Person", {"fulltext": 1, "vector": 1}, name="Caroline")
    spoken = node("s1", "Source", {"vector": 3}, speaker="Caroline")
    mentioning = node("s2", "Source", {"vector": 4}, speaker="Mel", mentions=["p"])
    other = node("s3", "Source", {"vector": 2}, speaker="Mel")
    cands = [person, spoken, mentioning, other]
    subjects = add_graph_signals(cands, "where did Caroline hike", 60, seeds=0)
    assert subjects == {"p"}
    assert spoken.ranks["subject"] == 1 and mentioning.ranks["subject"] == 2
    assert "subject" not in other.ranks
    ranked = rerank(cands, Weights(), 60, NOW, 30, subjects)
    order = [c.key for c, _ in ranked]
    assert order[:2] == ["s1", "s2"] and order[-1] == "p"
    breakdown = dict((c.key, s) for c, s in ranked)["p"]
    assert breakdown.subject and breakdown.relevance == 0.0
    assert breakdown.final == sum(breakdown.terms.values())


def test_turns_next_to_the_strongest_episodes_get_a_vote() -> None:
    hit = node("s1", "Source", {"fulltext": 1}, adjacent=["s2"])
    before = node("s2", "Source", {"vector": 40}, adjacent=["s1", "s3"])
    far = node("s3", "Source", {"vector": 30}, adjacent=["s2"])
    add_graph_signals([hit, before, far], "anything", 60, seeds=1)
    assert before.ranks["adjacent"] == 1
    assert "adjacent" not in hit.ranks and "adjacent" not in far.ranks
    add_graph_signals([hit, before, far], "anything", 60, seeds=0)   # off: no new votes
    assert "adjacent" not in far.ranks


def test_only_a_reply_next_to_a_strong_episode_gets_a_vote() -> None:
    """One speaker's messages in a row are separate notes, not a question and its
    answer: "My main clients are Penguin Books…" next to "I'm Sam, a freelance
    illustrator" came first for "What software do I use?" in a memory of nine notes."""
    hit = node("s1", "Source", {"vector": 1}, speaker="Sam", adjacent=["s0", "s2"])
    question = node("s0", "Source", {"vector": 9}, speaker="assistant", adjacent=["s1"])
    own_note = node("s2", "Source", {"vector": 8}, speaker="Sam", adjacent=["s1"])
    unknown = node("d2", "Source", {"vector": 7}, adjacent=["d1"])
    chunk = node("d1", "Source", {"vector": 2}, adjacent=["d2"])
    add_graph_signals([hit, question, own_note, chunk, unknown], "What software do I use?",
                      60, seeds=2)
    assert question.ranks["adjacent"] == 1
    assert "adjacent" not in own_note.ranks
    assert unknown.ranks["adjacent"] == 2      # no speaker known: it may still be one


def told_and_two_replies(told: str, echo: str, own: str) -> list[Candidate]:
    """A strong message (the seed) and two replies of another speaker next to it."""
    return [node("s1", "Source", {"fulltext": 1}, speaker="Ruth", adjacent=["s2", "s3"],
                 text_head=told),
            node("s2", "Source", {"vector": 3}, speaker="Jonah", adjacent=["s1"],
                 text_head=echo),
            node("s3", "Source", {"vector": 4}, speaker="Jonah", adjacent=["s1"],
                 text_head=own)]


def test_a_reply_that_only_repeats_the_time_told_gets_no_vote_for_a_when_question() -> None:
    """"March 11th is on our calendar!" after "The grand opening is set for Saturday,
    March 11th.": the time is the told message's evidence, not the listener's echo."""
    told, echo, later = told_and_two_replies(
        "The grand opening is set for Saturday, March 11th.", "March 11th is on our calendar!",
        "Theo can't come until Sunday.")
    add_graph_signals([told, echo, later], "When was the grand opening?", 60, seeds=1,
                      form="time")
    assert "adjacent" not in echo.ranks
    assert later.ranks["adjacent"] == 1          # a time of its own: a vote as before
    # asked for anything but a time, the echo is the told message's neighbour as before
    later.ranks.pop("adjacent")
    add_graph_signals([told, echo, later], "What did Jonah say about the opening?", 60,
                      seeds=1)
    assert echo.ranks["adjacent"] == 1


def test_a_reply_that_only_repeats_the_number_told_gets_no_vote_for_how_many() -> None:
    told, echo, more = told_and_two_replies(
        "I sold thirty-one jars in four hours!", "Thirty-one jars?! You're a natural.",
        "We sold 12 shirts at our show.")
    add_graph_signals([told, echo, more], "How many jars did Ruth sell?", 60, seeds=1,
                      form="number")
    assert "adjacent" not in echo.ranks and more.ranks["adjacent"] == 1


def test_the_times_a_message_says_are_read_as_words_and_short_phrases() -> None:
    assert times_said("The grand opening is set for Saturday, March 11th.") \
        == {"saturday", "march", "11"}
    assert times_said("Last week, on Mother's Day, in 2023") \
        == {"last week", "mother day", "2023"}
    assert times_said("See you soon!") == frozenset()
    assert numbers_said("Thirty-one jars in 4 hours, twice!") == {"thirty", "one", "4", "twice"}


def test_the_speakers_next_turn_after_a_reply_gets_a_vote_after_the_replies() -> None:
    """A story goes on after the other speaker's "Oh no!": "Juni ate a sock…" / "Is she
    OK?" / "She's fine now… $600 later" answers what the vet cost."""
    hit = node("s1", "Source", {"vector": 1}, speaker="Marcus", adjacent=["s2"])
    reply = node("s2", "Source", {"vector": 9}, speaker="Nadia", adjacent=["s1", "s3"])
    story = node("s3", "Source", {"vector": 8}, speaker="Marcus", adjacent=["s2"])
    other = node("s4", "Source", {"vector": 2}, speaker="Nadia", adjacent=["s5"])
    later = node("s5", "Source", {"vector": 7}, speaker="Nadia", adjacent=["s4"])
    add_graph_signals([hit, reply, story, other, later], "What did the vet cost?", 60,
                      seeds=2)
    assert reply.ranks["adjacent"] == 1 and story.ranks["adjacent"] == 2
    assert "adjacent" not in hit.ranks and "adjacent" not in later.ranks


def test_the_users_next_message_after_the_assistants_reply_is_no_story_going_on() -> None:
    """A user's messages around the assistant's reply are separate notes: the assistant
    answers or asks something of its own, and the user moves on ("so we adopted a dog!
    greyhound called Biscuit" came second to "also I've given up sunday league netball"
    for "What's the name of Bex's dog?"). Between two people, the reply is the friend's
    "Oh no!" and the story goes on (the test above)."""
    hit = node("s1", "Source", {"vector": 1}, speaker="Bex", adjacent=["s2"])
    reply = node("s2", "Source", {"vector": 9}, speaker="assistant", adjacent=["s1", "s3"])
    moved_on = node("s3", "Source", {"vector": 8}, speaker="Bex", adjacent=["s2"])
    add_graph_signals([hit, reply, moved_on], "What's the name of Bex's dog?", 60, seeds=1)
    assert reply.ranks["adjacent"] == 1
    assert "adjacent" not in moved_on.ranks


def test_one_speakers_notes_in_a_row_are_no_story_going_on() -> None:
    # three notes of Sam's in a row, and a note two on from one whose next message is no
    # candidate (unknown: a reply, or a third note)
    hit = node("s1", "Source", {"vector": 1}, speaker="Sam", adjacent=["s2", "s0"])
    note = node("s2", "Source", {"vector": 9}, speaker="Sam", adjacent=["s1", "s3"])
    third = node("s3", "Source", {"vector": 8}, speaker="Sam", adjacent=["s2"])
    beyond = node("s9", "Source", {"vector": 7}, speaker="Sam", adjacent=["s0"])
    add_graph_signals([hit, note, third, beyond], "What software do I use?", 60, seeds=1)
    assert not any("adjacent" in c.ranks for c in (hit, note, third, beyond))


def test_the_reply_to_a_question_asked_about_the_topic_gets_a_vote() -> None:
    """"What did Marcus's MRI show?" matches "I got my MRI results back" best, which only
    announced them; Nadia asked "What did it show?", and the next turn answers."""
    teaser = node("s1", "Source", {"vector": 2, "fulltext": 1}, speaker="Marcus",
                  text_head="Quick update. I got my MRI results back.", next="s2")
    asked = node("s2", "Source", {"vector": 1}, speaker="Nadia",
                 text_head="Hi Marcus! I've been thinking about you. What did it show?",
                 next="s3")
    answer = node("s3", "Source", {"vector": 3, "fulltext": 3}, speaker="Marcus",
                  text_head="I had the MRI Thursday: a bulging disc at L4-L5.", next="s4")
    unrelated = node("s4", "Source", {"vector": 3}, speaker="Nadia",
                     text_head="Oh no. How are the kids?", next="s5")
    kids = node("s5", "Source", {"vector": 9}, speaker="Marcus", text_head="Fine!")
    cands = [teaser, asked, answer, unrelated, kids]
    add_answered_signal(cands, ("mri", "show"), "", 10, seeds=5)
    assert answer.ranks["answered"] == 1
    # a question about something else, or a message that asks nothing, casts no vote
    assert not any("answered" in c.ranks for c in (teaser, asked, unrelated, kids))
    ranked = rerank(cands, Weights(), 10, NOW, 30, set())
    assert ranked[0][0] is answer
    assert "replies to a question asked in the conversation" in ranked[0][1].reasons[-1]


def test_a_question_asked_before_more_words_counts_and_names_are_no_topic() -> None:
    # "How was the first pottery class?? I've been waiting all week to ask." is answered
    # by the next turn; the question "Who taught Hannah's pottery class?" asks its topic
    asked = node("s1", "Source", {"vector": 1}, speaker="Priya", next="s2",
                 text_head="How was the first pottery class?? I've been waiting to ask.")
    answer = node("s2", "Source", {"vector": 5}, speaker="Hannah",
                  text_head="So fun. The teacher, Rosa, is tiny.")
    add_answered_signal([asked, answer], ("hannah", "taught", "pottery", "class"), "", 10,
                        seeds=5)
    assert answer.ranks.pop("answered") == 1
    # no topic (explore leaves the people's names out of it), or none the asker asked about
    for words in ((), ("hannah",)):
        add_answered_signal([asked, answer], words, "", 10, seeds=5)
        assert "answered" not in answer.ranks
    add_answered_signal([asked, answer], ("pottery",), "", 10, seeds=0)
    assert "answered" not in answer.ranks
    # with direct_only, a reply only the graph found gets no vote (as for `adjacent`)
    graph_only = node("s2", "Source", {"graph": 1}, speaker="Hannah", text_head="So fun.")
    add_answered_signal([asked, graph_only], ("pottery",), "", 10, seeds=5, direct_only=True)
    assert "answered" not in graph_only.ranks


def test_a_question_that_asks_when_gets_no_vote_and_one_of_a_number_a_reply_with_one() -> None:
    """A follow-up asks for the details of what was just told, whose date was told with
    it: "When did Melanie go camping?" is answered by the message that told the trip, not
    by the reply to "Where did you go camping?", whatever that reply says."""
    where = node("s1", "Source", {"vector": 1}, speaker="Caroline", next="s2",
                 text_head="Camping! Where did you go camping?")
    dated = node("s2", "Source", {"vector": 5}, speaker="Melanie",
                 text_head="Up in the mountains, last weekend.")
    add_answered_signal([where, dated], ("go", "camping"), "time", 10, seeds=5)
    assert "answered" not in dated.ranks
    asked = node("s3", "Source", {"vector": 1}, speaker="Nora", next="s4",
                 text_head="17! What did you charge for the boards?")
    price = node("s4", "Source", {"vector": 5}, speaker="Marcus", text_head="Not much!")
    add_answered_signal([asked, price], ("boards", "charge"), "number", 10, seeds=5)
    assert "answered" not in price.ranks
    price.props["text_head"] = "$45 for the small ones."
    add_answered_signal([asked, price], ("boards", "charge"), "number", 10, seeds=5)
    assert price.ranks["answered"] == 1


def test_the_words_a_message_asks_are_those_of_its_questions() -> None:
    assert asked_words("Is that Sofia?? Did she find anything good?") >= {"find", "good"}
    assert asked_words("17! What did you charge?") == {"charg"}
    assert asked_words("That is lovely. Tell me more.") == set()


def test_a_message_asks_its_words_as_a_question_says_them() -> None:
    # read as the question's topic is (query.words): "Pickle's" is Pickle, "ex-wife" one word
    assert asked_words("How is Pickle's leg?") == asked_words("How is Pickle leg?")
    assert asked_words("How's the ex-wife?") == {word_stem("ex-wife")}


def test_what_a_question_sets_aside_is_not_what_it_asks_about() -> None:
    # "outside work" asks about pastimes: the reply is no answer to "Where does Sam work?"
    assert asked_words("Nice to meet you, Sam. What do you like to do outside work?") \
        == {word_stem("like")}
    assert asked_words("What other projects do you do with them, besides pottery?") \
        == {word_stem("other"), word_stem("projects")}
    # to the end of its clause only
    assert word_stem("busy") in asked_words("Apart from school, what keeps you busy?")
    asker = node("s1", "Source", {"vector": 1}, speaker="assistant", next="s2",
                 text_head="What do you like to do outside work?")
    hobby = node("s2", "Source", {"vector": 2}, speaker="Sam",
                 text_head="I love hiking and I really enjoy baking.")
    add_answered_signal([asker, hobby], ("work",), "", 10, seeds=5)
    assert "answered" not in hobby.ranks
    add_answered_signal([asker, hobby], ("like",), "", 10, seeds=5)
    assert hobby.ranks["answered"] == 1


def test_a_question_asked_by_the_same_speaker_votes_for_no_answer() -> None:
    # one speaker's notes in a row: the next is no answer to a question the first asked
    musing = node("s1", "Source", {"vector": 1}, speaker="Sam",
                  text_head="Should I repaint the kitchen?", next="s2")
    note = node("s2", "Source", {"vector": 2}, speaker="Sam", text_head="Also, I got a cat.")
    add_answered_signal([musing, note], ("kitchen",), "", 10, seeds=5)
    assert "answered" not in note.ranks


def test_with_direct_only_graph_only_finds_get_no_subject_or_adjacent_vote() -> None:
    person = node("p", "Person", {"fulltext": 1}, name="Caroline")
    matched = node("s1", "Source", {"vector": 1, "fulltext": 2}, speaker="Caroline",
                   adjacent=["s2"])
    graph_only = node("s2", "Source", {"graph": 1}, speaker="Mel", mentions=["p"],
                      adjacent=["s1"])
    other = node("s3", "Source", {"vector": 30}, speaker="Mel")
    subjects = add_graph_signals([person, matched, graph_only, other], "did Caroline hike",
                                 60, seeds=2, direct_only=True)
    assert matched.ranks == {"vector": 1, "fulltext": 2, "subject": 1, "adjacent": 1}
    assert graph_only.ranks == {"graph": 1}
    ranked = rerank([person, matched, graph_only], Weights(), 60, NOW, 30, subjects)
    assert [c.key for c, _ in ranked] == ["s1", "s2", "p"]


def test_a_subject_every_episode_is_about_casts_no_vote() -> None:
    # a one-person memory: "I" names its only speaker, who spoke every message; that tells
    # no message apart, and would only lift them all above the fact that answers
    sam = node("sam", "Person", {"linked": 1}, name="Sam")
    anna = node("anna", "Person", {"fulltext": 1, "linked": 1}, name="Anna")
    about_anna = node("s1", "Source", {"vector": 2}, speaker="Sam", mentions=["anna"])
    job = node("s2", "Source", {"vector": 5}, speaker="Sam")
    cat = node("s3", "Source", {"vector": 6}, speaker="Sam")
    fact = Candidate("f", "relationship", {"uid": "f", "kind": "WORKS_AT", "salience": 0.5,
                                            "strength": 0.5}, {"graph": 1})
    cands = [sam, anna, about_anna, job, cat, fact]
    subjects = add_graph_signals(cands, "what do I know about Anna?", 10, seeds=0)
    assert subjects == {"sam", "anna"}           # both still what the question is about
    assert about_anna.ranks["subject"] == 1      # Anna's message keeps its vote
    assert "subject" not in job.ranks and "subject" not in cat.ranks
    order = [c.key for c, _ in rerank(cands, Weights(), 10, NOW, 30, subjects)]
    assert order.index("f") < order.index("s2") and order.index("f") < order.index("s3")


def test_a_subject_list_that_holds_every_episode_casts_no_vote() -> None:
    # the two speakers named together: each tells their own messages apart, both together
    # hold them all
    caroline = node("c", "Person", {"fulltext": 1}, name="Caroline")
    melanie = node("m", "Person", {"fulltext": 2}, name="Melanie")
    hers = node("s1", "Source", {"vector": 1}, speaker="Caroline")
    mine = node("s2", "Source", {"vector": 2}, speaker="Melanie")
    add_graph_signals([caroline, melanie, hers, mine], "What do Caroline and Melanie both like?",
                      10, seeds=0)
    assert "subject" not in hers.ranks and "subject" not in mine.ranks
    third = node("s3", "Source", {"vector": 3}, speaker="Nate")
    add_graph_signals([caroline, melanie, hers, mine, third],
                      "What do Caroline and Melanie both like?", 10, seeds=0)
    assert hers.ranks["subject"] == 1 and mine.ranks["subject"] == 2
    assert "subject" not in third.ranks


def test_the_agents_own_turns_do_not_make_the_one_speaker_a_voting_subject() -> None:
    # a one-person memory with an assistant: the agent's turns speak for no one, so "I"
    # telling Leila's messages from the agent's is no vote for any of hers
    leila = node("leila", "Person", {"linked": 1}, name="Leila")
    diet = node("s1", "Source", {"vector": 3}, speaker="Leila")
    trip = node("s2", "Source", {"vector": 2}, speaker="Leila")
    agent = node("s3", "Source", {"vector": 1}, speaker="assistant")
    add_graph_signals([leila, diet, trip, agent], "What can't I eat?", 10, seeds=0)
    assert all("subject" not in c.ranks for c in (diet, trip, agent))
    other = node("s4", "Source", {"vector": 4}, speaker="Omar")   # a second person
    add_graph_signals([leila, diet, trip, agent, other], "What can't I eat?", 10, seeds=0)
    assert diet.ranks["subject"] == 2 and trip.ranks["subject"] == 1
    assert "subject" not in agent.ranks and "subject" not in other.ranks


def test_a_memory_of_only_the_agents_turns_still_tells_them_apart_by_subject() -> None:
    anna = node("anna", "Person", {"fulltext": 1}, name="Anna")
    about = node("s1", "Source", {"vector": 2}, speaker="assistant", mentions=["anna"])
    other = node("s2", "Source", {"vector": 1}, speaker="assistant")
    add_graph_signals([anna, about, other], "What about Anna?", 10, seeds=0)
    assert about.ranks["subject"] == 1 and "subject" not in other.ranks
