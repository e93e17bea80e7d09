// Fold the loser into the winner (aliases, notes, counters computed by the job), log the
// merge in a :MergeLog node (inspectable in Browser, undone by `memgraph jobs undo-merge`),
// then delete the loser.
MATCH (winner:Memory {uid: $winner_uid}), (loser:Memory {uid: $loser_uid})
SET winner += $winner_after
{{> fragments/relabel node=winner}}
CREATE (log:MergeLog {uid: $log_uid})
SET log += $log
DETACH DELETE loser
RETURN log.uid AS merge_id
