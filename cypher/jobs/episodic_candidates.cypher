// Sources old enough to be consolidated (created before $cutoff), not archived, extracted,
// of the tenants in $user_ids (one for `--user`, every tenant for an all-users run), with
// the semantic nodes of the same tenant each one mentions. Ordered by tenant first: the job
// batches its LLM requests within one tenant.
MATCH (s:Source)
WHERE s.user_id IN $user_ids AND s.state <> 'archived'
  AND s.extraction_status = 'done' AND s.created_at < $cutoff
OPTIONAL MATCH (s)-[:MENTIONS]->(e:Memory)
WHERE (e:Person OR e:Concept OR e:Entity) AND e.state <> 'archived'
  AND e.user_id = s.user_id
WITH s, collect(DISTINCT {uid: e.uid, name: coalesce(e.name, e.canonical_name),
                          kind: [l IN labels(e) WHERE l IN [{{kinds}}]][0]}) AS found
RETURN s.uid AS uid, s.user_id AS user_id, s.salience AS salience,
       coalesce(s.access_count, 0) AS access_count,
       coalesce(s.raw_content, s.description, '') AS text,
       coalesce(s.event_at, s.created_at) AS at,
       [m IN found WHERE m.uid IS NOT NULL] AS mentions
ORDER BY s.user_id, at, s.uid
