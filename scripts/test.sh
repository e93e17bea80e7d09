#!/usr/bin/env bash
# The README's second command (and CI's): set up, start the local Neo4j, run lint and the
# whole test suite, and stop Neo4j again even when something fails.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$PWD/.venv/bin:$PATH"
# The suite's server is private to this checkout: a test run never touches the user's own
# memory server (whose home is in the user's data directory), nor another checkout's; by
# default it listens next to it (7689/7476), so the demo's server may keep running.
export MEMGRAPH_SERVER__HOME="${MEMGRAPH_SERVER__HOME:-$PWD/.memgraph/neo4j}"
export MEMGRAPH_SERVER__BOLT_PORT="${MEMGRAPH_SERVER__BOLT_PORT:-7689}"
export MEMGRAPH_SERVER__HTTP_PORT="${MEMGRAPH_SERVER__HTTP_PORT:-7476}"
# neo4j:// (routing) so the whole suite also proves the code works through a cluster driver
export NEO4J_URI="${NEO4J_URI:-neo4j://127.0.0.1:$MEMGRAPH_SERVER__BOLT_PORT}"

# The browser test drives Debian's Chromium (tests/test_browser_view.py); install it when we
# may (elsewhere, install it yourself: without it that test fails).
if ! command -v chromium >/dev/null 2>&1 && [ "$(id -u)" = 0 ] &&
   command -v apt-get >/dev/null 2>&1; then
  echo "installing Chromium (Debian package) for the browser test…"
  apt-get install -y -qq chromium >/dev/null 2>&1 ||
    { apt-get update -qq && apt-get install -y -qq chromium >/dev/null; }
fi

memgraph server install
started_here=0
if ! memgraph server status --json | grep -q '"running": true'; then
  memgraph server start
  started_here=1
fi
cleanup() { if [ "$started_here" = 1 ]; then memgraph server stop || true; fi; }
trap cleanup EXIT

ruff check .
# Two parts: the tests that touch only their own tenants, on two processes at once
# (MEMGRAPH_TEST_WORKERS; pytest-xdist, a file's tests on one process and in their order: a
# module's private server is started by one test and used by the next), then the `serial` ones alone: all-users jobs, the
# schema and indexes, a job lease, the browser (tests/conftest.py, SERIAL_FILES). Arguments
# go to both parts.
parallel=0
python -m pytest -n "${MEMGRAPH_TEST_WORKERS:-2}" --dist loadfile --no-loadscope-reorder \
  -m "not serial" "$@" || parallel=$?
serial=0
python -m pytest -m serial "$@" || serial=$?
# exit code 5: that part collected no tests; an error only if neither part had any
if [ "$parallel" -eq 5 ] && [ "$serial" -eq 5 ]; then
  echo "Error: pytest collected no tests" >&2
  exit 5
fi
[ "$parallel" -eq 5 ] && parallel=0
[ "$serial" -eq 5 ] && serial=0
if [ "$parallel" -ne 0 ]; then exit "$parallel"; fi
exit "$serial"
