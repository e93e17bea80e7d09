// The marker of a tenant's own vector index (memgraph/graph/tenant_index.py): written
// first, so every vector written from now on labels its node (fragments/tenant_label);
// `state` is 'building' until the index is ONLINE and every node is labelled, also when
// the marker was there (the index may have been dropped by hand): explore() asks the
// shared index meanwhile. The label and index names derive from the user id.
MERGE (t:TenantVectorIndex {user_id: $user_id})
ON CREATE SET t.label = $label, t.index = $index, t.created_at = $now
SET t.state = 'building', t.dimensions = $dimensions
RETURN t.label AS label, t.index AS index, t.state AS state
