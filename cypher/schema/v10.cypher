// Schema version 10: occupations and what one avoids (HAS_OCCUPATION, AVOIDS). Applied by
// `memgraph init` after v9 (memgraph/graph/schema.py); idempotent.
//
// "I'm a nurse", "Tom works as a chef": what someone does, with or without an employer.
// "I'm vegetarian", "Luis is allergic to nuts": what someone keeps away from. Each is a
// fact of its own type (memgraph/graph/vocabulary.py). Like every semantic type each has
// an id index, and the relationship full-text index lists it (v1.cypher, whose list a
// test keeps equal to the vocabulary's): `init` recreates an index whose types differ.
CREATE INDEX rel_has_occupation_uid IF NOT EXISTS FOR ()-[r:HAS_OCCUPATION]-() ON (r.uid);
CREATE INDEX rel_avoids_uid IF NOT EXISTS FOR ()-[r:AVOIDS]-() ON (r.uid);
