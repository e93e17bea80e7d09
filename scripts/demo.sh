#!/usr/bin/env bash
# The README's first command: set everything up and run memgraph end to end on the
# built-in defaults (local Neo4j, offline extractor, local MiniLM embeddings; no API key).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$PWD/.venv/bin:$PATH"
memgraph server install
memgraph server start
memgraph init
memgraph demo "$@"
echo
echo "Neo4j keeps running: open $(memgraph server status --json | python -c 'import json,sys; print(json.load(sys.stdin)["browser_url"])')"
echo "(user neo4j, password: .venv/bin/memgraph server password); memgraph's guide opens"
echo "when you log in: it walks you through the demo's memory (docs/browser.md)."
echo "Stop it with: .venv/bin/memgraph server stop"
