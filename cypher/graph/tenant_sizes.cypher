// The memory nodes of each of $user_ids (summaries apart: their vectors are not indexed)
// and of the whole database: which tenants should have a vector index of their own
// (memgraph/graph/tenant_index.py). A seek on the `memory_user` index per tenant; the
// total is count-store lookups.
WITH COUNT { MATCH (:Memory) } - COUNT { MATCH (:Storyline) } - COUNT { MATCH (:Macro) }
       AS total
UNWIND $user_ids AS user_id
WITH user_id, total, COUNT { MATCH (n:Memory) WHERE n.user_id = user_id
                             AND NOT n:Storyline AND NOT n:Macro } AS nodes
RETURN user_id, nodes, total
ORDER BY nodes DESC, user_id
