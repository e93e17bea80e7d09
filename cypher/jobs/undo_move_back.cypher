// Undo a merge, step 2: move the relationships whose `merged_from` stack names $merge_id
// back from the winner to the restored loser (with their current properties, $merge_id
// taken off the stack; an emptied stack is removed), and recreate the logged
// relationships that ran between the two (with the stacks they had then, so an earlier
// merge in a chain can still be undone after this one).
MATCH (winner:Memory {uid: $winner_uid}), (loser:Memory {uid: $loser_uid})
CALL (winner, loser) {
  MATCH (winner)-[r]->(other)
  WITH r, other, CASE WHEN r.merged_from IS :: STRING THEN [r.merged_from]
                      ELSE coalesce(r.merged_from, []) END AS stack
  WHERE $merge_id IN stack
  CREATE (loser)-[back:$(type(r))]->(other)
  SET back = properties(r)
  SET back.merged_from = CASE WHEN size(stack) > 1 THEN [m IN stack WHERE m <> $merge_id]
                         END
  DELETE r
  RETURN count(*) AS back_out
}
CALL (winner, loser) {
  MATCH (other)-[r]->(winner)
  WITH r, other, CASE WHEN r.merged_from IS :: STRING THEN [r.merged_from]
                      ELSE coalesce(r.merged_from, []) END AS stack
  WHERE $merge_id IN stack
  CREATE (other)-[back:$(type(r))]->(loser)
  SET back = properties(r)
  SET back.merged_from = CASE WHEN size(stack) > 1 THEN [m IN stack WHERE m <> $merge_id]
                         END
  DELETE r
  RETURN count(*) AS back_in
}
CALL (winner, loser) {
  UNWIND $between AS rel
  WITH rel, CASE WHEN rel.outgoing THEN loser ELSE winner END AS start,
       CASE WHEN rel.outgoing THEN winner ELSE loser END AS finish
  CREATE (start)-[restored:$(rel.type)]->(finish)
  SET restored = rel.properties
  {{> fragments/store_vector element=restored key=embedding type=Relationship}}
  RETURN count(*) AS between_restored
}
CALL (winner, loser) {
  // the summaries whose MENTIONS went back to the loser are about it again (subject_uid,
  // schema v4)
  CALL (winner, loser) {
    MATCH (n:Storyline {user_id: loser.user_id, subject_uid: winner.uid}) RETURN n
    UNION
    MATCH (n:Macro {user_id: loser.user_id, subject_uid: winner.uid}) RETURN n
  }
  WITH n, loser WHERE (n)-[:MENTIONS]->(loser)
  SET n.subject_uid = loser.uid
  RETURN count(*) AS summaries_back
}
SET winner += $winner_restore
{{> fragments/relabel node=winner}}
WITH back_out, back_in, between_restored
MATCH (log:MergeLog {uid: $merge_id})
SET log.undone_at = $now
RETURN back_out, back_in, between_restored
