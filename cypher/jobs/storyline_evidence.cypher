// The evidence of one tenant's Storylines (memgraph/jobs/storylines.py): every person,
// concept or entity of $user_id (not archived) that at least $min_sources of the tenant's
// sources are about (they mention it or, for a person, it sent them), with those sources
// oldest first (event time, then the order they were written: a session's messages may
// share one event time, and their random uids made the order, hence the offline titles,
// differ from one ingestion to the next), each with its speaker and whether the subject
// sent it, and the facts about it (its relationships, current or ended, with the sources
// they were learnt from).
// Subjects come in uid order, at most $page after $after: the job pages through a tenant.
MATCH (e:Memory)
WHERE e.user_id = $user_id AND e:Semantic AND e.uid > $after AND e.state <> 'archived'
WITH e ORDER BY e.uid
CALL (e) {
  CALL (e) {
    MATCH (s:Source)-[:MENTIONS]->(e)
    WHERE s.user_id = e.user_id
    RETURN s, false AS own
    UNION
    // a person's own messages are about them (explore's subject signal says the same):
    // the speaker's name, or any anonymous speaker for $anonymous_owner ("Me",
    // memgraph/ingest/speakers.py).
    // Any kind: a speaker named by someone before they spoke may be an Entity.
    UNWIND CASE WHEN e.name = $anonymous_owner THEN $anonymous_speakers ELSE [e.name] END AS speaker
    MATCH (s:Source {user_id: e.user_id, speaker: speaker})
    WHERE s.source_kind = 'message'
    RETURN s, true AS own
  }
  // `own`: the subject sent it (one that also mentions its sender comes once)
  WITH s, true IN collect(own) AS own
  ORDER BY coalesce(s.event_at, s.created_at), s.created_at, s.uid
  RETURN collect({uid: s.uid, text: coalesce(s.raw_content, s.description, ''),
                  at: coalesce(s.event_at, s.created_at), own: own,
                  speaker: coalesce(s.speaker, '')}) AS sources
}
WITH e, sources WHERE size(sources) >= $min_sources
CALL (e) {
  MATCH (e)-[r:{{semantic_types}}]-(other:Memory)
  WHERE other.user_id = e.user_id AND r.state <> 'archived'
  RETURN collect({uid: r.uid, type: type(r), outgoing: startNode(r) = e,
                  other: coalesce(other.name, other.canonical_name),
                  source_ids: coalesce(r.source_ids, []),
                  at: coalesce(r.valid_from, r.event_at, r.created_at),
                  valid_to: r.valid_to}) AS facts
}
RETURN e.uid AS uid, coalesce(e.name, e.canonical_name) AS name, sources, facts
LIMIT $page
