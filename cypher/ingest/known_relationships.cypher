// Still-valid relationships between the context nodes (and from them), newest first.
MATCH (a:Memory)-[r:{{semantic_types}}]->(b:Memory)
WHERE a.uid IN $uids AND r.user_id = $user_id AND r.valid_to IS NULL
RETURN r.uid AS uid, type(r) AS type, a.uid AS from_uid, a.name AS from_name,
       b.uid AS to_uid, b.name AS to_name, r.description AS description
ORDER BY r.created_at DESC
LIMIT $limit
