"""The saved Browser queries (browser/saved-queries.cypher) run as a person would run them:
each block's :param lines first, then its query, on the demo's graph and on an empty user.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from memgraph.demo.tour import run_tour
from memgraph.graph.connection import Graph
from memgraph.memory import Memory

SAVED = Path(__file__).resolve().parent.parent / "browser" / "saved-queries.cypher"
PARAM = re.compile(r"^:param\s+(\w+)\s*=>\s*(.+?);\s*$")


def blocks() -> list[tuple[str, dict[str, object], str]]:
    """(title, params, query) per numbered block of the file."""
    out = []
    for chunk in re.split(r"\n(?=// \d+\. )", SAVED.read_text(encoding="utf-8")):
        if not re.match(r"// \d+\. ", chunk):
            continue
        title = chunk.splitlines()[0].removeprefix("// ")
        params: dict[str, object] = {}
        query = []
        for line in chunk.splitlines():
            if (m := PARAM.match(line)) is not None:
                params[m[1]] = ast.literal_eval(m[2])   # 'demo', 3, ... as Browser reads
            elif not line.startswith("//"):
                query.append(line)
        out.append((title, params, "\n".join(query).strip().rstrip(";")))
    return out


BLOCKS = blocks()
TITLES = [title for title, _, _ in BLOCKS]


@pytest.fixture(scope="module")
def demo_user(memory: Memory, graph: Graph) -> Iterator[str]:
    user = "browser-queries-demo"
    run_tour(memory, user, reset=True)
    yield user
    memory.forget_user(user)


def test_the_file_has_its_queries_and_each_declares_what_it_uses():
    assert len(BLOCKS) >= 8
    for title, params, query in BLOCKS:
        used = set(re.findall(r"\$(\w+)", query))
        assert used <= set(params), f"{title}: uses {used - set(params)} undeclared"
        assert re.search(r"\bLIMIT \d+", query), f"{title}: no LIMIT"


@pytest.mark.parametrize(("title", "params", "query"), BLOCKS, ids=TITLES)
def test_every_saved_query_runs_on_the_demos_graph(graph: Graph, demo_user: str, title: str,
                                                  params: dict[str, object], query: str):
    with graph.session() as session:
        rows = session.run(query, {**params, "user_id": demo_user}).data()
    assert isinstance(rows, list)


@pytest.mark.parametrize(("title", "params", "query"), BLOCKS, ids=TITLES)
def test_every_saved_query_returns_nothing_for_an_empty_user(graph: Graph, user_id: str,
                                                            title: str,
                                                            params: dict[str, object],
                                                            query: str):
    with graph.session() as session:
        assert session.run(query, {**params, "user_id": user_id}).data() == []


def test_the_main_views_show_the_demo(graph: Graph, demo_user: str):
    by_number = {title.split(".")[0]: (params, query) for title, params, query in BLOCKS}

    def rows(number: str) -> list[dict]:
        params, query = by_number[number]
        with graph.session() as session:
            return session.run(query, {**params, "user_id": demo_user}).data()

    known = rows("1")
    assert known and all(r["n"] is not None for r in known)
    facts = rows("2")     # what is known about Sam, the old job as history
    assert {"WORKS_AT", "LIVES_IN"} <= {r["fact"] for r in facts}
    assert any(r["until"] is not None for r in facts if r["fact"] == "WORKS_AT")
    assert rows("3") and rows("5") and rows("7")
    assert len({r["st"]["uid"] for r in rows("8")}) == 2     # Sam's two Storylines
