// The size classes of the user ids the database holds, as Neo4j's plan cache sizes a text
// parameter: up to 1, 10, 100 or 1,000 characters (a user id has at most 128). Read by the
// warm-up (memgraph/warm_up.py), which plans the common queries once per class; only the
// ids' lengths leave the server. Every tenant, on purpose: plans are the server's.
MATCH (u:User)
WITH size(u.user_id) AS length
RETURN collect(DISTINCT CASE WHEN length <= 1 THEN 1 WHEN length <= 10 THEN 10
                             WHEN length <= 100 THEN 100 ELSE 1000 END) AS classes
