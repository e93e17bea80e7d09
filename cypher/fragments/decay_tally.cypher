// The end of a decay query: what each element counts for, the batched CALL opened by
// cypher/fragments/decay_element.cypher closed, and the job's totals.
  RETURN CASE WHEN policy = 'keep_forever' THEN 1 ELSE 0 END AS pinned,
         CASE WHEN archive AND reason = 'salience' THEN 1 ELSE 0 END AS by_salience,
         CASE WHEN archive AND reason = 'ttl' THEN 1 ELSE 0 END AS by_ttl
} IN $concurrency CONCURRENT TRANSACTIONS OF $batch_size ROWS
RETURN count(*) AS decayed, sum(pinned) AS pinned, sum(by_salience) AS archived_salience,
       sum(by_ttl) AS archived_ttl
