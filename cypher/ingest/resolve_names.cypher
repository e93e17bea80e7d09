// Entity resolution, steps 1 and 2: an existing node of the user, of ANY semantic kind,
// whose canonical name is one of $rows[i].canonicals (index seeks on the uniqueness
// constraints), else one of the same kind whose aliases contain one of
// $rows[i].alias_keys (case-insensitive), else one of another kind with
// $rows[i].name_key (the mention's own name) among its aliases, else the one Person whose
// full name begins with one of $rows[i].first_names. A name someone goes by is their name
// whatever kind a later mention is given: "her name is Juniper, Juni for short" made Juni
// an alias of the Person, and a later bare "Juni" (an Entity: the extractor cannot tell
// what an unknown name is) had become a second node. Only the mention's own name crosses
// kinds: a new "Northfold Smith" also called "Northfold" is not the studio of that alias.
UNWIND $rows AS row
CALL (row) {
  UNWIND row.canonicals AS key
  CALL (row, key) {
    MATCH (n:Person {user_id: $user_id, canonical_name: key})
    USING INDEX SEEK n:Person(user_id, canonical_name)
    RETURN n
    UNION
    MATCH (n:Concept {user_id: $user_id, canonical_name: key})
    USING INDEX SEEK n:Concept(user_id, canonical_name)
    RETURN n
    UNION
    MATCH (n:Entity {user_id: $user_id, canonical_name: key})
    USING INDEX SEEK n:Entity(user_id, canonical_name)
    RETURN n
  }
  // a name is one node per tenant whatever the kind asked for (schema v2); twins from
  // before v2: the one of the asked kind first
  RETURN n.uid AS uid, 'name' AS how, CASE WHEN row.kind IN labels(n) THEN 0 ELSE 1 END AS rank
  UNION
  // An UNWIND, not WHERE size(...) > 0: the planner pushes a WHERE down below the scan,
  // which then ran for every row, alias keys or not (the structured path has none).
  UNWIND CASE WHEN size(row.alias_keys) > 0 THEN [true] ELSE [] END AS has_aliases
  MATCH (n:Memory {user_id: $user_id})
  WHERE n:Semantic AND size(n.aliases) > 0
  WITH n, row, row.kind IN labels(n) AS same_kind,
       [a IN n.aliases | toLower(trim(a))] AS keys
  WHERE (same_kind AND any(a IN keys WHERE a IN row.alias_keys)) OR row.name_key IN keys
  RETURN n.uid AS uid, 'alias' AS how, CASE WHEN same_kind THEN 2 ELSE 3 END AS rank
  UNION
  // a first name alone is the one person of the tenant whose full name it begins
  // ("Funke" for "Funke Adeyemi"): a prefix seek on the (user_id, canonical_name)
  // constraint; two people who share it leave it to be its own node
  UNWIND row.first_names AS first
  CALL (first) {
    MATCH (n:Person {user_id: $user_id})
    USING INDEX SEEK n:Person(user_id, canonical_name)
    WHERE n.canonical_name STARTS WITH first + ' '
    WITH n LIMIT 2
    RETURN collect(n) AS people
  }
  WITH people WHERE size(people) = 1
  RETURN people[0].uid AS uid, 'first name' AS how, 4 AS rank
}
WITH row, uid, how ORDER BY row.i, rank, uid
WITH row, collect({uid: uid, how: how})[0] AS best
RETURN row.i AS i, best.uid AS uid, best.how AS how
