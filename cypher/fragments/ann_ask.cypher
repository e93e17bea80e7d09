// In retrieve/explore_candidates: ask the vector index $search.ann_index (the shared one,
// or the tenant's own: memgraph/retrieve/vector_plan.py) for ${{k}} neighbours of
// $search.vector.
// `survivors`: this tenant's that pass the filters and whose exact score is at least
// $min_vector_score, in the index's order, the best $per_signal. The index's score is
// approximate (its vectors are quantized): near the threshold it let noise through that
// the exact scan did not. So a neighbour within $ann_score_margin of the threshold is
// checked on its exact cosine; one farther above or below is decided by the index's score
// (reading and scoring a stored vector costs about 12 us: 1.1 ms for 93 neighbours).
// `cut`: the index's farthest neighbour still matched, so more may lie beyond. It
// returned ${{k}} rows unless it held fewer vectors or some of its nodes were deleted
// while the query ran: either way, scanning what is left costs little. `asked`: the index answered. One row always (aggregations), even when
// nothing survives or no row came in.
CALL db.index.vector.queryNodes($search.ann_index, ${{k}}, $search.vector)
  YIELD node AS n, score
// only this tenant's neighbours are collected (collect skips the nulls); the others are
// counted: at t10k the index returns 4,000 to keep about 40
WITH count(*) AS neighbours, min(score) AS farthest,
     collect(CASE WHEN n.user_id = $search.user_id THEN {n: n, score: score} END) AS hits
CALL (hits) {
  UNWIND hits AS h
  WITH h.n AS n, h.score AS score
  WHERE n.user_id = $search.user_id
    {{> fragments/node_filters}}
    AND CASE WHEN score >= $min_vector_score + $ann_score_margin THEN true
             WHEN score < $min_vector_score - $ann_score_margin THEN false
             ELSE vector.similarity.cosine(n.embedding, $search.vector)
                  >= $min_vector_score END
  WITH n, score ORDER BY score DESC, elementId(n) LIMIT $per_signal
  RETURN collect({key: elementId(n), score: score}) AS survivors
}
WITH survivors, neighbours > 0 AS asked,
     coalesce(farthest >= $min_vector_score, false) AS cut
