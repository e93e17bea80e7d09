"""The retrieval commands, run as a user runs them (a subprocess, the real server)."""

from __future__ import annotations

import json

from retrieve_data import add_node, relate
from support import assert_one_line_error, run_cli

from memgraph.memory import Memory


def _env(user_id: str) -> dict[str, str]:
    return {"MEMGRAPH_DEFAULT_USER": user_id, "MEMGRAPH_EMBEDDER": "hashing"}


def test_explore_traverse_context(memory: Memory, user_id: str) -> None:
    g, emb = memory.graph, memory.embedder
    text = "Noor restores antique clocks"
    noor = add_node(g, user_id, "Person", "Noor", text=text, embedding=emb.embed(text))
    shop = add_node(g, user_id, "Entity", "Clock shop", text="a shop full of clocks")
    relate(g, user_id, noor, "WORKS_AT", shop, description="Noor works at the clock shop")

    out = run_cli("explore", "antique clocks", "--json", "--no-reinforce", env=_env(user_id))
    assert out.code == 0, out.stderr
    rows = json.loads(out.stdout)
    assert rows[0]["uid"] == noor and "ranks" in rows[0]["score"]

    table = run_cli("explore", "antique clocks", "-k", "3", env=_env(user_id))
    assert table.code == 0 and "Noor" in table.stdout

    tree = run_cli("traverse", "Noor", "--depth", "2", env=_env(user_id))
    assert tree.code == 0 and "WORKS_AT" in tree.stdout and "Clock shop" in tree.stdout

    ctx = run_cli("context", "clocks", "--max-tokens", "100", "--format", "xml",
                  env=_env(user_id))
    assert ctx.code == 0 and ctx.stdout.startswith("<memory_context")


def test_bad_input_is_one_line_and_non_zero(user_id: str) -> None:
    cases = [(["explore", ""], "query is empty"), (["explore", "x", "-k", "0"], "k must be"),
             (["traverse", "Nobody-here"], "no memory"),
             (["traverse", "x", "--type", "LOVES"], "unknown relationship type"),
             (["context", "x", "--max-tokens", "1"], "max_tokens")]
    for args, message in cases:
        assert_one_line_error(run_cli(*args, env=_env(user_id)), message)
