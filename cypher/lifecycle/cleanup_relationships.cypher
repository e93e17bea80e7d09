// Remove expired notes (notes_expires_at[i] <= $as_of) from relationships of one user (or all
// users when $user_id is null). Notes are parallel lists (memgraph/graph/notes.py): the five
// lists are filtered by the same kept indexes. Dirty elements are skipped: their notes have
// not been folded into the description yet (description consolidation runs first and clears
// is_dirty; see docs/lifecycle.md). $dry_run = true counts without writing.
MATCH (owner:Memory)-[n]->(:Memory)
WHERE ($user_id IS NULL OR owner.user_id = $user_id) AND n.notes_expires_at IS NOT NULL
  AND coalesce(n.is_dirty, false) = false
  AND any(e IN n.notes_expires_at WHERE e <= $as_of)
CALL (n) {
  WITH n, [i IN range(0, size(n.notes) - 1) WHERE n.notes_expires_at[i] > $as_of] AS keep
  WITH n, keep, size(n.notes) - size(keep) AS removed
  FOREACH (_ IN CASE WHEN $dry_run THEN [] ELSE [1] END |
    SET n.notes = [i IN keep | n.notes[i]],
        n.notes_added_at = [i IN keep | n.notes_added_at[i]],
        n.notes_expires_at = [i IN keep | n.notes_expires_at[i]],
        n.notes_lifetime = [i IN keep | n.notes_lifetime[i]],
        n.notes_source = [i IN keep | n.notes_source[i]],
        n.updated_at = $as_of)
  RETURN removed
} IN TRANSACTIONS OF $batch_size ROWS
RETURN count(*) AS elements, coalesce(sum(removed), 0) AS notes_removed
