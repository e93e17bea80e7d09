// Consolidation step 3-4: append each insight as a note on its semantic node (lifetime
// $lifetime, provenance = the newest source of the cluster) and link the node to every
// source it was distilled from with DERIVED_FROM. Runs in the same transaction as
// archive_sources.cypher, so a cluster is consolidated entirely or not at all.
UNWIND $insights AS ins
MATCH (e:Memory {uid: ins.node_uid}) USING INDEX SEEK e:Memory(uid)
WHERE e.user_id = $user_id
SET e.notes = coalesce(e.notes, []) + ins.text,
    e.notes_added_at = coalesce(e.notes_added_at, []) + $as_of,
    e.notes_expires_at = coalesce(e.notes_expires_at, []) + $expires_at,
    e.notes_next_expiry = CASE WHEN e.notes_next_expiry <= $expires_at
                               THEN e.notes_next_expiry ELSE $expires_at END,
    e.notes_lifetime = coalesce(e.notes_lifetime, []) + $lifetime,
    e.notes_source = coalesce(e.notes_source, []) + ins.latest_source,
    e.is_dirty = true, e.updated_at = $as_of
WITH e, ins
UNWIND ins.source_uids AS source_uid
MATCH (s:Memory {uid: source_uid}) USING INDEX SEEK s:Memory(uid)
WHERE s.user_id = $user_id
MERGE (e)-[d:DERIVED_FROM]->(s)
  ON CREATE SET d.user_id = $user_id, d.created_at = $as_of, d.run_id = $run_id
RETURN count(d) AS links
