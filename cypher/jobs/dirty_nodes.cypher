// One page (by uid) of dirty Person/Concept/Entity nodes of the tenants in $user_ids (one
// for `--user`, every tenant for the nightly run) to re-describe. Unless $all, only nodes
// accessed since $cutoff; a node never accessed counts from its creation.
// The hint keeps the seek on (user_id, is_dirty): left alone, the planner prefers the uid
// range seek that serves ORDER BY ... LIMIT, i.e. reads every node after $after for every
// page (docs/lifecycle.md, "Consolidation paging"). Consolidated nodes leave the index
// (is_dirty = false), so each page reads only the dirty nodes still waiting.
MATCH (n:Memory)
USING INDEX n:Memory(user_id, is_dirty)
WHERE n.user_id IN $user_ids AND n.is_dirty = true
  AND (n:Person OR n:Concept OR n:Entity) AND n.uid > $after
  AND ($all OR coalesce(n.last_accessed_at, n.created_at) >= $cutoff)
WITH n ORDER BY n.uid LIMIT $page
RETURN n.uid AS uid, [l IN labels(n) WHERE l IN ['Person', 'Concept', 'Entity']][0] AS kind,
       coalesce(n.name, n.canonical_name, '') AS name,
       coalesce(n.description, '') AS description, coalesce(n.notes, []) AS notes,
       coalesce(n.notes_added_at, []) AS notes_added_at
