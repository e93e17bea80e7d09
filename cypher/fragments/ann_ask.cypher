// In retrieve/explore_candidates: ask the vector index for ${{k}} neighbours of $vector.
// `survivors`: this tenant's that pass the filters and whose exact score is at least
// $min_vector_score, in the index's order, the best $per_signal. The index's score is
// approximate (its vectors are quantized): near the threshold it let noise through that
// the exact scan did not. So a neighbour within $ann_score_margin of the threshold is
// checked on its exact cosine; one farther above or below is decided by the index's score
// (reading and scoring a stored vector costs about 12 us: 1.1 ms for 93 neighbours).
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
    AND CASE WHEN score >= $min_vector_score + $ann_score_margin THEN true
             WHEN score < $min_vector_score - $ann_score_margin THEN false
             ELSE vector.similarity.cosine(n.embedding, $vector) >= $min_vector_score END
  WITH n, score ORDER BY score DESC, elementId(n) LIMIT $per_signal
  RETURN collect({key: elementId(n), score: score}) AS survivors
}
WITH survivors, size(hits) > 0 AS asked, size(hits) = ${{k}}
     AND reduce(low = 1.0, h IN hits | CASE WHEN h.score < low THEN h.score ELSE low END)
         >= $min_vector_score AS cut
