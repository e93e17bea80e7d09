// How many semantic nodes a tenant has, counting at most $cap per kind (seeks on the
// (user_id, canonical_name) constraints, so the cost is bounded): chooses between exact
// similarity scans and the vector index (ingest.exact_scan_max_nodes).
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
RETURN count(n) AS nodes
