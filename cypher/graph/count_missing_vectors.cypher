// Memory nodes without a vector, per tenant of $user_ids (every tenant for `memgraph init`).
MATCH (n:Memory)
WHERE n.user_id IN $user_ids AND n.embedding IS NULL
RETURN n.user_id AS user_id, count(*) AS nodes
