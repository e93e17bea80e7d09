"""CLI output people can read: at 80 columns and in a pipe every essential field appears
whole (no "sour…" headers, no word-per-line columns); `--json` is unchanged."""

from __future__ import annotations

import io
import json
import re
from datetime import UTC, datetime
from pathlib import Path

from ingest_support import rows
from rich.console import Console
from support import run_cli

from memgraph.cli.output import natural_width, render_table
from memgraph.graph.connection import Graph
from memgraph.memory import Memory

ENV = {"MEMGRAPH_EMBEDDER": "hashing", "COLUMNS": "80"}


def terminal(width: int) -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    return Console(file=buffer, width=width, force_terminal=True, color_system=None), buffer


COLUMNS = ("started", "job", "scope", "status", "as of", "counts", "errors")
ROW = ("2026-11-23 03:00:00", "nightly", "test-4f2a9c1d7e3b", "succeeded",
       "2026-11-23 03:00:00", "decayed_nodes=1204, archived=17, notes_removed=33", "0")


def test_a_table_that_fits_is_a_table_and_one_that_does_not_is_blocks() -> None:
    wide, out = terminal(200)
    render_table(COLUMNS, [ROW], out=wide)
    assert natural_width(COLUMNS, [ROW]) <= 200
    assert "│" in out.getvalue() or "┃" in out.getvalue()
    narrow, out = terminal(80)
    render_table(COLUMNS, [ROW], out=narrow)
    text = out.getvalue()
    assert "…" not in text
    for column, value in zip(COLUMNS, ROW, strict=True):
        assert re.search(rf"^{re.escape(column)}\s+{re.escape(value)}$", text, re.M), column
    assert max(len(line) for line in text.splitlines()) <= 80


def test_ingest_summary_at_80_columns_in_a_pipe(user_id: str, tmp_path: Path) -> None:
    path = tmp_path / "chat.jsonl"
    path.write_text("\n".join(json.dumps({"content": c}) for c in (
        "I love chess.", "My friend Tom lives in Rome.")))
    run = run_cli("ingest", "--user", user_id, "--file", str(path), env=ENV)
    assert run.code == 0, run.stderr
    assert "…" not in run.stdout
    for label in ("lines", "new", "duplicates", "failed", "extraction failed", "nodes", "facts",
                  "superseded", "LLM calls", "tokens", "per second"):
        assert re.search(rf"^{label}\s+[\d.]+$", run.stdout, re.M), label
    assert re.search(r"^lines\s+2$", run.stdout, re.M)
    assert float(re.search(r"^per second\s+([\d.]+)$", run.stdout, re.M).group(1)) > 0
    as_json = json.loads(run_cli("ingest", "--user", user_id, "--file", str(path), "--json",
                                 env=ENV).stdout)
    assert as_json["duplicates"] == 2 and "per_second" in as_json


def test_explore_in_a_pipe_shows_each_result_whole(memory: Memory, user_id: str) -> None:
    memory.ingest("My sister Anna moved to Lisbon and works at Lisbon Children's Hospital.",
                  user_id=user_id, speaker="Sam", external_id="turn-7")
    run = run_cli("explore", "where does Anna work?", "--user", user_id, "--no-reinforce",
                  env=ENV)
    assert run.code == 0, run.stderr
    assert "…" not in run.stdout
    assert re.search(r"^1\. \w+", run.stdout, re.M)
    assert "Lisbon Children's Hospital" in run.stdout
    assert "provenance turn-7" in run.stdout
    assert re.search(r"score \d\.\d{3}(, [a-z ]+)?\)$", run.stdout, re.M)


def test_explore_says_why_an_answer_ranks_above_a_message_of_a_higher_score(
        memory: Memory, user_id: str) -> None:
    # results rank by tier, then by score: the reader is told which tier and why
    memory.ingest("My sister Anna moved to Lisbon and works at Lisbon Children's Hospital.",
                  user_id=user_id, speaker="Sam", external_id="turn-7")
    found = memory.explore("where does Anna work?", user_id=user_id, reinforce=False)
    answer = next(r for r in found if r.score.tier == 1)
    run = run_cli("explore", "where does Anna work?", "--user", user_id, "--no-reinforce",
                  env=ENV)
    assert run.code == 0, run.stderr
    assert re.search(rf"score {answer.score.final:.3f}, an answer\)$", run.stdout, re.M)
    assert re.search(rf"^   why {re.escape(answer.score.reasons[0])}", run.stdout, re.M)


def test_explore_says_when_a_fact_ended(memory: Memory, user_id: str) -> None:
    memory.ingest("I'm vegetarian.", user_id=user_id, speaker="Priya",
                  event_at=datetime(2025, 9, 1, tzinfo=UTC))
    memory.ingest("I'm not vegetarian anymore.", user_id=user_id, speaker="Priya",
                  event_at=datetime(2025, 11, 20, tzinfo=UTC))
    run = run_cli("explore", "Is Priya vegetarian?", "--user", user_id, "--no-reinforce",
                  env=ENV)
    assert run.code == 0, run.stderr
    assert re.search(r"^1\. AVOIDS  Priya AVOIDS meat \(ended 2025-11-20\)", run.stdout,
                     re.M), run.stdout


def test_jobs_history_in_a_pipe_is_not_cut(memory: Memory, graph: Graph, user_id: str) -> None:
    memory.ingest("I love chess.", user_id=user_id)
    memory.run_job("decay", user_id=user_id)
    run = run_cli("jobs", "history", "--user", user_id, "--limit", "1", env=ENV)
    assert run.code == 0, run.stderr
    assert "…" not in run.stdout
    assert re.search(rf"^scope\s+{re.escape(user_id)}$", run.stdout, re.M), run.stdout
    started = rows(graph, "MATCH (r:JobRun {scope: $u}) RETURN toString(r.started_at) AS s",
                   u=user_id)
    assert started and started[0]["s"][:10] in run.stdout


def test_jobs_schedule_print_next_returns_at_once() -> None:
    run = run_cli("jobs", "schedule", "--print-next", "3", "--json",
                  env={"MEMGRAPH_NIGHTLY_CRON": "30 2 * * *"}, timeout=60)
    assert run.code == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["cron"] == "30 2 * * *" and len(data["next"]) == 3
    assert all("T02:30:00" in moment for moment in data["next"])
    assert len(set(data["next"])) == 3
