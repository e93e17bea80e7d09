"""File ingestion (``Memory.ingest_file``): JSONL line by line, structured records, and
documents chunked into the Sources of one Artifact, against the real server."""

from __future__ import annotations

import io
import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from ingest_support import rows
from support import assert_one_line_error, run_cli

from memgraph.errors import InvalidInputError
from memgraph.graph.connection import Graph
from memgraph.ingest.chunking import split_document
from memgraph.memory import Memory
from memgraph.retrieve.tokens import count_tokens

ENV = {"MEMGRAPH_EMBEDDER": "hashing"}


def write_lines(path: Path, lines: list[Any]) -> Path:
    path.write_text("\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n",
                    encoding="utf-8")
    return path


def source_texts(graph: Graph, user_id: str) -> list[str]:
    found = rows(graph, "MATCH (s:Source {user_id: $u}) RETURN s.raw_content AS c ORDER BY c",
                 u=user_id)
    return [r["c"] for r in found]


def add_up(report: Any) -> bool:
    return (report.created + report.duplicates + report.failed + report.extraction_failed
            == report.sources)


class TestJsonlLines:
    def test_bad_lines_fail_alone_with_their_numbers_and_the_totals_add_up(
            self, memory: Memory, graph: Graph, user_id: str, tmp_path: Path) -> None:
        path = write_lines(tmp_path / "chat.jsonl", [
            {"content": "I love chess."},
            "{not json",
            {"content": "My friend Tom lives in Rome."},
            {"content": "odd kind", "kind": "poem"},
            "",
            {"content": "typo key", "speakr": "Sam"},
            [1, 2],
            {"content": "I love chess."},          # the same source again: a duplicate
            {"content": "My sister Anna lives in Lisbon."},
        ])
        report = memory.ingest_file(path, user_id=user_id)
        assert (report.sources, report.created, report.duplicates, report.failed) == (8, 3, 1, 4)
        assert add_up(report) and report.format == "jsonl"
        assert [e.split(":")[0] for e in report.errors] == ["line 2", "line 4", "line 6",
                                                            "line 7"]
        assert "not valid JSON" in report.errors[0] and "kind" in report.errors[1]
        assert "speakr" in report.errors[2]
        assert source_texts(graph, user_id) == sorted(["I love chess.",
                                                       "My friend Tom lives in Rome.",
                                                       "My sister Anna lives in Lisbon."])
        assert report.seconds > 0 and report.per_second == pytest.approx(
            report.sources / report.seconds)

    def test_strict_writes_nothing_when_one_line_is_bad(self, memory: Memory, graph: Graph,
                                                        user_id: str, tmp_path: Path) -> None:
        path = write_lines(tmp_path / "chat.jsonl", [
            {"content": "I love chess."}, {"content": "fine too"},
            {"content": "late", "event_at": "yesterday-ish"}])
        with pytest.raises(InvalidInputError, match=r"line 3: .*event_at.*nothing from the file"):
            memory.ingest_file(path, user_id=user_id, strict=True)
        assert source_texts(graph, user_id) == []
        write_lines(path, [{"content": "I love chess."}, {"content": "fine too"}])
        report = memory.ingest_file(path, user_id=user_id, strict=True)
        assert (report.created, report.failed) == (2, 0)

    def test_a_line_for_another_user_is_refused_and_the_rest_goes_on(
            self, memory: Memory, graph: Graph, user_id: str, tmp_path: Path) -> None:
        victim = f"{user_id}-victim"
        path = write_lines(tmp_path / "x.jsonl", [
            {"content": "mine"}, {"content": "planted", "user_id": victim},
            {"content": "also mine", "user_id": user_id}])
        report = memory.ingest_file(path, user_id=user_id)
        written = rows(graph, "MATCH (n {user_id: $v}) RETURN count(n) AS c", v=victim)[0]["c"]
        graph.run_autocommit("graph/delete_user", user_id=victim)
        assert (report.created, report.failed) == (2, 1)
        assert report.errors[0].startswith("line 2: ") and victim in report.errors[0]
        assert written == 0
        assert source_texts(graph, user_id) == ["also mine", "mine"]

    def test_a_key_spelt_another_way_is_named_with_the_field_it_stands_for(
            self, memory: Memory, graph: Graph, user_id: str, tmp_path: Path) -> None:
        path = write_lines(tmp_path / "chat.jsonl", [
            {"text": "I love chess.", "session": "s1"},
            {"content": "Hi", "timestamp": "2026-03-02T09:00:00Z", "speeker": "Sam"},
            {"content": "odd", "colour": "blue"}])
        report = memory.ingest_file(path, user_id=user_id)
        assert (report.created, report.failed) == (0, 3)
        assert "text: Extra inputs are not permitted (did you mean content?)" \
            in report.errors[0]
        assert "session: Extra inputs are not permitted (did you mean session_id?)" \
            in report.errors[0]
        assert "(did you mean event_at?)" in report.errors[1]
        assert "(did you mean speaker?)" in report.errors[1]
        assert "colour" in report.errors[2] and "did you mean" not in report.errors[2]
        assert source_texts(graph, user_id) == []


class TestStructuredFiles:
    def record(self, content: str, **extra: Any) -> dict[str, Any]:
        return {"content": content, "entities": [{"name": "Ada", "kind": "Person"},
                                                 {"name": "Acme"}],
                "relationships": [{"source": "Ada", "target": "Acme", "type": "WORKS_AT"}],
                **extra}

    def test_bad_lines_are_numbered_by_line_and_the_rest_is_written(
            self, memory: Memory, graph: Graph, user_id: str, tmp_path: Path) -> None:
        path = write_lines(tmp_path / "records.jsonl", [
            self.record("one"), "", "{broken", self.record("two", user_id="someone-else"),
            self.record("three"), {"content": "dangling", "relationships": [
                {"source": "X", "target": "Y", "type": "KNOWS"}]}])
        report = memory.ingest_file(path, user_id=user_id, format="structured", batch_size=2)
        assert (report.sources, report.created, report.failed) == (5, 2, 3) and add_up(report)
        assert [e.split(":")[0] for e in report.errors] == ["line 3", "line 4", "line 6"]
        assert source_texts(graph, user_id) == ["one", "three"]

    def test_a_record_key_spelt_another_way_is_named_with_its_field(
            self, memory: Memory, user_id: str, tmp_path: Path) -> None:
        path = write_lines(tmp_path / "records.jsonl",
                           [{"text": "one", "entities": [{"name": "Ada"}]}])
        report = memory.ingest_file(path, user_id=user_id, format="structured")
        assert report.failed == 1 and "(did you mean content?)" in report.errors[0]

    def test_strict_structured_writes_nothing(self, memory: Memory, graph: Graph,
                                              user_id: str, tmp_path: Path) -> None:
        path = write_lines(tmp_path / "records.jsonl", [self.record("one"), "{broken"])
        with pytest.raises(InvalidInputError, match="line 2: not valid JSON"):
            memory.ingest_file(path, user_id=user_id, format="structured", strict=True)
        assert source_texts(graph, user_id) == []


GUIDE = """# Field notes

My sister Anna lives in Lisbon. She loves sailing.

## Work

I started a new job at Globex. My colleague Tom works at Globex.

## Trips

I visited Porto in 2019.
"""


def artifact(graph: Graph, user_id: str) -> list[dict[str, Any]]:
    return rows(graph, "MATCH (a:Artifact {user_id: $u}) "
                       "OPTIONAL MATCH (a)-[c:HAS_CHUNK]->(s:Source) "
                       "WITH a, c, s ORDER BY c.index "
                       "RETURN a {.uid, .name, .uri, .content_hash, .chunk_count, .updated_at,"
                       " .state, .user_id} AS a, collect(s {.uid, .raw_content, .user_id, "
                       ".extraction_status, .external_id}) AS chunks", u=user_id)


class TestDocuments:
    def test_a_markdown_file_is_one_artifact_with_its_chunks_as_sources(
            self, memory: Memory, graph: Graph, user_id: str, tmp_path: Path) -> None:
        path = tmp_path / "notes.md"
        path.write_text(GUIDE, encoding="utf-8")
        report = memory.ingest_file(path, user_id=user_id)
        assert report.format == "document" and report.sources >= 1 and add_up(report)
        [found] = artifact(graph, user_id)
        assert found["a"]["name"] == "Field notes" and found["a"]["uri"] == str(path.resolve())
        assert found["a"]["uid"] == report.artifact_uid and found["a"]["state"] == "candidate"
        assert len(found["a"]["content_hash"]) == 64
        assert found["a"]["chunk_count"] == len(found["chunks"]) == report.sources
        assert all(c["extraction_status"] == "done" for c in found["chunks"])
        assert found["chunks"][0]["external_id"] == "notes.md#1"
        assert "Lisbon" in " ".join(c["raw_content"] for c in found["chunks"])
        lives = rows(graph, "MATCH (:Person {user_id: $u, name: 'Anna'})-[r:LIVES_IN]->"
                            "(:Entity {name: 'Lisbon'}) RETURN r.source_ids AS ids", u=user_id)
        assert lives and lives[0]["ids"][0] in {c["uid"] for c in found["chunks"]}

    def test_an_unchanged_file_changes_nothing(self, memory: Memory, graph: Graph,
                                               user_id: str, tmp_path: Path) -> None:
        path = tmp_path / "notes.md"
        path.write_text(GUIDE, encoding="utf-8")
        memory.ingest_file(path, user_id=user_id)
        before = artifact(graph, user_id)
        counts = rows(graph, "MATCH (n {user_id: $u}) RETURN count(n) AS n", u=user_id)
        again = memory.ingest_file(path, user_id=user_id)
        assert again.unchanged and again.created == 0 and again.duplicates == again.sources
        assert artifact(graph, user_id) == before
        assert rows(graph, "MATCH (n {user_id: $u}) RETURN count(n) AS n", u=user_id) == counts

    def test_a_changed_file_replaces_its_chunks_and_facts_lose_only_that_provenance(
            self, memory: Memory, graph: Graph, user_id: str, tmp_path: Path) -> None:
        small_chunks = {"chunk_tokens": 32, "chunk_overlap_tokens": 0}
        settings = memory.settings.model_copy(
            update={"ingest": memory.settings.ingest.model_copy(update=small_chunks)})
        small = Memory(settings, graph=memory.graph, embedder=memory.embedder)
        path = tmp_path / "notes.md"
        path.write_text(GUIDE, encoding="utf-8")
        first = small.ingest_file(path, user_id=user_id)
        old = {c["raw_content"]: c["uid"] for c in artifact(graph, user_id)[0]["chunks"]}
        trips = next(uid for text, uid in old.items() if "Porto" in text)
        visited = rows(graph, "MATCH ()-[r:VISITED {user_id: $u}]->(:Entity {name: 'Porto'}) "
                              "RETURN r.uid AS uid, r.source_ids AS ids", u=user_id)
        assert visited and trips in visited[0]["ids"]

        path.write_text(GUIDE.replace("I visited Porto in 2019.", "I visited Faro in 2021."),
                        encoding="utf-8")
        second = small.ingest_file(path, user_id=user_id)
        assert not second.unchanged and second.artifact_uid == first.artifact_uid
        assert second.chunks_removed == 1 and second.created == 1
        assert second.duplicates == second.sources - 1
        [found] = artifact(graph, user_id)
        now = {c["raw_content"]: c["uid"] for c in found["chunks"]}
        assert {k: v for k, v in old.items() if "Porto" not in k} == \
            {k: v for k, v in now.items() if "Faro" not in k}   # kept chunks, same Sources
        assert rows(graph, "MATCH (s:Memory {uid: $s}) RETURN count(s) AS c", s=trips)[0]["c"] == 0
        after = rows(graph, "MATCH ()-[r:VISITED {user_id: $u}]->(:Entity {name: 'Porto'}) "
                            "RETURN r.uid AS uid, r.source_ids AS ids", u=user_id)
        assert [a["uid"] for a in after] == [v["uid"] for v in visited]   # the fact stays
        assert trips not in after[0]["ids"]                                # its provenance goes
        assert rows(graph, "MATCH (:Entity {user_id: $u, name: 'Faro'}) RETURN count(*) AS c",
                    u=user_id)[0]["c"] == 1

    def test_text_over_100_kb_is_chunked_not_refused(self, memory: Memory, graph: Graph,
                                                     user_id: str, tmp_path: Path) -> None:
        paragraph = "The quarterly review covered budgets, hiring and the roadmap. " * 8
        path = tmp_path / "long.txt"
        path.write_text("\n\n".join(f"{i}. {paragraph}" for i in range(240)), encoding="utf-8")
        assert path.stat().st_size > 100 * 1024
        report = memory.ingest_file(path, user_id=user_id)
        assert report.failed == report.extraction_failed == 0
        assert report.sources > 50 and report.created == report.sources
        [found] = artifact(graph, user_id)
        assert len(found["chunks"]) == report.sources

    def test_each_user_gets_their_own_artifact_of_the_same_file(
            self, memory: Memory, graph: Graph, user_id: str, tmp_path: Path) -> None:
        other = f"{user_id}-b"
        path = tmp_path / "notes.md"
        path.write_text(GUIDE, encoding="utf-8")
        try:
            mine = memory.ingest_file(path, user_id=user_id)
            theirs = memory.ingest_file(path, user_id=other)
            assert not theirs.unchanged and theirs.created == mine.created
            assert mine.artifact_uid != theirs.artifact_uid
            for user in (user_id, other):
                [found] = artifact(graph, user)
                assert found["a"]["user_id"] == user
                assert {c["user_id"] for c in found["chunks"]} == {user}
            crossing = rows(graph, "MATCH (a {user_id: $u})-[r]-(b) WHERE b.user_id <> $u "
                                   "RETURN count(r) AS c", u=user_id)
            assert crossing[0]["c"] == 0
        finally:
            graph.run_autocommit("graph/delete_user", user_id=other)

    def test_a_stream_with_a_title_is_replaced_by_its_next_version(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        first = memory.ingest_file(io.BytesIO(GUIDE.encode()), user_id=user_id, title="Notes")
        second = memory.ingest_file(io.BytesIO((GUIDE + "\nI like tea.\n").encode()),
                                    user_id=user_id, title="Notes")
        assert first.format == second.format == "document"
        assert first.artifact_uid == second.artifact_uid
        [found] = artifact(graph, user_id)
        assert found["a"]["uri"] == "stdin:Notes" and found["a"]["name"] == "Notes"

    def test_binary_and_empty_documents_are_refused(self, memory: Memory, user_id: str,
                                                    tmp_path: Path) -> None:
        binary = tmp_path / "blob.txt"
        binary.write_bytes(b"\xff\xfe\x00\x01")
        with pytest.raises(InvalidInputError, match="not UTF-8"):
            memory.ingest_file(binary, user_id=user_id)
        empty = tmp_path / "empty.md"
        empty.write_text("\n\n  \n")
        with pytest.raises(InvalidInputError, match="empty"):
            memory.ingest_file(empty, user_id=user_id)


class TestChunking:
    @pytest.mark.parametrize(("size", "overlap"), [(32, 0), (64, 16), (400, 40)])
    def test_chunks_stay_within_the_token_size(self, size: int, overlap: int) -> None:
        text = "\n\n".join([GUIDE * 3, "word " * 900, "x" * 5000, "Sentence one. " * 200])
        chunks = split_document(text, size, overlap)
        assert chunks and all(count_tokens(c.text) <= size for c in chunks)
        assert [c.index for c in chunks] == list(range(len(chunks)))

    def test_headings_start_sections_and_code_fences_are_not_headings(self) -> None:
        text = "# A\n\none\n\n```\n# not a heading\n```\n\n## B\n\ntwo\n"
        chunks = split_document(text, 24, 0)
        assert [c.section for c in chunks] == ["A", "A › B"]
        assert "# not a heading" in chunks[0].text and chunks[1].text.startswith("## B")

    def test_a_continued_section_repeats_its_heading_and_the_overlap(self) -> None:
        body = " ".join(f"Fact {i} is here." for i in range(40))
        chunks = split_document(f"## Facts\n\n{body}", 40, 8)
        assert len(chunks) > 2
        for before, after in itertools.pairwise(chunks):
            assert after.text.startswith("## Facts\n\n")
            overlap = after.text.split("\n\n")[1]
            assert before.text.endswith(overlap) and 0 < count_tokens(overlap) <= 8


class TestCli:
    def test_a_markdown_file_from_stdin_and_its_summary(self, graph: Graph, user_id: str,
                                                        tmp_path: Path) -> None:
        import subprocess
        import sys

        proc = subprocess.run([sys.executable, "-m", "memgraph", "ingest", "--file", "-",
                               "--title", "Notes", "--user", user_id], input=GUIDE,
                              capture_output=True, text=True, env={**__import__("os").environ,
                                                                   **ENV}, timeout=300)
        assert proc.returncode == 0, proc.stderr
        assert "format             document" in proc.stdout
        assert artifact(graph, user_id)[0]["a"]["uri"] == "stdin:Notes"

    def test_bad_lines_exit_non_zero_with_one_line_and_list_every_line(
            self, graph: Graph, user_id: str, tmp_path: Path) -> None:
        path = write_lines(tmp_path / "chat.jsonl", [
            {"content": "I love chess."}, "{oops", {"content": "x", "kind": "poem"},
            {"content": "I like tea."}])
        run = run_cli("ingest", "--user", user_id, "--file", str(path), env=ENV)
        assert_one_line_error(run, "2 of 4 lines failed", "line 2")
        assert "  line 2: not valid JSON" in run.stdout and "  line 3: " in run.stdout
        summary = dict(line.rsplit(None, 1) for line in run.stdout.splitlines()
                       if line and not line.startswith(" ") and not line.endswith(":")
                       and not line.startswith("file"))
        assert (summary["lines"], summary["new"], summary["failed"]) == ("4", "2", "2")
        assert float(summary["per second"]) > 0
        run = run_cli("ingest", "--user", user_id, "--file", str(path), "--strict", "--json",
                      env=ENV)
        assert_one_line_error(run, "line 2", "nothing from the file")

    def test_one_message_over_the_limit_is_refused_before_any_model_loads(self) -> None:
        # an embedder that cannot load at all: the size check must come first
        run = run_cli("ingest", "x" * 102_401, env={"MEMGRAPH_EMBEDDER": "local",
                                                    "MEMGRAPH_EMBEDDING_MODEL": "/no/such/model"})
        assert_one_line_error(run, "over the 102,400-byte limit", "document")
