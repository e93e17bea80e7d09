"""`memgraph explore`, `memgraph traverse`, `memgraph context`."""

from __future__ import annotations

import click
from rich.console import Console
from rich.tree import Tree

from memgraph.cli.output import (
    console,
    json_option,
    open_memory,
    print_json,
    print_plain,
    print_result,
    render_table,
    table_fits,
    user_option,
)
from memgraph.graph.vocabulary import KIND_FILTERS, Kind
from memgraph.retrieve.context import DEFAULT_BUDGET, FORMATS
from memgraph.retrieve.results import Result, TraverseResult
from memgraph.retrieve.traverse import DIRECTIONS


@click.command()
@click.argument("query")
@click.option("--k", "-k", type=int, default=None, help="how many results [default: 10]")
@click.option("--kind", "kinds", multiple=True,
              type=click.Choice(KIND_FILTERS, case_sensitive=False),
              help="only these kinds (repeatable); Relationship keeps relationships")
@click.option("--since", default=None, help="event time from (ISO date or datetime)")
@click.option("--until", default=None, help="event time before (ISO date or datetime)")
@click.option("--min-salience", type=float, default=None, help="drop memories below this")
@click.option("--include-archived", is_flag=True, help="also search archived memories")
@click.option("--agent", "agent_id", default=None,
              help="only what this agent wrote (its agent_id at ingest) and what was learnt "
                   "from it")
@click.option("--no-reinforce", is_flag=True,
              help="read only: do not count this as a retrieval (seed 001 reinforcement)")
@user_option
@json_option
def explore(query: str, k: int | None, kinds: tuple[str, ...], since: str | None,
            until: str | None, min_salience: float | None, include_archived: bool,
            agent_id: str | None, no_reinforce: bool, user_id: str | None,
            as_json: bool) -> None:
    """Find the memories most relevant to QUERY (vector + full-text + graph, fused)."""
    with open_memory() as memory:
        results = memory.explore(query, user_id=user_id, k=k, kinds=list(kinds) or None,
                                 since=since, until=until, min_salience=min_salience,
                                 include_archived=include_archived, agent_id=agent_id,
                                 reinforce=not no_reinforce)
    if as_json:
        print_json([r.model_dump(mode="json") for r in results])
        return
    _render_results(results)


RESULT_COLUMNS = ("#", "kind", "memory", "signals (rank)", "rrf", "rel", "sal", "rec", "imp",
                  "score", "provenance")


def _counted(results: list[Result]) -> str:
    return f"{len(results)} result" + ("" if len(results) == 1 else "s")


def shown_name(r: Result) -> str:
    """A result's name, a fact's with when it ended ("Priya AVOIDS meat (ended
    2025-11-20)"): a question whether it holds ranks the ended fact first."""
    if r.element == "relationship" and r.valid_to is not None:
        return f"{r.name} (ended {r.valid_to.date().isoformat()})"
    return r.name


def scored(r: Result) -> str:
    """A result's score and, when its tier ranks it above higher scores, the tier in words
    ("score 0.743, an answer")."""
    ranked = f", {r.score.ranked_as}" if r.score.ranked_as else ""
    return f"score {r.score.final:.3f}{ranked}"


def _result_row(i: int, r: Result) -> list[str]:
    t = r.score.terms
    text = f"{shown_name(r)}\n{r.text[:160]}" if r.name else r.text[:160]
    return [str(i), r.kind, text, " ".join(f"{s}:{n}" for s, n in r.score.ranks.items()),
            f"{r.score.rrf:.4f}", f"{t['relevance']:.3f}", f"{t['salience']:.3f}",
            f"{t['recency']:.3f}", f"{t['importance']:.3f}",
            "\n".join(filter(None, (f"{r.score.final:.3f}", r.score.ranked_as))),
            ", ".join(r.external_ids or [p.source_uid[:8] for p in r.provenance])]


def _render_results(results: list[Result], out: Console | None = None) -> None:
    """The wide table on a terminal that fits it; otherwise one block per result (a narrow
    terminal, or a pipe), every field whole, with why it ranks where it does (its tier: an
    answer ranks above a message of a higher score)."""
    rows = [_result_row(i, r) for i, r in enumerate(results, start=1)]
    if table_fits(RESULT_COLUMNS, rows, out):
        render_table(RESULT_COLUMNS, rows, title=_counted(results), out=out)
        return
    blocks = [_counted(results)]
    for (i, kind, _text, ranks, rrf, rel, sal, rec, imp, _score, prov), r in zip(
            rows, results, strict=True):
        # a Source's name is a shortened caption of the text printed below it
        named = r.name and r.kind != Kind.SOURCE
        head = f"{i}. {kind}  {shown_name(r)}" if named else f"{i}. {kind}"
        lines = [f"{head}  ({scored(r)})", *(f"   {line}" for line in r.text[:300].splitlines()),
                 f"   signals {ranks or '-'}; rrf {rrf}, relevance {rel}, salience {sal}, "
                 f"recency {rec}, importance {imp}"]
        if r.score.reasons:
            lines.append(f"   why {'; '.join(r.score.reasons)}")
        if prov:
            lines.append(f"   provenance {prov}")
        blocks.append("\n".join(lines))
    print_plain("\n\n".join(blocks), out)


@click.command()
@click.argument("start")
@click.option("--depth", "-d", type=int, default=2, show_default=True, help="hops to walk")
@click.option("--type", "types", multiple=True,
              help="relationship types to follow (repeatable) [default: all semantic types]")
@click.option("--direction", type=click.Choice(DIRECTIONS), default="both",
              show_default=True)
@click.option("--limit", type=int, default=50, show_default=True, help="nodes per page")
@click.option("--offset", type=int, default=0, show_default=True, help="skip this many nodes")
@click.option("--include-archived", is_flag=True, help="also walk through archived memories")
@click.option("--no-reinforce", is_flag=True, help="read only: do not reinforce what is shown")
@user_option
@json_option
def traverse(start: str, depth: int, types: tuple[str, ...], direction: str, limit: int,
             offset: int, include_archived: bool, no_reinforce: bool, user_id: str | None,
             as_json: bool) -> None:
    """Walk the graph from START (a uid or a name), breadth first, bounded."""
    with open_memory() as memory:
        result = memory.traverse(start, user_id=user_id, depth=depth, types=list(types) or None,
                                 direction=direction, limit=limit, offset=offset,
                                 include_archived=include_archived, reinforce=not no_reinforce)
    print_result(result, as_json, lambda: _print_tree(result))


def _print_tree(result: TraverseResult) -> None:
    console.print(_tree(result))
    if result.next_offset is not None:
        console.print(f"more: --offset {result.next_offset}")


def _tree(result: TraverseResult) -> Tree:
    root = Tree(f"[bold]{result.start.name or result.start.uid}[/bold] ({result.start.kind})")
    branches = {result.start.uid: root}
    rels = {r.uid: r for r in result.relationships}
    for node in result.nodes:
        parent = branches.get(node.path[-3]) or root
        rel = rels.get(node.path[-2])
        arrow = "→" if rel is None or rel.start_uid == node.path[-3] else "←"
        label = f"{arrow} {rel.type if rel else ''} {arrow} [bold]{node.name or node.uid}[/bold]"
        if rel is not None and rel.valid_to is not None:
            label += f" [dim](ended {rel.valid_to:%Y-%m-%d})[/dim]"
        branches[node.uid] = parent.add(f"{label} ({node.kind}, {node.state}, "
                                        f"salience {node.salience:.2f})")
    return root


@click.command()
@click.argument("query")
@click.option("--max-tokens", type=int, default=DEFAULT_BUDGET, show_default=True,
              help="token budget (counted as docs/retrieval.md describes)")
@click.option("--format", "fmt", type=click.Choice(FORMATS),
              default="markdown", show_default=True)
@click.option("--no-reinforce", is_flag=True, help="read only")
@user_option
@json_option
def context(query: str, max_tokens: int, fmt: str, no_reinforce: bool, user_id: str | None,
            as_json: bool) -> None:
    """Print prompt-ready memory text for QUERY within a token budget."""
    with open_memory() as memory:
        result = memory.context(query, user_id=user_id, max_tokens=max_tokens, format=fmt,
                                reinforce=not no_reinforce)
    if as_json:
        print_json(result.model_dump(mode="json", exclude={"memories"})
                   | {"memories": [r.uid for r in result.memories]})
        return
    click.echo(result.text)
    click.echo(f"\n[{result.memories_used} memories, {result.tokens_used}/{max_tokens} tokens"
               f"{', truncated' if result.truncated else ''}]", err=True)


COMMANDS = [explore, traverse, context]
