// In retrieve/explore_candidates: of the vector index's neighbours `hits`
// ([{n, score}]), this tenant's that pass the filters and $min_vector_score, the best
// $per_signal, as `survivors`. One row always (an aggregation), even when none survive.
UNWIND hits AS h
WITH h.n AS n, h.score AS score
WHERE n.user_id = $user_id AND score >= $min_vector_score
  {{> fragments/node_filters}}
WITH n, score ORDER BY score DESC LIMIT $per_signal
RETURN collect({key: elementId(n), score: score}) AS survivors
