// The schema version `memgraph init` recorded, if any.
OPTIONAL MATCH (v:SchemaVersion {uid: 'memgraph'})
RETURN v.version AS version, v.applied_at AS applied_at, v.embedding_dimensions AS dimensions
