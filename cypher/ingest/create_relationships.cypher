// New facts between semantic nodes of one user. row.type is checked against
// vocabulary.RELATIONSHIP_TYPES before it gets here (dynamic types need 5.26).
// Supersession (seed 002, docs/ingestion.md): the new relationship ends, instead of
// deleting, every still-valid one it contradicts:
//   - same subject, same type in $exclusive_types (WORKS_AT, LIVES_IN, PARTNER_OF), other object;
//   - same subject and object, the opposite type ($opposites: LIKES <-> DISLIKES).
// The old one gets valid_to and superseded_by; the new one gets supersedes.
UNWIND $rows AS row
CALL (row) {
  MATCH (a:Memory {uid: row.from_uid}) USING INDEX SEEK a:Memory(uid) WHERE a.user_id = $user_id
  MATCH (b:Memory {uid: row.to_uid}) USING INDEX SEEK b:Memory(uid) WHERE b.user_id = $user_id
  CREATE (a)-[r:$(row.type)]->(b)
  SET r += row.props, r.user_id = $user_id
  WITH row, a, b, r
  CALL (row, a, b, r) {
    OPTIONAL MATCH (a)-[old:KNOWS|FRIEND_OF|FAMILY_OF|PARTNER_OF|COLLEAGUE_OF|WORKS_AT|WORKS_ON|STUDIES_AT|MEMBER_OF|LIVES_IN|FROM|VISITED|ATTENDED|LIKES|DISLIKES|INTERESTED_IN|OWNS|USES|CREATED|PART_OF|HAS_GOAL|EXPERIENCED|RELATED_TO]->(other)
    WHERE old <> r AND old.user_id = $user_id AND old.valid_to IS NULL
      AND ((type(old) = row.type AND row.type IN $exclusive_types AND other <> b)
        OR (other = b AND [type(old), row.type] IN $opposites))
    SET old.valid_to = coalesce(row.props.valid_from, row.props.event_at),
        old.superseded_by = r.uid,
        old.updated_at = $now
    RETURN collect(old.uid) AS ended, collect(type(old) + ' ' + other.name) AS ended_what
  }
  SET r.supersedes = CASE WHEN size(ended) > 0 THEN ended[0] END
  RETURN r, ended, ended_what
}
RETURN row.ref AS ref, r.uid AS uid, ended, ended_what
