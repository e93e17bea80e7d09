// Zettelkasten links (seed 002): each new node gets RELATED_TO links to the most similar
// semantic nodes of the same user whose cosine is in [$low, $high), at most $max_links,
// skipping nodes it is already connected to. Candidates as in ingest/similar_nodes: every
// semantic node of a small tenant (exact), else the tenant's nodes among the vector
// index's $candidates nearest neighbours (approximate; committed nodes only). A person is
// never linked: a name has no meaning to be similar in (on the labelled sample of
// bench/autolink_precision.py no link to a person is right; "Kyoto" -> "Hana" was written
// at cosine 0.80); what joins people is what was said about them. Names with a word in
// common are linked only when one's words are all the other's; with none, two named
// entities are never linked, nor a named one known by its name alone (the sample's wrong
// links that bge-small still made from its floor were two cities, "Porto" and "Lisbon",
// "Hamburg" and "Berlin"; the links written on LoCoMo-style conversations, session 98:
// docs/retrieval.md).
UNWIND $uids AS uid
MATCH (n:Memory {uid: uid}) USING INDEX SEEK n:Memory(uid)
WHERE n.user_id = $user_id AND n.embedding IS NOT NULL AND NOT n:Person
CALL (n) {
  CALL (n) {
    WITH n WHERE NOT $by_index
    CALL () {
      MATCH (m:Concept {user_id: $user_id}) WHERE m.canonical_name IS NOT NULL RETURN m
      UNION ALL
      MATCH (m:Entity {user_id: $user_id}) WHERE m.canonical_name IS NOT NULL RETURN m
    }
    WITH n, m WHERE m <> n AND m.embedding IS NOT NULL
    RETURN m, 2 * vector.similarity.cosine(n.embedding, m.embedding) - 1 AS similarity
    UNION
    WITH n WHERE $by_index
    CALL db.index.vector.queryNodes($vector_index, $candidates, n.embedding)
    YIELD node, score
    WITH n, node AS m, score
    WHERE m.user_id = $user_id AND (m:Concept OR m:Entity) AND m <> n
    RETURN m, 2 * score - 1 AS similarity
  }
  WITH n, m, similarity, split(n.canonical_name, ' ') AS words_n, split(m.canonical_name, ' ') AS words_m
  WHERE similarity >= $low AND similarity < $high AND NOT (n)--(m)
    // two new nodes alike are linked once, from the one with the greater uid: a link
    // written for an earlier row is not seen by a later one of the same statement
    AND NOT (m.uid IN $uids AND m.uid > n.uid)
    AND CASE
      // names with a word in common are alike in meaning when the words of one are all
      // the other's ("Porto Design Studio" is in Porto, "LGBTQ" is what "LGBTQ support
      // group" is about); "LGBTQ conference" and "LGBTQ support group" are two events,
      // "acl injury" and "wrist injury" two injuries
      WHEN any(w IN words_n WHERE w IN words_m)
        THEN all(w IN words_n WHERE w IN words_m) OR all(w IN words_m WHERE w IN words_n)
      // no word in common: two common nouns may be alike in meaning ("jazz guitarist",
      // "musician"), a named thing only when more than its name is known ("Juniper,
      // Marcus's greyhound"): "Porto" and "Lisbon" only share a category, and a bare name
      // embeds like whatever its letters suggest ("Pizz" and "sourdough", 0.80)
      ELSE NOT (n:Entity AND m:Entity)
           AND none(x IN [n, m] WHERE x:Entity AND coalesce(x.description, '') = ''
                                      AND coalesce(x.entity_type, '') = '')
    END
  RETURN m, similarity ORDER BY similarity DESC LIMIT $max_links
}
CREATE (n)-[r:RELATED_TO]->(m)
SET r += $props, r.uid = replace(randomUUID(), '-', ''), r.user_id = $user_id, r.auto_linked = true,
    r.description = 'similar in meaning (auto-linked, cosine ' + toString(round(similarity, 2)) + ')',
    r.strength = similarity
RETURN count(r) AS links
