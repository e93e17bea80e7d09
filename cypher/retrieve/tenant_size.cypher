// How many memory nodes one tenant has, and how many the whole database has (the shared
// vector index covers them all): sizes explore()'s over-fetch from the vector index.
// The tenant count reads the `memory_user` index; the total is a count-store lookup.
MATCH (n:Memory) WHERE n.user_id = $user_id
WITH count(n) AS tenant
RETURN tenant, COUNT { MATCH (:Memory) } AS total
