// Every tenant's memory nodes (summaries apart: their vectors are not indexed), biggest
// first, and all memory nodes: which tenants should have a vector index of their own
// (memgraph/graph/tenant_index.py). Reads every memory node's user_id once.
MATCH (n:Memory) WHERE NOT n:Storyline AND NOT n:Macro
WITH n.user_id AS user_id, count(*) AS nodes
WITH collect({user_id: user_id, nodes: nodes}) AS tenants, sum(nodes) AS total
UNWIND tenants AS t
RETURN t.user_id AS user_id, t.nodes AS nodes, total
ORDER BY nodes DESC, user_id
