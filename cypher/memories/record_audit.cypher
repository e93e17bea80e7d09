// One audit record (who, when, what) of a correction or deletion, written in the same
// transaction as the change. It keeps the kind and uid of what was changed and, for a
// correction, the values before and after; a deletion keeps no content (what was forgotten
// stays forgotten). It points at the memory when that still exists, so Browser shows the
// record next to it; `name` is its caption.
CREATE (a:AuditRecord {uid: $audit_uid, user_id: $user_id, action: $action, actor: $actor,
                       at: $now, target_uid: $target_uid, target_kind: $target_kind,
                       name: $caption, details: $details})
WITH a
CALL (a) {
  MATCH (n:Memory {uid: $target_uid}) USING INDEX SEEK n:Memory(uid)
  WHERE n.user_id = $user_id
  CREATE (a)-[:AUDITS]->(n)
}
RETURN a.uid AS uid
