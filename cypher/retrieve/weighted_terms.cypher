// A question's full-text terms weighed by the tenant's own statistics, on their own:
// the Lucene query explore() asks (its candidate query weighs them the same way, in the
// same fragment, without a round trip of their own) and each term's counts, for tests and
// for a look at why a word weighed what it did. $weigh as cypher/fragments/weighted_terms
// reads it; $tenant, the tenant's id.
WITH $weigh AS weigh, $tenant AS tenant_id
{{> fragments/weighted_terms}}
RETURN weighted, counted
