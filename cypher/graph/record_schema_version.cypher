// Record the applied schema version (kept as one node you can read in Browser).
MERGE (v:SchemaVersion {uid: 'memgraph'})
ON CREATE SET v.first_applied_at = datetime()
SET v.version = $version,
    v.applied_at = datetime(),
    v.embedding_dimensions = $dimensions,
    v.embedding_model = $embedding_model
RETURN v.version AS version
