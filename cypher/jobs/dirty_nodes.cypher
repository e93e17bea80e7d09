// One page (by uid) of dirty Person/Concept/Entity nodes to re-describe. Unless $all, only
// nodes accessed since $cutoff; a node never accessed counts from its creation.
MATCH (n:Memory)
WHERE ($user_id IS NULL OR n.user_id = $user_id) AND n.is_dirty = true
  AND (n:Person OR n:Concept OR n:Entity) AND n.uid > $after
  AND ($all OR coalesce(n.last_accessed_at, n.created_at) >= $cutoff)
RETURN n.uid AS uid, [l IN labels(n) WHERE l IN ['Person', 'Concept', 'Entity']][0] AS kind,
       coalesce(n.name, n.canonical_name, '') AS name,
       coalesce(n.description, '') AS description, coalesce(n.notes, []) AS notes,
       coalesce(n.notes_added_at, []) AS notes_added_at
ORDER BY n.uid
LIMIT $page
