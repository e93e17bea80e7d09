// How many memory nodes hold each query term: the tenant's ($tenant_terms, at most $cap)
// and the whole index's ($index_terms, at most $index_cap), for weighing the terms by the
// tenant's own statistics (memgraph/retrieve/term_weights.py). Each term is an escaped
// Lucene term; the tenant is scoped inside Lucene, as every full-text read. A count that
// reaches its cap stops there: the term is common, and its weight is left to Lucene.
// Lucene matches the tenant's id as a phrase of its tokens, so another tenant whose id
// holds them ("acme" and "acme-eu") matches too: only the tenant's own nodes are counted,
// and when the other's took some of the $cap places they are counted again among ten
// times as many (docs/retrieval.md, "Each tenant's own word statistics").
WITH replace(replace($tenant, '\\', '\\\\'), '"', '\\"') AS tenant
CALL (tenant) {
  UNWIND range(0, size($tenant_terms) - 1) AS i
  CALL (tenant, i) {
    CALL db.index.fulltext.queryNodes('memory_text',
        '+user_id:"' + tenant + '" +(' + $tenant_terms[i] + ')', {limit: $cap})
      YIELD node
    RETURN count(node) AS hits, count(CASE WHEN node.user_id = $tenant THEN 1 END) AS own
  }
  CALL (tenant, i, hits, own) {
    UNWIND CASE WHEN hits = $cap AND own < hits THEN [1] ELSE [] END AS crowded
    CALL db.index.fulltext.queryNodes('memory_text',
        '+user_id:"' + tenant + '" +(' + $tenant_terms[i] + ')', {limit: 10 * $cap})
      YIELD node
    WITH node WHERE node.user_id = $tenant
    RETURN count(node) AS wide
  }
  WITH i, CASE WHEN hits = $cap AND own < hits
               THEN CASE WHEN wide < $cap THEN wide ELSE $cap END
               ELSE own END AS n
  ORDER BY i
  RETURN collect(n) AS in_tenant
}
CALL () {
  UNWIND range(0, size($index_terms) - 1) AS i
  CALL (i) {
    CALL db.index.fulltext.queryNodes('memory_text', $index_terms[i], {limit: $index_cap})
      YIELD node
    RETURN count(node) AS n
  }
  WITH i, n ORDER BY i
  RETURN collect(n) AS in_index
}
RETURN in_tenant AS tenant, in_index AS index
