// The uids of every dirty relationship of the tenants in $user_ids, in uid order, read ONCE
// per run: relationships have no index on is_dirty (one per type would tax every write), so
// finding them means expanding every relationship of the tenants from their start nodes
// (the `memory_user` seek). Paging this scan cost one full pass per page (1.27 s per 500 at
// 1M relationships); now the pages are fetched by uid (dirty_relationships.cypher).
// Unless $all, only those accessed since $cutoff; one never accessed counts from creation.
MATCH (a:Memory)-[r]->(:Memory)
WHERE a.user_id IN $user_ids AND r.is_dirty = true
  AND ($all OR coalesce(r.last_accessed_at, r.created_at) >= $cutoff)
RETURN r.uid AS uid
ORDER BY uid
