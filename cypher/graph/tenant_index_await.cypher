// Wait until one index is ONLINE (fails after $timeout_s seconds).
CALL db.awaitIndex($index, $timeout_s)
