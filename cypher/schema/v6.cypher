// Schema version 6: summaries in a full-text index of their own. Applied by `memgraph init`
// after v5 (memgraph/graph/schema.py); idempotent. `init` first recreates a `memory_text`
// that still holds Storylines and Macros (its definition in v1.cypher no longer does).
//
// A summary restates its evidence. In the evidence's index, the nightly storylines job
// changed the evidence's term statistics, and so what a question about one detail
// returned, although no summary was among the answers. explore() reads `summary_text`
// only when summaries compete (docs/retrieval.md, "Session 17").
CREATE FULLTEXT INDEX summary_text IF NOT EXISTS FOR (n:Storyline|Macro) ON EACH [n.name, n.aliases, n.description, n.notes, n.search_text, n.user_id] OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}};

// Their vectors leave the shared vector index too: a summary's vector is
// `summary_embedding` (cypher/jobs/write_storylines.cypher, write_macros.cypher), scored
// exactly when summaries compete. Among the index's nearest neighbours a summary took the
// place of evidence, and the tenant's share of the index, which sizes how many neighbours
// are asked for (memgraph/retrieve/vector_plan.py), counted them. Summaries written before
// carry `embedding`: moved here.
MATCH (n:Storyline) WHERE n.embedding IS NOT NULL
SET n.summary_embedding = n.embedding REMOVE n.embedding;
MATCH (n:Macro) WHERE n.embedding IS NOT NULL
SET n.summary_embedding = n.embedding REMOVE n.embedding;
