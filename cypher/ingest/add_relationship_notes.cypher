// Append notes to semantic relationships of one user (same parallel lists as nodes) and
// mark them dirty. One row per note, in order.
UNWIND $notes AS note
CALL (note) {
  MATCH ()-[r:KNOWS|FRIEND_OF|FAMILY_OF|PARTNER_OF|COLLEAGUE_OF|WORKS_AT|WORKS_ON|STUDIES_AT|MEMBER_OF|LIVES_IN|FROM|VISITED|ATTENDED|LIKES|DISLIKES|INTERESTED_IN|OWNS|USES|CREATED|PART_OF|HAS_GOAL|EXPERIENCED|RELATED_TO]->()
  WHERE r.uid = note.uid AND r.user_id = $user_id
  SET r.notes = coalesce(r.notes, []) + note.text,
      r.notes_added_at = coalesce(r.notes_added_at, []) + note.added_at,
      r.notes_expires_at = coalesce(r.notes_expires_at, []) + note.expires_at,
      r.notes_next_expiry = CASE WHEN r.notes_next_expiry <= note.expires_at
                                 THEN r.notes_next_expiry ELSE note.expires_at END,
      r.notes_lifetime = coalesce(r.notes_lifetime, []) + note.lifetime,
      r.notes_source = coalesce(r.notes_source, []) + note.source_id,
      r.is_dirty = true,
      r.updated_at = note.added_at
  RETURN count(r) AS written
}
RETURN sum(written) AS written
