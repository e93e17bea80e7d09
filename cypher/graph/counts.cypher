// Memory nodes per kind and state for one user (or all users when $user_id is null).
MATCH (n:Memory)
WHERE $user_id IS NULL OR n.user_id = $user_id
UNWIND [l IN labels(n) WHERE l IN [{{kinds}}]] AS kind
RETURN kind, n.state AS state, count(*) AS nodes
ORDER BY kind, state
