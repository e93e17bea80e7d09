// Migration run by `memgraph init` when `memory_text` is recreated: sources written before
// `search_text` existed get it ("speaker: text", as memgraph/ingest/properties.py writes).
MATCH (s:Source)
WHERE s.search_text IS NULL AND s.raw_content IS NOT NULL
CALL (s) {
  SET s.search_text = CASE WHEN coalesce(s.speaker, '') = '' THEN s.raw_content
                           ELSE s.speaker + ': ' + s.raw_content END
} IN TRANSACTIONS OF 10000 ROWS
