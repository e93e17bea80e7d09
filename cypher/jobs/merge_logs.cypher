// Recent merges, newest first: one user's, or every user's when $user_id is null (only
// for an explicit all-users request: Memory.merges(all_users=True), `--all-users`).
MATCH (log:MergeLog)
WHERE $user_id IS NULL OR log.user_id = $user_id
RETURN log.uid AS merge_id, log.user_id AS user_id, log.kind AS kind,
       log.winner_uid AS winner_uid, log.winner_name AS winner_name,
       log.loser_uid AS loser_uid, log.loser_name AS loser_name, log.similarity AS similarity,
       log.merged_at AS merged_at, log.undone_at AS undone_at,
       log.moved_out + log.moved_in AS relationships_moved
ORDER BY log.merged_at DESC
LIMIT $limit
