// A repeated fact: the same type between the same two nodes, still valid. Reinforce it
// (seed 002): confidence and strength up by a step, capped at 1; the source is appended
// to source_ids. Rows without such a relationship return nothing (they are created).
UNWIND $rows AS row
MATCH (a:Memory {uid: row.from_uid})-[r:KNOWS|FRIEND_OF|FAMILY_OF|PARTNER_OF|COLLEAGUE_OF|WORKS_AT|WORKS_ON|STUDIES_AT|MEMBER_OF|LIVES_IN|FROM|VISITED|ATTENDED|LIKES|DISLIKES|INTERESTED_IN|OWNS|USES|CREATED|PART_OF|HAS_GOAL|EXPERIENCED|RELATED_TO]->(b:Memory {uid: row.to_uid})
USING INDEX SEEK a:Memory(uid)
WHERE a.user_id = $user_id AND r.user_id = $user_id AND type(r) = row.type
  AND r.valid_to IS NULL
WITH row, r ORDER BY r.created_at DESC
WITH row, collect(r)[0] AS r
SET r.confidence = CASE WHEN r.confidence + $confidence_step > 1.0 THEN 1.0
                        ELSE r.confidence + $confidence_step END,
    r.strength = CASE WHEN r.strength + $strength_step > 1.0 THEN 1.0
                      ELSE r.strength + $strength_step END,
    r.source_ids = CASE WHEN row.source_id = '' OR row.source_id IN r.source_ids
                        THEN r.source_ids ELSE r.source_ids + row.source_id END,
    r.updated_at = $now
RETURN row.ref AS ref, r.uid AS uid
