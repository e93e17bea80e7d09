// The message before a source in its session (NEXT), as the rule extractor reads it for
// a pronoun that opens the source: "She studies at Pompeu Fabra now." after "Lucia moved
// to Barcelona." (memgraph/ingest/rules.py). Its last $chars characters: the person it
// ended on is named there, and a 100 KB message is not read twice. Its speaker too: the
// one a "your" in this source is said to ("How's your dog Max?"). Nothing when the source
// opens its session. And the last $chars of the message before that one: when the previous
// message names no one ("Jonah! Tell me about her."), a "she" that opens this one is the
// person named two messages back ("Her name is Ava ..." / ... / "She makes mugs").
MATCH (s:Memory {uid: $source_uid}) USING INDEX SEEK s:Memory(uid)
WHERE s:Source AND s.user_id = $user_id
WITH [(p:Source)-[:NEXT]->(s) WHERE p.user_id = $user_id
      | {content: right(p.raw_content, $chars), speaker: p.speaker,
         before: [(b:Source)-[:NEXT]->(p) WHERE b.user_id = $user_id
                  | right(b.raw_content, $chars)][0]}][0] AS previous
RETURN previous.content AS content, previous.speaker AS speaker,
       previous.before AS before_previous
