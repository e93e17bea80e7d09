"""Shared CLI options and rendering: --json everywhere, rich tables otherwise."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import date, datetime
from typing import Any, TypeVar

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from memgraph.memory import Memory
from memgraph.settings import Settings

F = TypeVar("F", bound=Callable[..., Any])
console = Console()


def json_option(func: F) -> F:
    return click.option("--json", "as_json", is_flag=True,
                        help="print machine-readable JSON instead of a table")(func)


def user_option(func: F) -> F:
    return click.option("--user", "-u", "user_id", default=None,
                        help="the user (tenant) whose memory to use "
                             "[default: MEMGRAPH_DEFAULT_USER or 'default']")(func)


def all_users_option(func: F) -> F:
    """``--all-users``: the explicit choice of every tenant (a missing --user never means
    that: it means MEMGRAPH_DEFAULT_USER)."""
    return click.option("--all-users", "all_users", is_flag=True,
                        help="every user (tenant) instead of one; not with --user")(func)


def scope_text(user_id: str | None) -> str:
    """How a command names what it covers: ``user 'sam'`` or ``all users``."""
    return "all users" if user_id is None else f"user {user_id!r}"


def _default(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    if hasattr(value, "iso_format"):
        return value.iso_format()
    if hasattr(value, "as_dict"):
        return value.as_dict()
    return str(value)


def print_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, default=_default, ensure_ascii=False))


def print_result(result: Any, as_json: bool, text: str | Callable[[], None]) -> None:
    """One result of a command: its JSON with --json, otherwise ``text`` (a line to print,
    or a function that prints the human form)."""
    if as_json:
        print_json(result.model_dump(mode="json"))
    elif callable(text):
        text()
    else:
        click.echo(text)


def open_memory(settings: Settings | None = None) -> Memory:
    return Memory(settings or Settings())


# -- tables that stay legible at any width and in a pipe ----------------------------------
# A rich table squeezed below its natural width elides headers ("sour…") and wraps cells a
# word per line. So: a table only on a terminal wide enough for it; otherwise (a narrow
# terminal, or stdout piped to a file or a program) each row as a block of "column  value"
# lines, nothing cut. `--json` stays the machine-readable form.
def _cell_width(value: str) -> int:
    return max((len(line) for line in value.splitlines()), default=0)


def natural_width(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> int:
    """Columns of a rich table that shows every cell on one line (box borders and the one
    space of padding either side included)."""
    widths = [max([len(c), *(_cell_width(row[i]) for row in rows)])
              for i, c in enumerate(columns)]
    return sum(widths) + 3 * len(widths) + 1


def table_fits(columns: Sequence[str], rows: Sequence[Sequence[str]],
               out: Console | None = None) -> bool:
    out = out or console
    return out.is_terminal and natural_width(columns, rows) <= out.width


def print_plain(text: str, out: Console | None = None) -> None:
    """Text as it is: no markup, no highlighting, no wrapping at the console width."""
    (out or console).out(text, highlight=False)


def render_table(columns: Sequence[str], rows: Sequence[Sequence[str]], *,
                 title: str | None = None, out: Console | None = None) -> None:
    out = out or console
    if table_fits(columns, rows, out):
        table = Table(*columns, title=title)
        for row in rows:
            table.add_row(*(Text(cell) for cell in row))
        out.print(table)
        return
    blocks = [title] if title else []
    width = max((len(c) for c in columns), default=0)
    for row in rows:
        lines = []
        for column, cell in zip(columns, row, strict=True):
            first, *rest = (cell or "").splitlines() or [""]
            lines.append(f"{column:<{width}}  {first}".rstrip())
            lines.extend(" " * (width + 2) + more for more in rest)
        blocks.append("\n".join(lines))
    print_plain("\n\n".join(blocks) if blocks else "(none)", out)


def render_fields(pairs: Sequence[tuple[str, str]], out: Console | None = None) -> None:
    """One record as aligned "label  value" lines: fits any width, reads well in a pipe."""
    width = max((len(label) for label, _ in pairs), default=0)
    print_plain("\n".join(f"{label:<{width}}  {value}" for label, value in pairs), out)
