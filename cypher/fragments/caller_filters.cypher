// The caller's filters on a node `n`, as AND lines to follow a WHERE: the map $filters
// (kinds, states, min_salience, sensitivity, since, until, agent_id;
// memgraph/retrieve/filters.py builds it; one map, so that every combination shares one
// plan: memgraph/retrieve/explore.py). A null value does not filter; a node without a
// state counts as a candidate. agent_id keeps what that agent wrote: its sources, and the
// nodes they mention.
AND ($filters.kinds IS NULL OR any(l IN labels(n) WHERE l IN $filters.kinds))
AND coalesce(n.state, 'candidate') IN $filters.states
AND ($filters.min_salience IS NULL OR coalesce(n.salience, 0.5) >= $filters.min_salience)
AND ($filters.sensitivity IS NULL OR coalesce(n.sensitivity, 'normal') IN $filters.sensitivity)
AND ($filters.since IS NULL OR coalesce(n.event_at, n.created_at) >= $filters.since)
AND ($filters.until IS NULL OR coalesce(n.event_at, n.created_at) < $filters.until)
AND ($filters.agent_id IS NULL OR CASE WHEN n:Source THEN n.agent_id = $filters.agent_id
     ELSE EXISTS { MATCH (written:Source)-[:MENTIONS]->(n)
                   WHERE written.agent_id = $filters.agent_id } END)
