// The body of retrieve/reinforce (seed 001 "Salience Updates") for one element `e` per row,
// with `times`, the times of its recalls in the order they happened (one, or several
// calls' recalls of the same element folded into one item by the write-behind queue:
// memgraph/graph/write_behind.py); used once for nodes and once for relationships, each
// with its own typed variable (see there). Each recall is applied in turn, as that many
// writes of one recall would apply them (memgraph/retrieve/reinforce.py: reinforce_all).
// The write lock comes FIRST: the counters are incremented in a SET that reads them
// (Neo4j locks the element before such a read), and everything below is read under the
// lock. Read in a WITH and written back later, a count lost concurrent increments
// (read committed): 8 threads x 40 explores of the same results left access_count at
// ~120 of 320, and promotion to core depends on it.
SET e.access_count = coalesce(e.access_count, 0) + size(times),
    e.recall_frequency = coalesce(e.recall_frequency, 0) + size(times)
WITH e, times,
     e.last_accessed_at AS previous,
     coalesce(e.last_recall_interval, 0.0) AS last_interval,
     coalesce(e.decay_gradient, 1.0) AS gradient,
     e.access_count - size(times) AS count_before,
     coalesce(e.state, 'candidate') AS state,
     coalesce(e.salience, 0.5) AS salience
// the days since the recall before each one (none before the element's first recall)
WITH e, times, last_interval, gradient, count_before, state, salience,
     [i IN range(0, size(times) - 1) |
        CASE WHEN i = 0 THEN previous ELSE times[i - 1] END] AS befores
WITH e, times, last_interval, gradient, count_before, state, salience,
     [i IN range(0, size(times) - 1) |
        CASE WHEN befores[i] IS NULL THEN null
             ELSE duration.inSeconds(befores[i], times[i]) END] AS elapsed
WITH e, times, last_interval, gradient, count_before, state, salience,
     [d IN elapsed | CASE WHEN d IS NULL THEN null
                          WHEN d.seconds < 0 THEN 0.0
                          ELSE (d.seconds + d.nanosecondsOfSecond / 1.0e9) / 86400.0 END]
     AS intervals
// every value is read above, under the lock: a SET that read the element again itself
// (salience = salience + alpha) made two writes over the same elements deadlock
WITH e, times,
     reduce(s = salience, t IN times |
            CASE WHEN s + $alpha > 1.0 THEN 1.0 ELSE s + $alpha END) AS salience,
     reduce(s = state, i IN range(1, size(times)) |
            CASE WHEN s IN ['candidate', 'archived'] THEN 'active'
                 WHEN s = 'active' AND count_before + i >= $core_after THEN 'core'
                 ELSE s END) AS state,
     // [decay_gradient, last_recall_interval] after each recall: the spacing effect
     reduce(g = [gradient, last_interval], interval IN intervals | [
            CASE WHEN interval IS NULL OR g[1] <= 0 THEN g[0]
                 WHEN interval > g[1] THEN g[0] + $gradient_up
                 WHEN interval < g[1] THEN
                      CASE WHEN g[0] - $gradient_down < $gradient_floor THEN $gradient_floor
                           ELSE g[0] - $gradient_down END
                 ELSE g[0] END,
            coalesce(interval, g[1])]) AS spaced
SET e.salience = salience,
    e.state = state,
    e.decay_gradient = spaced[0],
    e.last_recall_interval = spaced[1],
    e.last_accessed_at = times[size(times) - 1]
