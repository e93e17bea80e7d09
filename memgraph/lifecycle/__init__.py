"""Lifecycle math (pure, no I/O): decay, candidate rules, TTL, spacing effect.

Everything is in ``memgraph.lifecycle.salience``; import it from there.
"""
