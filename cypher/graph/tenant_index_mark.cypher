// The marker of a tenant's own vector index (memgraph/graph/tenant_index.py): written
// first, so every vector written from now on labels its node (fragments/tenant_label);
// `state` stays 'building' until the index is ONLINE and every node is labelled. Kept as
// it is when it exists (the label and index names derive from the user id either way).
MERGE (t:TenantVectorIndex {user_id: $user_id})
ON CREATE SET t.label = $label, t.index = $index, t.state = 'building',
              t.created_at = $now, t.dimensions = $dimensions
RETURN t.label AS label, t.index AS index, t.state AS state
