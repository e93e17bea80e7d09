// Schema version 8: vector indexes of a tenant's own. Applied by `memgraph init` after v7
// (memgraph/graph/schema.py); idempotent.
//
// The shared index `memory_embedding` cannot filter by tenant (Neo4j 5.26), so a tenant
// holding a small share of it is asked for many neighbours to keep its own: at 100,000
// nodes in a 1M-node graph, 450 to keep 46. A big tenant can have an index of its own
// (memgraph/graph/tenant_index.py): one marker node per such tenant names its label and
// its index; every write of a node's vector reads it (cypher/fragments/tenant_label.cypher).
CREATE CONSTRAINT tenant_vector_index_user IF NOT EXISTS FOR (t:TenantVectorIndex) REQUIRE t.user_id IS UNIQUE;
