// Storylines of one tenant, written in ONE transaction (memgraph/jobs/storylines.py): each
// row creates (row.create) or rewrites a Storyline, which INCLUDES exactly row.source_uids
// (links to sources no longer in its episode go), MENTIONS its subject and lists the facts
// (relationship uids) learnt from them in fact_uids. Its vector is `summary_embedding`, out
// of the shared vector index (schema v6). A Storyline that
// was archived and has evidence again comes back as a candidate.
UNWIND $rows AS row
MERGE (st:Memory {uid: row.uid})
ON CREATE SET st += row.create, st:Storyline
WITH st, row WHERE st.user_id = $user_id AND st:Storyline
SET st.summary_key = row.key, st.name = row.title, st.description = row.summary,
    st.evidence_hash = row.evidence_hash, st.span_start = row.span_start,
    st.span_end = row.span_end, st.subject_uid = row.subject_uid, st.fact_uids = row.fact_uids,
    st.summary_embedding = row.embedding, st.embedding_model = $embedding_model,
    st.updated_at = $as_of,
    st.state = CASE st.state WHEN 'archived' THEN 'candidate' ELSE st.state END
{{> fragments/relabel node=st}}
WITH st, row
{{> fragments/store_vector element=st key=summary_embedding type=Node}}
CALL (st, row) {
  OPTIONAL MATCH (st)-[old:INCLUDES]->(s:Source)
  WHERE NOT s.uid IN row.source_uids
  DELETE old
}
CALL (st, row) {
  UNWIND row.source_uids AS source_uid
  MATCH (s:Memory {uid: source_uid}) WHERE s.user_id = $user_id AND s:Source
  MERGE (st)-[:INCLUDES]->(s)
}
CALL (st, row) {
  MATCH (e:Memory {uid: row.subject_uid}) WHERE e.user_id = $user_id
  MERGE (st)-[:MENTIONS]->(e)
}
RETURN count(st) AS written
