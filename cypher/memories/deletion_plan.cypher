// What deleting memory $uid of one tenant removes, computed before anything is written
// (the same query serves --dry-run). A source or artifact takes with it what was learned
// only from it:
//   nodes          nodes it mentions, that derive from it, include it or carry its notes,
//                  created at or after it was ingested (a node that existed before was not
//                  learned from it), and supported by no other source: no other MENTIONS,
//                  DERIVED_FROM or INCLUDES, no other source in their notes, no relationship
//                  of theirs citing another source;
//   relationships  facts citing it (source_ids, notes) created at or after it was ingested
//                  and citing no other source;
//   shared         facts citing it and others: they lose it from source_ids and its notes.
// Any other node (Person, Concept, Entity, Storyline, Macro) is deleted alone with its
// relationships; sources it came from keep their raw content.
MATCH (s:Memory {uid: $uid}) USING INDEX SEEK s:Memory(uid)
WHERE s.user_id = $user_id
WITH s, s:Source OR s:Artifact AS episodic
CALL (s, episodic) {
  CALL (s, episodic) {
    WITH s WHERE episodic MATCH (s)-[:MENTIONS]->(n:Memory) RETURN n
    UNION
    WITH s WHERE episodic MATCH (n:Memory)-[:DERIVED_FROM|INCLUDES]->(s) RETURN n
    UNION
    WITH s WHERE episodic
    MATCH (n:Memory) WHERE n.user_id = $user_id AND s.uid IN coalesce(n.notes_source, [])
    RETURN n
  }
  WITH s, n
  WHERE n.user_id = $user_id AND n <> s AND NOT (n:Source OR n:Artifact)
    AND coalesce(n.created_at, s.ingested_at) >= s.ingested_at
    AND NOT EXISTS { MATCH (o:Source)-[:MENTIONS]->(n) WHERE o <> s }
    AND NOT EXISTS { MATCH (n)-[:DERIVED_FROM|INCLUDES]->(o:Memory) WHERE o <> s }
    AND none(x IN coalesce(n.notes_source, []) WHERE x <> '' AND x <> s.uid)
    AND NOT EXISTS {
      MATCH (n)-[h:{{semantic_types}}]-(:Memory)
      WHERE any(x IN coalesce(h.source_ids, []) + coalesce(h.notes_source, [])
                WHERE x <> '' AND x <> s.uid) }
  RETURN collect(DISTINCT n.uid) AS learned
}
CALL (s, episodic) {
  WITH s WHERE episodic
  MATCH (a:Memory)-[r:{{semantic_types}}]->(:Memory)
  WHERE a.user_id = $user_id
    AND (s.uid IN coalesce(r.source_ids, []) OR s.uid IN coalesce(r.notes_source, []))
  WITH s, r, coalesce(r.created_at, s.ingested_at) >= s.ingested_at
             AND all(x IN coalesce(r.source_ids, []) + coalesce(r.notes_source, [])
                     WHERE x = '' OR x = s.uid) AS only
  RETURN collect(CASE WHEN only THEN r.uid END) AS only_rels,
         collect(CASE WHEN NOT only THEN r.uid END) AS shared
}
WITH s, [s.uid] + learned AS nodes, only_rels, shared
CALL (nodes) {
  UNWIND nodes AS uid
  MATCH (n:Memory {uid: uid}) USING INDEX SEEK n:Memory(uid)
  OPTIONAL MATCH (n)-[r:{{semantic_types}}]-(:Memory)
  RETURN collect(DISTINCT r.uid) AS attached
}
CALL (nodes) {
  UNWIND nodes AS uid
  MATCH (n:Memory {uid: uid}) USING INDEX SEEK n:Memory(uid)
  RETURN sum(size(coalesce(n.notes, []))) AS notes
}
RETURN s.uid AS uid, [l IN labels(s) WHERE l IN [{{kinds}}]][0] AS kind, nodes,
       [x IN only_rels WHERE NOT x IN attached] + attached AS relationships,
       [x IN shared WHERE NOT x IN attached AND NOT x IN only_rels] AS shared, notes
