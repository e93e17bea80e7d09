// Record the start of a job run; runs of this job and scope still marked running belong to
// a process that died (we hold the lock now), so they are marked interrupted.
OPTIONAL MATCH (stale:JobRun {job: $job, scope: $scope, status: 'running'})
SET stale.status = 'interrupted'
WITH count(stale) AS interrupted
CREATE (run:JobRun {uid: $run_id, job: $job, scope: $scope, status: 'running',
                    started_at: $started_at, as_of: $as_of, dry_run: $dry_run})
SET run.user_id = $user_id, run.parent = $parent
RETURN interrupted
