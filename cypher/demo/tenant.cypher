// What the demo must know before it resets a user: how many memory nodes the user has, and
// whether they are the demo's own: marked by an earlier tour (User.demo_tour), or, from
// tours before that mark existed, holding sources and only sources of the sample
// conversation's sessions ($sessions). Only such a user, or an empty one, is reset without
// --reset.
OPTIONAL MATCH (u:User {user_id: $user_id})
WITH coalesce(u.demo_tour, false) AS marked
OPTIONAL MATCH (n:Memory {user_id: $user_id})
WITH marked, count(n) AS memories,
     count(CASE WHEN n:Source THEN 1 END) AS sources,
     count(CASE WHEN n:Source AND NOT coalesce(n.session_id, '') IN $sessions THEN 1 END)
       AS foreign_sources
RETURN memories, marked OR (sources > 0 AND foreign_sources = 0) AS demo_tour
