// One tenant's Storylines and Macros with what the storylines job compares: the key of the
// episode (or subject) each stands for and the hash of the evidence it was written from
// (the demo lists them too). Storylines first, oldest first.
MATCH (n:Memory)
WHERE n.user_id = $user_id AND (n:Storyline OR n:Macro)
RETURN n.uid AS uid, n.summary_key AS key, n.evidence_hash AS evidence_hash,
       n.name AS title, n.description AS summary, n.state AS state,
       n.ttl_policy AS ttl_policy, CASE WHEN n:Macro THEN 'Macro' ELSE 'Storyline' END AS layer
ORDER BY layer DESC, n.span_start, n.uid
