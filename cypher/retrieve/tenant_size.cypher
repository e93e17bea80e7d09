// How many memory nodes one tenant has, and how many the whole database has (the shared
// vector index covers them all): sizes explore()'s over-fetch from the vector index.
// The tenant count reads the `memory_user` index; the total is a count-store lookup.
// Summaries are not in the index (schema v6): taken off both counts (count-store lookups
// and seeks on their (user_id, subject_uid) indexes). `index`, `fulltext`: the tenant's
// own vector and full-text indexes once they are ready, else null (the shared ones).
MATCH (n:Memory) WHERE n.user_id = $user_id
WITH count(n) AS memory
WITH memory - COUNT { MATCH (s:Storyline) WHERE s.user_id = $user_id AND s.subject_uid IS NOT NULL }
            - COUNT { MATCH (m:Macro) WHERE m.user_id = $user_id AND m.subject_uid IS NOT NULL }
     AS tenant
OPTIONAL MATCH (own:TenantVectorIndex {user_id: $user_id, state: 'online'})
RETURN tenant, COUNT { MATCH (:Memory) } - COUNT { MATCH (:Storyline) }
               - COUNT { MATCH (:Macro) } AS total, own.index AS index,
       own.fulltext AS fulltext
