// explore()'s filters on a node `n` of a ranked list: the caller's filters, and Storylines
// and Macros kept out unless $summaries_compete (the caller asked for them by kind, or
// with `summaries_compete`: memgraph/retrieve/explore.py). An overview question reads its
// summaries by their own branch (`summaries` in retrieve/explore_candidates), not in
// these lists, where a summary would take the place of the evidence it restates.
AND ($summaries_compete OR NOT (n:Storyline OR n:Macro))
{{> fragments/caller_filters}}
