// A merge winner's properties as they are now (for undoing the merge), in the merge's
// tenant only.
MATCH (winner:Memory {uid: $uid})
WHERE winner.user_id = $user_id
RETURN properties(winner) AS winner
