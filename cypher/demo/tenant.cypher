// What the demo must know before it resets a user: how many memory nodes the user has, and
// whether an earlier tour made them (User.demo_tour). Only such a user, or an empty one,
// is reset without --reset.
OPTIONAL MATCH (u:User {user_id: $user_id})
OPTIONAL MATCH (n:Memory {user_id: $user_id})
RETURN count(n) AS memories, coalesce(head(collect(DISTINCT u.demo_tour)), false) AS demo_tour
