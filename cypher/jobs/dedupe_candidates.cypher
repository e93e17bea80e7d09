// One user's live nodes of one kind with embeddings, strongest first (compared pairwise
// in Python with numpy; see memgraph/jobs/dedupe.py).
MATCH (n:Memory)
WHERE n.user_id = $user_id AND $kind IN labels(n) AND n.state <> 'archived'
  AND n.embedding IS NOT NULL
RETURN n.uid AS uid, coalesce(n.name, n.canonical_name, '') AS name,
       coalesce(n.salience, 0.0) AS salience, coalesce(n.access_count, 0) AS access_count,
       n.created_at AS created_at, n.embedding AS embedding
ORDER BY salience DESC, access_count DESC, created_at ASC
LIMIT $limit
