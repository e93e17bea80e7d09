// explore()'s filters on a relationship `r` (the map $filters: states, min_salience,
// sensitivity, since, until, agent_id: a fact learnt from at least one of that agent's
// sources), as AND lines to follow a WHERE. Relationships have no kind and no sensitivity
// (they count as 'normal'); their time is event_at, else valid_from, else created_at.
AND coalesce(r.state, 'candidate') IN $filters.states
AND ($filters.min_salience IS NULL OR coalesce(r.salience, 0.5) >= $filters.min_salience)
AND ($filters.sensitivity IS NULL OR 'normal' IN $filters.sensitivity)
AND ($filters.since IS NULL
     OR coalesce(r.event_at, r.valid_from, r.created_at) >= $filters.since)
AND ($filters.until IS NULL
     OR coalesce(r.event_at, r.valid_from, r.created_at) < $filters.until)
AND ($filters.agent_id IS NULL OR EXISTS {
     MATCH (written:Memory) WHERE written.uid IN coalesce(r.source_ids, [])
       AND written:Source AND written.agent_id = $filters.agent_id })
