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
RETURN moved_out, moved_in
