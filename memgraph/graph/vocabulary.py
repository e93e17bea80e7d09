"""The node kinds and the relationship vocabulary: the allow-lists for Cypher identifiers.

Labels and relationship types cannot be query parameters, so every one that reaches Cypher
comes from these tables (or passes ``is_identifier``). The schema files in
``cypher/schema/`` and the lookups in ``cypher/graph/`` list the same types literally so
they can be pasted into Browser; a test keeps them in step with this module.
"""

from __future__ import annotations

import re
from enum import StrEnum


class Kind(StrEnum):
    PERSON = "Person"
    CONCEPT = "Concept"
    ENTITY = "Entity"
    SOURCE = "Source"
    ARTIFACT = "Artifact"
    STORYLINE = "Storyline"
    MACRO = "Macro"


SEMANTIC_KINDS = (Kind.PERSON, Kind.CONCEPT, Kind.ENTITY)
# How a memory is forgotten (seed 001, "Governance Hooks"; precedence keep_forever >
# ephemeral > decay; the maths: memgraph/lifecycle/decay.py).
TTL_POLICIES = ("decay", "ephemeral", "keep_forever")
EPISODIC_KINDS = (Kind.SOURCE, Kind.ARTIFACT)
HIERARCHICAL_KINDS = (Kind.STORYLINE, Kind.MACRO)
ALL_KINDS = tuple(Kind)

MEMORY_LABEL = "Memory"  # every memory node carries it: one vector and one full-text index
# Person, Concept and Entity nodes also carry it: (user_id, canonical_name) is unique over
# it, one node per name and tenant whatever the kind (cypher/schema/v2.cypher).
SEMANTIC_LABEL = "Semantic"
USER_LABEL = "User"

# Relationship types between semantic nodes, with the meaning given to the LLM.
RELATIONSHIP_TYPES: dict[str, str] = {
    "KNOWS": "two people know each other",
    "FRIEND_OF": "a friendship",
    "FAMILY_OF": "family: parent, child, sibling, relative",
    "PARTNER_OF": "romantic partner or spouse",
    "COLLEAGUE_OF": "people who work together",
    "WORKS_AT": "a person is employed by an organisation",
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
    "EXPERIENCED": "went through an event or situation",
    "RELATED_TO": "any other relation; say what in the description",
}

# Structural relationship types memgraph itself writes.
MENTIONS = "MENTIONS"          # (Source)-[:MENTIONS]->(semantic node)
NEXT = "NEXT"                  # (Source)-[:NEXT]->(Source) within a session
INCLUDES = "INCLUDES"          # (Storyline)-[:INCLUDES]->(Source)
SUMMARIZES = "SUMMARIZES"      # (Macro)-[:SUMMARIZES]->(Storyline)
DERIVED_FROM = "DERIVED_FROM"  # (semantic)-[:DERIVED_FROM]->(Source), consolidation provenance
HAS_CHUNK = "HAS_CHUNK"        # (Artifact)-[:HAS_CHUNK {index}]->(Source), a document's chunks
STRUCTURAL_TYPES = (MENTIONS, NEXT, INCLUDES, SUMMARIZES, DERIVED_FROM, HAS_CHUNK)

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
