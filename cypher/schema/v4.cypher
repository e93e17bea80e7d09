// Schema version 4: Storylines and Macros found by their subject. Applied by `memgraph init`
// after v3 (memgraph/graph/schema.py); idempotent.
//
// explore() fetches the summaries of a node a question names ("what has Sam been up to?")
// by an index seek on `subject_uid` (cypher/retrieve/explore_candidates.cypher), not by
// walking the node's incoming MENTIONS: a person mentioned by 30,000 messages would be
// read whole for every such question. `subject_uid` follows a dedupe merge and its undo
// (cypher/jobs/merge_move.cypher, undo_move_back.cypher).
CREATE INDEX storyline_subject IF NOT EXISTS FOR (n:Storyline) ON (n.user_id, n.subject_uid);
CREATE INDEX macro_subject IF NOT EXISTS FOR (n:Macro) ON (n.user_id, n.subject_uid);
