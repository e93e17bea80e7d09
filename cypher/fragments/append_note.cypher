// Append one note to an element, shared by every writer of notes (ingestion's
// add_node_notes and add_relationship_notes, consolidation's append_insights). Expects `n`
// (the node or relationship) and `note`, a map {text, added_at, expires_at, lifetime,
// source_id}. Notes are parallel lists (memgraph/graph/notes.py); notes_next_expiry stays
// the earliest expiry, and the element is marked dirty for the nightly consolidation.
SET n.notes = coalesce(n.notes, []) + note.text,
    n.notes_added_at = coalesce(n.notes_added_at, []) + note.added_at,
    n.notes_expires_at = coalesce(n.notes_expires_at, []) + note.expires_at,
    n.notes_next_expiry = CASE WHEN n.notes_next_expiry <= note.expires_at
                               THEN n.notes_next_expiry ELSE note.expires_at END,
    n.notes_lifetime = coalesce(n.notes_lifetime, []) + note.lifetime,
    n.notes_source = coalesce(n.notes_source, []) + note.source_id,
    n.is_dirty = true,
    n.updated_at = note.added_at
