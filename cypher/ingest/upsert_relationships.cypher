// Facts of a batch of structured records, one row after another in record order (each
// row's subquery sees what the rows before it wrote), in ONE query:
//   - a still-valid fact of the same type between the same two nodes is reinforced
//     (as ingest/reinforce_relationships: confidence and strength up a step, capped at 1,
//     the source appended to source_ids);
//   - otherwise the fact is created and ends the still-valid ones it contradicts (as
//     ingest/create_relationships: same subject and exclusive type with another object,
//     or the opposite type on the same pair get valid_to and superseded_by).
// row.type is checked against vocabulary.RELATIONSHIP_TYPES before it gets here. The
// stamps created_at, updated_at and ingested_at are $now (not carried by the rows);
// row.event_at, row.valid_from and row.valid_to are ISO-8601 text or null, parsed here
// (cheaper than the driver's datetime encoding, see ingest/create_sources).
UNWIND $rows AS row
CALL (row) {
  MATCH (a:Memory {uid: row.from_uid}) USING INDEX SEEK a:Memory(uid) WHERE a.user_id = $user_id
  MATCH (b:Memory {uid: row.to_uid}) USING INDEX SEEK b:Memory(uid) WHERE b.user_id = $user_id
  OPTIONAL MATCH (a)-[same:KNOWS|FRIEND_OF|FAMILY_OF|PARTNER_OF|COLLEAGUE_OF|WORKS_AT|WORKS_ON|STUDIES_AT|MEMBER_OF|LIVES_IN|FROM|VISITED|ATTENDED|LIKES|DISLIKES|INTERESTED_IN|OWNS|USES|CREATED|PART_OF|HAS_GOAL|EXPERIENCED|RELATED_TO]->(b)
  WHERE type(same) = row.type AND same.user_id = $user_id AND same.valid_to IS NULL
  WITH row, a, b, same ORDER BY same.created_at DESC
  WITH row, a, b, collect(same)[0] AS same
  CALL (row, a, b, same) {
    WITH row, same WHERE same IS NOT NULL
    SET same.confidence = CASE WHEN same.confidence + $confidence_step > 1.0 THEN 1.0
                               ELSE same.confidence + $confidence_step END,
        same.strength = CASE WHEN same.strength + $strength_step > 1.0 THEN 1.0
                             ELSE same.strength + $strength_step END,
        same.source_ids = CASE WHEN row.source_id = '' OR row.source_id IN same.source_ids
                               THEN same.source_ids ELSE same.source_ids + row.source_id END,
        same.updated_at = $now
    RETURN false AS created, 0 AS ended
    UNION
    WITH row, a, b, same WHERE same IS NULL
    CREATE (a)-[r:$(row.type)]->(b)
    SET r += row.props, r.user_id = $user_id, r.created_at = $now, r.updated_at = $now,
        r.ingested_at = $now, r.event_at = datetime(row.event_at),
        r.valid_from = datetime(row.valid_from), r.valid_to = datetime(row.valid_to)
    WITH row, a, b, r
    CALL (row, a, b, r) {
      OPTIONAL MATCH (a)-[old:KNOWS|FRIEND_OF|FAMILY_OF|PARTNER_OF|COLLEAGUE_OF|WORKS_AT|WORKS_ON|STUDIES_AT|MEMBER_OF|LIVES_IN|FROM|VISITED|ATTENDED|LIKES|DISLIKES|INTERESTED_IN|OWNS|USES|CREATED|PART_OF|HAS_GOAL|EXPERIENCED|RELATED_TO]->(other)
      WHERE old <> r AND old.user_id = $user_id AND old.valid_to IS NULL
        AND ((type(old) = row.type AND row.type IN $exclusive_types AND other <> b)
          OR (other = b AND [type(old), row.type] IN $opposites))
      SET old.valid_to = coalesce(r.valid_from, r.event_at),
          old.superseded_by = r.uid,
          old.updated_at = $now
      RETURN collect(old.uid) AS ended
    }
    SET r.supersedes = CASE WHEN size(ended) > 0 THEN ended[0] END
    RETURN true AS created, size(ended) AS ended
  }
  RETURN created, ended
}
RETURN sum(CASE WHEN created THEN 1 ELSE 0 END) AS created,
       sum(CASE WHEN created THEN 0 ELSE 1 END) AS reinforced, sum(ended) AS superseded
