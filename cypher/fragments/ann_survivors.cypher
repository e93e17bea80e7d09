// In retrieve/explore_candidates: of the vector index's neighbours `hits`
// ([{n, score}]), this tenant's that pass the filters and whose exact score is at least
// $min_vector_score (the index's score is approximate: near the threshold it let noise
// through that the exact scan did not), in the index's order, the best $per_signal, as
// `survivors`. One row always (an aggregation), even when none survive.
UNWIND hits AS h
WITH h.n AS n, h.score AS score
WHERE n.user_id = $user_id
  {{> fragments/node_filters}}
  AND vector.similarity.cosine(n.embedding, $vector) >= $min_vector_score
WITH n, score ORDER BY score DESC LIMIT $per_signal
RETURN collect({key: elementId(n), score: score}) AS survivors
