// Move every relationship of the loser (semantic, MENTIONS, DERIVED_FROM, …) to the winner,
// same type, direction and properties, with $log_uid pushed on its `merged_from` list (a
// stack: a relationship moved by an earlier merge keeps that merge's id under this one,
// so chained merges undo newest first; a single id stored as a string by older versions
// counts as a one-element stack). Relationships between the two are dropped with the
// loser (the merge log keeps them). Dynamic types ($(type(r))) copy the type as it is: no
// string building.
MATCH (winner:Memory {uid: $winner_uid}), (loser:Memory {uid: $loser_uid})
CALL (winner, loser) {
  MATCH (loser)-[r]->(other) WHERE other <> winner AND other <> loser
  CREATE (winner)-[copy:$(type(r))]->(other)
  SET copy = properties(r),
      copy.merged_from = CASE WHEN r.merged_from IS NULL THEN []
                              WHEN r.merged_from IS :: STRING THEN [r.merged_from]
                              ELSE r.merged_from END + [$log_uid]
  DELETE r
  RETURN count(*) AS moved_out
}
CALL (winner, loser) {
  MATCH (other)-[r]->(loser) WHERE other <> winner AND other <> loser
  CREATE (other)-[copy:$(type(r))]->(winner)
  SET copy = properties(r),
      copy.merged_from = CASE WHEN r.merged_from IS NULL THEN []
                              WHEN r.merged_from IS :: STRING THEN [r.merged_from]
                              ELSE r.merged_from END + [$log_uid]
  DELETE r
  RETURN count(*) AS moved_in
}
CALL (winner, loser) {
  // the loser's Storylines and Macros now MENTION the winner: their subject_uid, by which
  // explore() finds them (schema v4), follows
  CALL (winner, loser) {
    MATCH (n:Storyline {user_id: loser.user_id, subject_uid: loser.uid}) RETURN n
    UNION
    MATCH (n:Macro {user_id: loser.user_id, subject_uid: loser.uid}) RETURN n
  }
  SET n.subject_uid = winner.uid
  RETURN count(*) AS summaries_moved
}
RETURN moved_out, moved_in
