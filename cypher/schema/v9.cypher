// Schema version 9: a session's last message is marked (`session_tail: true`). Applied by
// `memgraph init` after v8 (memgraph/graph/schema.py); idempotent.
//
// A new message of a session follows the session's last one (cypher/ingest/chain_sources.cypher)
// and is embedded after it (cypher/ingest/session_tails.cypher). Found as the message
// with no NEXT, that read every message of the session: ingest() into a session of 20,000
// messages took twice as long as into a new one (docs/benchmarks.md, "Ingestion with each
// default"). The mark is one index seek; chain_sources moves it, a deletion hands it back.
CREATE INDEX source_session_tail IF NOT EXISTS FOR (s:Source) ON (s.user_id, s.session_id, s.session_tail);
// A database recorded before v9 gets the mark on every message that ends a session's chain.
OPTIONAL MATCH (v:SchemaVersion {uid: 'memgraph'})
WITH v WHERE v.version < 9
MATCH (s:Source) WHERE s.session_id <> '' AND s.session_tail IS NULL AND NOT (s)-[:NEXT]->()
CALL (s) {
  SET s.session_tail = true
} IN TRANSACTIONS OF 10000 ROWS;
