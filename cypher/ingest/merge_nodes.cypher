// Create semantic nodes of one user, or find them when a concurrent writer (or an earlier
// row) already created the same canonical name: MERGE on the (user_id, canonical_name)
// uniqueness constraint of each kind, so racing writers converge on one node.
// row.props carries the full seed-001 property map (memgraph/ingest/properties.py).
UNWIND $rows AS row
CALL (row) {
  WITH row WHERE row.kind = 'Person'
  MERGE (n:Person:Memory {user_id: $user_id, canonical_name: row.props.canonical_name})
  ON CREATE SET n += row.props
  RETURN n
  UNION
  WITH row WHERE row.kind = 'Concept'
  MERGE (n:Concept:Memory {user_id: $user_id, canonical_name: row.props.canonical_name})
  ON CREATE SET n += row.props
  RETURN n
  UNION
  WITH row WHERE row.kind = 'Entity'
  MERGE (n:Entity:Memory {user_id: $user_id, canonical_name: row.props.canonical_name})
  ON CREATE SET n += row.props
  RETURN n
}
RETURN row.ref AS ref, n.uid AS uid, n.name AS name, n.uid = row.props.uid AS created
