// Set one node's ttl_policy (seed 001, "Governance Hooks"). Pinning (keep_forever) takes
// effect at once: salience 1.0, as decay would pin it, and an archived node comes back as
// active, since keep_forever never archives. Other policies act at the next decay run.
MATCH (n:Memory {uid: $uid}) USING INDEX SEEK n:Memory(uid)
WHERE n.user_id = $user_id
WITH n, n.ttl_policy AS policy_before, n.state AS state_before
SET n.ttl_policy = $policy, n.updated_at = $now
FOREACH (_ IN CASE WHEN $policy = 'keep_forever' THEN [1] ELSE [] END |
  SET n.salience = 1.0, n.state = CASE n.state WHEN 'archived' THEN 'active' ELSE n.state END
  REMOVE n.archived_at, n.archived_reason
  {{> fragments/relabel node=n}}
)
RETURN n.uid AS uid, [l IN labels(n) WHERE l IN [{{kinds}}]][0] AS kind,
       coalesce(n.name, '') AS name, policy_before, n.ttl_policy AS policy,
       state_before, n.state AS state, n.salience AS salience
