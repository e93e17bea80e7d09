// One page (by uid) of dirty relationships of the tenants in $user_ids (one for `--user`,
// every tenant for the nightly run), visited from their start node found by the
// `memory_user` index seek. Unless $all, only those accessed since $cutoff; one never
// accessed counts from its creation.
MATCH (a:Memory)-[r]->(b:Memory)
WHERE a.user_id IN $user_ids AND r.is_dirty = true AND r.uid > $after
  AND ($all OR coalesce(r.last_accessed_at, r.created_at) >= $cutoff)
RETURN r.uid AS uid, 'relationship' AS kind,
       coalesce(a.name, '') + ' ' + type(r) + ' ' + coalesce(b.name, '') AS name,
       coalesce(r.description, '') AS description, coalesce(r.notes, []) AS notes,
       coalesce(r.notes_added_at, []) AS notes_added_at
ORDER BY r.uid
LIMIT $page
