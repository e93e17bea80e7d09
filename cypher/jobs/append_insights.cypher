// Consolidation step 3-4: append each insight as a note on its semantic node (lifetime
// $lifetime, provenance = the newest source of the cluster) and link the node to every
// source it was distilled from with DERIVED_FROM. Runs in the same transaction as
// archive_sources.cypher, so a cluster is consolidated entirely or not at all.
UNWIND $insights AS ins
MATCH (n:Memory {uid: ins.node_uid}) USING INDEX SEEK n:Memory(uid)
WHERE n.user_id = $user_id
WITH n, ins, {text: ins.text, added_at: $as_of, expires_at: $expires_at, lifetime: $lifetime,
              source_id: ins.latest_source} AS note
{{> fragments/append_note}}
WITH n, ins
UNWIND ins.source_uids AS source_uid
MATCH (s:Memory {uid: source_uid}) USING INDEX SEEK s:Memory(uid)
WHERE s.user_id = $user_id
MERGE (n)-[d:DERIVED_FROM]->(s)
  ON CREATE SET d.user_id = $user_id, d.created_at = $as_of, d.run_id = $run_id
RETURN count(d) AS links
