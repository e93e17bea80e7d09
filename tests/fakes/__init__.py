"""Test doubles that speak real protocols (HTTP), never patched internals."""
