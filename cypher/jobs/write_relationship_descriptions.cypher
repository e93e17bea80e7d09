// Store re-synthesised relationship descriptions and clear is_dirty (see
// write_node_descriptions.cypher; one tenant's batch, $user_id, the start node's). The
// static type list uses the per-type uid indexes.
UNWIND $rows AS row
MATCH (a:Memory)-[r:{{semantic_types}} {uid: row.uid}]->()
WHERE a.user_id = $user_id AND r.is_dirty = true
  AND coalesce(r.description, '') = row.old_description
  AND size(coalesce(r.notes, [])) = row.note_count
SET r.description = row.description, r.is_dirty = false, r.updated_at = $as_of,
    r.consolidated_at = $as_of
FOREACH (_ IN CASE WHEN row.embedding IS NULL THEN [] ELSE [1] END |
  SET r.embedding = row.embedding, r.embedding_model = $embedding_model)
WITH r, row
CALL (r, row) {
  WITH r WHERE row.embedding IS NOT NULL
  {{> fragments/store_vector element=r key=embedding type=Relationship}}
}
RETURN count(r) AS written
