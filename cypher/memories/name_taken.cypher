// Another semantic node of the same kind and tenant that already has $canonical_name (the
// uniqueness constraints would refuse the rename): the caller answers with a conflict.
MATCH (n:Memory {uid: $uid}) USING INDEX SEEK n:Memory(uid)
WHERE n.user_id = $user_id
MATCH (o:Person|Concept|Entity {user_id: $user_id, canonical_name: $canonical_name})
WHERE o <> n AND any(l IN labels(o) WHERE l IN labels(n) AND l IN [{{kinds}}])
RETURN o.uid AS uid, o.name AS name, [l IN labels(o) WHERE l IN [{{kinds}}]][0] AS kind
LIMIT 1
