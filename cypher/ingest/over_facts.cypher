// Facts told as over (memgraph/ingest/facts.py): per (subject, type, object) of a batch's
// rows that are themselves told as over, the latest such fact already in the graph, so a
// repeat ("since I lost my job at Door Dash") reinforces it instead of making a second
// closed copy. Told as over: valid_to set and nothing superseded it (superseded facts
// ended because another fact replaced them). $pairs: [{from_uid, type, to_uid}].
UNWIND $pairs AS pair
MATCH (a:Memory {uid: pair.from_uid}) USING INDEX SEEK a:Memory(uid) WHERE a.user_id = $user_id
MATCH (a)-[r]->(b:Memory {uid: pair.to_uid})
WHERE type(r) = pair.type AND r.user_id = $user_id AND b.user_id = $user_id
  AND r.valid_to IS NOT NULL
  AND r.superseded_by IS NULL
WITH pair, r, b ORDER BY r.valid_to DESC, r.created_at DESC
WITH pair, collect({r: r, b: b})[0] AS latest
RETURN pair.from_uid AS from_uid, type(latest.r) AS type, latest.b.uid AS to_uid,
       latest.b.name AS to_name, latest.r.uid AS uid, elementId(latest.r) AS element_id,
       latest.r.valid_to AS valid_to
