// When this user's duplicates were last looked for (null: never): nodes written since then
// are compared with all the others, older pairs were already compared.
OPTIONAL MATCH (u:User {user_id: $user_id})
RETURN u.dedupe_checked_at AS since
