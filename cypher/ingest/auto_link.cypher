// Zettelkasten links (seed 002): each new node gets RELATED_TO links to the most similar
// semantic nodes of the same user whose cosine is in [$low, $high), at most $max_links,
// skipping nodes it is already connected to. Candidates as in ingest/similar_nodes: every
// semantic node of a small tenant (exact), else the tenant's nodes among the vector
// index's $candidates nearest neighbours (approximate; committed nodes only). A person is
// never linked: a name has no meaning to be similar in (on the labelled sample of
// bench/autolink_precision.py no link to a person is right; "Kyoto" -> "Hana" was written
// at cosine 0.80); what joins people is what was said about them. Two named entities are
// linked only when their names share a word (the sample's wrong links that bge-small still
// made from its floor were two cities, "Porto" and "Lisbon", "Hamburg" and "Berlin").
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
  WITH n, m, similarity
  WHERE similarity >= $low AND similarity < $high AND NOT (n)--(m)
    // two new nodes alike are linked once, from the one with the greater uid: a link
    // written for an earlier row is not seen by a later one of the same statement
    AND NOT (m.uid IN $uids AND m.uid > n.uid)
    // two named things are alike in meaning only when a name says so ("Porto Design
    // Studio" and "Porto"); "Porto" and "Lisbon" only share a category
    AND (NOT (n:Entity AND m:Entity)
         OR any(w IN split(n.canonical_name, ' ') WHERE w IN split(m.canonical_name, ' ')))
  RETURN m, similarity ORDER BY similarity DESC LIMIT $max_links
}
CREATE (n)-[r:RELATED_TO]->(m)
SET r += $props, r.uid = replace(randomUUID(), '-', ''), r.user_id = $user_id, r.auto_linked = true,
    r.description = 'similar in meaning (auto-linked, cosine ' + toString(round(similarity, 2)) + ')',
    r.strength = similarity
RETURN count(r) AS links
