// A source's vector after the message before it changed (memories/next_in_session);
// $embedding null clears it when the embedder could not give the new one
// (`memgraph init --reembed` gives it back).
MATCH (s:Memory {uid: $uid}) WHERE s.user_id = $user_id AND s:Source
SET s.embedding = $embedding,
    s.embedding_model = CASE WHEN $embedding IS NULL THEN null ELSE $embedding_model END
{{> fragments/store_vector element=s key=embedding type=Node}}
{{> fragments/tenant_label node=s}}
RETURN count(s) AS updated
