// Facts superseded by relationships about to be deleted become current again: the claim
// that ended them is withdrawn (supersession sets valid_to and superseded_by together,
// cypher/ingest/update_facts.cypher). Runs before the deletion, in its transaction.
MATCH (a:Memory)-[h:{{semantic_types}}]->(:Memory)
WHERE a.user_id = $user_id AND h.superseded_by IN $rel_uids AND NOT h.uid IN $rel_uids
SET h.valid_to = null, h.superseded_by = null, h.updated_at = $now
RETURN collect(h.uid) AS reopened
