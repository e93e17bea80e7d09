// The definition of the full-text index `memory_text` (properties and analyzer), compared
// by `memgraph init` with cypher/schema/v1.cypher to recreate an index from an older
// definition (an IF NOT EXISTS statement never changes an existing index).
SHOW FULLTEXT INDEXES YIELD name, properties, options
WHERE name = 'memory_text'
RETURN properties, options.indexConfig.`fulltext.analyzer` AS analyzer
