"""memgraph's HTTP API (``memgraph serve``; docs/http.md).

An ASGI app on FastAPI, served by uvicorn. Both are the optional ``http`` extra and are
imported only here, so the CLI starts without them. Every route is a thin layer over
``Memory``: the API key fixes the tenant, the library does the work, and library errors
become HTTP statuses in one table (``memgraph.http.errors``).
"""

INSTALL_HINT = ("the HTTP API needs FastAPI and uvicorn: pip install 'memgraph[http]'")
