// Memory nodes that carry a vector, per embedding model, for one user (or all users when
// $user_id is null). Vectors of different models share the index but their cosine scores
// do not compare: more than one model here means some nodes need re-embedding. Summaries'
// vectors (`summary_embedding`, schema v6) are counted with them.
MATCH (n:Memory)
WHERE ($user_id IS NULL OR n.user_id = $user_id)
  AND coalesce(n.embedding, n.summary_embedding) IS NOT NULL
RETURN coalesce(n.embedding_model, 'unknown') AS model, count(*) AS nodes
ORDER BY nodes DESC, model
