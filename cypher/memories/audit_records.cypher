// The audit records of one tenant, newest first; about one memory when $target_uid is set.
MATCH (a:AuditRecord)
WHERE a.user_id = $user_id AND ($target_uid IS NULL OR a.target_uid = $target_uid)
RETURN a.uid AS uid, a.action AS action, a.actor AS actor, a.at AS at,
       a.target_uid AS target_uid, a.target_kind AS target_kind, a.details AS details
ORDER BY a.at DESC
LIMIT $limit
