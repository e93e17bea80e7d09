// The definitions of the tenants' own full-text indexes (memgraph/graph/tenant_index.py),
// compared by `memgraph init` with `memory_text`'s: one made from an older definition is
// given up, and its tenant is due again.
SHOW FULLTEXT INDEXES YIELD name, properties, options
WHERE name STARTS WITH 'memory_text_'
RETURN name, properties, options.indexConfig.`fulltext.analyzer` AS analyzer
