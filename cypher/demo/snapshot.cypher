// Every memory node of one user with its lifecycle state, description, notes and how many
// sources it was consolidated from (the demo compares two of these).
MATCH (n:Memory {user_id: $user_id})
RETURN n.uid AS uid, [l IN labels(n) WHERE l IN [{{kinds}}]][0] AS kind,
       coalesce(n.name, left(n.raw_content, 40)) AS name, n.state AS state,
       n.salience AS salience, n.archived_reason AS archived_reason,
       coalesce(n.description, '') AS description, coalesce(n.notes, []) AS notes,
       COUNT { (n)-[:DERIVED_FROM]->() } AS derived_from
