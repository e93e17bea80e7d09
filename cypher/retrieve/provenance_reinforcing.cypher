// explore() with reinforcement: the reinforcement of the top k (retrieve/reinforce) and
// their provenance and text (retrieve/provenance) in ONE write transaction. Run side by
// side as a write on a worker thread and a read, the two took 5.24 ms p50 on a LoCoMo
// tenant, the read alone 2.48 and this query 4.62: a second transaction's begin, commit
// and round trips cost more than the reinforcement's own work (docs/retrieval.md, "Round
// trips").
// $items: [{eid, uid, element, found}] (provenance's; reinforcement reads eid and uid);
// the parameters of both.
CALL () {
  {{> fragments/reinforce}}
}
{{> fragments/provenance}}
