// Drop one index by name (a tenant's own vector or full-text index, when it goes back to
// the shared ones or is forgotten).
DROP INDEX $index IF EXISTS
