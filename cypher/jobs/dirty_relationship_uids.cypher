// The tenant and uid of every dirty relationship of the tenants in $user_ids, in (tenant,
// uid) order, read ONCE per run: relationships have no index on is_dirty (one per type
// would tax every write), so finding them means expanding every relationship of the
// tenants from their start nodes (the `memory_user` seek). Paging this scan cost one full
// pass per page (1.27 s per 500 at 1M relationships); now the pages are fetched by uid, one
// tenant at a time (dirty_relationships.cypher). A relationship's tenant is its start
// node's. Unless $all, only those accessed since $cutoff (one never accessed counts from
// creation) or holding a note past its expiry (as in dirty_nodes.cypher).
MATCH (a:Memory)-[r]->(:Memory)
WHERE a.user_id IN $user_ids AND r.is_dirty = true
  AND ($all OR coalesce(r.last_accessed_at, r.created_at) >= $cutoff
       OR r.notes_next_expiry <= $as_of)
RETURN a.user_id AS user_id, r.uid AS uid
ORDER BY user_id, uid
