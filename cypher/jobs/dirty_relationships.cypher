// One page of one tenant's dirty relationships, by the uids dirty_relationship_uids.cypher
// found; the static type list uses the per-type uid indexes. One that is no longer dirty
// (consolidated by a concurrent writer meanwhile), or not the tenant's, is skipped.
UNWIND $uids AS uid
MATCH (a:Memory)-[r:{{semantic_types}} {uid: uid}]->(b:Memory)
WHERE r.is_dirty = true AND a.user_id = $user_id
RETURN a.user_id AS user_id, r.uid AS uid, 'relationship' AS kind,
       coalesce(a.name, '') + ' ' + type(r) + ' ' + coalesce(b.name, '') AS name,
       coalesce(r.description, '') AS description, coalesce(r.notes, []) AS notes,
       coalesce(r.notes_added_at, []) AS notes_added_at
ORDER BY uid
