// Forget a user entirely: every node that belongs to them and every relationship touching
// those nodes, their API keys, audit records and the marker of their own vector index included
// (memgraph/memory.py drops that index first). Batched, so it runs in an auto-commit transaction.
MATCH (n) WHERE (n:Memory OR n:User OR n:JobRun OR n:MergeLog OR n:ApiKey OR n:AuditRecord OR n:TenantVectorIndex) AND n.user_id = $user_id
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS
