// Delete semantic relationships of one tenant by uid (the per-type uid indexes find them).
UNWIND $rel_uids AS uid
MATCH ()-[r:{{semantic_types}} {uid: uid}]->()
WHERE r.user_id = $user_id
DELETE r
RETURN count(*) AS deleted
