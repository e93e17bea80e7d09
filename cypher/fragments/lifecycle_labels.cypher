// The lifecycle labels of node {{node}}, as a list expression: its state's label and its
// salience band, if any (memgraph/graph/vocabulary.py, lifecycle_labels, says the same).
[CASE coalesce({{node}}.state, 'candidate') {{state_label_cases}} ELSE 'Candidate' END]
  + CASE WHEN {{node}}.salience >= {{strong_salience}} THEN ['Strong']
         WHEN {{node}}.salience < {{faint_salience}} THEN ['Faint'] ELSE [] END
