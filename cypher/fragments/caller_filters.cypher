// The caller's filters on a node `n` ($kinds, $states, $min_salience, $sensitivity, $since,
// $until, $agent_id; memgraph/retrieve/filters.py builds them), as AND lines to follow a
// WHERE. A null parameter does not filter; a node without a state counts as a candidate.
// $agent_id keeps what that agent wrote: its sources, and the nodes they mention.
AND ($kinds IS NULL OR any(l IN labels(n) WHERE l IN $kinds))
AND coalesce(n.state, 'candidate') IN $states
AND ($min_salience IS NULL OR coalesce(n.salience, 0.5) >= $min_salience)
AND ($sensitivity IS NULL OR coalesce(n.sensitivity, 'normal') IN $sensitivity)
AND ($since IS NULL OR coalesce(n.event_at, n.created_at) >= $since)
AND ($until IS NULL OR coalesce(n.event_at, n.created_at) < $until)
AND ($agent_id IS NULL OR CASE WHEN n:Source THEN n.agent_id = $agent_id
     ELSE EXISTS { MATCH (written:Source)-[:MENTIONS]->(n) WHERE written.agent_id = $agent_id } END)
