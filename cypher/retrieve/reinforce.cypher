// Seed 001 "Salience Updates" for everything one explore()/traverse() call returned, in
// one write. Mirrors memgraph/retrieve/reinforce.py (tests check one against the other).
// $items: [{eid, uid, now}] for nodes and relationships alike, `now` the time of the
// recall (the write-behind queue merges several calls' items into one statement, each
// element at most once: memgraph/graph/write_behind.py); $user_id;
// $alpha, $core_after, $gradient_up, $gradient_down, $gradient_floor.
// Elements are locked in element-id order. Two calls over the same results still
// deadlocked now and then under load (retried after 1 s): by default one process writes
// its recalls one statement at a time, behind the calls (memgraph/graph/write_behind.py).
UNWIND $items AS item
WITH item ORDER BY item.eid
OPTIONAL MATCH (n) WHERE elementId(n) = item.eid
OPTIONAL MATCH ()-[r]->() WHERE n IS NULL AND elementId(r) = item.eid
WITH item, coalesce(n, r) AS e
WITH e, item WHERE e IS NOT NULL AND e.uid = item.uid AND e.user_id = $user_id
WITH e, item.now AS now
// The write lock comes FIRST: the counters are incremented in a SET that reads them
// (Neo4j locks the element before such a read), and everything below is read under the
// lock. Read in a WITH and written back later, a count lost concurrent increments
// (read committed): 8 threads x 40 explores of the same results left access_count at
// ~120 of 320, and promotion to core depends on it.
SET e.access_count = coalesce(e.access_count, 0) + 1,
    e.recall_frequency = coalesce(e.recall_frequency, 0) + 1
WITH e, now,
     e.last_accessed_at AS previous,
     coalesce(e.last_recall_interval, 0.0) AS last_interval,
     coalesce(e.decay_gradient, 1.0) AS gradient,
     e.access_count AS count,
     coalesce(e.state, 'candidate') AS state
WITH e, now, last_interval, gradient, count, state,
     CASE WHEN previous IS NULL THEN null
          ELSE duration.inSeconds(previous, now) END AS elapsed
WITH e, now, last_interval, gradient, count, state,
     CASE WHEN elapsed IS NULL THEN null
          WHEN elapsed.seconds < 0 THEN 0.0
          ELSE (elapsed.seconds + elapsed.nanosecondsOfSecond / 1.0e9) / 86400.0 END AS interval
SET e.salience = CASE WHEN coalesce(e.salience, 0.5) + $alpha > 1.0 THEN 1.0
                      ELSE coalesce(e.salience, 0.5) + $alpha END,
    e.state = CASE WHEN state IN ['candidate', 'archived'] THEN 'active'
                   WHEN state = 'active' AND count >= $core_after THEN 'core'
                   ELSE state END,
    e.decay_gradient = CASE
        WHEN interval IS NULL OR last_interval <= 0 THEN gradient
        WHEN interval > last_interval THEN gradient + $gradient_up
        WHEN interval < last_interval THEN
             CASE WHEN gradient - $gradient_down < $gradient_floor THEN $gradient_floor
                  ELSE gradient - $gradient_down END
        ELSE gradient END,
    e.last_recall_interval = coalesce(interval, last_interval),
    e.last_accessed_at = now
// relabel only a node whose labels no longer match (as decay does): a recall that leaves
// its state and salience band as they were rewrites no labels. `node` is null for a
// relationship, whose labels() would fail (Cypher does not promise to skip the second
// operand of an AND).
WITH e, CASE WHEN e IS :: NODE THEN e END AS node
FOREACH (stale IN CASE WHEN node IS NOT NULL AND (
  {{> fragments/lifecycle_labels_stale node=node}}
) THEN [node] ELSE [] END |
  {{> fragments/relabel node=stale}}
)
RETURN count(e) AS reinforced
