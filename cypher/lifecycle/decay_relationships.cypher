// Nightly decay of relationships with a lifecycle (the semantic ones) of the tenants in
// $user_ids (see decay_nodes.cypher), up to $as_of; each relationship is visited once, from
// its start node (found by the `memory_user` index seek). `n` is the relationship: the body is decay_nodes.cypher's, kept identical.
// The same math as memgraph/lifecycle/decay.py (docs/lifecycle.md):
//   anchor = latest of last_decayed_at, last_accessed_at, created_at; days = as_of - anchor
//   rate   = base / (1 + recall_frequency ^ decay_gradient), x (1 + (1 - confidence) * 2) for
//            candidates below $high_confidence, 0 for candidates at or above it
//   archival at the instant salience crosses $threshold or the ephemeral deadline passes;
//   from that instant the archived rate (no candidate rule) applies.
// $dry_run = true computes the same counts and writes nothing. Batches of $batch_size run in
// $concurrency concurrent transactions (each element is its own unit: no shared locks).
MATCH (owner:Memory)-[n]->(:Memory)
WHERE owner.user_id IN $user_ids AND n.salience IS NOT NULL
CALL (n) {
  WITH n, reduce(a = null, t IN [x IN [n.last_decayed_at, n.last_accessed_at, n.created_at]
                                  WHERE x IS NOT NULL] |
                 CASE WHEN a IS NULL OR t > a THEN t ELSE a END) AS anchor
  WITH n, anchor WHERE anchor IS NOT NULL AND anchor < $as_of
  WITH n, anchor, duration.inSeconds(anchor, $as_of) AS span,
       coalesce(n.ttl_policy, 'decay') AS policy,
       $base_rate / (1.0 + toFloat(coalesce(n.recall_frequency, 0))
                     ^ coalesce(n.decay_gradient, 1.0)) AS rate_after
  WITH n, anchor, policy, rate_after,
       (span.seconds + span.nanosecondsOfSecond / 1.0e9) / 86400.0 AS days,
       CASE WHEN n.state = 'candidate' AND coalesce(n.confidence, 0.7) >= $high_confidence
              THEN 0.0
            WHEN n.state = 'candidate'
              THEN rate_after * (1.0 + (1.0 - coalesce(n.confidence, 0.7)) * 2.0)
            ELSE rate_after END AS rate_before,
       CASE WHEN coalesce(n.ttl_policy, 'decay') = 'ephemeral' AND n.created_at IS NOT NULL
              THEN n.created_at + duration({days: $ephemeral_semantic_days})
       END AS deadline
  WITH n, anchor, policy, rate_after, rate_before, days,
       CASE WHEN deadline IS NULL THEN null
            ELSE duration.inSeconds(anchor, deadline) END AS to_deadline,
       CASE WHEN n.salience < $threshold THEN 0.0
            WHEN rate_before <= 0.0 THEN null
            ELSE log(n.salience / $threshold) / rate_before END AS t_cross
  WITH n, anchor, policy, rate_after, rate_before, days, t_cross,
       CASE WHEN to_deadline IS NULL THEN null
            WHEN to_deadline.seconds < 0 THEN 0.0
            ELSE (to_deadline.seconds + to_deadline.nanosecondsOfSecond / 1.0e9) / 86400.0
       END AS t_ttl
  WITH n, anchor, policy, rate_after, rate_before, days, t_cross, t_ttl,
       CASE WHEN t_cross IS NULL THEN t_ttl
            WHEN t_ttl IS NULL THEN t_cross
            WHEN t_ttl < t_cross THEN t_ttl
            ELSE t_cross END AS t_archive
  WITH n, anchor, policy, rate_after, rate_before, days, t_archive,
       policy <> 'keep_forever' AND n.state <> 'archived'
         AND t_archive IS NOT NULL AND t_archive <= days AS archive,
       CASE WHEN t_ttl IS NOT NULL AND (t_cross IS NULL OR t_ttl <= t_cross)
            THEN 'ttl' ELSE 'salience' END AS reason
  WITH n, anchor, policy, archive, reason, t_archive,
       CASE WHEN policy = 'keep_forever' THEN 1.0
            WHEN n.state = 'archived' THEN n.salience * exp(-rate_after * days)
            WHEN archive THEN n.salience * exp(-rate_before * t_archive)
                                         * exp(-rate_after * (days - t_archive))
            ELSE n.salience * exp(-rate_before * days) END AS salience
  FOREACH (_ IN CASE WHEN $dry_run THEN [] ELSE [1] END |
    SET n.salience = salience, n.last_decayed_at = $as_of)
  FOREACH (_ IN CASE WHEN archive AND NOT $dry_run THEN [1] ELSE [] END |
    SET n.state = 'archived', n.archived_reason = reason,
        n.archived_at = anchor + duration({seconds: t_archive * 86400.0}))
  RETURN CASE WHEN policy = 'keep_forever' THEN 1 ELSE 0 END AS pinned,
         CASE WHEN archive AND reason = 'salience' THEN 1 ELSE 0 END AS by_salience,
         CASE WHEN archive AND reason = 'ttl' THEN 1 ELSE 0 END AS by_ttl
} IN $concurrency CONCURRENT TRANSACTIONS OF $batch_size ROWS
RETURN count(*) AS decayed, sum(pinned) AS pinned, sum(by_salience) AS archived_salience,
       sum(by_ttl) AS archived_ttl
