// explore() with reinforcement: the reinforcement of the top k (retrieve/reinforce) and
// their provenance and text (retrieve/provenance) in ONE write transaction. Run side by
// side as a write and a read, the two took about 3.5 ms more than the read alone on a
// LoCoMo tenant: a second transaction's begin, commit and round trips, and a worker thread;
// the reinforcement's own work is about 1 ms (docs/retrieval.md, "Round trips").
// $items: [{eid, uid, element, found}] (provenance's; reinforcement reads eid and uid);
// the parameters of both.
CALL () {
  {{> fragments/reinforce}}
}
{{> fragments/provenance}}
