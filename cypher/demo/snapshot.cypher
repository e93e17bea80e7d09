// Every memory node of one user with its lifecycle state (the demo compares two of these).
MATCH (n:Memory {user_id: $user_id})
RETURN n.uid AS uid, [l IN labels(n) WHERE l <> 'Memory'][0] AS kind,
       coalesce(n.name, left(n.raw_content, 40)) AS name, n.state AS state,
       n.salience AS salience
