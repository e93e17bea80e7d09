// Consolidation step 5: archive the consolidated sources. raw_content stays: an archived
// source is excluded from default retrieval but returned when archived state is asked for.
MATCH (s:Memory)
WHERE s.uid IN $source_uids AND s.user_id = $user_id AND s.state <> 'archived'
SET s.state = 'archived', s.archived_at = $as_of, s.archived_reason = 'consolidated',
    s.consolidated_at = $as_of, s.consolidated_by = $run_id
{{> fragments/relabel node=s}}
RETURN count(s) AS archived
