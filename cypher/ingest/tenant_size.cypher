// How many semantic nodes a tenant has, counting at most $cap per kind (seeks on the
// (user_id, canonical_name) constraints, so the cost is bounded): chooses between exact
// similarity scans and the vector index (ingest.exact_scan_max_nodes). `index`: the
// tenant's own vector index once it is ready (schema v8), else null (the shared one).
CALL () {
  MATCH (n:Person {user_id: $user_id}) WHERE n.canonical_name IS NOT NULL
  RETURN n LIMIT $cap
  UNION ALL
  MATCH (n:Concept {user_id: $user_id}) WHERE n.canonical_name IS NOT NULL
  RETURN n LIMIT $cap
  UNION ALL
  MATCH (n:Entity {user_id: $user_id}) WHERE n.canonical_name IS NOT NULL
  RETURN n LIMIT $cap
}
WITH count(n) AS nodes
OPTIONAL MATCH (own:TenantVectorIndex {user_id: $user_id, state: 'online'})
RETURN nodes, own.index AS index
