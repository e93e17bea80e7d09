// Chunks of a changed document that its new version no longer has. What was extracted
// from them stays (nodes, facts, notes); it only loses these sources as provenance: their
// MENTIONS and DERIVED_FROM links go with the Source, their uid leaves the `source_ids` of
// facts and the `notes_source` of notes (the note keeps its text, its source becomes '').
// Facts and notes are found through the nodes the chunk MENTIONS (every node a source
// created, changed or annotated is mentioned by it).
UNWIND $uids AS uid
MATCH (s:Memory {uid: uid})
WHERE s:Source AND s.user_id = $user_id
CALL {
  WITH s, uid
  MATCH (s)-[:MENTIONS]->(n)
  WHERE n.user_id = $user_id
  SET n.notes_source = [x IN coalesce(n.notes_source, []) | CASE WHEN x = uid THEN '' ELSE x END]
  WITH n, uid
  OPTIONAL MATCH (n)-[r]-()
  WHERE r.user_id = $user_id
    AND (uid IN coalesce(r.source_ids, []) OR uid IN coalesce(r.notes_source, []))
  SET r.source_ids = [x IN coalesce(r.source_ids, []) WHERE x <> uid],
      r.notes_source = [x IN coalesce(r.notes_source, []) | CASE WHEN x = uid THEN '' ELSE x END]
  RETURN count(*) AS touched
}
DETACH DELETE s
RETURN count(*) AS removed
