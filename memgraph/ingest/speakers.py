"""Whose a source is: the speaker's Person, the same for every extractor.

A speaker is a person of the tenant from their first message, whether or not it states a
fact: a question that names them links to their node, "I" and "my" in their messages
are them, and the messages they sent are their story (jobs/storylines.py). So the
pipeline, not an extractor, adds their Person to the plan before the extractor runs
(``add_speaker``): the rule extractor and the LLM agent then both find it there, and the
agent is told its name (llm_extractor.py); structured records that name a speaker do the
same (structured.py). Only the first message mentions them; their later ones are theirs
by the Source's ``speaker`` property.
"""

from __future__ import annotations

from collections.abc import Callable

from memgraph.graph.names import canonical_name
from memgraph.graph.vocabulary import is_assistant
from memgraph.ingest.tools import ToolExecutor

ANONYMOUS_SPEAKERS = {"", "user", "me", "human"}
# the Person whose messages an anonymous speaker's are (first-person facts, their story)
ANONYMOUS_OWNER = "Me"
SPEAKER_ATTRIBUTES = {"role": "speaker"}


def owner_of(speaker: str) -> str | None:
    """The name of the Person a source's "I" is: None for an assistant (it speaks for
    nobody the memory is about), ANONYMOUS_OWNER for an unnamed user."""
    spoken = speaker.strip()
    if is_assistant(spoken):
        return None
    return ANONYMOUS_OWNER if spoken.lower() in ANONYMOUS_SPEAKERS else spoken


def speaker_keys(speaker: str) -> list[str]:
    """The canonical name of the speaker's Person, as a list: empty for an assistant."""
    owner = owner_of(speaker)
    key = canonical_name(owner) if owner is not None else ""
    return [key] if key else []


def add_speaker(speaker: str, executor: ToolExecutor,
                kinds_by_name: Callable[[list[str]], dict[str, str]],
                confidence: float) -> None:
    """Put the speaker's Person into the plan when the tenant has no node of that name
    (a node of another kind, there because someone named them before they spoke, stays
    theirs: the name key allows one)."""
    keys = speaker_keys(speaker)
    if keys and not kinds_by_name(keys):
        executor.execute("create_person", {"name": owner_of(speaker),
                                           "attributes": SPEAKER_ATTRIBUTES,
                                           "confidence": confidence})
