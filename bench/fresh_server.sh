#!/usr/bin/env bash
# Run one command against a brand-new, empty Neo4j that is removed afterwards.
#
#   bash bench/fresh_server.sh python bench/locomo.py --data ../shared/bench/locomo/locomo_dev.json
#
# Why: scores depend on the whole database, not only on the tenant asked. Full-text
# scores use statistics over every tenant's documents, and the shared vector index's
# neighbours depend on what was written and deleted before. On a long-lived server the
# same kept LoCoMo graph re-scored minutes apart moved by up to 3 points (docs/benchmarks.md,
# "Comparing two variants"); on a fresh server the run is repeatable to the digit. Compare
# two variants with one fresh server each.
#
# Environment: FRESH_HOME (default a new temporary folder), FRESH_BOLT_PORT (7695),
# FRESH_HTTP_PORT (7482), FRESH_HEAP (2g), FRESH_PAGECACHE (1g). The command sees
# NEO4J_URI and MEMGRAPH_SERVER__* pointing at the fresh server.
set -euo pipefail

if [ $# -eq 0 ]; then
    echo "usage: bash bench/fresh_server.sh COMMAND [ARGS...]" >&2
    exit 2
fi
cd "$(dirname "$0")/.."
[ -x .venv/bin/memgraph ] && export PATH="$PWD/.venv/bin:$PATH"

home="${FRESH_HOME:-$(mktemp -d -t memgraph-fresh-XXXXXX)}"
export MEMGRAPH_SERVER__HOME="$home/neo4j"
export MEMGRAPH_SERVER__BOLT_PORT="${FRESH_BOLT_PORT:-7695}"
export MEMGRAPH_SERVER__HTTP_PORT="${FRESH_HTTP_PORT:-7482}"
export MEMGRAPH_SERVER__HEAP="${FRESH_HEAP:-2g}"
export MEMGRAPH_SERVER__PAGECACHE="${FRESH_PAGECACHE:-1g}"
export NEO4J_URI="bolt://127.0.0.1:$MEMGRAPH_SERVER__BOLT_PORT"
unset NEO4J_PASSWORD NEO4J_USERNAME

cleanup() {
    memgraph server stop >/dev/null 2>&1 || true
    rm -rf "$home"
}
trap cleanup EXIT

memgraph server install >/dev/null
memgraph server start >/dev/null
echo "fresh server at $NEO4J_URI ($home); removed when the command ends" >&2
"$@"
