// Schema version 1. Applied by `memgraph init` (memgraph/graph/schema.py), statement
// by statement; every statement is idempotent (IF NOT EXISTS).
// $dimensions comes from the configured embedder.

// Identity and tenancy
CREATE CONSTRAINT memory_uid IF NOT EXISTS FOR (n:Memory) REQUIRE n.uid IS UNIQUE;
CREATE CONSTRAINT user_id IF NOT EXISTS FOR (u:User) REQUIRE u.user_id IS UNIQUE;
CREATE CONSTRAINT person_name IF NOT EXISTS FOR (n:Person) REQUIRE (n.user_id, n.canonical_name) IS UNIQUE;
CREATE CONSTRAINT concept_name IF NOT EXISTS FOR (n:Concept) REQUIRE (n.user_id, n.canonical_name) IS UNIQUE;
CREATE CONSTRAINT entity_name IF NOT EXISTS FOR (n:Entity) REQUIRE (n.user_id, n.canonical_name) IS UNIQUE;
CREATE CONSTRAINT source_idempotency IF NOT EXISTS FOR (s:Source) REQUIRE (s.user_id, s.idempotency_key) IS UNIQUE;
// A document (Artifact) is one per user and path or stream name: a re-ingest finds it, two
// users ingesting the same file each get their own.
CREATE CONSTRAINT artifact_uri IF NOT EXISTS FOR (a:Artifact) REQUIRE (a.user_id, a.uri) IS UNIQUE;
CREATE CONSTRAINT job_lock_name IF NOT EXISTS FOR (l:JobLock) REQUIRE l.name IS UNIQUE;
CREATE CONSTRAINT job_run_uid IF NOT EXISTS FOR (r:JobRun) REQUIRE r.uid IS UNIQUE;
CREATE CONSTRAINT merge_log_uid IF NOT EXISTS FOR (m:MergeLog) REQUIRE m.uid IS UNIQUE;
CREATE CONSTRAINT schema_version_uid IF NOT EXISTS FOR (v:SchemaVersion) REQUIRE v.uid IS UNIQUE;
// HTTP API keys (stored hashed) and the audit records of corrections and deletions
CREATE CONSTRAINT api_key_uid IF NOT EXISTS FOR (k:ApiKey) REQUIRE k.uid IS UNIQUE;
CREATE CONSTRAINT api_key_hash IF NOT EXISTS FOR (k:ApiKey) REQUIRE k.key_hash IS UNIQUE;
CREATE CONSTRAINT audit_record_uid IF NOT EXISTS FOR (a:AuditRecord) REQUIRE a.uid IS UNIQUE;
CREATE INDEX audit_user_target IF NOT EXISTS FOR (a:AuditRecord) ON (a.user_id, a.target_uid);
CREATE INDEX api_key_user IF NOT EXISTS FOR (k:ApiKey) ON (k.user_id);

// Tenant + lifecycle lookups (range indexes)
CREATE INDEX memory_user IF NOT EXISTS FOR (n:Memory) ON (n.user_id);
CREATE INDEX memory_user_state IF NOT EXISTS FOR (n:Memory) ON (n.user_id, n.state);
CREATE INDEX memory_user_dirty IF NOT EXISTS FOR (n:Memory) ON (n.user_id, n.is_dirty);
// Not indexed on purpose (docs/lifecycle.md, "Decay and cleanup at a million"): salience,
// last_decayed_at and notes_next_expiry. Decay rewrites the first two on every element every
// night and cleanup the third; no query seeks by them, and each index update cost more than
// the scans it could save. Earlier installs drop the indexes they had.
DROP INDEX memory_user_salience IF EXISTS;
DROP INDEX memory_state_decayed IF EXISTS;
DROP INDEX memory_user_next_expiry IF EXISTS;
CREATE INDEX source_user_event IF NOT EXISTS FOR (s:Source) ON (s.user_id, s.event_at);
CREATE INDEX source_user_status IF NOT EXISTS FOR (s:Source) ON (s.user_id, s.extraction_status);
CREATE INDEX source_user_session IF NOT EXISTS FOR (s:Source) ON (s.user_id, s.session_id);
CREATE INDEX source_user_external IF NOT EXISTS FOR (s:Source) ON (s.user_id, s.external_id);
CREATE INDEX job_run_name IF NOT EXISTS FOR (r:JobRun) ON (r.job, r.started_at);
CREATE INDEX person_aliases IF NOT EXISTS FOR (n:Person) ON (n.user_id, n.aliases);
CREATE INDEX concept_aliases IF NOT EXISTS FOR (n:Concept) ON (n.user_id, n.aliases);
CREATE INDEX entity_aliases IF NOT EXISTS FOR (n:Entity) ON (n.user_id, n.aliases);

// Relationships: one id index per semantic type (a lookup by id unions these seeks)
CREATE INDEX rel_knows_uid IF NOT EXISTS FOR ()-[r:KNOWS]-() ON (r.uid);
CREATE INDEX rel_friend_of_uid IF NOT EXISTS FOR ()-[r:FRIEND_OF]-() ON (r.uid);
CREATE INDEX rel_family_of_uid IF NOT EXISTS FOR ()-[r:FAMILY_OF]-() ON (r.uid);
CREATE INDEX rel_partner_of_uid IF NOT EXISTS FOR ()-[r:PARTNER_OF]-() ON (r.uid);
CREATE INDEX rel_colleague_of_uid IF NOT EXISTS FOR ()-[r:COLLEAGUE_OF]-() ON (r.uid);
CREATE INDEX rel_works_at_uid IF NOT EXISTS FOR ()-[r:WORKS_AT]-() ON (r.uid);
CREATE INDEX rel_works_on_uid IF NOT EXISTS FOR ()-[r:WORKS_ON]-() ON (r.uid);
CREATE INDEX rel_studies_at_uid IF NOT EXISTS FOR ()-[r:STUDIES_AT]-() ON (r.uid);
CREATE INDEX rel_member_of_uid IF NOT EXISTS FOR ()-[r:MEMBER_OF]-() ON (r.uid);
CREATE INDEX rel_lives_in_uid IF NOT EXISTS FOR ()-[r:LIVES_IN]-() ON (r.uid);
CREATE INDEX rel_from_uid IF NOT EXISTS FOR ()-[r:FROM]-() ON (r.uid);
CREATE INDEX rel_visited_uid IF NOT EXISTS FOR ()-[r:VISITED]-() ON (r.uid);
CREATE INDEX rel_attended_uid IF NOT EXISTS FOR ()-[r:ATTENDED]-() ON (r.uid);
CREATE INDEX rel_likes_uid IF NOT EXISTS FOR ()-[r:LIKES]-() ON (r.uid);
CREATE INDEX rel_dislikes_uid IF NOT EXISTS FOR ()-[r:DISLIKES]-() ON (r.uid);
CREATE INDEX rel_interested_in_uid IF NOT EXISTS FOR ()-[r:INTERESTED_IN]-() ON (r.uid);
CREATE INDEX rel_owns_uid IF NOT EXISTS FOR ()-[r:OWNS]-() ON (r.uid);
CREATE INDEX rel_uses_uid IF NOT EXISTS FOR ()-[r:USES]-() ON (r.uid);
CREATE INDEX rel_created_uid IF NOT EXISTS FOR ()-[r:CREATED]-() ON (r.uid);
CREATE INDEX rel_part_of_uid IF NOT EXISTS FOR ()-[r:PART_OF]-() ON (r.uid);
CREATE INDEX rel_has_goal_uid IF NOT EXISTS FOR ()-[r:HAS_GOAL]-() ON (r.uid);
CREATE INDEX rel_experienced_uid IF NOT EXISTS FOR ()-[r:EXPERIENCED]-() ON (r.uid);
CREATE INDEX rel_related_to_uid IF NOT EXISTS FOR ()-[r:RELATED_TO]-() ON (r.uid);
CREATE INDEX rel_mentions_user IF NOT EXISTS FOR ()-[r:MENTIONS]-() ON (r.user_id);

// Full-text: names, descriptions, notes and source text with its speaker and event date
// (`search_text`, "speaker (8 May 2023): text"). The english analyzer stems and drops stop words: questions are full of
// "what", "did", "the" that otherwise outweigh the words that matter. `memgraph init`
// recreates the index when an existing one has another definition (memgraph/graph/schema.py).
// Storylines and Macros have their own index (v6.cypher).
CREATE FULLTEXT INDEX memory_text IF NOT EXISTS FOR (n:Person|Concept|Entity|Source|Artifact) ON EACH [n.name, n.aliases, n.description, n.notes, n.search_text, n.user_id] OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}};
CREATE FULLTEXT INDEX relationship_text IF NOT EXISTS FOR ()-[r:KNOWS|FRIEND_OF|FAMILY_OF|PARTNER_OF|COLLEAGUE_OF|WORKS_AT|HAS_OCCUPATION|WORKS_ON|STUDIES_AT|MEMBER_OF|LIVES_IN|FROM|VISITED|ATTENDED|LIKES|DISLIKES|INTERESTED_IN|OWNS|USES|CREATED|PART_OF|HAS_GOAL|AVOIDS|EXPERIENCED|RELATED_TO]-() ON EACH [r.description, r.notes, r.user_id];

// Vectors: one index over every memory node; dimensions from the embedder
CREATE VECTOR INDEX memory_embedding IF NOT EXISTS FOR (n:Memory) ON n.embedding OPTIONS {indexConfig: {`vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine'}};
