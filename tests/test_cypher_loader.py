"""The one query loader: files by name, parameters only, names validated."""

from __future__ import annotations

import re

import pytest

from memgraph import cypher
from memgraph.errors import ConfigurationError
from memgraph.graph.vocabulary import RELATIONSHIP_TYPES, STRUCTURAL_TYPES


def test_every_query_file_loads_and_is_not_empty() -> None:
    files = sorted(cypher.CYPHER_ROOT.rglob("*.cypher"))
    assert files
    for path in files:
        name = path.relative_to(cypher.CYPHER_ROOT).with_suffix("").as_posix()
        assert cypher.load(name), name


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
    for path in sorted(cypher.CYPHER_ROOT.rglob("*.cypher")):
        for match in type_list.finditer(path.read_text()):
            types = match.group(1).split("|")
            if "KNOWS" in types:
                found += 1
                semantic = set(types) - set(STRUCTURAL_TYPES)
                assert semantic == set(RELATIONSHIP_TYPES), path.name
    assert found >= 8
