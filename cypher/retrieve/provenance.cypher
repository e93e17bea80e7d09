// Provenance of explore() results: the sources each element came from, the most relevant
// to the query first (then the latest). Sources are their own provenance; semantic nodes
// via MENTIONS, DERIVED_FROM and notes_source; relationships via source_ids and
// notes_source; storylines via INCLUDES.
// $items: [{eid, element, found}] where found lists the element ids of the candidate
// sources (of this explore() call) that mention the element, that a fact was extracted
// from, or (for a Storyline: every candidate source) that it may include; they come
// first; $user_id; $vector (may be null); $per_item; $excerpt_chars; $scan_max.
// Also each element's text (raw_content up to $text_chars, description, notes), which the
// candidate query leaves out.
{{> fragments/provenance}}
