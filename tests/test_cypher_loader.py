"""The one query loader: files by name, parameters only, names validated."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from memgraph import cypher
from memgraph.cli.main import cli
from memgraph.errors import ConfigurationError
from memgraph.graph.vocabulary import (
    PERSON_TYPES,
    RELATIONSHIP_TYPES,
    STRUCTURAL_TYPES,
    WALK_TYPES,
)


def test_every_query_file_loads_and_is_not_empty() -> None:
    files = sorted(cypher.CYPHER_ROOT.rglob("*.cypher"))
    queries = cypher.names()
    fragments = cypher.names("fragments")
    assert len(files) == len(queries) + len(fragments)
    for name in queries:
        assert cypher.load(name), name


def test_every_fragment_is_used_by_a_query() -> None:
    sources = "\n".join(p.read_text(encoding="utf-8")
                        for p in cypher.CYPHER_ROOT.rglob("*.cypher"))
    for fragment in cypher.names("fragments"):
        assert "{{> " + fragment in sources.replace(f"cypher/{fragment}.cypher", ""), fragment


def test_a_fragment_takes_the_variables_it_works_on_as_arguments() -> None:
    # relabel is written for {{node}}: each query names its own variable
    assert "REMOVE s:Candidate:Active:Core:Archived:Strong:Faint" in cypher.load(
        "ingest/create_sources")
    assert "REMOVE st:Candidate" in cypher.load("jobs/write_storylines")
    # an argument the fragment does not take is an error, not silently ignored
    with pytest.raises(ConfigurationError, match="takes no argument 'nod'"):
        cypher._render("fragments/relabel", (), {"nod": "n"})
    # a fragment that needs its argument cannot be rendered without it
    with pytest.raises(ConfigurationError):
        cypher._render("fragments/relabel", (), {})


def test_comment_lines_are_dropped_and_statements_split() -> None:
    assert "//" not in cypher.load("graph/schema_version")
    statements = cypher.statements("schema/v1")
    assert all(not s.endswith(";") for s in statements)
    assert len(statements) == cypher.load("schema/v1").count(";")


@pytest.mark.parametrize("bad", ["../secrets", "graph/../x", "Graph/Ping", "graph/x y", ""])
def test_names_outside_the_pattern_are_refused(bad: str) -> None:
    with pytest.raises(ConfigurationError):
        cypher.load(bad)


def test_an_unknown_name_is_a_clear_error() -> None:
    with pytest.raises(ConfigurationError, match="no query named 'graph/nope'"):
        cypher.load("graph/nope")


def test_every_static_relationship_type_list_names_the_whole_vocabulary() -> None:
    # Queries list the semantic types statically so the planner can use the per-type uid
    # indexes (some add the structural types); a type added to the vocabulary but missing
    # from one list would make that query silently skip its relationships.
    type_list = re.compile(r"\[\w*:((?:[A-Z_]+\|)+[A-Z_]+)")
    found = 0
    for name in cypher.names():
        for match in type_list.finditer(cypher.load(name)):
            types = match.group(1).split("|")
            if "KNOWS" in types:
                found += 1
                semantic = set(types) - set(STRUCTURAL_TYPES)
                assert semantic == set(RELATIONSHIP_TYPES), name
    assert found >= 8


def test_every_query_renders_whole() -> None:
    # no marker is left but a schema command's identifier (filled by with_identifiers), no
    # comment survives, and fragments are indented like their marker
    names = cypher.names()
    assert len(names) >= 100
    for name in names:
        text = re.sub(r"\{\{=[a-z_]+\}\}", "", cypher.load(name))
        assert "{{" not in text, name
        assert not any(line.lstrip().startswith("//") for line in text.splitlines()), name


def test_rendered_lists_are_the_vocabulary() -> None:
    rendered = "\n".join(cypher.load(name) for name in cypher.names())
    assert "[r:" + "|".join(RELATIONSHIP_TYPES) + "]" in rendered
    assert "[r:" + "|".join(WALK_TYPES) + "]" in rendered
    assert "IN [" + ", ".join(f"'{t}'" for t in PERSON_TYPES) + "]" in rendered
    # each list is written once, in the vocabulary: no query file spells one out
    for path in cypher.CYPHER_ROOT.rglob("*.cypher"):
        if path.parent.name != "schema":   # migrations are history, kept as they ran
            assert "KNOWS|FRIEND_OF" not in path.read_text(encoding="utf-8"), path.name


def test_shared_pieces_are_written_once() -> None:
    # decay, note cleanup and note appends: one fragment each, rendered into every query
    decay = cypher.load("fragments/decay_element")
    for name in ("lifecycle/decay_nodes", "lifecycle/decay_relationships"):
        assert decay in cypher.load(name)
    cleanup = cypher.load("fragments/cleanup_notes")
    for name in ("lifecycle/cleanup_nodes", "lifecycle/cleanup_relationships"):
        assert cleanup in cypher.load(name)
    append = cypher.load("fragments/append_note").splitlines()[0].strip()
    for name in ("ingest/add_node_notes", "ingest/add_relationship_notes",
                 "jobs/append_insights"):
        assert append in cypher.load(name), name
    explore = cypher.load("retrieve/explore_candidates")
    caller_filter = cypher.load("fragments/caller_filters").splitlines()[0]
    summaries_out = cypher.load("fragments/node_filters").splitlines()[0]
    # the caller's filters everywhere: ann (and widened), exact, competing summaries'
    # vectors, full-text, linked (by name and by alias), graph, overview summaries;
    # summaries kept out of every ranked list but the overview's own branch
    assert explore.count(caller_filter) == 9
    assert explore.count(summaries_out) == 8


@pytest.fixture()
def query_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    (tmp_path / "fragments").mkdir()
    (tmp_path / "area").mkdir()
    monkeypatch.setattr(cypher, "CYPHER_ROOT", tmp_path)
    cypher.load.cache_clear()
    yield tmp_path
    cypher.load.cache_clear()


def test_a_fragment_is_indented_like_its_marker(query_root: Path) -> None:
    (query_root / "fragments" / "inner.cypher").write_text("// why\nSET n.a = 1,\n    n.b = 2\n")
    (query_root / "area" / "q.cypher").write_text(
        "MATCH (n)\nCALL (n) {\n  {{> fragments/inner}}\n}\nRETURN [r:{{semantic_types}}]\n")
    assert cypher.load("area/q") == ("MATCH (n)\nCALL (n) {\n  SET n.a = 1,\n      n.b = 2\n}\n"
                                     "RETURN [r:" + "|".join(RELATIONSHIP_TYPES) + "]")


@pytest.mark.parametrize(("text", "error"), [
    ("RETURN {{no_such_list}}", "no vocabulary list 'no_such_list'"),
    ("{{> fragments/missing}}", "no query named 'fragments/missing'"),
    ("{{> fragments/loop}}", "fragments include each other"),
    ("RETURN {{ Bad-Marker }}", "unknown marker"),
])
def test_bad_markers_are_clear_errors(query_root: Path, text: str, error: str) -> None:
    (query_root / "fragments" / "loop.cypher").write_text("{{> fragments/loop}}\n")
    (query_root / "area" / "q.cypher").write_text(text + "\n")
    with pytest.raises(ConfigurationError, match=error):
        cypher.load("area/q")


def test_cypher_show_prints_the_rendered_query() -> None:
    result = CliRunner().invoke(cli, ["cypher", "show", "lifecycle/decay_relationships"])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == cypher.load("lifecycle/decay_relationships")
    listed = CliRunner().invoke(cli, ["cypher", "list", "lifecycle"])
    assert "lifecycle/decay_nodes" in listed.output.split()
    missing = CliRunner().invoke(cli, ["cypher", "show", "retrieve/nope"])
    assert missing.exit_code != 0 and "no query named 'retrieve/nope'" in missing.output
