// The decay of one element and the job's counts, shared by decay_nodes.cypher and
// decay_relationships.cypher (each MATCHes its elements and includes this). Expects `n`
// (the node or relationship), now_s and now_ns ($as_of in epoch seconds and nanoseconds)
// and ephemeral_days (how long an ephemeral element lives), and the parameters $as_of,
// $base_rate, $high_confidence, $threshold, $dry_run, $concurrency and $batch_size.
// The same math as memgraph/lifecycle/salience.py (docs/lifecycle.md):
//   anchor = latest of last_decayed_at, last_accessed_at, created_at; days = as_of - anchor
//   rate   = base / (1 + recall_frequency ^ decay_gradient), x (1 + (1 - confidence) * 2) for
//            candidates below $high_confidence, 0 for candidates at or above it
//   archival at the instant salience crosses $threshold or the ephemeral deadline passes;
//   from that instant the archived rate (no candidate rule) applies.
// Written for speed (docs/lifecycle.md, "Decay at a million"): plain CASEs instead of list
// reductions, day counts from epoch seconds instead of durations, and the crossing instant
// (a logarithm) only computed for the few elements that cross in this period.
// $dry_run = true computes the same counts and writes nothing. Batches of $batch_size run in
// $concurrency concurrent transactions (each element is its own unit: no shared locks).
// It opens the batched CALL; cypher/fragments/decay_tally.cypher closes it (a node's
// query relabels in between: cypher/lifecycle/decay_nodes.cypher).
CALL (n, now_s, now_ns, ephemeral_days) {
  WITH n, now_s, now_ns, ephemeral_days, n.salience AS s, n.state AS state, n.created_at AS c,
       CASE WHEN n.last_accessed_at IS NULL OR n.last_decayed_at >= n.last_accessed_at
            THEN n.last_decayed_at ELSE n.last_accessed_at END AS touched
  WITH n, now_s, now_ns, ephemeral_days, s, state, c,
       CASE WHEN c IS NULL OR touched >= c THEN touched ELSE c END AS anchor
  WHERE s IS NOT NULL AND anchor < $as_of
  WITH n, s, state, c, anchor, ephemeral_days, coalesce(n.ttl_policy, 'decay') AS policy,
       (now_s - anchor.epochSeconds) / 86400.0
         + (now_ns - anchor.nanosecond) / 86400.0e9 AS days,
       $base_rate / (1.0 + toFloat(coalesce(n.recall_frequency, 0))
                     ^ coalesce(n.decay_gradient, 1.0)) AS rate_after
  WITH n, s, state, c, anchor, ephemeral_days, policy, days, rate_after,
       CASE WHEN state <> 'candidate' THEN rate_after
            WHEN coalesce(n.confidence, 0.7) >= $high_confidence THEN 0.0
            ELSE rate_after * (1.0 + (1.0 - coalesce(n.confidence, 0.7)) * 2.0)
       END AS rate_before,
       CASE WHEN policy = 'ephemeral' AND c IS NOT NULL
              THEN c + duration({days: ephemeral_days})
       END AS deadline
  // One rate over the whole period unless the threshold or the deadline is crossed in it.
  WITH n, s, state, anchor, policy, days, rate_after, rate_before, deadline,
       s * exp(-rate_before * days) AS plain
  WITH n, s, state, anchor, policy, days, rate_after, rate_before, deadline, plain,
       policy <> 'keep_forever' AND state <> 'archived'
         AND (s < $threshold OR (rate_before > 0.0 AND plain <= $threshold)
              OR coalesce(deadline <= $as_of, false)) AS archive
  WITH n, s, state, anchor, policy, days, rate_after, rate_before, plain, archive,
       CASE WHEN NOT archive THEN null
            WHEN s < $threshold THEN 0.0
            WHEN rate_before <= 0.0 THEN null
            ELSE log(s / $threshold) / rate_before END AS t_cross,
       CASE WHEN NOT archive OR deadline IS NULL THEN null
            WHEN deadline <= anchor THEN 0.0
            ELSE (deadline.epochSeconds - anchor.epochSeconds) / 86400.0
                 + (deadline.nanosecond - anchor.nanosecond) / 86400.0e9 END AS t_ttl
  WITH n, s, state, anchor, policy, days, rate_after, rate_before, plain, archive,
       CASE WHEN t_ttl IS NOT NULL AND (t_cross IS NULL OR t_ttl <= t_cross)
            THEN 'ttl' ELSE 'salience' END AS reason,
       CASE WHEN t_cross IS NULL THEN t_ttl
            WHEN t_ttl IS NULL OR t_cross <= t_ttl THEN t_cross
            ELSE t_ttl END AS t_archive
  WITH n, anchor, policy, archive, reason, t_archive,
       CASE WHEN policy = 'keep_forever' THEN 1.0
            WHEN state = 'archived' THEN s * exp(-rate_after * days)
            WHEN archive THEN s * exp(-rate_before * t_archive)
                                * exp(-rate_after * (days - t_archive))
            ELSE plain END AS salience
  FOREACH (_ IN CASE WHEN $dry_run THEN [] ELSE [1] END |
    SET n.salience = salience, n.last_decayed_at = $as_of)
  FOREACH (_ IN CASE WHEN archive AND NOT $dry_run THEN [1] ELSE [] END |
    SET n.state = 'archived', n.archived_reason = reason,
        n.archived_at = anchor + duration({seconds: t_archive * 86400.0}))
