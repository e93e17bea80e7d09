// Both sides of a merge as they are now (read inside the merge's transaction).
MATCH (winner:Memory {uid: $winner_uid}), (loser:Memory {uid: $loser_uid})
WHERE winner.user_id = $user_id AND loser.user_id = $user_id
OPTIONAL MATCH (loser)-[between]-(winner)
WITH winner, loser, collect(between) AS rels
RETURN properties(winner) AS winner, properties(loser) AS loser, labels(loser) AS labels,
       [r IN rels | {type: type(r), outgoing: startNode(r) = loser,
                                 properties: properties(r)}] AS between
