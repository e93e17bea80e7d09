// The facts and nodes that stay lose what came from source $uid: it leaves source_ids, its
// notes leave the parallel lists (the five filtered by the same kept indexes), and
// notes_next_expiry is recomputed. They are marked dirty: the nightly consolidation
// rewrites descriptions that may have been synthesised from those notes.
CALL () {
  UNWIND $shared AS uid
  MATCH ()-[r:{{semantic_types}} {uid: uid}]->()
  WHERE r.user_id = $user_id
  RETURN collect(r) AS elements
  UNION
  MATCH (n:Memory)
  WHERE n.user_id = $user_id AND $uid IN coalesce(n.notes_source, []) AND NOT n.uid IN $nodes
  RETURN collect(n) AS elements
}
UNWIND elements AS e
WITH e, [i IN range(0, size(coalesce(e.notes, [])) - 1) WHERE e.notes_source[i] <> $uid] AS keep
WITH e, keep, [i IN keep | e.notes_expires_at[i]] AS expiry
SET e.source_ids = [x IN coalesce(e.source_ids, []) WHERE x <> $uid],
    e.notes = [i IN keep | e.notes[i]],
    e.notes_added_at = [i IN keep | e.notes_added_at[i]],
    e.notes_expires_at = expiry,
    e.notes_lifetime = [i IN keep | e.notes_lifetime[i]],
    e.notes_source = [i IN keep | e.notes_source[i]],
    e.notes_next_expiry = reduce(m = null, x IN expiry | CASE WHEN m IS NULL OR x < m THEN x ELSE m END),
    e.is_dirty = true,
    e.updated_at = $now
RETURN count(e) AS stripped
