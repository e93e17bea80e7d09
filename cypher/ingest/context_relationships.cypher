// Still-valid relationships between the context nodes (and from them), newest first.
MATCH (a:Memory)-[r:KNOWS|FRIEND_OF|FAMILY_OF|PARTNER_OF|COLLEAGUE_OF|WORKS_AT|WORKS_ON|STUDIES_AT|MEMBER_OF|LIVES_IN|FROM|VISITED|ATTENDED|LIKES|DISLIKES|INTERESTED_IN|OWNS|USES|CREATED|PART_OF|HAS_GOAL|EXPERIENCED|RELATED_TO]->(b:Memory)
WHERE a.uid IN $uids AND r.user_id = $user_id AND r.valid_to IS NULL
RETURN r.uid AS uid, type(r) AS type, a.uid AS from_uid, a.name AS from_name,
       b.uid AS to_uid, b.name AS to_name, r.description AS description
ORDER BY r.created_at DESC
LIMIT $limit
