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
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass

from memgraph.graph.connection import Graph
from memgraph.retrieve.answers import idf
from memgraph.retrieve.config import RetrievalConfig
from memgraph.retrieve.filters import ANALYZER_STOP_WORDS, in_content_fields, lucene_escape
from memgraph.retrieve.vector_plan import TenantSize

# A tenant holding this share of the index or more is weighed as the index weighs it: its
# statistics are the index's.
MOST_OF_THE_INDEX = 0.9
# Boosts are kept within these bounds: a count is an estimate (Lucene's document counts
# are per field and include deleted documents until segments merge).
MIN_BOOST, MAX_BOOST = 0.02, 50.0

# (uri, database, ("tenant", user id) or ("index", its size), term) -> (when, count)
_counts: dict[tuple[str, str, tuple[str, str | int], str], tuple[float, int]] = {}
_lock = threading.Lock()
# Beyond this many cached counts the oldest half is dropped (a process serving many
# tenants must not grow without bound).
MAX_CACHED = 100_000


@dataclass(frozen=True)
class Term:
    word: str      # as the question wrote it, lower case (the cache key)
    lucene: str    # escaped for Lucene


def query_terms(text: str) -> list[Term]:
    """The Lucene terms of a query (already stripped of question words), each escaped on
    its own; the analyzer's stop words are left out (Lucene drops them anyway)."""
    terms = []
    for token in text.split():
        escaped = lucene_escape(token)
        word = token.lower().strip(".,;:!?\"'()[]{}")
        if escaped is not None and word and word not in ANALYZER_STOP_WORDS:
            terms.append(Term(word, escaped))
    return terms


def boost(size: TenantSize, in_tenant: int, in_index: int, cfg: RetrievalConfig
          ) -> float:
    """The factor that makes Lucene's weight of a term the tenant's own: 1 when either
    count reached its cap or no document holds it (pure, for tests)."""
    if (in_tenant <= 0 or in_index <= 0 or in_tenant >= cfg.term_count_cap
            or in_index >= cfg.term_count_cap_index or size.tenant <= 0):
        return 1.0
    # The sizes and the counts are read a moment apart (and the sizes may be cached):
    # while another tenant is being written, more nodes may hold a word than the index
    # had when it was counted, and a negative idf would turn the weight upside down (a
    # word rare in this tenant weighed at the floor). No part is taken as larger than its
    # whole. (A CI run with two test processes put the café messages first in
    # tests/test_retrieve_term_weights.py; this is the likeliest way it happened.)
    tenant = max(size.tenant, in_tenant)
    total = max(size.total, tenant, in_index)
    ratio = idf(tenant, in_tenant) / idf(total, max(in_index, in_tenant))
    return min(MAX_BOOST, max(MIN_BOOST, ratio))


def weighted_lucene(graph: Graph, user_id: str, text: str, size: TenantSize | None,
                    cfg: RetrievalConfig) -> str | None:
    """The Lucene query for ``text`` (terms OR-ed, matched in the text fields), each term
    boosted to the tenant's statistics; plain terms when the tenant is (most of) the index
    or the weights are off; None when no term remains."""
    plain = lucene_escape(text)
    if plain is None or not cfg.tenant_term_weights or size is None or size.tenant <= 0 \
            or size.tenant >= MOST_OF_THE_INDEX * max(size.total, 1):
        return None if plain is None else in_content_fields(plain)
    terms = query_terms(text)
    if not terms:
        return in_content_fields(plain)
    counts = term_counts(graph, user_id, terms, cfg, index_total=max(size.total, size.tenant))
    parts = []
    for term in terms:
        factor = boost(size, *counts[term.word], cfg)
        parts.append(term.lucene if factor == 1.0 else f"({term.lucene})^{factor:.3f}")
    return in_content_fields(" ".join(parts))


def term_counts(graph: Graph, user_id: str, terms: Sequence[Term], cfg: RetrievalConfig,
                index_total: int = 0) -> dict[str, tuple[int, int]]:
    """Per term word: (the tenant's memory nodes that hold it, all that do), each capped;
    counted once per ``term_stats_ttl_s`` per process (one query for the missing ones).
    An index-wide count holds for the index it was counted in: ``index_total`` (the
    index's memory nodes) is part of its key, so an index that has grown since is counted
    again. A count kept from before another tenant's conversation was written weighed
    that tenant's words as if they were not there (synth-2 asked right after synth-1 in
    one process: R@10 69.2, 71.4 counted afresh)."""
    where = (graph.settings.neo4j_uri, graph.database or "")
    tenant_key: tuple[str, str | int] = ("tenant", user_id)
    index_key: tuple[str, str | int] = ("index", index_total)
    now = time.monotonic()
    local: dict[str, int] = {}
    index: dict[str, int] = {}
    with _lock:
        for term in terms:
            for into, key in ((local, (*where, tenant_key, term.word)),
                              (index, (*where, index_key, term.word))):
                cached = _counts.get(key)
                if cached and now - cached[0] < cfg.term_stats_ttl_s:
                    into[term.word] = cached[1]
    missing_local = [t for t in terms if t.word not in local]
    missing_index = [t for t in terms if t.word not in index]
    if missing_local or missing_index:
        row = graph.read_now(
            "retrieve/term_counts",
            tenant=user_id, tenant_terms=[in_content_fields(t.lucene) for t in missing_local],
            index_terms=[in_content_fields(t.lucene) for t in missing_index],
            cap=cfg.term_count_cap, index_cap=cfg.term_count_cap_index)[0]
        with _lock:
            if len(_counts) > MAX_CACHED:
                for key in sorted(_counts, key=lambda k: _counts[k][0])[: MAX_CACHED // 2]:
                    del _counts[key]
            for term, n in zip(missing_local, row["tenant"], strict=True):
                local[term.word] = n
                _counts[(*where, tenant_key, term.word)] = (now, n)
            for term, n in zip(missing_index, row["index"], strict=True):
                index[term.word] = n
                _counts[(*where, index_key, term.word)] = (now, n)
    return {t.word: (local[t.word], index[t.word]) for t in terms}


def forget_term_counts() -> None:
    """Count again at the next query (tests)."""
    with _lock:
        _counts.clear()
