// Give the tenant's label to every memory node of the tenant that lacks it, in batches
// (an auto-commit transaction). Summaries too: their vector is not indexed (it is
// `summary_embedding`), but one label for the whole tenant keeps the rule simple.
MATCH (n:Memory) WHERE n.user_id = $user_id AND NOT $label IN labels(n)
CALL (n) { SET n:$($label) } IN TRANSACTIONS OF 10000 ROWS
RETURN count(n) AS labelled
