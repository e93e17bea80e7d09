// Take the tenant's label off its nodes, in batches (an auto-commit transaction): the last
// step of giving its own vector index up (memgraph/graph/tenant_index.py).
MATCH (n:$($label)) WHERE n.user_id = $user_id
CALL (n) { REMOVE n:$($label) } IN TRANSACTIONS OF 10000 ROWS
RETURN count(n) AS unlabelled
