// Changes to existing still-valid facts, as planned by memgraph/ingest/facts.py (a
// structured batch or one source's facts); row.element_id comes from ingest/open_facts in
// the same transaction. Reinforced row.steps times (confidence and strength up a step
// each time, capped at 1.0), row.source_ids appended when not there yet; ended when
// row.valid_to (ISO-8601 text) is given, superseded by row.superseded_by.
UNWIND $rows AS row
MATCH ()-[r]->() WHERE elementId(r) = row.element_id AND r.user_id = $user_id
SET r.confidence = reduce(c = r.confidence, i IN range(1, row.steps) |
                          CASE WHEN c + $confidence_step > 1.0 THEN 1.0 ELSE c + $confidence_step END),
    r.strength = reduce(s = r.strength, i IN range(1, row.steps) |
                        CASE WHEN s + $strength_step > 1.0 THEN 1.0 ELSE s + $strength_step END),
    r.source_ids = r.source_ids + [x IN row.source_ids WHERE NOT x IN r.source_ids],
    r.valid_to = CASE WHEN row.valid_to IS NULL THEN r.valid_to ELSE datetime(row.valid_to) END,
    r.superseded_by = CASE WHEN row.valid_to IS NULL THEN r.superseded_by
                           ELSE row.superseded_by END,
    r.updated_at = $now
RETURN count(r) AS updated
