// Migration run by `memgraph init` when `memory_text` is recreated: sources written before
// `search_text` existed get it, "speaker (8 May 2023): text", exactly as
// memgraph/ingest/properties.py `source_search_text` writes it (the event date in UTC).
// $user_id: one tenant, or null for every tenant (the migration).
MATCH (s:Source)
WHERE s.search_text IS NULL AND s.raw_content IS NOT NULL
  AND ($user_id IS NULL OR s.user_id = $user_id)
CALL (s) {
  WITH s, coalesce(s.event_at, s.ingested_at, s.created_at) AS moment
  WITH s, CASE WHEN moment IS NULL THEN null
               ELSE datetime({datetime: moment, timezone: 'UTC'}) END AS t
  WITH s, CASE WHEN t IS NULL THEN '' ELSE toString(t.day) + ' '
       + ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August',
          'September', 'October', 'November', 'December'][t.month - 1]
       + ' ' + toString(t.year) END AS day
  SET s.search_text = CASE
    WHEN day = '' THEN CASE WHEN coalesce(s.speaker, '') = '' THEN s.raw_content
                            ELSE s.speaker + ': ' + s.raw_content END
    WHEN coalesce(s.speaker, '') = '' THEN '(' + day + ') ' + s.raw_content
    ELSE s.speaker + ' (' + day + '): ' + s.raw_content END
} IN TRANSACTIONS OF 10000 ROWS
