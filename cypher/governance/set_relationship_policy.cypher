// Set one relationship's ttl_policy, as set_node_policy.cypher does for nodes. The static
// type list uses the per-type uid indexes.
MATCH (a:Memory)-[r:{{semantic_types}} {uid: $uid}]->(b:Memory)
WHERE r.user_id = $user_id
WITH a, r, b, r.ttl_policy AS policy_before, r.state AS state_before
SET r.ttl_policy = $policy, r.updated_at = $now
FOREACH (_ IN CASE WHEN $policy = 'keep_forever' THEN [1] ELSE [] END |
  SET r.salience = 1.0, r.state = CASE r.state WHEN 'archived' THEN 'active' ELSE r.state END
  REMOVE r.archived_at, r.archived_reason)
RETURN r.uid AS uid, 'relationship' AS kind,
       coalesce(a.name, '') + ' ' + type(r) + ' ' + coalesce(b.name, '') AS name,
       policy_before, r.ttl_policy AS policy, state_before, r.state AS state,
       r.salience AS salience
