// In retrieve/explore_candidates: this tenant's hits in the full-text index {{index}}
// for `lucene` (the terms with the tenant clause `+user_id:"<tenant>"`), as `found`, a
// list of {e, score} in the index's order. Lucene matches the tenant's id as a phrase of
// its tokens: another tenant whose id holds them ("acme" and "acme-eu") matches too, and
// its hits may take the $ft_k places asked for. Then the index is asked again for ten
// times as many, and this tenant's are kept (docs/retrieval.md, "Each tenant's own word
// statistics").
CALL (lucene) {
  CALL db.index.fulltext.{{procedure}}('{{index}}', lucene, {limit: $ft_k})
    YIELD {{yields}} AS e, score
  RETURN count(*) AS hits,
         collect(CASE WHEN e.user_id = $search.user_id THEN {e: e, score: score} END) AS own
}
CALL (lucene, hits, own) {
  UNWIND CASE WHEN hits = $ft_k AND size(own) < hits THEN [1] ELSE [] END AS crowded
  CALL db.index.fulltext.{{procedure}}('{{index}}', lucene, {limit: 10 * $ft_k})
    YIELD {{yields}} AS e, score
  WITH e, score WHERE e.user_id = $search.user_id
  RETURN collect({e: e, score: score}) AS wide
}
WITH lucene, CASE WHEN hits = $ft_k AND size(own) < hits THEN wide ELSE own END AS found
