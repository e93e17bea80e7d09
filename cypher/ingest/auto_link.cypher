// Zettelkasten links (seed 002): each new node gets RELATED_TO links to the most similar
// semantic nodes of the same user whose cosine is in [$low, $high), at most $max_links,
// skipping nodes it is already connected to. Exact cosine over the tenant's nodes.
UNWIND $uids AS uid
MATCH (n:Memory {uid: uid}) WHERE n.user_id = $user_id AND n.embedding IS NOT NULL
CALL (n) {
  MATCH (m:Memory {user_id: $user_id})
  WHERE (m:Person OR m:Concept OR m:Entity) AND m <> n AND m.embedding IS NOT NULL
  WITH m, 2 * vector.similarity.cosine(n.embedding, m.embedding) - 1 AS similarity
  WHERE similarity >= $low AND similarity < $high AND NOT (n)--(m)
  RETURN m, similarity ORDER BY similarity DESC LIMIT $max_links
}
CREATE (n)-[r:RELATED_TO]->(m)
SET r += $props, r.uid = replace(randomUUID(), '-', ''), r.user_id = $user_id,
    r.description = 'similar in meaning (auto-linked, cosine ' + toString(round(similarity, 2)) + ')',
    r.strength = similarity
RETURN count(r) AS links
