"""Retrieval: explore (hybrid search), traverse (bounded walks), context (prompt text).

``docs/retrieval.md`` explains the signals, the fusion and the re-rank.
"""
