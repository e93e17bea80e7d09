// In retrieve/explore_candidates: ask the vector index for ${{k}} neighbours of $vector.
// `survivors`: this tenant's that pass the filters and whose exact score is at least
// $min_vector_score (the index's score is approximate: near the threshold it let noise
// through that the exact scan did not), in the index's order, the best $per_signal.
// `cut`: the index stopped at ${{k}} while its farthest neighbour still matched, so more
// may lie beyond. `asked`: the index answered. One row always (aggregations), even when
// nothing survives or no row came in.
CALL db.index.vector.queryNodes('memory_embedding', ${{k}}, $vector) YIELD node AS n, score
WITH collect({n: n, score: score}) AS hits
CALL (hits) {
  UNWIND hits AS h
  WITH h.n AS n, h.score AS score
  WHERE n.user_id = $user_id
    {{> fragments/node_filters}}
    AND vector.similarity.cosine(n.embedding, $vector) >= $min_vector_score
  WITH n, score ORDER BY score DESC, elementId(n) LIMIT $per_signal
  RETURN collect({key: elementId(n), score: score}) AS survivors
}
WITH survivors, size(hits) > 0 AS asked, size(hits) = ${{k}}
     AND reduce(low = 1.0, h IN hits | CASE WHEN h.score < low THEN h.score ELSE low END)
         >= $min_vector_score AS cut
