// Macros of one tenant, written in ONE transaction (memgraph/jobs/storylines.py): each row
// creates (row.create) or rewrites a subject's Macro, which SUMMARIZES exactly the
// Storylines in row.storyline_uids and MENTIONS its subject. Its vector is
// `summary_embedding`, out of the shared vector index (schema v6).
UNWIND $rows AS row
MERGE (m:Memory {uid: row.uid})
ON CREATE SET m += row.create, m:Macro
WITH m, row WHERE m.user_id = $user_id AND m:Macro
SET m.summary_key = row.key, m.name = row.title, m.description = row.summary,
    m.evidence_hash = row.evidence_hash, m.span_start = row.span_start,
    m.span_end = row.span_end, m.subject_uid = row.subject_uid,
    m.summary_embedding = row.embedding, m.embedding_model = $embedding_model,
    m.updated_at = $as_of,
    m.state = CASE m.state WHEN 'archived' THEN 'candidate' ELSE m.state END
{{> fragments/relabel node=m}}
WITH m, row
{{> fragments/store_vector element=m key=summary_embedding type=Node}}
CALL (m, row) {
  OPTIONAL MATCH (m)-[old:SUMMARIZES]->(st:Storyline)
  WHERE NOT st.uid IN row.storyline_uids
  DELETE old
}
CALL (m, row) {
  UNWIND row.storyline_uids AS storyline_uid
  MATCH (st:Memory {uid: storyline_uid}) WHERE st.user_id = $user_id AND st:Storyline
  MERGE (m)-[:SUMMARIZES]->(st)
}
CALL (m, row) {
  MATCH (e:Memory {uid: row.subject_uid}) WHERE e.user_id = $user_id
  MERGE (m)-[:MENTIONS]->(e)
}
RETURN count(m) AS written
