"""The ``memgraph`` command: a thin layer over the Python API."""

from memgraph.cli.main import main

__all__ = ["main"]
