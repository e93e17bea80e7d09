"""Command-line pieces the benchmark programs share: checked before anything runs."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence


def comma_list(choices: Sequence[str]) -> Callable[[str], list[str]]:
    """An argparse type: a comma-separated list of these choices, in the order given; a
    name outside them is a usage error at parse time, before any scenario runs."""

    def parse(text: str) -> list[str]:
        items = [item.strip() for item in text.split(",") if item.strip()]
        if unknown := [item for item in items if item not in choices]:
            raise argparse.ArgumentTypeError(
                f"unknown {', '.join(unknown)}; choose from {','.join(choices)}")
        if not items:
            raise argparse.ArgumentTypeError(f"name at least one of {','.join(choices)}")
        return items

    return parse
