// Give {{node}} its tenant's label when the tenant has a vector index of its own
// (schema/v8.cypher): placed with every write of a node's `embedding`, so the tenant's
// index holds every vector the shared one does. A seek on the marker's constraint.
WITH *
CALL ({{node}}) {
  MATCH (tenant_index:TenantVectorIndex {user_id: {{node}}.user_id})
  SET {{node}}:$(tenant_index.label)
}
