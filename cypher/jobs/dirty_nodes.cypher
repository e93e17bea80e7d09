// One page, by (tenant, uid), of dirty Person/Concept/Entity nodes of the tenants in
// $user_ids (one for `--user`, the tenants not done yet for an all-users run) to
// re-describe. Ordered by tenant first, so the job can cut a page into one-tenant LLM
// requests. Taken: with $all every dirty node; otherwise those accessed since $cutoff (a
// node never accessed counts from its creation) and, whatever their last access, those
// holding a note past its expiry (notes_next_expiry <= $as_of), so cleanup never waits on
// an unused node to forget (docs/lifecycle.md, "Exact forgetting").
// The hint keeps the seek on (user_id, is_dirty): left alone, the planner prefers the uid
// range seek that serves ORDER BY ... LIMIT, i.e. reads every node after $after for every
// page (docs/lifecycle.md, "Consolidation paging"). Consolidated nodes leave the index
// (is_dirty = false), so each page reads only the dirty nodes still waiting.
MATCH (n:Memory)
USING INDEX n:Memory(user_id, is_dirty)
WHERE n.user_id IN $user_ids AND n.is_dirty = true
  AND (n:Person OR n:Concept OR n:Entity)
  AND (n.user_id > $after_user OR n.uid > $after)
  AND ($all OR coalesce(n.last_accessed_at, n.created_at) >= $cutoff
       OR n.notes_next_expiry <= $as_of)
WITH n ORDER BY n.user_id, n.uid LIMIT $page
RETURN n.user_id AS user_id, n.uid AS uid,
       [l IN labels(n) WHERE l IN ['Person', 'Concept', 'Entity']][0] AS kind,
       coalesce(n.name, n.canonical_name, '') AS name,
       coalesce(n.description, '') AS description, coalesce(n.notes, []) AS notes,
       coalesce(n.notes_added_at, []) AS notes_added_at
