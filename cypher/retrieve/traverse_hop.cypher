// One breadth-first hop of traverse(): the unvisited neighbours of the frontier, each with
// the strongest relationship that reaches it, strongest first; at most $limit.
// $frontier, $visited: element ids; $types: allowed relationship types (validated against
// the vocabulary); $direction: out | in | both; $states; $user_id; $limit.
UNWIND $frontier AS eid
MATCH (a) WHERE elementId(a) = eid
MATCH (a)-[r:{{walk_types}}]-(b:Memory)
WHERE type(r) IN $types
  AND b.user_id = $user_id
  AND NOT elementId(b) IN $visited
  AND coalesce(b.state, 'candidate') IN $states
  AND coalesce(r.state, 'active') IN $states
  AND ($direction = 'both'
       OR ($direction = 'out' AND startNode(r) = a)
       OR ($direction = 'in' AND endNode(r) = a))
WITH b, r, a
ORDER BY coalesce(r.strength, 0.5) DESC, a.uid
WITH b, collect({r: r, a: a})[0] AS via
WITH b, via.r AS r, via.a AS a
ORDER BY coalesce(r.strength, 0.5) DESC, coalesce(b.salience, 0.5) DESC, b.uid
LIMIT $limit
RETURN elementId(b) AS eid, elementId(a) AS parent, elementId(r) AS rel_eid,
       b {.uid, .name, .description, .state, .salience,
          raw_content: substring(b.raw_content, 0, 500),
          kind: [l IN labels(b) WHERE l IN [{{kinds}}]][0]} AS node,
       r {.uid, .description, .state, .strength, .superseded_by,
          valid_from: r.valid_from.epochMillis, valid_to: r.valid_to.epochMillis,
          type: type(r),
          start_uid: startNode(r).uid, end_uid: endNode(r).uid} AS rel
