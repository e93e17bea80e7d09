// Prune (seed 002): archive live nodes whose salience decayed below $threshold but were not
// archived yet (e.g. salience lowered outside the decay job). keep_forever is never pruned.
MATCH (n:Memory)
WHERE ($user_id IS NULL OR n.user_id = $user_id) AND n.state <> 'archived'
  AND n.salience < $threshold AND coalesce(n.ttl_policy, 'decay') <> 'keep_forever'
FOREACH (_ IN CASE WHEN $dry_run THEN [] ELSE [1] END |
  SET n.state = 'archived', n.archived_at = $as_of, n.archived_reason = 'pruned'
  {{> fragments/relabel node=n}}
)
RETURN count(n) AS pruned
