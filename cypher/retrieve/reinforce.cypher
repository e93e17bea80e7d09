// Seed 001 "Salience Updates" for everything one explore()/traverse() call returned, in
// one write. Mirrors memgraph/retrieve/reinforce.py (tests check one against the other).
// $items: [{eid, uid}] for nodes and relationships alike; $user_id; $now;
// $alpha, $core_after, $gradient_up, $gradient_down, $gradient_floor.
// Elements are locked in element-id order, so two calls over the same results queue
// instead of deadlocking.
{{> fragments/reinforce}}
