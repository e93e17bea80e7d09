// Memory nodes without a vector, per tenant of $user_ids (every tenant for `memgraph init`).
// A summary's vector is `summary_embedding` (schema v6).
MATCH (n:Memory)
WHERE n.user_id IN $user_ids AND coalesce(n.embedding, n.summary_embedding) IS NULL
RETURN n.user_id AS user_id, count(*) AS nodes
