"""Concurrent writers: six processes ingesting the same people into the same tenants.

Writers are real processes (`memgraph ingest --file`), as separate agents would be, each
naming the same people in sentences that lead the offline extractor to different kinds
(a Person, an Entity met mid-sentence): one node per name per tenant, whatever the kind.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from load_support import PEOPLE

from memgraph.graph.connection import Graph
from memgraph.graph.names import canonical_name
from memgraph.memory import Memory

WRITERS = 6


def writer_lines(writer: int, rounds: int = 2) -> list[dict[str, str]]:
    """The same people written in ways that make the offline extractor choose different
    kinds: a subject of "works at" is a Person, a name met mid-sentence an Entity."""
    forms = ["{p} works at Globex.", "Yesterday I ran into {p} downtown.",
             "My friend {p} plays chess.", "I had lunch with {p} and Ada Vance."]
    lines = [{"content": form.format(p=person), "external_id": f"w{writer}-{r}-{i}-{j}"}
             for r in range(rounds) for i, person in enumerate(PEOPLE)
             for j, form in enumerate(forms)]
    random.Random(writer).shuffle(lines)
    return lines


def name_counts(graph: Graph, user_id: str) -> dict[str, list[str]]:
    """canonical name -> the kinds of every Person/Concept/Entity node carrying it."""
    with graph.session() as session:
        rows = session.run(
            "MATCH (n:Memory {user_id: $u}) WHERE n:Person OR n:Concept OR n:Entity "
            "RETURN n.name AS name, [l IN labels(n) WHERE l <> 'Memory'][0] AS kind",
            u=user_id).data()
    kinds: dict[str, list[str]] = {}
    for row in rows:
        kinds.setdefault(canonical_name(row["name"]), []).append(row["kind"])
    return kinds


@pytest.mark.slow
def test_six_processes_writing_the_same_people_make_one_node_per_name_per_tenant(
        memory: Memory, graph: Graph, user_id: str, tmp_path: Path) -> None:
    other = f"{user_id}-b"
    env = {**os.environ, "MEMGRAPH_EMBEDDER": "hashing", "MEMGRAPH_LLM": "offline"}
    procs = []
    try:
        for writer in range(WRITERS):
            tenant = user_id if writer % 2 == 0 else other
            path = tmp_path / f"writer{writer}.jsonl"
            path.write_text("".join(json.dumps(line) + "\n" for line in writer_lines(writer)),
                            encoding="utf-8")
            procs.append(subprocess.Popen(
                [sys.executable, "-m", "memgraph", "ingest", "--file", str(path), "--user",
                 tenant, "--json"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True))
        outcomes = [(p.wait(timeout=600), *p.communicate()) for p in procs]
        for code, out, err in outcomes:
            assert code == 0, err
            bulk = json.loads(out)
            assert bulk["failed"] == 0 and bulk["created"] == len(writer_lines(0)), bulk
        for tenant in (user_id, other):
            kinds = name_counts(graph, tenant)
            for person in PEOPLE:
                assert len(kinds.get(canonical_name(person), [])) == 1, (tenant, person, kinds)
            twins = {name: k for name, k in kinds.items() if len(k) > 1}
            assert twins == {}, (tenant, twins)
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
        graph.run_autocommit("graph/delete_user", user_id=other)
