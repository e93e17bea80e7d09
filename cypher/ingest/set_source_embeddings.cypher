// Embeddings of sources stored while the embedder was down ($rows: uid, embedding), set
// before their extraction is retried; only where none is set yet.
UNWIND $rows AS row
MATCH (s:Memory {uid: row.uid}) WHERE s.user_id = $user_id AND s:Source
  AND s.embedding IS NULL
SET s.embedding = row.embedding, s.embedding_model = $embedding_model
{{> fragments/store_vector element=s key=embedding type=Node}}
{{> fragments/tenant_label node=s}}
RETURN count(s) AS embedded
