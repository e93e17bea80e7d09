// A tenant's own vector index, on its label (a schema command takes no label parameter:
// the label is filled in by cypher.with_identifiers). Same options as `memory_embedding`
// (schema/v1.cypher).
CREATE VECTOR INDEX $index IF NOT EXISTS FOR (n:{{=label}}) ON n.embedding OPTIONS {indexConfig: {`vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine'}}
