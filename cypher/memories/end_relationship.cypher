// End a fact as of $valid_to: it becomes history (valid_to set), it is not deleted, and
// traverse/explore show it as ended. Refused by the caller for a time in the future or
// before the fact began; an ended fact keeps its first end unless $force.
MATCH (a:Memory)-[r:{{semantic_types}} {uid: $uid}]->(b:Memory)
WHERE r.user_id = $user_id
WITH a, r, b, r.valid_to AS valid_to_before
SET r.valid_to = $valid_to, r.updated_at = $now
RETURN r.uid AS uid, type(r) AS type, a.name AS start, b.name AS end,
       r.valid_from AS valid_from, valid_to_before, r.valid_to AS valid_to
