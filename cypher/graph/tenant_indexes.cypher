// The tenants with a vector index of their own ($user_id null: every tenant, an explicit
// all-users listing), with their label, index names and state.
MATCH (t:TenantVectorIndex)
WHERE $user_id IS NULL OR t.user_id = $user_id
RETURN t.user_id AS user_id, t.label AS label, t.index AS index, t.fulltext AS fulltext,
       t.state AS state,
       t.created_at AS created_at, t.online_at AS online_at
ORDER BY user_id
