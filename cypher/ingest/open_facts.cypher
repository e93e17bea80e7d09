// The still-valid facts of the given subjects (memgraph/ingest/facts.py replays a batch's
// facts against them): one expansion per subject, oldest first. elementId is only used
// later in the same transaction (ingest/update_facts). valid_at (valid_from, else event_at)
// lets a late, older fact become history instead of ending a newer one.
UNWIND $uids AS uid
MATCH (a:Memory {uid: uid}) USING INDEX SEEK a:Memory(uid) WHERE a.user_id = $user_id
MATCH (a)-[r:{{semantic_types}}]->(b)
WHERE r.user_id = $user_id AND r.valid_to IS NULL
WITH a, r, b ORDER BY r.created_at
RETURN a.uid AS from_uid, type(r) AS type, b.uid AS to_uid, b.name AS to_name, r.uid AS uid,
       elementId(r) AS element_id, coalesce(r.valid_from, r.event_at) AS valid_at
