// Schema version 3: lifecycle labels. Applied by `memgraph init` after v2
// (memgraph/graph/schema.py); idempotent.
//
// Every memory node carries its state as a label (Candidate, Active, Core, Archived) and its
// salience band (Strong, Faint, or neither), kept in step with the `state` and `salience`
// properties by every write path and job (cypher/fragments/relabel.cypher), so Neo4j
// Browser's style sheet can show them (browser/memgraph.grass). Nodes written before v3,
// or by hand, get theirs here; nodes already in step are not touched.
MATCH (n:Memory)
WHERE
  {{> fragments/lifecycle_labels_stale node=n}}
CALL (n) {
  {{> fragments/relabel node=n}}
} IN TRANSACTIONS OF 10000 ROWS;
