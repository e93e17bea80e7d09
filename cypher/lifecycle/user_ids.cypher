// Every tenant that owns memory nodes, read from the `memory_user` index (no node is
// loaded): the nightly all-users jobs pass this list as $user_ids.
MATCH (n:Memory) WHERE n.user_id IS NOT NULL
RETURN DISTINCT n.user_id AS user_id
