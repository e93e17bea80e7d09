// The message after source $uid in its session, with the one before $uid: once $uid is
// deleted the chain is bridged and the next message follows the one before, so its vector
// (embedded after the message before it: memgraph/ingest/properties.py, source_vector_text)
// must no longer carry the deleted message's words.
MATCH (n:Memory {uid: $uid}) WHERE n.user_id = $user_id AND n:Source
MATCH (n)-[:NEXT]->(q:Source)
RETURN q.uid AS uid, q.search_text AS search_text,
       [(p:Source)-[:NEXT]->(n) | p.search_text][0] AS previous
