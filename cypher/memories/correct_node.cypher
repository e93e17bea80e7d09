// Correct a semantic, storyline or macro node's name and/or description (null leaves it).
// A new name keeps the old one as an alias, so mentions of the old name still resolve to
// this node; the canonical name follows the new name. The embedding is recomputed by the
// caller from the corrected text (a summary's is `summary_embedding`, out of the shared
// vector index: schema v6). Returns the values before and after.
MATCH (n:Memory {uid: $uid}) USING INDEX SEEK n:Memory(uid)
WHERE n.user_id = $user_id AND NOT (n:Source OR n:Artifact)
WITH n, n.name AS name_before, n.description AS description_before
WITH n, name_before, description_before,
     $name IS NOT NULL AND $name <> coalesce(name_before, '') AS renamed
SET n.name = CASE WHEN renamed THEN $name ELSE n.name END,
    n.canonical_name = CASE WHEN renamed AND n.canonical_name IS NOT NULL
                            THEN $canonical_name ELSE n.canonical_name END,
    n.aliases = CASE WHEN NOT renamed OR n.canonical_name IS NULL THEN n.aliases
                     ELSE [x IN coalesce(n.aliases, []) WHERE toLower(x) <> toLower($name)]
                          + CASE WHEN coalesce(name_before, '') = ''
                                   OR toLower(name_before) IN [x IN coalesce(n.aliases, []) | toLower(x)]
                                 THEN [] ELSE [name_before] END END,
    n.description = coalesce($description, n.description),
    n.embedding = CASE WHEN n:Storyline OR n:Macro THEN null
                       ELSE coalesce($embedding, n.embedding) END,
    n.summary_embedding = CASE WHEN n:Storyline OR n:Macro
                               THEN coalesce($embedding, n.summary_embedding) END,
    n.embedding_model = CASE WHEN $embedding IS NULL THEN n.embedding_model
                             ELSE $embedding_model END,
    n.updated_at = $now
WITH n, name_before, description_before
CALL (n) {
  WITH n WHERE $embedding IS NOT NULL
  {{> fragments/store_vector element=n key=embedding type=Node}}
  {{> fragments/tenant_label node=n}}
  {{> fragments/store_vector element=n key=summary_embedding type=Node}}
}
RETURN n.uid AS uid, [l IN labels(n) WHERE l IN [{{kinds}}]][0] AS kind,
       name_before, n.name AS name, description_before, n.description AS description,
       coalesce(n.aliases, []) AS aliases
