// One semantic relationship (a fact) of one tenant with its two ends, the sources in its
// source_ids and notes, and the facts it superseded or was superseded by.
MATCH (a:Memory)-[r:{{semantic_types}} {uid: $uid}]->(b:Memory)
WHERE r.user_id = $user_id
CALL (r) {
  UNWIND [x IN coalesce(r.source_ids, []) + coalesce(r.notes_source, []) WHERE x <> ''] AS sid
  WITH DISTINCT sid
  MATCH (s:Memory {uid: sid}) WHERE s:Source AND s.user_id = $user_id
  WITH s ORDER BY s.event_at DESC LIMIT $max_sources
  RETURN collect({source_uid: s.uid, via: 'source_ids', event_at: s.event_at,
                  speaker: s.speaker, external_id: s.external_id, agent_id: s.agent_id,
                  excerpt: substring(s.raw_content, 0, $excerpt_chars)}) AS sources
}
CALL (r, a) {
  OPTIONAL MATCH (a)-[h:{{semantic_types}}]-(:Memory)
  WHERE h.user_id = $user_id AND h.uid <> r.uid
    AND (h.uid = r.supersedes OR h.uid = r.superseded_by OR h.superseded_by = r.uid)
  RETURN collect(h {.uid, .description, .valid_from, .valid_to, .superseded_by,
                    type: type(h)}) AS related_history
}
RETURN r {.*, embedding: null, type: type(r),
          start: {uid: a.uid, name: a.name, kind: [l IN labels(a) WHERE l IN [{{kinds}}]][0]},
          end: {uid: b.uid, name: b.name, kind: [l IN labels(b) WHERE l IN [{{kinds}}]][0]}}
       AS relationship, sources, related_history
