// Schema version 5: a tenant's sources found by their speaker. Applied by `memgraph init`
// after v4 (memgraph/graph/schema.py); idempotent.
//
// A person's story holds what they said as well as what others said of them: the
// storylines job reads a speaker's messages by this index
// (cypher/jobs/storyline_evidence.cypher), not by scanning the tenant's sources once per
// person.
CREATE INDEX source_user_speaker IF NOT EXISTS FOR (s:Source) ON (s.user_id, s.speaker);
