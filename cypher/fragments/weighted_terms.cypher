// A question's full-text terms weighed by the tenant's own statistics
// (memgraph/retrieve/term_weights.py), as `weighted`, the Lucene query to ask (null when
// `weigh` is null), and `counted`, each term's [in the tenant, in the index] counts in
// order (the index's null where it could not change the weight, so was not taken). Reads
// two variables: `tenant_id` and `weigh`, a map {terms, tenant, total, fields}: `terms`
// in the question's order, each {lucene (escaped), query (the term in the
// text fields), in_tenant, in_index}, a count null when this process has none kept (it
// is counted here, from the index itself); `tenant` and `total`, the tenant's and the
// index's memory nodes; `fields`, the text fields the weighted terms are matched in.
// Parameters: $term_count_cap, $term_count_cap_index, $min_boost, $max_boost.
//
// Each term is boosted by idf(tenant) / idf(index) (BM25's idf), which turns Lucene's
// weight for it into the one it would have in an index of the tenant's memories alone.
// The boost is 1 (the term left as Lucene weighs it) when either count reached its cap
// (a common word) or no memory holds it, and stays within [$min_boost, $max_boost] (a
// count is an estimate: Lucene's document counts include deleted documents until segments
// merge). The sizes and the counts are read a moment apart: while another tenant is being
// written, more nodes may hold a word than the index had when it was counted, and a
// negative idf would turn the weight upside down; no part is taken as larger than its
// whole.
//
// The tenant is scoped inside Lucene, as every full-text read; its id is matched as a
// phrase of its tokens, so another tenant whose id holds them ("acme" and "acme-eu")
// matches too: only the tenant's own nodes are counted, and when the other's took some of
// the $term_count_cap places they are counted again among ten times as many
// (docs/retrieval.md, "Each tenant's own word statistics"). Counted here rather than in a
// query of their own, the counts cost explore() no round trip (docs/retrieval.md,
// "Session 56").
CALL (weigh, tenant_id) {
  WITH weigh, tenant_id,
       replace(replace(tenant_id, '\\', '\\\\'), '"', '\\"') AS tenant
  WHERE weigh IS NOT NULL
  UNWIND range(0, size(weigh.terms) - 1) AS i
  WITH weigh, tenant, tenant_id, i, weigh.terms[i] AS term
  CALL (tenant, tenant_id, term) {
    UNWIND CASE WHEN term.in_tenant IS NULL THEN [1] ELSE [] END AS needed
    CALL db.index.fulltext.queryNodes('memory_text',
        '+user_id:"' + tenant + '" +(' + term.query + ')', {limit: $term_count_cap})
      YIELD node
    RETURN count(node) AS hits, count(CASE WHEN node.user_id = tenant_id THEN 1 END) AS own
  }
  CALL (tenant, tenant_id, term, hits, own) {
    UNWIND CASE WHEN hits = $term_count_cap AND own < hits THEN [1] ELSE [] END AS crowded
    CALL db.index.fulltext.queryNodes('memory_text',
        '+user_id:"' + tenant + '" +(' + term.query + ')', {limit: 10 * $term_count_cap})
      YIELD node
    WITH node WHERE node.user_id = tenant_id
    RETURN count(node) AS wide
  }
  WITH weigh, i, term,
       coalesce(term.in_tenant,
                CASE WHEN hits = $term_count_cap AND own < hits
                     THEN CASE WHEN wide < $term_count_cap THEN wide ELSE $term_count_cap END
                     ELSE own END) AS in_tenant
  // The index-wide count, only where it can change the weight: a term the tenant does
  // not hold, or holds $term_count_cap times or more, keeps Lucene's weight whatever the
  // index holds (its count is left null, and not kept). In a big database a word is a
  // row of the procedure in each of thousands of memories; a small tenant lacks many of
  // a question's words (docs/retrieval.md, "Session 56").
  WITH weigh, i, term, in_tenant,
       term.in_index IS NULL AND 0 < in_tenant < $term_count_cap AS index_needed
  CALL (term, index_needed) {
    UNWIND CASE WHEN index_needed THEN [1] ELSE [] END AS needed
    CALL db.index.fulltext.queryNodes('memory_text', term.query,
        {limit: $term_count_cap_index})
      YIELD node
    RETURN count(node) AS counted_now
  }
  WITH weigh, i, term, in_tenant,
       coalesce(term.in_index, CASE WHEN index_needed THEN counted_now END) AS in_index
  WITH weigh, i, term, in_tenant, in_index,
       CASE WHEN weigh.tenant > in_tenant THEN weigh.tenant ELSE in_tenant END AS tenant_n,
       CASE WHEN in_index > in_tenant THEN in_index ELSE in_tenant END AS with_term
  WITH weigh, i, term, in_tenant, in_index, tenant_n, with_term,
       CASE WHEN weigh.total > tenant_n AND weigh.total > with_term THEN weigh.total
            WHEN tenant_n > with_term THEN tenant_n ELSE with_term END AS total_n
  WITH i, term, in_tenant, in_index,
       CASE WHEN in_tenant <= 0 OR in_tenant >= $term_count_cap OR in_index IS NULL
                 OR in_index <= 0
                 OR in_index >= $term_count_cap_index OR weigh.tenant <= 0 THEN 1.0
            ELSE log(1.0 + (tenant_n - in_tenant + 0.5) / (in_tenant + 0.5))
                 / log(1.0 + (total_n - with_term + 0.5) / (with_term + 0.5)) END AS ratio
  WITH i, term, in_tenant, in_index,
       CASE WHEN ratio = 1.0 THEN 1.0
            WHEN ratio < $min_boost THEN $min_boost
            WHEN ratio > $max_boost THEN $max_boost
            ELSE ratio END AS boost
  ORDER BY i
  // no grouping key: one row even when there is nothing to weigh
  RETURN collect(CASE WHEN boost = 1.0 THEN term.lucene
                      ELSE '(' + term.lucene + ')^' + toString(round(boost, 3)) END) AS parts,
         collect([in_tenant, in_index]) AS counted
}
WITH *, reduce(joined = '', part IN parts |
               joined + CASE WHEN joined = '' THEN '' ELSE ' ' END + part) AS joined
WITH *, CASE WHEN weigh IS NULL THEN null
             ELSE reduce(asked = '', field IN weigh.fields |
                         asked + CASE WHEN asked = '' THEN '' ELSE ' ' END
                         + field + ':(' + joined + ')') END AS weighted
