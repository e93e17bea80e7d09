// Record how a job run ended: status, counts (JSON text: properties cannot be maps), errors.
MATCH (run:JobRun {uid: $run_id})
SET run.status = $status, run.finished_at = $finished_at, run.counts = $counts,
    run.errors = $errors, run.usage = $usage
