// The users that have semantic nodes (dedupe works one user at a time).
MATCH (n:Memory)
WHERE ($user_id IS NULL OR n.user_id = $user_id) AND (n:Person OR n:Concept OR n:Entity)
RETURN DISTINCT n.user_id AS user_id
