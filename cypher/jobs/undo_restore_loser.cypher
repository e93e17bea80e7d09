// Undo a merge, step 1: recreate the loser with its logged labels (checked against the
// allow-list in Python) and properties.
CREATE (loser:$($labels))
SET loser = $properties
{{> fragments/relabel node=loser}}
{{> fragments/store_vector element=loser key=embedding type=Node}}
{{> fragments/tenant_label node=loser}}
RETURN loser.uid AS uid
