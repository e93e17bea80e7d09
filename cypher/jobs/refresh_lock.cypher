// Extend a held lock; 0 rows updated means another run took it over (ours had expired).
MATCH (lock:JobLock {name: $lock_name, holder: $holder})
SET lock.expires_at = $expires_at
RETURN count(lock) AS refreshed
