// Remove expired notes (notes_expires_at[i] <= $as_of) from the memory nodes of the tenants in
// $user_ids (one for `--user`, all for the nightly run). Notes are parallel lists
// (memgraph/graph/notes.py): the five lists are filtered by the same kept indexes.
// Only nodes whose `notes_next_expiry` (the earliest notes_expires_at, kept by every writer
// of notes) has passed are rewritten: one scalar comparison per node instead of a scan of
// its notes list (deliberately not indexed: see docs/lifecycle.md). Dirty elements too:
// forgetting is exact, a note past its expiry goes whatever the element's dirty flag (the
// nightly consolidation, which runs first, has folded expiring notes into descriptions
// where it could; see docs/lifecycle.md, "Exact forgetting").
MATCH (n:Memory)
WHERE n.user_id IN $user_ids AND n.notes_next_expiry <= $as_of
// The body is cypher/fragments/cleanup_notes.cypher.
{{> fragments/cleanup_notes}}
