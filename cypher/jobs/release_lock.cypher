// Give a lock back (only the run holding it can).
MATCH (lock:JobLock {name: $name, holder: $holder})
DELETE lock
