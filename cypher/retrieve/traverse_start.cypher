// Where a traverse() starts: a uid, else a canonical name, else an alias, else a name
// (the name scan runs only when nothing else matched). Best match first.
// $user_id, $start (as typed), $names (normalised spellings of it).
CALL () {
  MATCH (n:Memory {uid: $start}) USING INDEX SEEK n:Memory(uid)
  WHERE n.user_id = $user_id RETURN n, 0 AS priority
  UNION
  MATCH (n:Person) WHERE n.user_id = $user_id AND n.canonical_name IN $names RETURN n, 1 AS priority
  UNION
  MATCH (n:Concept) WHERE n.user_id = $user_id AND n.canonical_name IN $names RETURN n, 1 AS priority
  UNION
  MATCH (n:Entity) WHERE n.user_id = $user_id AND n.canonical_name IN $names RETURN n, 1 AS priority
}
WITH collect({n: n, priority: priority}) AS found
CALL (found) {
  WITH found WHERE size(found) = 0
  MATCH (n:Memory)
  WHERE n.user_id = $user_id
    AND (toLower(n.name) IN $names OR any(a IN coalesce(n.aliases, []) WHERE toLower(a) IN $names))
  RETURN collect({n: n, priority: 2}) AS by_name
}
UNWIND found + by_name AS hit
WITH hit.n AS n, hit.priority AS priority
ORDER BY priority, coalesce(n.salience, 0.5) DESC, n.uid
LIMIT 5
RETURN elementId(n) AS eid, priority, n {
  .uid, .name, .description, .raw_content, .state, .salience,
  kind: [l IN labels(n) WHERE l IN [{{kinds}}]][0]} AS node
