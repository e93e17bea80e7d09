"""How much of LoCoMo's evidence the graph holds beyond its messages, offline.

    bash bench/fresh_server.sh python bench/evidence_reach.py \
        --data ../shared/bench/locomo/locomo_dev.json

The bound on what facts, and summaries built from them, can answer (issue 16, point 6:
categories 1 and 3 through the hierarchy). Each conversation is ingested as
bench/locomo.py does (offline defaults: the rule extractor, the local embedder), the
storylines job runs for its user, and for each category 1-4 question, over its evidence
turns:

- facts: the share that some fact was learnt from;
- named facts: the share that a fact of a person the question names was learnt from (what
  a summary of that person's facts, a domain Macro such as "Melanie's pastimes", could cite);
- storylines: the share that a Storyline of a person the question names includes (what
  that person's story holds, whether or not it could pick them out).

Printed as one table, per category. The users are deleted afterwards; nothing else is
written. The dataset is read from the path given and never copied anywhere.
"""

from __future__ import annotations

import argparse
import sys
import uuid
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from locomo import CATEGORIES, ingest, load

from memgraph.graph.names import canonical_name
from memgraph.memory import Memory
from memgraph.retrieve.query import read_query
from memgraph.settings import Settings

# the external ids of the sources each fact of the tenant was learnt from, by the fact's
# ends' canonical names
FACT_SOURCES = """
MATCH (a:Semantic {user_id: $user})-[r]->(b:Semantic {user_id: $user})
WHERE r.auto_linked IS NULL AND size(coalesce(r.source_ids, [])) > 0
MATCH (s:Source {user_id: $user}) WHERE s.uid IN r.source_ids
RETURN a.canonical_name AS a, b.canonical_name AS b, collect(s.external_id) AS ids
"""
# the external ids each person's Storylines include
STORY_SOURCES = """
MATCH (p:Person {user_id: $user})<-[:MENTIONS]-(st:Storyline {user_id: $user})
MATCH (st)-[:INCLUDES]->(s:Source)
RETURN p.canonical_name AS person, collect(DISTINCT s.external_id) AS ids
"""
PERSONS = "MATCH (p:Person {user_id: $user}) RETURN collect(p.canonical_name) AS names"
MEASURES = ("facts", "named facts", "storylines")


def reach(memory: Memory, user: str, questions: list) -> dict[int, dict[str, list[float]]]:
    with memory.graph.session() as session:
        facts = [dict(r) for r in session.run(FACT_SOURCES, user=user)]
        stories = {r["person"]: set(r["ids"]) for r in session.run(STORY_SOURCES, user=user)}
        persons = set(session.run(PERSONS, user=user).single()["names"])
    any_fact = {i for f in facts for i in f["ids"]}
    out: dict[int, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for q in questions:
        named = {canonical_name(k) for k in read_query(q.text).name_keys} & persons
        of_named = {i for f in facts if f["a"] in named or f["b"] in named for i in f["ids"]}
        told = set().union(*(stories.get(p, set()) for p in named))
        for measure, ids in zip(MEASURES, (any_fact, of_named, told), strict=True):
            out[q.category][measure].append(len(ids & q.evidence) / len(q.evidence))
    return out


def table(results: dict[int, dict[str, list[float]]]) -> str:
    lines = ["| category | n | " + " | ".join(MEASURES) + " |",
             "|---|---|" + "---|" * len(MEASURES)]
    every: dict[str, list[float]] = defaultdict(list)
    for cat in sorted(results):
        row = results[cat]
        for m in MEASURES:
            every[m] += row[m]
        lines.append(f"| {cat} {CATEGORIES[cat]} | {len(row[MEASURES[0]])} | "
                     + " | ".join(f"{100 * sum(row[m]) / len(row[m]):.1f}" for m in MEASURES)
                     + " |")
    lines.append(f"| all 1-4 | {len(every[MEASURES[0]])} | "
                 + " | ".join(f"{100 * sum(every[m]) / len(every[m]):.1f}" for m in MEASURES)
                 + " |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", required=True, help="a LoCoMo JSON file (read only)")
    args = ap.parse_args()
    memory = Memory(Settings(llm="offline", embedder="local"))
    memory.init()
    run = uuid.uuid4().hex[:6]
    results: dict[int, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    users = []
    try:
        for sample, turns, questions in load(args.data):
            users.append(f"reach-{sample}-{run}")
            ingest(memory, users[-1], turns)
            memory.flush()
            memory.run_job("storylines", user_id=users[-1])
            for cat, row in reach(memory, users[-1], questions).items():
                for m, values in row.items():
                    results[cat][m] += values
            print(f"{sample}: {len(turns)} turns, {len(questions)} questions", flush=True)
    finally:
        for user in users:
            memory.graph.run_autocommit("graph/delete_user", user_id=user)
        memory.close()
    print(table(results))


if __name__ == "__main__":
    main()
