// Schema version 7: vectors stored as 32-bit floats. Applied by `memgraph init` after v6
// (memgraph/graph/schema.py); a database recorded at v7 or later skips it (which precision
// a stored vector has cannot be read back in Cypher, and rewriting every vector at every
// init would cost as much as the first time).
//
// Vectors written before v7 were stored as 64-bit floats, as any list SET from a parameter
// is. The embedders work in 32 bits, so half of those bytes carried nothing, and explore()
// reads a vector for every candidate it scores exactly: on a LoCoMo tenant, vectors in 32
// bits made explore() 2-3 ms faster (docs/retrieval.md, "Vectors in 32 bits"). Writes
// since v7 go through cypher/fragments/store_vector.cypher.
OPTIONAL MATCH (v:SchemaVersion {uid: 'memgraph'})
WITH v WHERE v.version < 7
MATCH (n:Memory) WHERE n.embedding IS NOT NULL
CALL (n) {
  CALL db.create.setNodeVectorProperty(n, 'embedding', n.embedding)
} IN TRANSACTIONS OF 5000 ROWS;
OPTIONAL MATCH (v:SchemaVersion {uid: 'memgraph'})
WITH v WHERE v.version < 7
MATCH (n:Memory) WHERE n.summary_embedding IS NOT NULL
CALL (n) {
  CALL db.create.setNodeVectorProperty(n, 'summary_embedding', n.summary_embedding)
} IN TRANSACTIONS OF 5000 ROWS;
OPTIONAL MATCH (v:SchemaVersion {uid: 'memgraph'})
WITH v WHERE v.version < 7
MATCH (:Memory)-[r:{{semantic_types}}]->() WHERE r.embedding IS NOT NULL
CALL (r) {
  CALL db.create.setRelationshipVectorProperty(r, 'embedding', r.embedding)
} IN TRANSACTIONS OF 5000 ROWS;
