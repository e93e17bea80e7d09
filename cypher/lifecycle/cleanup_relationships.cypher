// Remove expired notes (notes_expires_at[i] <= $as_of) from the relationships of the tenants
// in $user_ids (one for `--user`, all for the nightly run), visited from their start node.
// Notes are parallel lists (memgraph/graph/notes.py): the five lists are filtered by the
// same kept indexes. Only relationships whose `notes_next_expiry` (the earliest
// notes_expires_at, kept by every writer of notes) has passed are rewritten: one scalar
// comparison per relationship instead of a scan of its notes list. Dirty elements too:
// forgetting is exact, a note past its expiry goes whatever the element's dirty flag (the
// nightly consolidation, which runs first, has folded expiring notes into descriptions
// where it could; see docs/lifecycle.md, "Exact forgetting").
MATCH (owner:Memory)-[n]->(:Memory)
WHERE owner.user_id IN $user_ids AND n.notes_next_expiry <= $as_of
// The body is cypher/fragments/cleanup_notes.cypher.
{{> fragments/cleanup_notes}}
