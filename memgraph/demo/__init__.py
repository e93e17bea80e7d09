"""Demo data shipped with memgraph."""
