// Nightly decay of relationships with a lifecycle (the semantic ones; the others have no
// salience and are skipped) of the tenants in $user_ids (see decay_nodes.cypher), up to
// $as_of; each relationship is visited once, from its start node (found by the
// `memory_user` index seek). `n` is the relationship; the body is
// cypher/fragments/decay_element.cypher. Relationships are semantic: an ephemeral one lives
// $ephemeral_semantic_days.
WITH $as_of.epochSeconds AS now_s, $as_of.nanosecond AS now_ns
MATCH (owner:Memory)-[n]->(:Memory)
WHERE owner.user_id IN $user_ids
WITH n, now_s, now_ns, $ephemeral_semantic_days AS ephemeral_days
{{> fragments/decay_element}}
{{> fragments/decay_tally}}
