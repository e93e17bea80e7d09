// Facts superseded by relationships about to be deleted become current again: the claim
// that ended them is withdrawn (supersession sets valid_to and superseded_by together,
// cypher/ingest/update_facts.cypher). Runs before the deletion, in its transaction.
MATCH (a:Memory)-[h:KNOWS|FRIEND_OF|FAMILY_OF|PARTNER_OF|COLLEAGUE_OF|WORKS_AT|WORKS_ON|STUDIES_AT|MEMBER_OF|LIVES_IN|FROM|VISITED|ATTENDED|LIKES|DISLIKES|INTERESTED_IN|OWNS|USES|CREATED|PART_OF|HAS_GOAL|EXPERIENCED|RELATED_TO]->(:Memory)
WHERE a.user_id = $user_id AND h.superseded_by IN $rel_uids AND NOT h.uid IN $rel_uids
SET h.valid_to = null, h.superseded_by = null, h.updated_at = $now
RETURN collect(h.uid) AS reopened
