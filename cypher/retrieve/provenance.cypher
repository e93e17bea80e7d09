// Provenance of explore() results: the sources each element came from, the most relevant
// to the query first (then the latest). Sources are their own provenance; semantic nodes
// via MENTIONS, DERIVED_FROM and notes_source; relationships via source_ids and
// notes_source; storylines via INCLUDES; macros via their storylines' INCLUDES (SUMMARIZES).
// $ask.items: [{eid, element, found}] where found lists the element ids of the candidate
// sources (of this explore() call) that mention the element, that a fact was extracted
// from, or that a Storyline or a Macro includes (a Macro through its Storylines; the
// candidate query lists the Storylines that include a source, explore.mentioning_sources
// matches them); they come first; and `cites`, how many to return (a Storyline or a
// Macro is asked for more than it cites, and explore.cite_unseen keeps those the results
// above it do not show); $ask.vector (may be null); $user_id; $excerpt_chars; $scan_max.
// The items and the vector are in one map, `$ask`: a list parameter of another size (one
// item, or ten) or a null vector would cost the query a new plan (a map's contents count
// for neither; explore.candidate_params). A message among the results is cited without
// this query, and so are a fact learnt from one message and a thing one message mentions
// when that message is a candidate too (explore.own_provenance), so the items of a call
// are of any number.
// Also each element's text (raw_content up to $text_chars, description, notes), which the
// candidate query leaves out.
UNWIND $ask.items AS item
CALL (item) {
  OPTIONAL MATCH (n) WHERE item.element = 'node' AND elementId(n) = item.eid
  OPTIONAL MATCH ()-[r]->() WHERE item.element = 'relationship' AND elementId(r) = item.eid
  RETURN coalesce(n, r) AS e, n
}
// The candidate sources that carry the element (those it was found with) come first. When
// they fill its `cites` places, the scans for others (a hub's mentions, a summary's
// inclusions) could only add sources ranked after them, and are skipped: each scanned
// source is scored against the question (its stored vector read), up to $scan_max of them.
CALL (item, n) {
  UNWIND CASE WHEN n IS NULL THEN [] ELSE item.found END AS key
  MATCH (s:Source) WHERE elementId(s) = key AND s.user_id = $user_id
    AND CASE WHEN n:Storyline THEN EXISTS { (n)-[:INCLUDES]->(s) }
             WHEN n:Macro
               THEN EXISTS { (n)-[:SUMMARIZES]->(:Storyline)-[:INCLUDES]->(s) }
             ELSE EXISTS { (s)-[:MENTIONS]->(n) } END
  WITH count(DISTINCT s) AS carrying
  RETURN carrying >= item.cites AS enough
}
CALL (item, e, n, enough) {
  CALL (item, e, n, enough) {
    WITH n WHERE n:Source OR n:Artifact
    RETURN n AS s, 'self' AS via
    UNION
    // a hub (a speaker mentioned by thousands of turns) is not scanned whole: the turns
    // this explore() found that mention it, plus at most $scan_max others
    WITH n WHERE n IS NOT NULL AND NOT (n:Storyline OR n:Macro) UNWIND item.found AS key
    MATCH (s:Source) WHERE elementId(s) = key AND (s)-[:MENTIONS]->(n)
    RETURN s, 'MENTIONS' AS via
    UNION
    WITH n WHERE NOT enough
    MATCH (s:Source)-[:MENTIONS]->(n) WITH s LIMIT $scan_max RETURN s, 'MENTIONS' AS via
    UNION
    WITH n MATCH (n)-[:DERIVED_FROM]->(s:Source) RETURN s, 'DERIVED_FROM' AS via
    UNION
    // a Storyline of a subject mentioned every day may include thousands: likewise the
    // candidate sources it includes, plus at most $scan_max others
    WITH n WHERE n:Storyline UNWIND item.found AS key
    MATCH (s:Source) WHERE elementId(s) = key AND (n)-[:INCLUDES]->(s)
    RETURN s, 'INCLUDES' AS via
    UNION
    WITH n WHERE NOT enough
    MATCH (n:Storyline)-[:INCLUDES]->(s:Source) WITH s LIMIT $scan_max
    RETURN s, 'INCLUDES' AS via
    UNION
    // a Macro stands on its Storylines: their sources are its evidence, the same way
    WITH n WHERE n:Macro UNWIND item.found AS key
    MATCH (s:Source) WHERE elementId(s) = key
      AND EXISTS { (n)-[:SUMMARIZES]->(:Storyline)-[:INCLUDES]->(s) }
    RETURN s, 'SUMMARIZES' AS via
    UNION
    WITH n WHERE NOT enough
    MATCH (n:Macro)-[:SUMMARIZES]->(:Storyline)-[:INCLUDES]->(s:Source)
    WITH s LIMIT $scan_max
    RETURN s, 'SUMMARIZES' AS via
    UNION
    WITH e UNWIND coalesce(e.notes_source, []) + coalesce(e.source_ids, []) AS sid
    WITH DISTINCT sid WHERE sid <> ''
    MATCH (s:Memory {uid: sid}) USING INDEX SEEK s:Memory(uid) WHERE s:Source
    RETURN s, 'notes' AS via
  }
  WITH s, via WHERE s.user_id = $user_id
  WITH s, collect(via)[0] AS via
  WITH s, via, elementId(s) IN item.found AS found_here,
       CASE WHEN $ask.vector IS NULL OR s.embedding IS NULL THEN 0.0
            ELSE vector.similarity.cosine(s.embedding, $ask.vector) END AS similarity
  ORDER BY found_here DESC, similarity DESC, s.event_at DESC, elementId(s)
  WITH collect({s: s, via: via}) AS ranked
  UNWIND ranked[..item.cites] AS c
  WITH c.s AS s, c.via AS via, coalesce(c.s.raw_content, c.s.description, '') AS said
  // an excerpt cut short says so: "…" where the message goes on
  RETURN collect({source_uid: s.uid, external_id: coalesce(s.external_id, ''),
                  speaker: coalesce(s.speaker, ''), via: via, event_at: s.event_at.epochMillis,
                  excerpt: CASE WHEN size(said) > $excerpt_chars
                                THEN substring(said, 0, $excerpt_chars) + '…' ELSE said END})
         AS provenance
}
RETURN item.eid AS eid, provenance,
       {raw_content: substring(e.raw_content, 0, $text_chars), description: e.description,
        notes: e.notes} AS text
