// Delete semantic relationships of one tenant by uid (the per-type uid indexes find them).
UNWIND $rel_uids AS uid
MATCH ()-[r:KNOWS|FRIEND_OF|FAMILY_OF|PARTNER_OF|COLLEAGUE_OF|WORKS_AT|WORKS_ON|STUDIES_AT|MEMBER_OF|LIVES_IN|FROM|VISITED|ATTENDED|LIKES|DISLIKES|INTERESTED_IN|OWNS|USES|CREATED|PART_OF|HAS_GOAL|EXPERIENCED|RELATED_TO {uid: uid}]->()
WHERE r.user_id = $user_id
DELETE r
RETURN count(*) AS deleted
