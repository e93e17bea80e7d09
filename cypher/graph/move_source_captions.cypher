// Migration run by every `memgraph init` (a no-op once done): sources written before the
// caption had its own property carried it in `name`, which the full-text index
// `memory_text` searches, so a message's first words and speaker counted twice, in a short
// field that BM25 favours (docs/retrieval.md, "Captions"). Move it to `caption`.
MATCH (s:Source)
WHERE s.caption IS NULL AND coalesce(s.name, '') <> ''
CALL (s) {
  SET s.caption = s.name, s.name = ''
} IN TRANSACTIONS OF 10000 ROWS
