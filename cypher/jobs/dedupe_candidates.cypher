// One user's live nodes of one kind with embeddings, strongest first (compared in Python
// with numpy; see memgraph/jobs/dedupe.py). `recent`: written since the user's last dedupe
// ($since, null for the first run or --all), so only those need comparing with the rest.
MATCH (n:Memory)
WHERE n.user_id = $user_id AND $kind IN labels(n) AND n.state <> 'archived'
  AND n.embedding IS NOT NULL
RETURN n.uid AS uid, coalesce(n.name, n.canonical_name, '') AS name,
       coalesce(n.entity_type, '') AS entity_type,
       coalesce(n.salience, 0.0) AS salience, coalesce(n.access_count, 0) AS access_count,
       n.created_at AS created_at, n.embedding AS embedding,
       $since IS NULL OR coalesce(n.created_at >= $since OR n.updated_at >= $since, true)
         AS recent
// among equals, by uid: the winner of a tie must not depend on the plan's row order
ORDER BY salience DESC, access_count DESC, created_at ASC, uid
LIMIT $limit
