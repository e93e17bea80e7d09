// True when node {{node}}'s lifecycle labels are not those its state and salience give
// (decay relabels only these: most nodes keep their band from one night to the next).
size([l IN labels({{node}}) WHERE l IN [{{lifecycle_label_list}}]]) <> size(
  {{> fragments/lifecycle_labels node={{node}}}}
)
OR any(l IN
  {{> fragments/lifecycle_labels node={{node}}}}
  WHERE NOT l IN labels({{node}}))
