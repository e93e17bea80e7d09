// Give a lock back (only the run holding it can).
MATCH (lock:JobLock {name: $lock_name, holder: $holder})
DELETE lock
