// The node that stands for a whole document (seed 001's Artifact; issue 11 calls it the
// Document): one per user and uri (the `artifact_uri` constraint), holding its title, path,
// checksum and size; its chunks are Sources linked by HAS_CHUNK (ingest/link_chunks).
// $create carries the lifecycle's initial values, $props what each version rewrites.
MERGE (a:Artifact:Memory {user_id: $user_id, uri: $uri})
ON CREATE SET a += $create, a.created_at = $now, a.ingested_at = $now
SET a += $props, a.event_at = datetime($event_at), a.updated_at = $now
{{> fragments/relabel node=a}}
{{> fragments/store_vector element=a key=embedding type=Node}}
{{> fragments/tenant_label node=a}}
RETURN a.uid AS uid, a.uid = $create.uid AS created
