// Bring node {{node}}'s lifecycle labels in step with its state and salience (after a write
// that changed either). Two clauses, usable inside FOREACH.
REMOVE {{node}}:{{lifecycle_labels}}
SET {{node}}:$(
  {{> fragments/lifecycle_labels node={{node}}}}
)
