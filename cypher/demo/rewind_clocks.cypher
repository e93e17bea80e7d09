// After the tour's simulated nightly (run as of $now + $offset), every date later than
// $now on the demo user's nodes and on the relationships of its memories is moved back by
// $offset: lists of dates item by item (memgraph/demo/tour.py, rewind_clocks).
CALL () {
  MATCH (n) WHERE (n:Memory OR n:JobRun OR n:MergeLog) AND n.user_id = $user_id
  RETURN n AS element
  UNION
  MATCH (a:Memory)-[r]-() WHERE a.user_id = $user_id
  RETURN r AS element
}
WITH DISTINCT element
WITH element, [k IN keys(element) WHERE any(v IN
       CASE WHEN valueType(element[k]) STARTS WITH 'LIST' THEN element[k]
            ELSE [element[k]] END
       WHERE valueType(v) STARTS WITH 'ZONED DATETIME' AND v > $now)] AS future
WHERE future <> []
FOREACH (k IN future |
  SET element[k] = CASE WHEN valueType(element[k]) STARTS WITH 'LIST'
                        THEN [v IN element[k] | CASE WHEN v > $now THEN v - $offset ELSE v END]
                        ELSE element[k] - $offset END)
RETURN count(element) AS rewound
