// Create semantic nodes of one user, or find the node that already holds the name: a
// tenant has one node per canonical name across Person, Concept and Entity (schema v2).
// First the per-kind constraint indexes are asked (any kind: nodes from before v2 may
// lack the Semantic label); if none holds the name, MERGE on the (user_id,
// canonical_name) uniqueness constraint of :Semantic, so racing writers, whatever kind
// each gives the name, converge on one node, and the existing node's kind wins.
// row.props carries the full seed-001 property map (memgraph/ingest/properties.py).
UNWIND $rows AS row
CALL (row) {
  CALL (row) {
    MATCH (n:Person {user_id: $user_id, canonical_name: row.props.canonical_name})
    RETURN n
    UNION
    MATCH (n:Concept {user_id: $user_id, canonical_name: row.props.canonical_name})
    RETURN n
    UNION
    MATCH (n:Entity {user_id: $user_id, canonical_name: row.props.canonical_name})
    RETURN n
  }
  RETURN collect(n) AS found
}
CALL (row, found) {
  WITH row, found WHERE size(found) > 0
  RETURN found[0] AS n
  UNION
  WITH row, found WHERE size(found) = 0 AND row.kind = 'Person'
  MERGE (n:Semantic {user_id: $user_id, canonical_name: row.props.canonical_name})
  ON CREATE SET n:Person:Memory, n += row.props
  RETURN n
  UNION
  WITH row, found WHERE size(found) = 0 AND row.kind = 'Concept'
  MERGE (n:Semantic {user_id: $user_id, canonical_name: row.props.canonical_name})
  ON CREATE SET n:Concept:Memory, n += row.props
  RETURN n
  UNION
  WITH row, found WHERE size(found) = 0 AND row.kind = 'Entity'
  MERGE (n:Semantic {user_id: $user_id, canonical_name: row.props.canonical_name})
  ON CREATE SET n:Entity:Memory, n += row.props
  RETURN n
}
FOREACH (_ IN CASE WHEN n.uid = row.props.uid THEN [1] ELSE [] END |
  {{> fragments/relabel node=n}}
)
WITH n, row
CALL (n, row) {
  WITH n WHERE n.uid = row.props.uid
  {{> fragments/store_vector element=n key=embedding type=Node}}
  {{> fragments/tenant_label node=n}}
}
RETURN row.ref AS ref, n.uid AS uid, n.name AS name, n.uid = row.props.uid AS created
