// Every candidate of one explore() call, in ONE query: each signal returns its own ranked
// list; fusion and re-rank happen in Python (memgraph/retrieve/fusion.py).
//   ann / exact  the vector index $search.ann_index: `memory_embedding`, shared by all
//                tenants, which cannot pre-filter, or a big tenant's own (schema v8). Over-fetch
//                $ann_k (sized to the tenant's share of the index,
//                memgraph/retrieve/vector_plan.py) and keep this tenant's. When fewer
//                than $min_vector survive the filters and $min_vector_score while the
//                index's farthest neighbour still matched, ask again for $ann_k_max (ten
//                times as many); when that still leaves too few, or $exact_first (a small
//                tenant), score the tenant's nodes exactly instead. Scores are
//                (1 + cosine) / 2; below $min_vector_score a match is noise and dropped.
//                Summaries' vectors are not in the index (schema v6): when they compete,
//                they are scored exactly and merged in.
//   ftn / ftr    full-text over nodes ($search.ft_index: `memory_text`, shared by all
//                tenants, or a big tenant's own (memgraph/graph/tenant_index.py); and
//                `summary_text` when summaries compete) and relationships
//                (`relationship_text`), scoped to the tenant inside Lucene (every index
//                holds `user_id`: a required phrase clause), over-fetched to $ft_k for
//                the other filters; a message's score without Lucene's length
//                normalisation. The terms are $search.lucene (escaped), or, on the
//                shared index, $search.weigh's, weighed by the tenant's own statistics
//                (fragments/weighted_terms; their counts are returned as `counted`): a
//                tenant's own index already scores by the tenant's statistics.
//   graph        what the text signals missed, one hop around their strongest $seeds
//                seeds: sum over seeds of (1/seed rank) / seed degree x relationship
//                strength x neighbour salience (a random-walk step: a hub such as the
//                speaker spreads thinly), times the neighbour's own similarity to the query
//                (0.5 without an embedding). A seed of more than $hub_degree relationships
//                is not walked: its neighbours would get almost nothing, at a cost that
//                grows with the degree. Semantic relationships next to the seeds are
//                scored by seed rank x strength x their embedding's similarity. A
//                competing Storyline or Macro is not a seed (its rank goes to the next).
//   linked       the tenant's semantic nodes the query names: $search.name_keys are
//                canonical names (runs of 1-4 query words, memgraph/retrieve/query.py), each an
//                index seek on the (user_id, canonical_name) constraints; with
//                $first_person, also the tenant's one speaker (attribute "role: speaker";
//                score 0, no name's length: how explore.fetch_candidates tells it apart);
//                a name or alias said inside a longer one linked is left out ("head
//                baker" names no "baker", "diabetes nurse" no node aliased "diabetes").
//   facts        the semantic relationships of the linked nodes (hop 1) and of the
//                people and pets they are related to (hop 2: "Maya's brother" -> Leo ->
//                Leo's facts), auto-links left out, each with its embedding's similarity
//                to the query ((1 + cosine) / 2; null without one); Python ranks them
//                (memgraph/retrieve/answers.py: rank_facts).
//   summaries    with $overview (the query has a word that asks for an overview, such as
//                "up to" or "story": memgraph/retrieve/query.py), the Macros and
//                Storylines about a linked node (index seeks on their `subject_uid`, not
//                a walk over the node's MENTIONS: schema v4), the Macro first, then the
//                latest.
// Every ranked list breaks ties by element id: equal scores are common (a "Thanks!" said
// twice, a graph weight shared by siblings), and without it the plan chose the order, so
// editing one branch of this query moved other branches' results (docs/retrieval.md,
// "Session 16").
// `$search` (whose, what vector, what terms, what names, which index) and `$filters` (the
// caller's filters: kinds, states, min_salience, sensitivity, since, until, agent_id) are
// maps: every value that may be null or change size, so that any call shares one cached
// plan (memgraph/retrieve/explore.py, candidate_params). The filters are the same
// predicate in every branch: cypher/fragments/caller_filters.cypher and
// relationship_filters.cypher (the hop-2 facts spell the latter out for r2). Storylines
// and Macros are in the ranked lists only with $summaries_compete (node_filters.cypher);
// an overview reads them by the `summaries` branch alone. Nodes are
// projected without their embedding, times as epoch milliseconds (the driver's DateTime
// values are slow to build in Python), and with only what fusion reads: not their text or
// description (retrieve/provenance fetches those for the top k), and not session_id or
// sensitivity. Each property read walks the node's property chain: the 4 left out in
// session 22 cost 0.3 ms p50 over a LoCoMo question's ~78 candidate nodes. A message's
// external_id is read (and whether it carries notes): it cites itself from this row, which
// spares the provenance query for messages (0.6 ms p50 on conv-26, session 88); so do a
// fact learnt from one message (whether it is `noted`) and a thing one message mentions
// (`told_once`) when that message is a candidate (about 1 ms more, session 89).
CALL () {
  WITH 1 AS one WHERE $use_vector AND NOT $exact_first
  {{> fragments/ann_ask k=ann_k}}
  RETURN survivors AS ann, cut
}
// Too few survivors while the index stopped at $ann_k among neighbours that still match
// (`cut`): more of the tenant's may lie just beyond, or the filters took most of them (a
// kind filter; Storylines kept out of a specific question). Ask the index once more, for
// $ann_k_max neighbours (ten times as many), before scanning the tenant's vectors one by
// one.
WITH ann, cut, size(ann) < $min_vector AND cut AND $ann_k < $ann_k_max AS widen
CALL (widen) {
  UNWIND CASE WHEN widen THEN [1] ELSE [] END AS needed
  WITH needed LIMIT 1
  {{> fragments/ann_ask k=ann_k_max}}
  RETURN asked AS widened, survivors AS wide, cut AS wide_cut
}
WITH CASE WHEN widened THEN wide ELSE ann END AS ann,
     CASE WHEN widened THEN wide_cut ELSE cut END AS cut
// The exact scan rescues a tenant the index's neighbours do not reach: a small tenant
// ($exact_first), or too few survivors while the neighbours still matched at the cut. When
// the index's farthest neighbour is already noise, every node it did not return is
// farther still: scanning the tenant (on a big tenant the slowest thing explore() can do)
// would find nothing better.
WITH ann, $use_vector AND ($exact_first OR (size(ann) < $min_vector AND cut)) AS scan
CALL (scan) {
  // UNWIND, not WHERE: the planner would push a WHERE into the index seek's filter and
  // read every node of the tenant even when the scan is not needed. LIMIT ends the query
  // part, so the seek is planned after the UNWIND and runs only for its row (a cost-based
  // plan may otherwise order the two sides of a cartesian product either way).
  UNWIND CASE WHEN scan THEN [1] ELSE [] END AS needed
  WITH needed LIMIT 1
  MATCH (n:Memory)
  WHERE n.user_id = $search.user_id AND n.embedding IS NOT NULL
    {{> fragments/node_filters}}
  WITH n, vector.similarity.cosine(n.embedding, $search.vector) AS score
  WHERE score >= $min_vector_score
  ORDER BY score DESC, elementId(n) LIMIT $per_signal
  RETURN collect({key: elementId(n), score: score}) AS exact
}
WITH CASE WHEN scan THEN exact ELSE ann END AS vec, scan AS exact_used
// Competing summaries are scored exactly: their vectors (`summary_embedding`) are not in the
// shared index (schema v6), and a tenant has few of them (index seeks on their
// (user_id, subject_uid) indexes).
CALL (vec) {
  UNWIND CASE WHEN $summaries_compete AND $use_vector THEN [1] ELSE [] END AS needed
  WITH needed LIMIT 1
  CALL () {
    MATCH (n:Storyline) WHERE n.user_id = $search.user_id AND n.subject_uid IS NOT NULL
    RETURN n
    UNION
    MATCH (n:Macro) WHERE n.user_id = $search.user_id AND n.subject_uid IS NOT NULL RETURN n
  }
  WITH n WHERE n.summary_embedding IS NOT NULL
    {{> fragments/node_filters}}
  WITH n, vector.similarity.cosine(n.summary_embedding, $search.vector) AS score
  WHERE score >= $min_vector_score
  RETURN collect({key: elementId(n), score: score, summary: true}) AS summary_vec
}
CALL (vec, summary_vec) {
  UNWIND CASE WHEN size(summary_vec) = 0 THEN [] ELSE vec + summary_vec END AS hit
  WITH hit ORDER BY hit.score DESC, hit.key LIMIT $per_signal
  RETURN collect(hit) AS merged
}
WITH CASE WHEN size(summary_vec) = 0 THEN vec ELSE merged END AS vec, exact_used
// the question's terms, weighed by the tenant's own statistics when $search.weigh says so
// (the counts this process does not keep are taken here, and returned to be kept), else
// as they are ($search.lucene)
CALL () {
  WITH $search.weigh AS weigh, $search.user_id AS tenant_id
  {{> fragments/weighted_terms}}
  RETURN coalesce(weighted, $search.lucene) AS asked, counted
}
CALL (asked) {
  WITH asked AS terms, $search.user_id AS tenant_id, $ft_k AS hit_limit,
       $search.ft_index AS index_name
  WHERE asked IS NOT NULL
  {{> fragments/fulltext_own procedure=queryNodes yields=node}}
  // summaries have their own index (schema v6): only when they compete
  CALL (lucene) {
    WITH lucene WHERE $summaries_compete
    CALL db.index.fulltext.queryNodes('summary_text', lucene, {limit: $ft_k})
      YIELD node AS n, score
    RETURN collect({e: n, score: score}) AS summary_hits
  }
  // a tenant's own index holds its summaries too (they carry its label): they come from
  // `summary_text` alone, and only when they compete
  UNWIND [hit IN found WHERE NOT (hit.e:Storyline OR hit.e:Macro)] + summary_hits AS hit
  WITH hit.e AS n, hit.score AS score
  WHERE n.user_id = $search.user_id
    {{> fragments/node_filters}}
  // Lucene weighs a word less the longer the text it is in (BM25: k1 = 1.2, b = 0.75,
  // against the index's average length); a message is scored as if it did not: in a chat
  // the long message is the one that tells something, and the short ones won every tie
  // ("Thanks, you too!"). $message_words stands for the average Lucene does not tell
  // (docs/retrieval.md, "Session 115").
  WITH n, CASE WHEN n:Source
         THEN score * (1 + 1.2 * (0.25 + 0.75 * size(split(coalesce(n.search_text, ''), ' '))
                                  / $message_words)) / 2.2
         ELSE score END AS score
  WITH n, score ORDER BY score DESC, elementId(n) LIMIT $per_signal
  RETURN collect({key: elementId(n), score: score, summary: n:Storyline OR n:Macro}) AS ftn
}
CALL (asked) {
  WITH asked AS terms, $search.user_id AS tenant_id, $ft_k AS hit_limit,
       'relationship_text' AS index_name
  WHERE asked IS NOT NULL AND $relationships
  {{> fragments/fulltext_own procedure=queryRelationships yields=relationship}}
  UNWIND found AS hit
  WITH hit.e AS r, hit.score AS score
  WHERE r.user_id = $search.user_id
    {{> fragments/relationship_filters}}
  WITH r, score ORDER BY score DESC, elementId(r) LIMIT $per_signal
  RETURN collect({key: elementId(r), score: score}) AS ftr
}
CALL () {
  CALL () {
  UNWIND $search.name_keys AS key
  CALL (key) {
    MATCH (n:Person {user_id: $search.user_id, canonical_name: key}) RETURN n
    UNION
    MATCH (n:Entity {user_id: $search.user_id, canonical_name: key}) RETURN n
    UNION
    MATCH (n:Concept {user_id: $search.user_id, canonical_name: key}) RETURN n
  }
  WITH n, max(size(key)) AS length
  WHERE n.user_id = $search.user_id
    {{> fragments/node_filters}}
  RETURN n, length, n.canonical_name AS said
  UNION
  // a node the question names by one of its aliases ("Bea" for Beatriz, who said "call me
  // Bea"): one full-text seek on the aliases, each hit checked against the keys
  WITH $search.aliases AS terms, $search.user_id AS tenant_id, $per_signal AS hit_limit,
       'memory_text' AS index_name
  WHERE $search.aliases IS NOT NULL
  {{> fragments/fulltext_own procedure=queryNodes yields=node}}
  UNWIND found AS hit
  WITH hit.e AS n
  // (the keys are canonical names: apostrophes dropped, "St Mary's" is "st marys")
  WITH n, [a IN coalesce(n.aliases, [])
           | replace(replace(toLower(trim(a)), "'", ""), "’", "")] AS spelt
  WITH n, [a IN spelt WHERE a IN $search.name_keys] AS said
  WHERE size(said) > 0 AND n:Semantic AND n.user_id = $search.user_id
    AND NOT n.canonical_name IN $search.name_keys
    {{> fragments/node_filters}}
  WITH n, reduce(longest = '', a IN said | CASE WHEN size(a) > size(longest) THEN a
                                                ELSE longest END) AS said
  RETURN n, size(said) AS length, said
  UNION
  WITH 1 AS one WHERE $first_person
  MATCH (n:Person {user_id: $search.user_id}) WHERE 'role: speaker' IN n.attributes
  WITH collect(n) AS speakers WHERE size(speakers) = 1
  UNWIND speakers AS n
  WITH n WHERE ($filters.kinds IS NULL OR 'Person' IN $filters.kinds)
    AND coalesce(n.state, 'candidate') IN $filters.states
    AND ($filters.min_salience IS NULL
         OR coalesce(n.salience, 0.5) >= $filters.min_salience)
    AND ($filters.since IS NULL OR coalesce(n.event_at, n.created_at) >= $filters.since)
    AND ($filters.until IS NULL OR coalesce(n.event_at, n.created_at) < $filters.until)
  RETURN n, 0 AS length, null AS said
  }
  WITH collect({n: n, length: length, said: said}) AS found
  // a name said inside a longer one the question names is not named by it: "my head baker"
  // names the Concept "head baker", not "baker" (nor "Who is Sam Lee?" a Sam), and "my
  // diabetes nurse" names no "type 2 diabetes" by its alias "diabetes"
  WITH [f IN found WHERE f.said IS NULL
        OR NOT any(g IN found WHERE g.length > f.length AND g.said IS NOT NULL
                   AND (' ' + g.said + ' ') CONTAINS (' ' + f.said + ' '))]
       AS named
  RETURN [f IN named | {key: elementId(f.n), score: toFloat(f.length)}] AS linked,
         [f IN named | f.n] AS linked_nodes
}
CALL (linked_nodes) {
  // the relationships' own filters; the nodes they reach need not pass the node filters
  UNWIND CASE WHEN $relationships THEN linked_nodes ELSE [] END AS a
  CALL (a) {
    MATCH (a)-[r:{{semantic_types}}]-(b:Memory)
    WHERE r.user_id = $search.user_id AND r.auto_linked IS NULL
      AND NOT coalesce(r.description, '') STARTS WITH 'similar in meaning (auto-linked'
      {{> fragments/relationship_filters}}
    WITH r, b LIMIT $fact_scan
    WITH r, b, CASE WHEN r.embedding IS NULL OR NOT $use_vector THEN null
                    ELSE vector.similarity.cosine(r.embedding, $search.vector) END AS sim
    ORDER BY sim DESC, elementId(r) LIMIT $fact_max
    RETURN r, b, sim
  }
  CALL (a, r, b) {
    WITH r, b WHERE type(r) IN [{{person_types}}]
    MATCH (b)-[r2:{{semantic_types}}]-(c:Memory)
    WHERE r2 <> r AND c <> a AND r2.user_id = $search.user_id
      AND coalesce(r2.state, 'candidate') IN $filters.states
      AND r2.auto_linked IS NULL
      AND NOT coalesce(r2.description, '') STARTS WITH 'similar in meaning (auto-linked'
      AND ($filters.min_salience IS NULL
           OR coalesce(r2.salience, 0.5) >= $filters.min_salience)
      AND ($filters.sensitivity IS NULL OR 'normal' IN $filters.sensitivity)
      AND ($filters.since IS NULL
           OR coalesce(r2.event_at, r2.valid_from, r2.created_at) >= $filters.since)
      AND ($filters.until IS NULL
           OR coalesce(r2.event_at, r2.valid_from, r2.created_at) < $filters.until)
      AND ($filters.agent_id IS NULL OR EXISTS {
           MATCH (written:Memory) WHERE written.uid IN coalesce(r2.source_ids, [])
             AND written:Source AND written.agent_id = $filters.agent_id })
    WITH r2 LIMIT $fact_scan
    WITH r2, CASE WHEN r2.embedding IS NULL OR NOT $use_vector THEN null
                  ELSE vector.similarity.cosine(r2.embedding, $search.vector) END AS sim
    ORDER BY sim DESC, elementId(r2) LIMIT $fact_max
    RETURN collect({key: elementId(r2), via: elementId(r), sim: sim}) AS second
  }
  UNWIND [{key: elementId(r), via: null, sim: sim}] + second AS row
  RETURN collect(row) AS facts
}
CALL (linked_nodes) {
  UNWIND CASE WHEN $overview THEN linked_nodes ELSE [] END AS a
  CALL (a) {
    MATCH (n:Macro {user_id: $search.user_id, subject_uid: a.uid}) RETURN n
    UNION
    MATCH (n:Storyline {user_id: $search.user_id, subject_uid: a.uid}) RETURN n
  }
  WITH n WHERE true
    {{> fragments/caller_filters}}
  WITH DISTINCT n
  ORDER BY CASE WHEN n:Macro THEN 0 ELSE 1 END, n.span_end DESC, elementId(n)
  LIMIT $per_signal
  RETURN collect({key: elementId(n), score: 1.0}) AS summaries
}
// A competing summary is no seed: its neighbours are the 30-75 sources it includes, each
// given a sliver of its weight, and its seat went to a message whose few neighbours are
// what the question missed (docs/retrieval.md, "Session 63").
WITH vec, exact_used, ftn, ftr, linked, facts, summaries, counted,
     [x IN vec WHERE NOT coalesce(x.summary, false)] AS vec_seeds,
     [x IN ftn WHERE NOT coalesce(x.summary, false)] AS ftn_seeds
WITH vec, exact_used, ftn, ftr, linked, facts, summaries, counted,
     [i IN range(0, size(vec_seeds) - 1) WHERE i < $seeds
      | {key: vec_seeds[i].key, w: 1.0 / (i + 1)}]
     + [i IN range(0, size(ftn_seeds) - 1) WHERE i < $seeds
        | {key: ftn_seeds[i].key, w: 1.0 / (i + 1)}]
     AS seeds
CALL (seeds, vec, ftn) {
  UNWIND seeds AS seed
  WITH seed.key AS key, max(seed.w) AS w, [x IN vec + ftn | x.key] AS found
  MATCH (s) WHERE elementId(s) = key
  WITH s, w, COUNT { (s)--() } AS degree, found
  WHERE degree <= $hub_degree
  // a summary's links (INCLUDES a source, MENTIONS its subject) are not steps the walk
  // takes when summaries stay out: they would thin the seed's weight all the same.
  // Counted without reading the neighbours: INCLUDES comes only from Storylines, and a
  // summary MENTIONS the subject its `subject_uid` names (index seeks).
  WITH s, w, found, degree - CASE WHEN $summaries_compete THEN 0
       ELSE COUNT { (s)<-[:INCLUDES]-() }
            + COUNT { MATCH (st:Storyline)
                      WHERE st.user_id = $search.user_id AND st.subject_uid = s.uid }
            + COUNT { MATCH (m:Macro)
                      WHERE m.user_id = $search.user_id AND m.subject_uid = s.uid }
       END AS degree
  WITH s, w / toFloat(CASE WHEN degree > 0 THEN degree ELSE 1 END) AS w, found
  MATCH (s)-[r:{{walk_types}}]-(n:Memory)
  WHERE n.user_id = $search.user_id AND NOT elementId(n) IN found
    AND coalesce(r.state, 'active') IN $filters.states
    {{> fragments/node_filters}}
  WITH n, sum(w * coalesce(r.strength, 0.5) * coalesce(n.salience, 0.5)) AS weight
  // a competing summary's vector is `summary_embedding`, read only for a node without
  // `embedding` (a coalesce of the two read both vectors of every neighbour: +0.8 ms p50
  // at 100k)
  WITH n, weight * CASE WHEN NOT $use_vector THEN 0.5
                        WHEN n.embedding IS NOT NULL
                          THEN vector.similarity.cosine(n.embedding, $search.vector)
                        WHEN n.summary_embedding IS NOT NULL
                          THEN vector.similarity.cosine(n.summary_embedding, $search.vector)
                        ELSE 0.5 END AS score
  ORDER BY score DESC, elementId(n) LIMIT $per_signal
  RETURN collect({key: elementId(n), score: score}) AS graph_nodes
}
CALL (seeds, ftr) {
  WITH seeds, [x IN ftr | x.key] AS found WHERE $relationships
  UNWIND seeds AS seed
  MATCH (s) WHERE elementId(s) = seed.key
  MATCH (s)-[r:{{semantic_types}}]-(:Memory)
  WHERE r.user_id = $search.user_id AND NOT elementId(r) IN found
    {{> fragments/relationship_filters}}
  WITH r, max(seed.w) * coalesce(r.strength, 0.5)
          * CASE WHEN r.embedding IS NULL OR NOT $use_vector THEN 0.5
                 ELSE vector.similarity.cosine(r.embedding, $search.vector) END AS score
  ORDER BY score DESC, elementId(r) LIMIT $per_signal
  RETURN collect({key: elementId(r), score: score}) AS graph_rels
}
CALL (vec, ftn, graph_nodes, linked, summaries) {
  UNWIND vec + ftn + graph_nodes + linked + summaries AS c
  WITH DISTINCT c.key AS key
  MATCH (n) WHERE elementId(n) = key
  RETURN collect({key: key, props: n {
    .uid, .name, .salience, .importance, .state,
    event_at: n.event_at.epochMillis, created_at: n.created_at.epochMillis, .speaker,
    told_at: n.told_at.epochMillis,
    .aliases,
    // whether a thing says more than its name (answers.shape: a bare one hands its place
    // to a fact of it)
    described: coalesce(n.description, '') <> '' OR coalesce(n.notes, []) <> [],
    asks: n.raw_content IS NOT NULL AND rtrim(n.raw_content, '! \n\t\r') ENDS WITH '?',
    // the message's first $text_chars characters: Python reads whether it holds the kind
    // of value a question asks for (query.ANSWER_FORMS; a list lookup per word here cost
    // 45 ms per question) and which names it writes (fusion.add_graph_signals)
    text_head: left(n.raw_content, $text_chars),
    mentions: [(n)-[:MENTIONS]->(m:Memory) | m.uid],
    adjacent: [(n)-[:NEXT]-(m:Memory) | elementId(m)],
    // the message after it: the answer to the question it asks (fusion.add_answered_signal)
    next: [(n)-[:NEXT]->(m:Memory) | elementId(m)][0],
    // which Storylines include a candidate source, and which Storylines a Macro
    // summarises: explore.mentioning_sources matches them to the candidate summaries, and
    // the provenance query checks a path for those sources alone, not for every candidate
    // source (4-5 ms of a broad question's provenance on conv-26 after its night, session
    // 63). Read from the source's side: a message is in a Storyline or two, while a
    // Storyline of a subject mentioned every day holds thousands.
    included_in: CASE WHEN n:Source AND ($summaries_compete OR $overview)
                      THEN [(n)<-[:INCLUDES]-(st) | elementId(st)] END,
    summarizes: CASE WHEN n:Macro THEN [(n)-[:SUMMARIZES]->(st) | elementId(st)] END,
    // a message is its own provenance: with its id and no notes or cited sources of its
    // own, explore.own_provenance cites it without the provenance query
    external_id: CASE WHEN n:Source THEN n.external_id END,
    cites_others: CASE WHEN n:Source
                       THEN n.notes_source IS NOT NULL OR n.source_ids IS NOT NULL END,
    // a thing one message mentions, learnt from nothing else, its description shown whole
    // here: when that message is a candidate too, explore.own_provenance cites it from its
    // row without the provenance query (the cheap and telling tests first: most candidates
    // are messages, and a thing told of twice fails on its degree)
    told_once: CASE WHEN NOT (n:Source OR n:Artifact OR n:Storyline OR n:Macro)
                         AND COUNT { (n)<-[:MENTIONS]-() } = 1
                         AND coalesce(n.notes, []) = [] AND coalesce(n.notes_source, []) = []
                         AND coalesce(n.source_ids, []) = []
                         AND NOT EXISTS { (n)-[:DERIVED_FROM]->() }
                         AND size(n.description) <= $description_chars
                    THEN {description: n.description} END,
    kind: [l IN labels(n) WHERE l IN [{{kinds}}]][0]}}) AS nodes
}
CALL (ftr, graph_rels, facts) {
  UNWIND ftr + graph_rels + [f IN facts | {key: f.key}] AS c
  WITH DISTINCT c.key AS key
  MATCH (a)-[r]->(b) WHERE elementId(r) = key
  RETURN collect({key: key, props: r {
    .uid, .salience, .strength, .state,
    event_at: r.event_at.epochMillis, valid_from: r.valid_from.epochMillis,
    created_at: r.created_at.epochMillis,
    kind: type(r), description: left(r.description, $description_chars), .source_ids,
    .superseded_by,
    valid_to: r.valid_to.epochMillis,
    // whether it carries notes: one without them, learnt from one message that is a
    // candidate too, cites that message from its row (explore.own_provenance)
    noted: coalesce(r.notes, []) <> [] OR coalesce(r.notes_source, []) <> [],
    auto: r.auto_linked IS NOT NULL OR coalesce(r.description, '') STARTS WITH 'similar in meaning (auto-linked',
    start_uid: a.uid, start_name: a.name, start_description: left(a.description, 200),
    end_uid: b.uid, end_name: b.name, end_description: left(b.description, 200)}}) AS rels
}
RETURN vec, exact_used, ftn, ftr, graph_nodes, graph_rels, linked, facts, summaries, nodes,
       rels, counted
