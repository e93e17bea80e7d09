"""The one query loader: files by name, parameters only, names validated."""

from __future__ import annotations

import pytest

from memgraph import cypher
from memgraph.errors import ConfigurationError


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
