// The definitions of the full-text indexes (properties and analyzer), compared by
// `memgraph init` with cypher/schema/v1.cypher to recreate an index from an older
// definition (an IF NOT EXISTS statement never changes an existing index).
SHOW FULLTEXT INDEXES YIELD name, properties, options
WHERE name IN ['memory_text', 'relationship_text']
RETURN name, properties, options.indexConfig.`fulltext.analyzer` AS analyzer
