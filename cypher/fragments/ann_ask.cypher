// In retrieve/explore_candidates: ask the vector index $search.ann_index (the shared one,
// or the tenant's own: memgraph/retrieve/vector_plan.py) for ${{k}} neighbours of
// $search.vector.
// `survivors`: this tenant's that pass the filters and whose exact score is at least
// $min_vector_score, the best $per_signal by it, with that score. The index's score is
// approximate (its vectors are quantized, by statistics of the index segment they are in):
// near the threshold it let noise through that the exact scan did not, and the same two
// vectors scored a few thousandths apart from one graph to another, which reordered near
// ties (docs/retrieval.md, "Session 51"). So the index chooses the candidates (those below
// the threshold by more than $ann_score_margin are left out, and at most twice
// $per_signal, the best by its score) and the stored vectors score them (reading and
// scoring a stored vector costs about 12 us: 1.1 ms for 93 neighbours).
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
    AND score >= $min_vector_score - $ann_score_margin
  WITH n, score ORDER BY score DESC, elementId(n) LIMIT 2 * $per_signal
  WITH n, vector.similarity.cosine(n.embedding, $search.vector) AS exact
  WHERE exact >= $min_vector_score
  WITH n, exact ORDER BY exact DESC, elementId(n) LIMIT $per_signal
  RETURN collect({key: elementId(n), score: exact}) AS survivors
}
WITH survivors, neighbours > 0 AS asked,
     coalesce(farthest >= $min_vector_score, false) AS cut
