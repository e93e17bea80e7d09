// What extraction needs of a stored source (to resume one left pending or failed).
MATCH (s:Memory {uid: $source_uid}) USING INDEX SEEK s:Memory(uid) WHERE s:Source AND s.user_id = $user_id
RETURN s.uid AS uid, s.user_id AS user_id, s.raw_content AS content,
       s.session_id AS session_id, s.speaker AS speaker, s.event_at AS event_at,
       s.source_kind AS kind, s.extraction_status AS status
