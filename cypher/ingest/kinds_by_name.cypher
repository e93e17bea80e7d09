// Which of $keys (canonical names) already name a semantic node of this user, and as what
// kind: lets the offline extractor attach a bare mention ("Sam", "Priya") to the right node.
UNWIND $keys AS key
CALL (key) {
  MATCH (n:Person {user_id: $user_id, canonical_name: key}) RETURN 'Person' AS kind
  UNION
  MATCH (n:Concept {user_id: $user_id, canonical_name: key}) RETURN 'Concept' AS kind
  UNION
  MATCH (n:Entity {user_id: $user_id, canonical_name: key}) RETURN 'Entity' AS kind
}
RETURN key, collect(kind)[0] AS kind
