// Expired notes out of one element, shared by cleanup_nodes.cypher and
// cleanup_relationships.cypher. Expects `n` (the node or relationship) and the parameters
// $as_of, $dry_run, $concurrency and $batch_size. Notes are parallel lists
// (memgraph/graph/notes.py): the five lists are filtered by the same kept indexes, and
// notes_next_expiry becomes the earliest expiry kept. $dry_run = true counts without writing.
CALL (n) {
  WITH n, [i IN range(0, size(n.notes) - 1) WHERE n.notes_expires_at[i] > $as_of] AS keep
  WITH n, keep, size(n.notes) - size(keep) AS removed,
       [i IN keep | n.notes_expires_at[i]] AS expiry
  FOREACH (_ IN CASE WHEN $dry_run THEN [] ELSE [1] END |
    SET n.notes = [i IN keep | n.notes[i]],
        n.notes_added_at = [i IN keep | n.notes_added_at[i]],
        n.notes_expires_at = expiry,
        n.notes_lifetime = [i IN keep | n.notes_lifetime[i]],
        n.notes_source = [i IN keep | n.notes_source[i]],
        n.notes_next_expiry = reduce(m = null, e IN expiry |
                                     CASE WHEN m IS NULL OR e < m THEN e ELSE m END),
        n.updated_at = $as_of)
  RETURN removed
} IN $concurrency CONCURRENT TRANSACTIONS OF $batch_size ROWS
RETURN count(*) AS elements, coalesce(sum(removed), 0) AS notes_removed
