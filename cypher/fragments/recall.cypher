// The body of retrieve/reinforce (seed 001 "Salience Updates") for one element `e` per row,
// with `now`, the time of its recall; used once for nodes and once for relationships,
// each with its own typed variable (see there).
// The write lock comes FIRST: the counters are incremented in a SET that reads them
// (Neo4j locks the element before such a read), and everything below is read under the
// lock. Read in a WITH and written back later, a count lost concurrent increments
// (read committed): 8 threads x 40 explores of the same results left access_count at
// ~120 of 320, and promotion to core depends on it.
SET e.access_count = coalesce(e.access_count, 0) + 1,
    e.recall_frequency = coalesce(e.recall_frequency, 0) + 1
WITH e, now,
     e.last_accessed_at AS previous,
     coalesce(e.last_recall_interval, 0.0) AS last_interval,
     coalesce(e.decay_gradient, 1.0) AS gradient,
     e.access_count AS count,
     coalesce(e.state, 'candidate') AS state,
     coalesce(e.salience, 0.5) AS salience
WITH e, now, last_interval, gradient, count, state, salience,
     CASE WHEN previous IS NULL THEN null
          ELSE duration.inSeconds(previous, now) END AS elapsed
WITH e, now, last_interval, gradient, count, state, salience,
     CASE WHEN elapsed IS NULL THEN null
          WHEN elapsed.seconds < 0 THEN 0.0
          ELSE (elapsed.seconds + elapsed.nanosecondsOfSecond / 1.0e9) / 86400.0 END AS interval
// every value is read above, under the lock: a SET that read the element again itself
// (salience = salience + alpha) made two writes over the same elements deadlock
SET e.salience = CASE WHEN salience + $alpha > 1.0 THEN 1.0 ELSE salience + $alpha END,
    e.state = CASE WHEN state IN ['candidate', 'archived'] THEN 'active'
                   WHEN state = 'active' AND count >= $core_after THEN 'core'
                   ELSE state END,
    e.decay_gradient = CASE
        WHEN interval IS NULL OR last_interval <= 0 THEN gradient
        WHEN interval > last_interval THEN gradient + $gradient_up
        WHEN interval < last_interval THEN
             CASE WHEN gradient - $gradient_down < $gradient_floor THEN $gradient_floor
                  ELSE gradient - $gradient_down END
        ELSE gradient END,
    e.last_recall_interval = coalesce(interval, last_interval),
    e.last_accessed_at = now
