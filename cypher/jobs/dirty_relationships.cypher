// One page (by uid) of dirty relationships to re-describe. Unless $all, only those accessed
// since $cutoff; one never accessed counts from its creation.
MATCH (a:Memory)-[r]->(b:Memory)
WHERE ($user_id IS NULL OR a.user_id = $user_id) AND r.is_dirty = true AND r.uid > $after
  AND ($all OR coalesce(r.last_accessed_at, r.created_at) >= $cutoff)
RETURN r.uid AS uid, 'relationship' AS kind,
       coalesce(a.name, '') + ' ' + type(r) + ' ' + coalesce(b.name, '') AS name,
       coalesce(r.description, '') AS description, coalesce(r.notes, []) AS notes,
       coalesce(r.notes_added_at, []) AS notes_added_at
ORDER BY r.uid
LIMIT $page
