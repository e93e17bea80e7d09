// A tenant's hits in a full-text index, as `found`, a list of {e, score} in the index's
// order, and `lucene`, the query asked. Reads four variables: `terms` (a Lucene query,
// escaped), `tenant_id`, `hit_limit` (how many hits to ask for) and `index_name` (the
// shared index, or a big tenant's own: memgraph/graph/tenant_index.py). The
// tenant is scoped inside Lucene, by a required clause `+user_id:"<tenant>"` (every
// full-text index holds `user_id`), written here for every full-text read but the term
// counts (fragments/weighted_terms). Lucene matches the tenant's id as a phrase of its
// analysed tokens: another tenant whose id holds them ("acme" and "acme-eu"; "team-a" and
// "team-b", "a" being a stop word) matches too, and its hits may take the places asked
// for. Then the index is asked again for ten times as many, and this tenant's are kept
// (docs/retrieval.md, "Each tenant's own word statistics").
// The tenant clause only filters (boost 0): a hit's score is its words' alone, which
// explore_candidates may then rescale.
WITH *, '+user_id:"' + replace(replace(tenant_id, '\\', '\\\\'), '"', '\\"') + '"^0 +(' + terms + ')'
        AS lucene
CALL (lucene, tenant_id, hit_limit, index_name) {
  CALL db.index.fulltext.{{procedure}}(index_name, lucene, {limit: hit_limit})
    YIELD {{yields}} AS e, score
  RETURN count(*) AS hits,
         collect(CASE WHEN e.user_id = tenant_id THEN {e: e, score: score} END) AS own
}
CALL (lucene, tenant_id, hit_limit, index_name, hits, own) {
  UNWIND CASE WHEN hits = hit_limit AND size(own) < hits THEN [1] ELSE [] END AS crowded
  CALL db.index.fulltext.{{procedure}}(index_name, lucene, {limit: 10 * hit_limit})
    YIELD {{yields}} AS e, score
  WITH e, score WHERE e.user_id = tenant_id
  RETURN collect({e: e, score: score}) AS wide
}
WITH lucene, CASE WHEN hits = hit_limit AND size(own) < hits THEN wide ELSE own END AS found
