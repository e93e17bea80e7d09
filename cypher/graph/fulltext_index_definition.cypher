// The definitions of the full-text indexes (labels, properties and analyzer), compared by
// `memgraph init` with cypher/schema/ to recreate an index from an older definition (an
// IF NOT EXISTS statement never changes an existing index).
SHOW FULLTEXT INDEXES YIELD name, labelsOrTypes, properties, options
WHERE name IN ['memory_text', 'relationship_text', 'summary_text']
RETURN name, labelsOrTypes AS labels, properties,
       options.indexConfig.`fulltext.analyzer` AS analyzer
