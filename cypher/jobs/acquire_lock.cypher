// Take the lock for one job and scope ($scope = a user id, or '*' for every user).
// The per-job mutex node (name = $job) is written first, so concurrent acquisitions of the
// same job queue on its write lock and each sees the others' committed locks: atomic.
// A lock whose expires_at has passed is free (its holder crashed) and is taken over.
// An all-users run conflicts with every per-user run of the same job and vice versa.
MERGE (mutex:JobLock {name: $job})
SET mutex.touched_at = $now
WITH mutex
OPTIONAL MATCH (held:JobLock {job: $job})
WHERE held.expires_at > $now AND held.holder <> $holder
  AND (held.scope = $scope OR held.scope = '*' OR $scope = '*')
WITH collect(held) AS busy
FOREACH (_ IN CASE WHEN size(busy) = 0 THEN [1] ELSE [] END |
  MERGE (lock:JobLock {name: $lock_name})
  SET lock.job = $job, lock.scope = $scope, lock.holder = $holder, lock.acquired_at = $now,
      lock.expires_at = $expires_at)
RETURN size(busy) = 0 AS acquired,
       [b IN busy | b.name + ' held by run ' + b.holder + ' until ' + toString(b.expires_at)]
         AS held_by
