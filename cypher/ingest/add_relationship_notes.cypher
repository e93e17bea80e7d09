// Append notes to semantic relationships of one user (same parallel lists as nodes) and
// mark them dirty. One row per note, in order. `n` is the relationship.
UNWIND $notes AS note
CALL (note) {
  MATCH ()-[n:{{semantic_types}}]->()
  WHERE n.uid = note.uid AND n.user_id = $user_id
  {{> fragments/append_note}}
  RETURN count(n) AS written
}
RETURN sum(written) AS written
