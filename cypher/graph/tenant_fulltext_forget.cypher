// A tenant's own full-text index is gone (made from an older definition): its marker no
// longer names it, so explore() asks the shared index, weighed, and the tenant is due
// again (memgraph/graph/tenant_index.py).
MATCH (t:TenantVectorIndex {fulltext: $index})
REMOVE t.fulltext
RETURN count(t) AS forgotten
