// Node {{node}} was told about by source {{source}}: its time is when it was last told about
// (the latest event time of a source that mentions it; a source told late never moves it
// back). Retrieve's recency reads it (fusion.recency), as it reads a message's own event
// time.
SET {{node}}.told_at = CASE
  WHEN {{node}}:Source OR ({{node}}.told_at IS NOT NULL
                          AND {{node}}.told_at >= coalesce({{source}}.event_at, {{source}}.created_at))
  THEN {{node}}.told_at ELSE coalesce({{source}}.event_at, {{source}}.created_at) END
