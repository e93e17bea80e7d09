// Storylines and Macros of one tenant whose evidence is gone (deleted, merged away, or no
// longer an episode): archived, not deleted (they stay findable with archived memories);
// a pinned (keep_forever) one is kept as it is.
MATCH (n:Memory)
WHERE n.user_id = $user_id AND n.uid IN $uids AND (n:Storyline OR n:Macro)
  AND n.state <> 'archived' AND n.ttl_policy <> 'keep_forever'
SET n.state = 'archived', n.updated_at = $as_of
{{> fragments/relabel node=n}}
RETURN count(n) AS archived
