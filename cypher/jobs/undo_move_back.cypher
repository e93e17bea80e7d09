// Undo a merge, step 2: move the relationships marked merged_from = $merge_id back from the
// winner to the restored loser (with their current properties), and recreate the logged
// relationships that ran between the two.
MATCH (winner:Memory {uid: $winner_uid}), (loser:Memory {uid: $loser_uid})
CALL (winner, loser) {
  MATCH (winner)-[r]->(other) WHERE r.merged_from = $merge_id
  CREATE (loser)-[back:$(type(r))]->(other)
  SET back = properties(r)
  REMOVE back.merged_from
  DELETE r
  RETURN count(*) AS back_out
}
CALL (winner, loser) {
  MATCH (other)-[r]->(winner) WHERE r.merged_from = $merge_id
  CREATE (other)-[back:$(type(r))]->(loser)
  SET back = properties(r)
  REMOVE back.merged_from
  DELETE r
  RETURN count(*) AS back_in
}
CALL (winner, loser) {
  UNWIND $between AS rel
  WITH rel, CASE WHEN rel.outgoing THEN loser ELSE winner END AS start,
       CASE WHEN rel.outgoing THEN winner ELSE loser END AS finish
  CREATE (start)-[restored:$(rel.type)]->(finish)
  SET restored = rel.properties
  RETURN count(*) AS between_restored
}
SET winner += $winner_restore
WITH back_out, back_in, between_restored
MATCH (log:MergeLog {uid: $merge_id})
SET log.undone_at = $now
RETURN back_out, back_in, between_restored
