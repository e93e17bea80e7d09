"""The graph: connection, schema, node and relationship classes, notes."""
