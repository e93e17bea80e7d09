// Schema version 2: one name key per tenant across the semantic kinds. Applied by
// `memgraph init` after v1 (memgraph/graph/schema.py); every statement is idempotent.
//
// Person, Concept and Entity nodes also carry the label Semantic, and (user_id,
// canonical_name) is unique over Semantic: a tenant has at most one node per name,
// whatever its kind. The per-kind constraints of v1 stay (their indexes serve the
// per-kind seeks). New nodes are MERGEd on this key (cypher/ingest/merge_nodes.cypher),
// so concurrent writers that disagree on the kind ("Ada Vance" as a Person here, an
// Entity there) converge on one node; the existing node's kind wins.

// Earlier nodes get the label: of the nodes of one tenant and name, the oldest (then the
// lowest uid). Twins that earlier versions created across kinds keep their kind label
// without Semantic (still found by name; the dedupe job or a person can merge them).
MATCH (n:Memory)
WHERE (n:Person OR n:Concept OR n:Entity) AND NOT n:Semantic AND n.canonical_name IS NOT NULL
WITH n ORDER BY n.created_at, n.uid
WITH n.user_id AS user_id, n.canonical_name AS key, collect(n) AS nodes
WHERE NOT EXISTS { MATCH (m:Semantic {user_id: user_id, canonical_name: key}) }
WITH head(nodes) AS first
SET first:Semantic;

CREATE CONSTRAINT semantic_name IF NOT EXISTS FOR (n:Semantic) REQUIRE (n.user_id, n.canonical_name) IS UNIQUE;
