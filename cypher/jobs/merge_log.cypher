// One merge log entry (optionally checked against a user).
MATCH (log:MergeLog {uid: $merge_id})
WHERE $user_id IS NULL OR log.user_id = $user_id
RETURN properties(log) AS log
