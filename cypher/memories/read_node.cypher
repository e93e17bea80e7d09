// One memory node of one tenant, as a person judging it needs it: its properties (not its
// vector), every semantic relationship touching it, ended and superseded ones included
// (the history of what was believed), the sources it came from, and, for a source, what
// it mentions. Notes are the node's parallel lists (docs/data-model.md).
MATCH (n:Memory {uid: $uid}) USING INDEX SEEK n:Memory(uid)
WHERE n.user_id = $user_id
CALL (n) {
  OPTIONAL MATCH (n)-[r:{{semantic_types}}]-(o:Memory)
  WHERE r.user_id = $user_id
  WITH r, o ORDER BY coalesce(r.valid_to, r.ingested_at) DESC
  RETURN collect(CASE WHEN r IS NULL THEN null ELSE
    r {.*, embedding: null, type: type(r),
       direction: CASE WHEN startNode(r) = n THEN 'out' ELSE 'in' END,
       other: {uid: o.uid, name: o.name, kind: [l IN labels(o) WHERE l IN [{{kinds}}]][0]}}
    END) AS relationships
}
CALL (n) {
  CALL (n) {
    MATCH (s:Source)-[:MENTIONS]->(n) RETURN s, 'MENTIONS' AS via
    UNION
    MATCH (n)-[:DERIVED_FROM]->(s:Source) RETURN s, 'DERIVED_FROM' AS via
    UNION
    MATCH (n:Storyline)-[:INCLUDES]->(s:Source) RETURN s, 'INCLUDES' AS via
    UNION
    UNWIND [x IN coalesce(n.notes_source, []) WHERE x <> ''] AS sid
    MATCH (s:Memory {uid: sid}) WHERE s:Source RETURN s, 'notes' AS via
  }
  WITH s, via WHERE s.user_id = $user_id
  WITH s, collect(via)[0] AS via ORDER BY s.event_at DESC LIMIT $max_sources
  RETURN collect({source_uid: s.uid, via: via, event_at: s.event_at, speaker: s.speaker,
                  external_id: s.external_id, agent_id: s.agent_id,
                  excerpt: substring(s.raw_content, 0, $excerpt_chars)}) AS sources
}
CALL (n) {
  OPTIONAL MATCH (n:Source)-[:MENTIONS]->(m:Memory)
  WITH m ORDER BY m.name LIMIT $max_sources
  RETURN collect({uid: m.uid, name: m.name, kind: [l IN labels(m) WHERE l IN [{{kinds}}]][0]})
         AS mentions
}
RETURN n {.*, embedding: null, summary_embedding: null} AS node, [l IN labels(n) WHERE l IN [{{kinds}}]][0] AS kind,
       relationships, sources, mentions
