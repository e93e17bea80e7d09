// The merge, not undone, that merged node $uid away (a chained merge: its own merge must
// be undone before one that it won).
MATCH (log:MergeLog)
WHERE log.user_id = $user_id AND log.loser_uid = $uid AND log.undone_at IS NULL
RETURN log.uid AS merge_id
ORDER BY log.merged_at DESC
LIMIT 1
