// Drop one index by name (a tenant's own vector index, when it goes back to the shared one
// or is forgotten).
DROP INDEX $index IF EXISTS
