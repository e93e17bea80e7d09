// The most recent job runs, newest first (one user's, or all when $user_id is null).
MATCH (run:JobRun)
WHERE $user_id IS NULL OR run.user_id = $user_id
RETURN run.uid AS run_id, run.job AS job, run.scope AS scope, run.status AS status,
       run.started_at AS started_at, run.finished_at AS finished_at, run.as_of AS as_of,
       run.dry_run AS dry_run, run.counts AS counts, run.errors AS errors, run.usage AS usage,
       run.parent AS parent
ORDER BY run.started_at DESC
LIMIT $limit
