// Forget a user entirely: every node that belongs to them and every relationship touching
// those nodes, their API keys and audit records included. Batched, so it runs in an auto-commit transaction.
MATCH (n) WHERE (n:Memory OR n:User OR n:JobRun OR n:MergeLog OR n:ApiKey OR n:AuditRecord) AND n.user_id = $user_id
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS
