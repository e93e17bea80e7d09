// memgraph — queries worth saving as Neo4j Browser favourites (docs/data-model.md).
// Each block starts with the parameters it needs, as :param lines: run those first (or
// edit the values), then the query. They are written for the demo's user ('demo', after
// `memgraph demo`); an unknown user returns nothing. tests/test_browser_queries.py runs
// every block against the demo's graph and against an empty user.

// 1. What memgraph knows about a user: people, concepts and entities with their current
//    facts, strongest first (no sources, no similarity links: they would hide the facts)
:param user_id => 'demo';
MATCH (n:Memory {user_id: $user_id})
WHERE (n:Person OR n:Concept OR n:Entity) AND n.state <> 'archived'
WITH n ORDER BY n.salience DESC LIMIT 40
OPTIONAL MATCH (n)-[r]-(m:Memory {user_id: $user_id})
WHERE (m:Person OR m:Concept OR m:Entity) AND r.valid_to IS NULL
  AND NOT type(r) IN ['MENTIONS', 'NEXT', 'DERIVED_FROM', 'INCLUDES', 'SUMMARIZES']
  AND NOT coalesce(r.auto_linked, false)
RETURN n, r, m LIMIT 200;

// 2. What memgraph knows about one person (or thing): its facts, current and ended
:param user_id => 'demo';
:param name => 'Sam';
MATCH (n:Memory {user_id: $user_id})
WHERE (n:Person OR n:Concept OR n:Entity) AND toLower(n.name) = toLower($name)
MATCH (n)-[r]-(m:Memory {user_id: $user_id})
WHERE NOT type(r) IN ['MENTIONS', 'NEXT', 'DERIVED_FROM', 'INCLUDES', 'SUMMARIZES']
  AND NOT coalesce(r.auto_linked, false)
RETURN n.name AS about, type(r) AS fact, m.name AS other,
       CASE WHEN startNode(r) = n THEN 'out' ELSE 'in' END AS direction,
       r.valid_from AS since, r.valid_to AS until, round(r.salience, 3) AS salience
ORDER BY until IS NULL DESC, since DESC LIMIT 50;

// 3. Where a fact came from: the sources a person (or thing) was learnt from, newest first
:param user_id => 'demo';
:param name => 'Sam';
MATCH (n:Memory {user_id: $user_id})<-[:MENTIONS]-(s:Source)
WHERE toLower(n.name) = toLower($name)
RETURN s.event_at AS said_at, s.speaker AS speaker, s.raw_content AS said, s.state AS state
ORDER BY said_at DESC LIMIT 25;

// 4. A fact's history: what replaced what, and when
:param user_id => 'demo';
MATCH (a:Memory {user_id: $user_id})-[r]->(b:Memory)
WHERE r.superseded_by IS NOT NULL OR r.supersedes IS NOT NULL
RETURN a.name AS subject, type(r) AS fact, b.name AS object, r.valid_from AS since,
       r.valid_to AS until, r.description AS evidence
ORDER BY since LIMIT 50;

// 5. What is fading, and why: the lowest salience first, with its lifecycle
:param user_id => 'demo';
MATCH (n:Memory {user_id: $user_id})
WHERE n.state <> 'archived'
RETURN [l IN labels(n) WHERE l IN ['Person', 'Concept', 'Entity', 'Source', 'Artifact',
        'Storyline', 'Macro']][0] AS kind, coalesce(n.caption, n.name) AS memory, n.state AS state,
       round(n.salience, 4) AS salience, n.ttl_policy AS policy,
       coalesce(n.access_count, 0) AS recalled, n.last_accessed_at AS last_recalled,
       n.last_decayed_at AS last_decayed
ORDER BY salience ASC LIMIT 25;

// 6. Notes as rows: every note of the user's memories, the soonest to expire first
:param user_id => 'demo';
MATCH (n:Memory {user_id: $user_id})
WHERE size(coalesce(n.notes, [])) > 0
UNWIND range(0, size(n.notes) - 1) AS i
RETURN coalesce(n.caption, n.name) AS memory, n.notes[i] AS note, n.notes_added_at[i] AS added,
       n.notes_expires_at[i] AS expires, n.notes_lifetime[i] AS lifetime,
       n.notes_source[i] AS source
ORDER BY expires ASC LIMIT 50;

// 7. What the nightly jobs did for the user, newest first
:param user_id => 'demo';
MATCH (j:JobRun {user_id: $user_id})
RETURN j.job AS job, j.status AS status, j.started_at AS started, j.as_of AS as_of,
       j.counts AS counts
ORDER BY started DESC LIMIT 20;

// 8. The story layer: each Macro, its Storylines and their sources
:param user_id => 'demo';
MATCH (m:Macro {user_id: $user_id})-[:SUMMARIZES]->(st:Storyline)
OPTIONAL MATCH (st)-[:INCLUDES]->(s:Source)
RETURN m, st, s LIMIT 100;

// 9. Sources whose extraction failed (retry with `memgraph ingest --retry-failed`)
:param user_id => 'demo';
MATCH (s:Source {user_id: $user_id, extraction_status: 'failed'})
RETURN s.uid AS uid, s.extraction_error AS error, s.extraction_attempts AS attempts,
       left(s.raw_content, 80) AS text
LIMIT 25;

// 10. Corrections and deletions: the audit trail, newest first
:param user_id => 'demo';
MATCH (a:AuditRecord {user_id: $user_id})
RETURN a {.*} AS record ORDER BY record.at DESC LIMIT 25;
