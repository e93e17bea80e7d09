// Pairs a person has declared distinct by undoing their merge: dedupe never merges them
// again (uid pairs, one user).
MATCH (log:MergeLog)
WHERE log.user_id = $user_id AND log.undone_at IS NOT NULL
RETURN log.winner_uid AS winner_uid, log.loser_uid AS loser_uid
