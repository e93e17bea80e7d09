// Store re-synthesised descriptions and clear is_dirty, in one transaction per batch. A node
// whose description or notes changed since it was read is left dirty for the next run.
// row.embedding is null when the description did not change (no re-embedding then). Every
// batch is one tenant's ($user_id): a uid of another tenant is never written.
UNWIND $rows AS row
MATCH (n:Memory {uid: row.uid}) USING INDEX SEEK n:Memory(uid)
WHERE n.user_id = $user_id AND n.is_dirty = true AND coalesce(n.description, '') = row.old_description
  AND size(coalesce(n.notes, [])) = row.note_count
SET n.description = row.description, n.is_dirty = false, n.updated_at = $as_of,
    n.consolidated_at = $as_of
FOREACH (_ IN CASE WHEN row.embedding IS NULL THEN [] ELSE [1] END |
  SET n.embedding = row.embedding, n.embedding_model = $embedding_model)
WITH n, row
CALL (n, row) {
  WITH n WHERE row.embedding IS NOT NULL
  {{> fragments/store_vector element=n key=embedding type=Node}}
  {{> fragments/tenant_label node=n}}
}
RETURN count(n) AS written
