// Re-embedded vectors of one tenant's nodes; a node that got a vector meanwhile (ingestion,
// consolidation) keeps it. A summary's goes to `summary_embedding`, out of the shared index
// (schema v6).
UNWIND $rows AS row
MATCH (n:Memory {uid: row.uid}) USING INDEX SEEK n:Memory(uid)
WHERE n.user_id = $user_id AND coalesce(n.embedding, n.summary_embedding) IS NULL
WITH n, row, n:Storyline OR n:Macro AS summary
SET n.embedding = CASE WHEN summary THEN null ELSE row.embedding END,
    n.summary_embedding = CASE WHEN summary THEN row.embedding END,
    n.embedding_model = $embedding_model
{{> fragments/store_vector element=n key=embedding type=Node}}
{{> fragments/tenant_label node=n}}
{{> fragments/store_vector element=n key=summary_embedding type=Node}}
RETURN count(n) AS written
