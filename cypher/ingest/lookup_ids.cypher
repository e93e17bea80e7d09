// Which of $ids are nodes or semantic relationships of this user (the tools refuse the rest).
UNWIND $ids AS id
CALL (id) {
  MATCH (n:Memory {uid: id}) USING INDEX SEEK n:Memory(uid) WHERE n.user_id = $user_id
  RETURN n.uid AS uid, [l IN labels(n) WHERE l IN [{{kinds}}]][0] AS kind,
         coalesce(n.name, '') AS name, false AS is_relationship
  UNION
  MATCH ()-[r:{{semantic_types}}]->()
  WHERE r.uid = id AND r.user_id = $user_id
  RETURN r.uid AS uid, type(r) AS kind, coalesce(r.description, '') AS name,
         true AS is_relationship
}
RETURN uid, kind, name, is_relationship
