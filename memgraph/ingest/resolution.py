"""Entity resolution: find the existing node a new mention refers to, before creating.

Order, first hit wins (all within the same user):
1. **canonical name**, across Person, Concept and Entity (a tenant has one node per name,
   schema v2's name key; the existing node's kind wins): NFKC, case-folded, apostrophes
   dropped, other punctuation and runs of whitespace collapsed to one space ("Dr. Anna
   O'Neil" → "dr anna oneil"); the new name and each of its aliases are compared with
   existing canonical names (index seeks on the ``(user_id, canonical_name)`` uniqueness
   constraints);
2. **aliases**: the new name or its aliases equal an existing alias of the same kind,
   case-insensitively, or the new name alone one of another kind ("Juni" after "her name
   is Juniper, Juni for short"; the candidates come from one full-text seek on the
   aliases, checked exactly); then **a first name**: a one-word name of a person, or of an
   entity of no known type, is the one Person of the tenant whose full name it begins
   ("Funke" after "my boss, Mrs Funke Adeyemi"; it becomes her alias), unless two people
   share it; **a surname** said with a doctor's or a professor's title, the one Person
   whose full name it ends ("Dr Park" after "my supervisor is Dr Helen Park"; the titled
   name becomes her alias, the surname alone does not: "Mr Park" is as often another of
   the family), unless two people share it; likewise **a short name** of an organisation
   is the one organisation of the tenant whose name it begins ("Hillcrest" after "I
   teach at Hillcrest Secondary School": "promoted at Hillcrest" is no new employer);
3. **embedding similarity**: cosine of node embeddings (name + description + notes) at or
   above ``settings.ingest.resolve_similarity`` (0.85). For people and entities, which
   are named, the names must also agree (``names_agree``: the words of one among the
   other's, or a word in common and the same last word), because "Tom, my colleague" and
   "Tim, my colleague" embed alike, and so do two cities ("Lucia moved to Barcelona" and
   "I live in Madrid": 0.86 with bge-small). Concepts are common nouns ("climbing", "rock
   climbing"; "hike", "hiking"): when their names agree or they are one word in two forms,
   not when they share a word and their names disagree ("data engineer", "data analyst":
   0.90) nor when only their kind makes them alike ("tea", "coffee": 0.87;
   ``may_be_one``). Two entities whose types are both known and differ are never one
   ("TU Berlin", an organisation, and "Berlin", a place).

Step 3 is exact cosine over the tenant's nodes of that kind while the tenant has at most
``ingest.exact_scan_max_nodes`` semantic nodes; above that, the vector index is asked for
its ``ingest.vector_candidates`` nearest neighbours, of which the tenant's nodes of that
kind are kept: the tenant's own index when it has one (``memgraph/graph/tenant_index.py``),
else the shared one, which cannot pre-filter by tenant (over-fetch, approximate).
Concurrency is handled by the writer: new nodes are ``MERGE``d on the name key's
uniqueness constraint (``:Semantic``), so racing writers converge on one node even when
they disagree on its kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from memgraph.graph.connection import Graph
from memgraph.graph.names import alias_key, canonical_name, may_be_one
from memgraph.graph.schema import VECTOR_INDEX
from memgraph.graph.vocabulary import NAMED_KINDS, Kind
from memgraph.retrieve.filters import lucene_phrases
from memgraph.settings import Settings

# How many nodes the full-text seek on the aliases may return for one message's mentions
# (each checked exactly): a name is the alias of a node or two.
ALIAS_HITS = 100


@dataclass(frozen=True)
class Candidate:
    kind: Kind
    name: str
    aliases: tuple[str, ...]
    embedding: list[float] | None
    entity_type: str = ""    # an Entity's type when known ("place", "organisation")


@dataclass(frozen=True)
class Match:
    uid: str
    how: str           # name | alias | similarity
    similarity: float | None = None


@dataclass(frozen=True)
class SimilaritySearch:
    """How similarity queries search a tenant: the parameters they take."""

    by_index: bool
    candidates: int
    index: str = VECTOR_INDEX    # the tenant's own vector index once it has one

    @classmethod
    def for_tenant(cls, graph: Graph, settings: Settings, user_id: str) -> SimilaritySearch:
        """Exact scans for small tenants, the vector index (with over-fetch) for large."""
        cap = settings.ingest.exact_scan_max_nodes
        row = graph.read("ingest/tenant_size", user_id=user_id, cap=cap + 1)[0]
        return cls(by_index=row["nodes"] > cap, candidates=settings.ingest.vector_candidates,
                   index=row["index"] or VECTOR_INDEX)

    def params(self) -> dict[str, object]:
        return {"by_index": self.by_index, "candidates": self.candidates,
                "vector_index": self.index}


def first_names(candidate: Candidate) -> list[str]:
    """The name as a first name that may stand for a known person's full name: one word,
    of a person or of a thing not known to be anything else ("help me write an email to
    Funke": an Entity of no type), not an initial."""
    if candidate.kind is Kind.CONCEPT or (candidate.kind is Kind.ENTITY
                                          and candidate.entity_type):
        return []
    key = canonical_name(candidate.name)
    return [key] if len(key) > 1 and " " not in key else []


# The titles a person is called by with their surname alone, as with their full name ("Dr
# Park", "Dr Helen Park"); "Mr Park" and "Mrs Park" are as often two people of one family.
SURNAME_TITLES = frozenset({"dr", "prof", "professor"})


def surnames(candidate: Candidate) -> list[str]:
    """The name as a surname that may stand for a known person's full name: one word, of
    a person said with a doctor's or a professor's title ("Dr Park": the extractor keeps
    the titled name as an alias). Said alone, one word is a first name as often
    ("Jordan")."""
    key = canonical_name(candidate.name)
    if candidate.kind is not Kind.PERSON or len(key) < 2 or " " in key:
        return []
    titled = any(alias.split()[0].lower().rstrip(".") in SURNAME_TITLES
                 and canonical_name(" ".join(alias.split()[1:])) == key
                 for alias in candidate.aliases if len(alias.split()) == 2)
    return [key] if titled else []


def short_names(candidate: Candidate) -> list[str]:
    """The name as the short form of a known organisation's full name: an organisation's
    name of at least three letters."""
    if candidate.kind is not Kind.ENTITY or candidate.entity_type != "organisation":
        return []
    key = canonical_name(candidate.name)
    return [key] if len(key) > 2 else []


def resolve(graph: Graph, user_id: str, candidates: Sequence[Candidate],
            threshold: float, search: SimilaritySearch) -> list[Match | None]:
    """One Match (or None for "create it") per candidate, in order."""
    if not candidates:
        return []
    rows = [{"i": i, "kind": c.kind.value,
             "canonicals": sorted({canonical_name(n) for n in (c.name, *c.aliases)} - {""}),
             "alias_keys": sorted({alias_key(n) for n in (c.name, *c.aliases)} - {""}),
             "name_key": alias_key(c.name), "first_names": first_names(c),
             "surnames": surnames(c), "short_names": short_names(c)}
            for i, c in enumerate(candidates)]
    found: dict[int, Match] = {}
    keys = sorted({k for row in rows for k in row["alias_keys"]})
    for row in graph.read("ingest/resolve_names", user_id=user_id, rows=rows,
                          alias_terms=lucene_phrases("aliases", keys), alias_hits=ALIAS_HITS):
        found[row["i"]] = Match(uid=row["uid"], how=row["how"])
    wanted = [{"i": i, "kind": c.kind.value, "embedding": c.embedding}
              for i, c in enumerate(candidates) if i not in found and c.embedding]
    if wanted:
        for row in graph.read("ingest/similar_nodes", user_id=user_id, rows=wanted,
                              threshold=threshold, **search.params()):
            candidate = candidates[row["i"]]
            if not may_be_one(candidate.name, row["name"],
                              named=candidate.kind in NAMED_KINDS,
                              types=(candidate.entity_type, row["entity_type"])):
                continue
            found[row["i"]] = Match(uid=row["uid"], how="similarity",
                                    similarity=row["similarity"])
    return [found.get(i) for i in range(len(candidates))]


def resolve_by_name(graph: Graph, user_id: str,
                    names: Sequence[tuple[Kind, str, Sequence[str]]]) -> list[str | None]:
    """Steps 1 only (canonical names of name and aliases): the structured bulk path."""
    rows = [{"i": i, "kind": kind.value,
             "canonicals": sorted({canonical_name(n) for n in (name, *aliases)} - {""}),
             "alias_keys": [], "name_key": None, "first_names": [], "surnames": [],
             "short_names": []}
            for i, (kind, name, aliases) in enumerate(names)]
    found = {r["i"]: r["uid"] for r in graph.read("ingest/resolve_names", user_id=user_id,
                                                  rows=rows, alias_terms=None,
                                                  alias_hits=ALIAS_HITS)}
    return [found.get(i) for i in range(len(names))]
