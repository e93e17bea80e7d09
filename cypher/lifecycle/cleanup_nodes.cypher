// Remove expired notes (notes_expires_at[i] <= $as_of) from the memory nodes of the tenants in
// $user_ids (one for `--user`, all for the nightly run). Notes are parallel lists
// (memgraph/graph/notes.py): the five lists are filtered by the same kept indexes.
// Only nodes whose `notes_next_expiry` (the earliest notes_expires_at, kept by every writer
// of notes) has passed are rewritten: one scalar comparison per node instead of a scan of
// its notes list (deliberately not indexed: see docs/lifecycle.md). Dirty elements too:
// forgetting is exact, a note past its expiry goes whatever the element's dirty flag (the
// nightly consolidation, which runs first, has folded expiring notes into descriptions
// where it could; see docs/lifecycle.md, "Exact forgetting").
// $dry_run = true counts without writing.
MATCH (n:Memory)
WHERE n.user_id IN $user_ids AND n.notes_next_expiry <= $as_of
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
