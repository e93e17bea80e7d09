// Dimensions of each vector index (to compare with the configured embedder).
SHOW VECTOR INDEXES YIELD name, options, state
RETURN name, options.indexConfig.`vector.dimensions` AS dimensions, state
