// Sources old enough to be consolidated (created before $cutoff), not archived, extracted,
// of one user (or all when $user_id is null), with the semantic nodes each one mentions.
MATCH (s:Source)
WHERE ($user_id IS NULL OR s.user_id = $user_id) AND s.state <> 'archived'
  AND s.extraction_status = 'done' AND s.created_at < $cutoff
OPTIONAL MATCH (s)-[:MENTIONS]->(e:Memory)
WHERE (e:Person OR e:Concept OR e:Entity) AND e.state <> 'archived'
WITH s, collect(DISTINCT {uid: e.uid, name: coalesce(e.name, e.canonical_name),
                          kind: [l IN labels(e) WHERE l <> 'Memory'][0]}) AS found
RETURN s.uid AS uid, s.user_id AS user_id, s.salience AS salience,
       coalesce(s.access_count, 0) AS access_count,
       coalesce(s.raw_content, s.description, '') AS text,
       coalesce(s.event_at, s.created_at) AS at,
       [m IN found WHERE m.uid IS NOT NULL] AS mentions
ORDER BY s.user_id, at, s.uid
