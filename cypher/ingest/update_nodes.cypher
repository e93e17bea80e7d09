// Update existing semantic nodes of one user: add aliases and attributes, fill an empty
// description (or replace it when row.set_description), keep the higher confidence
// (or set it when row.set_confidence). A changed description marks the node dirty so the
// nightly consolidation re-embeds it.
UNWIND $rows AS row
MATCH (n:Memory {uid: row.uid}) USING INDEX SEEK n:Memory(uid)
WHERE n.user_id = $user_id
WITH row, n, [x IN coalesce(n.aliases, []) | toLower(x)] + toLower(n.name) AS taken,
     CASE WHEN row.set_description THEN row.description
          WHEN coalesce(n.description, '') = '' THEN row.description
          ELSE n.description END AS description
SET n.aliases = coalesce(n.aliases, []) + [a IN row.aliases WHERE NOT toLower(a) IN taken],
    n.attributes = coalesce(n.attributes, [])
                   + [a IN row.attributes WHERE NOT a IN coalesce(n.attributes, [])],
    n.is_dirty = coalesce(n.is_dirty, false) OR description <> coalesce(n.description, ''),
    n.description = description,
    n.confidence = CASE WHEN row.set_confidence THEN row.confidence
                        WHEN row.confidence > n.confidence THEN row.confidence
                        ELSE n.confidence END,
    n.updated_at = $now
RETURN row.ref AS ref, n.uid AS uid, n.name AS name
