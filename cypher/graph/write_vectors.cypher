// Re-embedded vectors of one tenant's nodes; a node that got a vector meanwhile (ingestion,
// consolidation) keeps it.
UNWIND $rows AS row
MATCH (n:Memory {uid: row.uid}) USING INDEX SEEK n:Memory(uid)
WHERE n.user_id = $user_id AND n.embedding IS NULL
SET n.embedding = row.embedding, n.embedding_model = $embedding_model
RETURN count(n) AS written
