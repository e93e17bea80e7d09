// Entity resolution, steps 1 and 2: an existing node of the user, of ANY semantic kind,
// whose canonical name is one of $rows[i].canonicals (index seeks on the uniqueness
// constraints), else one of the same kind whose aliases contain one of
// $rows[i].alias_keys (case-insensitive), else one of another kind with
// $rows[i].name_key (the mention's own name) among its aliases, else the one Person whose
// full name begins with one of $rows[i].first_names, else the one Person whose full name
// ends with one of $rows[i].surnames (a titled surname), else the one organisation whose
// name begins with one of $rows[i].short_names. A name someone goes by is their name
// whatever kind a later mention is given: "her name is Juniper, Juni for short" made Juni
// an alias of the Person, and a later bare "Juni" (an Entity: the extractor cannot tell
// what an unknown name is) had become a second node. Only the mention's own name crosses
// kinds: a new "Northfold Smith" also called "Northfold" is not the studio of that alias.
//
// The nodes that may hold one of the aliases come from ONE full-text seek on the `aliases`
// field of `memory_text` ($alias_terms: every row's keys as phrases; null on the
// structured path, which has none), and are checked exactly below. Reading every node of
// the tenant instead (a seek on Memory(user_id)) cost 60-115 ms per message at 100k
// nodes, sources included (docs/ingestion.md, "Entity resolution").
CALL () {
  WITH $alias_terms AS terms, $user_id AS tenant_id, $alias_hits AS hit_limit,
       'memory_text' AS index_name
  WHERE terms IS NOT NULL
  {{> fragments/fulltext_own procedure=queryNodes yields=node}}
  UNWIND found AS hit
  WITH hit.e AS n WHERE n:Semantic
  RETURN collect(DISTINCT n) AS aliased
}
UNWIND $rows AS row
CALL (row, aliased) {
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
  UNWIND aliased AS n
  WITH n, row, row.kind IN labels(n) AS same_kind,
       [a IN coalesce(n.aliases, []) | toLower(trim(a))] AS keys
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
  UNION
  // a surname said with a title is the one person of the tenant whose full name it ends
  // ("Dr Park" for "Helen Park"; no index reads a suffix: the tenant's people are read by
  // the seek's first property, and this runs only for a titled surname)
  UNWIND row.surnames AS surname
  CALL (surname) {
    MATCH (n:Person {user_id: $user_id})
    USING INDEX SEEK n:Person(user_id, canonical_name)
    WHERE n.canonical_name ENDS WITH ' ' + surname
    WITH n LIMIT 2
    RETURN collect(n) AS people
  }
  WITH people WHERE size(people) = 1
  RETURN people[0].uid AS uid, 'surname' AS how, 5 AS rank
  UNION
  // an organisation's short name is the one organisation of the tenant whose name it
  // begins ("Hillcrest" for "Hillcrest Secondary School"), the same way
  UNWIND row.short_names AS short
  CALL (short) {
    MATCH (n:Entity {user_id: $user_id})
    USING INDEX SEEK n:Entity(user_id, canonical_name)
    WHERE n.canonical_name STARTS WITH short + ' ' AND n.entity_type = 'organisation'
    WITH n LIMIT 2
    RETURN collect(n) AS organisations
  }
  WITH organisations WHERE size(organisations) = 1
  RETURN organisations[0].uid AS uid, 'short name' AS how, 6 AS rank
}
WITH row, uid, how ORDER BY row.i, rank, uid
WITH row, collect({uid: uid, how: how})[0] AS best
RETURN row.i AS i, best.uid AS uid, best.how AS how
