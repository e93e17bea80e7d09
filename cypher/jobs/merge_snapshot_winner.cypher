// A merge winner's properties as they are now (for undoing the merge).
MATCH (winner:Memory {uid: $uid})
RETURN properties(winner) AS winner
