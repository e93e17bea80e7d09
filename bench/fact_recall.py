"""The fact-recall suite (tests/fact_recall_suite.py) as a report by category.

    python bench/fact_recall.py [--misses] [--json]

Ingests the suite's six scripted conversations with the offline defaults (rule
extractor, local MiniLM), each as its own throw-away tenant, asks its questions with
``explore()`` (read-only) and prints, per category, the share of questions whose expected
fact or entity came first and within the top 3. The tenants are deleted afterwards. The
same bars are the gate in tests/test_fact_recall.py (rank 1 >= 85 %, top 3 >= 95 %).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from fact_recall_suite import figures, run_suite

from memgraph.memory import Memory
from memgraph.settings import Settings


def main() -> None:
    ap = argparse.ArgumentParser(description="fact-recall suite by category (see module doc)")
    ap.add_argument("--misses", action="store_true",
                    help="also list the questions whose answer was not first")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args()

    memory = Memory(Settings(llm="offline", embedder="local"))
    memory.init()
    run = uuid.uuid4().hex[:6]
    users: set[str] = set()

    def user_for(name: str) -> str:
        users.add(f"factrecall-{name}-{run}")
        return f"factrecall-{name}-{run}"

    start = time.perf_counter()
    try:
        outcomes = run_suite(memory, user_for)
    finally:
        for user in users:
            memory.graph.run_autocommit("graph/delete_user", user_id=user)
        memory.close()
    table = figures(outcomes)
    if args.json:
        print(json.dumps(table, indent=2))
    else:
        print("| category | n | rank 1 | top 3 |\n|---|---|---|---|")
        for name, row in table.items():
            print(f"| {name} | {row['n']} | {100 * row['at_1']:.1f} | "
                  f"{100 * row['top_3']:.1f} |")
        print(f"\n{len(outcomes)} questions in {time.perf_counter() - start:.0f} s")
    if args.misses:
        for o in outcomes:
            if o.rank != 1:
                print(f"- [{o.question.category}] {o.question.text} -> rank {o.rank}; "
                      f"first: {'; '.join(o.top)}", file=sys.stderr)


if __name__ == "__main__":
    main()
