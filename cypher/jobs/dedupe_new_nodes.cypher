// How many of one user's live semantic nodes per kind were written since $since (all of them
// when $since is null): a kind with none has nothing new to compare, so its embeddings are
// not even read.
MATCH (n:Memory)
WHERE n.user_id = $user_id AND (n:Person OR n:Concept OR n:Entity) AND n.state <> 'archived'
  AND ($since IS NULL OR coalesce(n.created_at >= $since OR n.updated_at >= $since, true))
RETURN [l IN labels(n) WHERE l IN ['Person', 'Concept', 'Entity']][0] AS kind,
       count(*) AS new
