"""`memgraph ingest` as a user runs it: one line on errors, non-zero exit, no traceback."""

from __future__ import annotations

import json
from pathlib import Path

from ingest_support import rows
from support import assert_one_line_error, run_cli

from memgraph.graph.connection import Graph

ENV = {"MEMGRAPH_EMBEDDER": "hashing"}


def test_ingest_text_prints_what_was_learned(graph: Graph, user_id: str):
    run = run_cli("ingest", "--user", user_id, "My brother Max lives in Oslo.", env=ENV)
    assert run.code == 0, run.stderr
    assert "Max -LIVES_IN-> Oslo" in run.stdout


def test_ingest_file_and_structured_file_with_json_output(graph: Graph, user_id: str,
                                                          tmp_path: Path):
    plain = tmp_path / "chat.jsonl"
    plain.write_text("\n".join(json.dumps({"content": c, "speaker": "Sam"})
                               for c in ("I love chess.", "My friend Tom lives in Rome.")))
    run = run_cli("ingest", "--user", user_id, "--file", str(plain), "--session", "s1",
                  "--json", env=ENV)
    assert run.code == 0, run.stderr
    assert json.loads(run.stdout)["created"] == 2
    structured = tmp_path / "records.jsonl"
    structured.write_text(json.dumps({"content": "Ada works at Acme", "entities": [
        {"name": "Ada", "kind": "Person"}, {"name": "Acme"}], "relationships": [
        {"source": "Ada", "target": "Acme", "type": "WORKS_AT"}]}))
    run = run_cli("ingest", "--user", user_id, "--file", str(structured), "--structured",
                  "--json", env=ENV)
    assert run.code == 0 and json.loads(run.stdout)["relationships_created"] == 1
    assert len(rows(graph, "MATCH (s:Source {user_id: $u}) RETURN s", u=user_id)) == 3


def test_faults_are_one_line_errors(graph: Graph, user_id: str, tmp_path: Path):
    assert_one_line_error(run_cli("ingest", "--user", user_id, "", env=ENV), "empty")
    assert_one_line_error(run_cli("ingest", "--user", user_id, "x" * 102_401, env=ENV),
                          "limit")
    assert_one_line_error(run_cli("ingest", "--user", user_id, "--file", "/no/such.jsonl",
                                  env=ENV), "cannot read")
    binary = tmp_path / "bin.jsonl"
    binary.write_bytes(b"\xff\xfe\x00garbage\n")
    assert_one_line_error(run_cli("ingest", "--user", user_id, "--file", str(binary),
                                  env=ENV), "error")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"content": "fine"}\n{not json\n')
    assert_one_line_error(run_cli("ingest", "--user", user_id, "--file", str(bad),
                                  env=ENV), "line 2: not valid JSON")
    assert_one_line_error(run_cli("ingest", "--user", user_id, env=ENV), "exactly one")


def test_a_jsonl_line_cannot_write_into_another_tenant(graph: Graph, user_id: str,
                                                        tmp_path: Path):
    victim = f"{user_id}-victim"
    planted = tmp_path / "x.jsonl"
    planted.write_text("\n".join(json.dumps(line) for line in (
        {"content": "My friend Tom lives in Rome."},
        {"content": "Eve works at Evil Corp.", "user_id": victim},
        {"content": "I love chess."})))
    run = run_cli("ingest", "--file", str(planted), "--user", user_id, env=ENV)
    written = rows(graph, "MATCH (n {user_id: $v}) RETURN n", v=victim)
    graph.run_autocommit("graph/delete_user", user_id=victim)   # what the old code wrote
    assert_one_line_error(run, "1 of 3 lines failed", "line 2", victim)
    assert written == []
    mine = rows(graph, "MATCH (s:Source {user_id: $u}) RETURN s.raw_content AS c", u=user_id)
    assert sorted(r["c"] for r in mine) == ["I love chess.", "My friend Tom lives in Rome."]
