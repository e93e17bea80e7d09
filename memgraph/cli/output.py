"""Shared CLI options and rendering: --json everywhere, rich tables otherwise."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, datetime
from typing import Any, TypeVar

import click
from rich.console import Console

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


def open_memory(settings: Settings | None = None) -> Memory:
    return Memory(settings or Settings())
