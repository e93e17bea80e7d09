// One merge log entry of one user: a merge of another user is not found.
MATCH (log:MergeLog {uid: $merge_id})
WHERE log.user_id = $user_id
RETURN properties(log) AS log
