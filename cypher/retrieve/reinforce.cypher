// Seed 001 "Salience Updates" for everything one explore()/traverse() call returned, in
// one write. Mirrors memgraph/retrieve/reinforce.py (tests check one against the other).
// $items: [{eid, uid, times}] for nodes and relationships alike, `times` the times of the
// element's recalls in the order they happened (the write-behind queue merges several
// calls' items into one statement, each element once with all its recalls:
// memgraph/graph/write_behind.py); $user_id;
// $alpha, $core_after, $gradient_up, $gradient_down, $gradient_floor.
// Nodes first, then relationships, each in element-id order, so two writes over the same
// elements queue instead of deadlocking. Two things still made them deadlock (4 threads
// x 150 writes of the same 10 nodes, session 22: 295 of 600 writes of the previous text
// failed): one variable for nodes and relationships alike (`coalesce(n, r)`; 94 of 600
// in a two-SET query), and a SET that read the element again after the first SET
// (`salience = salience + alpha`; 89 of 600). So each pass has a variable of one type,
// and every value is read once, under the lock (cypher/fragments/recall.cypher). This
// text: 0 of 600, and 0 of 1,200 with 8 threads and a relationship among the elements.
CALL () {
  UNWIND $items AS item
  WITH item ORDER BY item.eid
  MATCH (e) WHERE elementId(e) = item.eid AND e.uid = item.uid AND e.user_id = $user_id
  WITH e, item.times AS times
  {{> fragments/recall}}
  // relabel only a node whose labels no longer match (as decay does): a recall that
  // leaves its state and salience band as they were rewrites no labels
  FOREACH (stale IN CASE WHEN
    {{> fragments/lifecycle_labels_stale node=e}}
  THEN [e] ELSE [] END |
    {{> fragments/relabel node=stale}}
  )
  RETURN count(e) AS nodes
}
CALL () {
  UNWIND $items AS item
  WITH item ORDER BY item.eid
  MATCH ()-[e]->() WHERE elementId(e) = item.eid AND e.uid = item.uid
    AND e.user_id = $user_id
  WITH e, item.times AS times
  {{> fragments/recall}}
  RETURN count(e) AS relationships
}
RETURN nodes + relationships AS reinforced
