// One job run of one tenant by its uid (the HTTP API's GET /v1/jobs/{id}), with its steps.
MATCH (run:JobRun {uid: $run_id})
WHERE run.user_id = $user_id
OPTIONAL MATCH (step:JobRun {parent: run.uid})
WITH run, step ORDER BY step.started_at
RETURN run.uid AS run_id, run.job AS job, run.status AS status, run.started_at AS started_at,
       run.finished_at AS finished_at, run.as_of AS as_of, run.counts AS counts,
       run.errors AS errors,
       collect(CASE WHEN step IS NULL THEN null ELSE
               {job: step.job, status: step.status, counts: step.counts} END) AS steps
