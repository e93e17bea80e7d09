"""Full-text terms weighed by the tenant's own statistics, not by every tenant's.

The full-text index is shared by all tenants, and Lucene scores a term by its inverse
document frequency over the whole index. A tenant's own words are rare in the index and
common in the tenant: a speaker's name is in the indexed text of every message they sent
(``search_text``), a pet's name, a café's, "bees" for a beekeeper. Over the whole index
they weigh as much as the rarest word of the question; within the tenant they say little
about which message answers. So one tenant's ranking depended on what the other tenants
had written, and a question about Nadia's café found her messages about the café before
the one that answers it (docs/retrieval.md, "Each tenant's own word statistics").

Each query term is boosted by ``idf(tenant) / idf(index)`` (Lucene's BM25 idf, computed
from the number of the tenant's and of all memory nodes that hold the term), which turns
Lucene's score for the term into the one it would have in an index of the tenant's
memories alone. The counts come from the index itself (a capped full-text count per term)
and are kept per process for ``term_stats_ttl_s``; a term more common than the caps is
left as Lucene weighs it (a common word's weight hardly depends on the tenant), and so is
every term of a tenant that holds most of the index.

The weighing is Cypher (``cypher/fragments/weighted_terms.cypher``), inside explore()'s
candidate query: the counts this process does not keep are taken there, and the boosts
computed there, so they cost no round trip of their own (docs/retrieval.md, "Session
56"). This module decides whether to weigh, passes the kept counts and keeps the new ones.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from memgraph.graph.connection import Graph
from memgraph.graph.schema import NODE_TEXT_FIELDS
from memgraph.retrieve.config import RetrievalConfig
from memgraph.retrieve.filters import (
    ANALYZER_STOP_WORDS,
    bare_word,
    in_content_fields,
    lucene_escape,
)
from memgraph.retrieve.vector_plan import TenantSize

# A tenant holding this share of the index or more is weighed as the index weighs it: its
# statistics are the index's.
MOST_OF_THE_INDEX = 0.9
# Boosts are kept within these bounds: a count is an estimate (Lucene's document counts
# are per field and include deleted documents until segments merge).
MIN_BOOST, MAX_BOOST = 0.02, 50.0

# (uri, database, ("tenant", user id) or ("index", its size), term) -> (when, count)
_counts: dict[tuple[str, str, tuple[str, str | int], str], tuple[float, int]] = {}
_Prefix = tuple[str, str, tuple[str, str | int]]     # a cache key, less the word
_lock = threading.Lock()
# Beyond this many cached counts the oldest half is dropped (a process serving many
# tenants must not grow without bound).
MAX_CACHED = 100_000


@dataclass(frozen=True)
class Term:
    word: str      # as the question wrote it, lower case (the cache key)
    lucene: str    # escaped for Lucene


@dataclass(frozen=True)
class Weighing:
    plain: str | None                # the query as Lucene weighs it, or None
    weigh: dict[str, Any] | None     # what cypher/fragments/weighted_terms reads, or None


def query_terms(text: str) -> list[Term]:
    """The Lucene terms of a query (already stripped of question words), each escaped on
    its own; the analyzer's stop words are left out (Lucene drops them anyway)."""
    terms = []
    for token in text.split():
        escaped = lucene_escape(token)
        word = bare_word(token)
        if escaped is not None and word and word not in ANALYZER_STOP_WORDS:
            terms.append(Term(word, escaped))
    return terms


def weighing(graph: Graph, user_id: str, text: str, size: TenantSize | None,
             cfg: RetrievalConfig) -> Weighing:
    """How the candidate query is to weigh ``text``'s terms: plain terms (``plain``)
    when the tenant is (most of) the index or the weights are off; else each term with
    the counts this process keeps for it (``weigh``; a count not kept is null, and the
    query counts it: cypher/fragments/weighted_terms). Neither when no term remains.
    A tenant with a full-text index of its own is asked there, and Lucene's weights are
    already the tenant's (``memgraph/graph/tenant_index.py``): its terms stay plain."""
    plain = lucene_escape(text)
    if plain is None or not cfg.tenant_term_weights or size is None or size.tenant <= 0 \
            or size.own_fulltext is not None \
            or size.tenant >= MOST_OF_THE_INDEX * max(size.total, 1):
        return Weighing(None if plain is None else in_content_fields(plain), None)
    terms = query_terms(text)
    if not terms:
        return Weighing(in_content_fields(plain), None)
    return Weighing(None, _weigh(graph, user_id, terms, cfg, size.tenant, size.total))


def weighing_params(cfg: RetrievalConfig) -> dict[str, int | float]:
    """The bounds cypher/fragments/weighted_terms reads (the same every call)."""
    return {"term_count_cap": cfg.term_count_cap,
            "term_count_cap_index": cfg.term_count_cap_index,
            "min_boost": MIN_BOOST, "max_boost": MAX_BOOST}


def remember_counts(graph: Graph, user_id: str, weigh: dict[str, Any] | None,
                    counted: Sequence[Sequence[int | None]]) -> None:
    """Keep the counts a query took (``counted``: [in the tenant, in the index] per term
    of ``weigh``, in order; the index's None where it was not needed) for
    ``term_stats_ttl_s``."""
    if weigh is None or not counted:
        return
    tenant_key, index_key = _cache_keys(graph, user_id, weigh)
    now = time.monotonic()
    with _lock:
        if len(_counts) > MAX_CACHED:
            for key in sorted(_counts, key=lambda k: _counts[k][0])[: MAX_CACHED // 2]:
                del _counts[key]
        for asked, (in_tenant, in_index) in zip(weigh["terms"], counted, strict=True):
            if asked["in_tenant"] is None:
                _counts[(*tenant_key, asked["word"])] = (now, in_tenant)
            if asked["in_index"] is None and in_index is not None:
                _counts[(*index_key, asked["word"])] = (now, in_index)


def weighted_lucene(graph: Graph, user_id: str, text: str, size: TenantSize | None,
                    cfg: RetrievalConfig) -> str | None:
    """The Lucene query explore() asks for ``text`` (terms OR-ed, matched in the text
    fields, each boosted to the tenant's statistics), on its own: the candidate query
    weighs the terms itself (tests, and a look at why a word weighed what it did)."""
    weighed = weighing(graph, user_id, text, size, cfg)
    if weighed.weigh is None:
        return weighed.plain
    row = _weighted_terms(graph, user_id, weighed.weigh, cfg)
    return str(row["weighted"])


def term_counts(graph: Graph, user_id: str, terms: Sequence[Term], cfg: RetrievalConfig,
                index_total: int = 0) -> dict[str, tuple[int, int | None]]:
    """Per term word: (the tenant's memory nodes that hold it, all that do), each capped;
    counted once per ``term_stats_ttl_s`` per process. The index-wide count is None for a
    term the tenant does not hold or holds ``term_count_cap`` times or more: it would not
    change the weight, so it is not taken. An index-wide count holds for the
    index it was counted in: ``index_total`` (the index's memory nodes) is part of its
    key, so an index that has grown since is counted again. A count kept from before
    another tenant's conversation was written weighed that tenant's words as if they were
    not there (synth-2 asked right after synth-1 in one process: R@10 69.2, 71.4 counted
    afresh)."""
    weigh = _weigh(graph, user_id, terms, cfg, 0, index_total)
    counted = [(t["in_tenant"], t["in_index"]) for t in weigh["terms"]]
    if any(None in pair for pair in counted):
        counted = _weighted_terms(graph, user_id, weigh, cfg)["counted"]
    return {t.word: (int(n[0]), None if n[1] is None else int(n[1]))
            for t, n in zip(terms, counted, strict=True)}


def _weighted_terms(graph: Graph, user_id: str, weigh: dict[str, Any],
                    cfg: RetrievalConfig) -> dict[str, Any]:
    row = graph.read_now("retrieve/weighted_terms", weigh=weigh, tenant=user_id,
                         **weighing_params(cfg))[0]
    remember_counts(graph, user_id, weigh, row["counted"])
    return row


def _weigh(graph: Graph, user_id: str, terms: Sequence[Term], cfg: RetrievalConfig,
           tenant: int, total: int) -> dict[str, Any]:
    """The map cypher/fragments/weighted_terms reads: each term with the counts this
    process keeps for it (null where it keeps none), the tenant's and the index's sizes."""
    weigh: dict[str, Any] = {"tenant": tenant, "total": total,
                             "fields": list(NODE_TEXT_FIELDS)}
    tenant_key, index_key = _cache_keys(graph, user_id, weigh)
    now = time.monotonic()

    def kept(key: tuple[str, str, tuple[str, str | int], str]) -> int | None:
        cached = _counts.get(key)
        return cached[1] if cached and now - cached[0] < cfg.term_stats_ttl_s else None

    with _lock:
        weigh["terms"] = [{"word": t.word, "lucene": t.lucene,
                           "query": in_content_fields(t.lucene),
                           "in_tenant": kept((*tenant_key, t.word)),
                           "in_index": kept((*index_key, t.word))} for t in terms]
    return weigh


def _cache_keys(graph: Graph, user_id: str, weigh: dict[str, Any]
                ) -> tuple[_Prefix, _Prefix]:
    """The cache's keys (less the word) for the tenant's counts and for the index-wide
    ones: an index-wide count holds for the index size it was counted in (the larger of
    the sizes in ``weigh``, which are read a moment apart)."""
    where = (graph.settings.neo4j_uri, graph.database or "")
    return ((*where, ("tenant", user_id)),
            (*where, ("index", max(weigh["total"], weigh["tenant"]))))


def forget_term_counts() -> None:
    """Count again at the next query (tests)."""
    with _lock:
        _counts.clear()
