// memgraph — queries worth saving as Browser favourites. Set :param user_id => 'default'.

// 1. Everything one user knows (semantic nodes and their relationships), strongest first
MATCH (n:Memory {user_id: $user_id})
WHERE (n:Person OR n:Concept OR n:Entity) AND n.state <> 'archived'
WITH n ORDER BY n.salience DESC LIMIT 50
OPTIONAL MATCH (n)-[r]-(m:Memory {user_id: $user_id})
WHERE NOT type(r) IN ['MENTIONS', 'NEXT']
RETURN n, r, m;

// 2. Where a fact came from: a node, its sources and their raw text
MATCH (n:Memory {user_id: $user_id, name: $name})<-[:MENTIONS]-(s:Source)
RETURN n, s ORDER BY s.event_at DESC LIMIT 25;

// 3. A relationship's history, superseded facts included
MATCH (a:Memory {user_id: $user_id})-[r]->(b:Memory)
WHERE r.superseded_by IS NOT NULL OR r.supersedes IS NOT NULL
RETURN a.name, type(r), b.name, r.valid_from, r.valid_to, r.superseded_by, r.description;

// 4. What is fading: lowest salience, not yet archived
MATCH (n:Memory {user_id: $user_id})
WHERE n.state <> 'archived'
RETURN labels(n), n.name, n.state, round(n.salience, 4) AS salience, n.last_accessed_at
ORDER BY n.salience ASC LIMIT 25;

// 5. Notes due to expire within a week
MATCH (n:Memory {user_id: $user_id})
WHERE n.notes IS NOT NULL
UNWIND range(0, size(n.notes) - 1) AS i
WITH n, i WHERE n.notes_expires_at[i] < datetime() + duration('P7D')
RETURN n.name, n.notes[i] AS note, n.notes_expires_at[i] AS expires_at;

// 6. Sources whose extraction failed (retry with `memgraph ingest --retry-failed`)
MATCH (s:Source {user_id: $user_id, extraction_status: 'failed'})
RETURN s.uid, s.extraction_error, s.extraction_attempts, left(s.raw_content, 80);

// 7. Recent job runs
MATCH (j:JobRun) RETURN j ORDER BY j.started_at DESC LIMIT 20;
