// Nightly decay of the memory nodes of the tenants in $user_ids (one for `--user`, every
// tenant for the nightly run: memgraph/jobs/decay.py lists them first, so both use the
// `memory_user` index seek and no `$user_id IS NULL OR ...` defeats it), up to $as_of.
// The body, and the math it computes, is cypher/fragments/decay_element.cypher; a node
// whose state or salience band changed gets its lifecycle labels in step. An
// ephemeral Source or Artifact lives $ephemeral_episodic_days, any other node
// $ephemeral_semantic_days.
WITH $as_of.epochSeconds AS now_s, $as_of.nanosecond AS now_ns
MATCH (n:Memory)
WHERE n.user_id IN $user_ids
WITH n, now_s, now_ns,
     CASE WHEN n:Source OR n:Artifact THEN $ephemeral_episodic_days
          ELSE $ephemeral_semantic_days END AS ephemeral_days
{{> fragments/decay_element}}
  FOREACH (_ IN CASE WHEN $dry_run THEN [] WHEN
        {{> fragments/lifecycle_labels_stale node=n}}
      THEN [1] ELSE [] END |
    {{> fragments/relabel node=n}}
  )
{{> fragments/decay_tally}}
