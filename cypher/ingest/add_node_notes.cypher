// Append notes (parallel lists, memgraph/graph/notes.py) to nodes of one user and mark
// them dirty for the nightly description consolidation. One row per note, in order.
UNWIND $notes AS note
CALL (note) {
  MATCH (n:Memory {uid: note.uid}) USING INDEX SEEK n:Memory(uid) WHERE n.user_id = $user_id
  SET n.notes = coalesce(n.notes, []) + note.text,
      n.notes_added_at = coalesce(n.notes_added_at, []) + note.added_at,
      n.notes_expires_at = coalesce(n.notes_expires_at, []) + note.expires_at,
      n.notes_next_expiry = CASE WHEN n.notes_next_expiry <= note.expires_at
                                 THEN n.notes_next_expiry ELSE note.expires_at END,
      n.notes_lifetime = coalesce(n.notes_lifetime, []) + note.lifetime,
      n.notes_source = coalesce(n.notes_source, []) + note.source_id,
      n.is_dirty = true,
      n.updated_at = note.added_at
  RETURN count(n) AS written
}
RETURN sum(written) AS written
