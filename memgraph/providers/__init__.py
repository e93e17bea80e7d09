"""Providers behind small interfaces: the LLM and the embedder."""
