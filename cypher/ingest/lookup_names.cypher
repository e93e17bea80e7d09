// Semantic nodes of this user by name, for tools given a name where an id is asked for
// ("relate Dana to Berlin"): $names holds {ident, key} pairs, key the canonical name.
// (user_id, canonical_name) is unique over :Semantic, so a name is never ambiguous.
UNWIND $names AS pair
MATCH (n:Semantic {user_id: $user_id, canonical_name: pair.key})
RETURN pair.ident AS ident, n.uid AS uid,
       [l IN labels(n) WHERE l IN [{{kinds}}]][0] AS kind,
       coalesce(n.name, '') AS name
