"""The Browser queries memgraph ships, parsed as Browser reads them: the saved queries
(browser/saved-queries.cypher, each block with its :param lines) and the guide
(browser/guide.html, each step with one :params block and its queries)."""

from __future__ import annotations

import ast
import html
import re
from dataclasses import dataclass
from pathlib import Path

BROWSER = Path(__file__).resolve().parent.parent / "browser"
SAVED = BROWSER / "saved-queries.cypher"
GUIDE = BROWSER / "guide.html"
PARAM = re.compile(r"^:param\s+(\w+)\s*=>\s*(.+?);\s*$")
RUNNABLE = re.compile(r'<pre class="pre-scrollable code runnable">(.*?)</pre>', re.S)
SLIDE_TITLE = re.compile(r"<h3>(.*?)</h3>")


def split_block(text: str) -> tuple[dict[str, object], str]:
    """A block's :param lines (as Browser reads them: 'demo', 3, ...) and its query."""
    params: dict[str, object] = {}
    query = []
    for line in text.splitlines():
        if (m := PARAM.match(line)) is not None:
            params[m[1]] = ast.literal_eval(m[2])
        elif not line.startswith("//"):
            query.append(line)
    return params, "\n".join(query).strip().rstrip(";")


def saved_blocks() -> list[tuple[str, dict[str, object], str]]:
    """(title, params, query) per numbered block of the saved-queries file."""
    out = []
    for chunk in re.split(r"\n(?=// \d+\. )", SAVED.read_text(encoding="utf-8")):
        if re.match(r"// \d+\. ", chunk):
            out.append((chunk.splitlines()[0].removeprefix("// "), *split_block(chunk)))
    return out


PARAMS_BLOCK = re.compile(r"^:params\s*\{(.*)\}\s*;?\s*$", re.S)
MAP_ENTRY = re.compile(r"(\w+)\s*:\s*('(?:[^'\\\\]|\\\\.)*'|-?\d+(?:\.\d+)?)")


@dataclass(frozen=True)
class GuideStep:
    title: str
    params: dict[str, object]
    params_block: str
    queries: list[str]


def guide_steps() -> list[GuideStep]:
    """The guide's steps: a step's one `:params {...}` block declares the parameters of every
    query in it."""
    out = []
    for slide in GUIDE.read_text(encoding="utf-8").split("<slide")[1:]:
        title = html.unescape(SLIDE_TITLE.search(slide)[1])
        params: dict[str, object] = {}
        params_block = ""
        queries = []
        for block in (html.unescape(b).strip() for b in RUNNABLE.findall(slide)):
            if (m := PARAMS_BLOCK.match(block)) is not None:
                assert not params and not queries, f"{title}: :params must come first, once"
                params_block = block
                params = {key: ast.literal_eval(value)
                          for key, value in MAP_ENTRY.findall(m[1])}
            else:
                assert not block.startswith(":"), f"{title}: a query block runs one query"
                queries.append(block.rstrip(";"))
        out.append(GuideStep(title, params, params_block, queries))
    return out


def guide_blocks() -> list[tuple[str, dict[str, object], str]]:
    """(title, params, query) per query of the guide, titled by its step."""
    return [(f"guide {step.title} [{number}]", step.params, query)
            for step in guide_steps() for number, query in enumerate(step.queries, start=1)]


def reads_every_user(query: str) -> bool:
    """The guide's one deliberate all-tenants query (which user ids exist) names no user."""
    return "$user_id" not in query


