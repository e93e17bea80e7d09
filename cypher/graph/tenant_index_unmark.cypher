// The first step of giving a tenant's own vector index up: without the marker, writes no
// longer label the tenant's nodes and explore() asks the shared index.
OPTIONAL MATCH (t:TenantVectorIndex {user_id: $user_id})
DETACH DELETE t
RETURN count(t) AS unmarked
