#!/usr/bin/env bash
# The README's second command (and CI's): set up, start the local Neo4j, run lint and the
# whole test suite, and stop Neo4j again even when something fails.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$PWD/.venv/bin:$PATH"

memgraph server install
started_here=0
if ! memgraph server status --json | grep -q '"running": true'; then
  memgraph server start
  started_here=1
fi
cleanup() { if [ "$started_here" = 1 ]; then memgraph server stop || true; fi; }
trap cleanup EXIT

ruff check .
status=0
python -m pytest "$@" || status=$?
if [ "$status" -eq 5 ]; then
  echo "Error: pytest collected no tests" >&2
fi
exit "$status"
