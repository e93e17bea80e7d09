// The extraction state of one source.
MATCH (s:Memory {uid: $source_uid}) USING INDEX SEEK s:Memory(uid) WHERE s:Source AND s.user_id = $user_id
RETURN s.uid AS uid, s.extraction_status AS status, s.extraction_error AS error,
       s.extraction_attempts AS attempts, s.llm_calls AS llm_calls,
       s.tokens_used AS tokens_used
