// The first statement of a source's write transaction: write-lock the Source (a property
// set) and read its status under the lock. Two runs of the same source (a rerun that
// resumes a pending source while the first run is still alive, or --retry-failed at the
// same time) queue here; the second sees 'done' and writes nothing, so a source's facts
// land exactly once.
MATCH (s:Memory {uid: $source_uid}) USING INDEX SEEK s:Memory(uid) WHERE s:Source AND s.user_id = $user_id
SET s.updated_at = $now
RETURN s.extraction_status AS status
