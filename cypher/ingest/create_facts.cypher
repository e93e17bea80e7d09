// New facts (a structured batch, or one source's) with their final properties, as planned by
// memgraph/ingest/facts.py (reinforcements within the batch and supersession already
// applied). row.type is checked against vocabulary.RELATIONSHIP_TYPES before it gets
// here. The stamps created_at, updated_at and ingested_at are $now; row.event_at,
// row.valid_from and row.valid_to are ISO-8601 text or null, parsed here (cheaper than
// the driver's datetime encoding, see ingest/create_sources).
UNWIND $rows AS row
MATCH (a:Memory {uid: row.from_uid}) USING INDEX SEEK a:Memory(uid) WHERE a.user_id = $user_id
MATCH (b:Memory {uid: row.to_uid}) USING INDEX SEEK b:Memory(uid) WHERE b.user_id = $user_id
CREATE (a)-[r:$(row.type)]->(b)
SET r += row.props, r.user_id = $user_id, r.created_at = $now, r.updated_at = $now,
    r.ingested_at = $now, r.event_at = datetime(row.event_at),
    r.valid_from = datetime(row.valid_from), r.valid_to = datetime(row.valid_to)
{{> fragments/store_vector element=r key=embedding type=Relationship}}
RETURN count(r) AS created
