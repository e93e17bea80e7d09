// Extraction failed: the Source keeps its raw content with status failed and the error,
// ready for `memgraph ingest --retry-failed`. Tokens spent are still counted. A source
// another run finished meanwhile stays done.
MATCH (s:Memory {uid: $source_uid}) USING INDEX SEEK s:Memory(uid) WHERE s:Source AND s.user_id = $user_id
  AND s.extraction_status <> 'done'
SET s.extraction_status = 'failed', s.extraction_error = $error,
    s.extraction_attempts = s.extraction_attempts + 1,
    s.llm_calls = s.llm_calls + $llm_calls, s.tokens_used = s.tokens_used + $tokens_used,
    s.updated_at = $now
RETURN s.uid AS uid
