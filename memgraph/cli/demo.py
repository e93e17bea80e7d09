"""`memgraph demo`: the end-to-end tour on the built-in defaults."""

from __future__ import annotations

import click
from rich import box
from rich.panel import Panel
from rich.table import Table

from memgraph.cli.output import console, json_option, open_memory, print_json
from memgraph.cli.retrieve import _tree, scored, shown_name
from memgraph.demo.tour import MONTHS_LATER, STORY_QUESTION, TourReport, run_tour

SHOWN_CHANGES = 16
ARCHIVED_BECAUSE = {"salience": "below 0.01", "ttl": "TTL ran out",
                    "consolidated": "consolidated", "pruned": "pruned"}


@click.command()
@click.option("--user", "-u", "user_id", default="demo", show_default=True,
              help="the tenant the tour writes to, emptied at the start: only an empty "
                   "user or one an earlier tour made, unless --reset")
@click.option("--reset", is_flag=True,
              help="delete the --user's memories first even if the demo did not make them")
@json_option
def demo(user_id: str, reset: bool, as_json: bool) -> None:
    """Ingest a sample conversation, explore, traverse, build a prompt context, then run
    the nightly jobs months later and show what faded, was archived and consolidated.

    Only the demo's user is touched: the months later are simulated for it alone
    (`jobs run --simulate`), and its memories are deleted first only when the demo made
    them (or with --reset)."""
    with open_memory() as memory, console.status("running the tour…"):
        report = run_tour(memory, user_id, reset=reset)
    if as_json:
        print_json(_as_json(report))
        return
    _render(report)


def _render(report: TourReport) -> None:
    c = report.ingest_counts
    console.rule("1. Ingest: a sample conversation, offline extractor, local embeddings")
    console.print(f"{c['sources']} sources → {c['nodes_created']} nodes, "
                  f"{c['relationships_created']} facts ({c['relationships_superseded']} "
                  f"superseded by newer ones), {c['notes_added']} notes. Learned:")
    for line in report.learned:
        console.print(f"  • {line}")
    console.rule("2. Explore: hybrid retrieval with provenance")
    for question, results in report.answers.items():
        # a table that wraps its cells: an answer's tier and an ended fact's date fit in
        # 80 columns
        found = Table(title=f"[bold]{question}[/bold]", title_justify="left", box=None,
                      show_header=False, pad_edge=False, padding=(0, 1))
        for column in ("#", "kind", "memory", "score", "from"):
            found.add_column(column, overflow="fold", no_wrap=column in ("#", "kind"))
        for i, r in enumerate(results, 1):
            said = r.text if len(r.text) <= 70 else r.text[:70].rsplit(" ", 1)[0] + "…"
            found.add_row(f"{i}.", r.kind, shown_name(r) or said, scored(r),
                          ", ".join(r.external_ids) or "-")
        console.print(found)
    console.rule("3. Traverse from Sam (depth 1)")
    console.print(_tree(report.traversal))
    console.rule("4. Context for a prompt (250-token budget)")
    ctx = report.context
    console.print(Panel(ctx.text, subtitle=f"{ctx.memories_used} memories, "
                                           f"{ctx.tokens_used}/{ctx.max_tokens} tokens"))
    console.rule(f"5. Nightly jobs, {MONTHS_LATER} months later (--as-of "
                 f"{report.as_of:%Y-%m-%d})")
    for step in report.nightly.steps:
        counts = ", ".join(f"{k} {v}" for k, v in step.counts.items() if v) or "nothing to do"
        console.print(f"  {step.job:<14} {step.status:<8} {counts}")
    table = Table(title="what faded and what was archived", box=box.SIMPLE_HEAD,
                  pad_edge=False)
    table.add_column("kind", no_wrap=True)
    table.add_column("memory", no_wrap=True, overflow="ellipsis", max_width=18)
    for column in ("state", "salience", "why"):
        table.add_column(column, no_wrap=True)
    for ch in report.changes[:SHOWN_CHANGES]:
        table.add_row(ch.kind, ch.name[:40], f"{ch.state_before}→{ch.state_after}",
                      f"{ch.salience_before:.2f}→{ch.salience_after:.3f}",
                      ARCHIVED_BECAUSE.get(ch.archived_reason or "", "faded"))
    console.print(table)
    if len(report.changes) > SHOWN_CHANGES:
        console.print(f"  … and {len(report.changes) - SHOWN_CHANGES} more")
    console.print("[bold]what was consolidated[/bold] (archived episodes distilled into "
                  "notes on what they were about, linked by DERIVED_FROM)")
    for item in report.consolidated[:8]:
        console.print(f"  • {item.kind} [bold]{item.name}[/bold] ← {item.derived_from} "
                      f"source{'s' if item.derived_from != 1 else ''}")
        for insight in item.insights[:1]:
            console.print(f"      {insight}")
        if item.description_after != item.description_before:
            console.print(f"      description: {item.description_after}")
    if len(report.consolidated) > 8:
        console.print(f"  … and {len(report.consolidated) - 8} more")
    console.print("[bold]storylines and macros[/bold] (episodes of a subject's story, and "
                  "its lasting summary over them)")
    for item in report.summaries:
        console.print(f"  • {item['layer']} [bold]{item['title']}[/bold]")
        console.print(f"      {item['summary']}")
    console.print(f"[bold]{STORY_QUESTION}[/bold] (a broad question: the story answers "
                  "first, then the facts)")
    for r in report.story:
        console.print(f"  {r.kind:<10} [bold]{r.name}[/bold]")



def _as_json(report: TourReport) -> dict[str, object]:
    return {
        "user_id": report.user_id,
        "ingest": report.ingest_counts,
        "learned": report.learned,
        "answers": {q: [r.model_dump(mode="json") for r in rs]
                    for q, rs in report.answers.items()},
        "traverse": report.traversal.model_dump(mode="json"),
        "context": report.context.model_dump(mode="json", exclude={"memories"}),
        "nightly": report.nightly.as_dict(),
        "as_of": report.as_of.isoformat() if report.as_of else None,
        "changes": [ch.__dict__ for ch in report.changes],
        "consolidated": [item.__dict__ for item in report.consolidated],
        "summaries": report.summaries,
        "story": [r.model_dump(mode="json") for r in report.story],
    }


COMMANDS = [demo]
