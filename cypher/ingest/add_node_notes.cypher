// Append notes (parallel lists, memgraph/graph/notes.py) to nodes of one user and mark
// them dirty for the nightly description consolidation. One row per note, in order.
UNWIND $notes AS note
CALL (note) {
  MATCH (n:Memory {uid: note.uid}) USING INDEX SEEK n:Memory(uid) WHERE n.user_id = $user_id
  {{> fragments/append_note}}
  RETURN count(n) AS written
}
RETURN sum(written) AS written
