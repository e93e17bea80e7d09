"""Neo4j Browser as a person uses it, in a real headless Chromium: log in to the local server,
find memgraph's style applied and its guide open, then walk the guide step by step (set the
step's parameters, click each query, run it) and check what the page shows against what the
graph holds. Screenshots of every step go to a folder for a person to look at (and, with
MEMGRAPH_BROWSER_SCREENSHOTS=docs/browser, into the docs).

Chromium comes from the system's packages (scripts/test.sh installs Debian's when it can);
without it this test fails.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_blocks import GuideStep, guide_steps
from browser_cdp import BrowserError, Chromium, find_chromium

from memgraph.graph.connection import Graph
from memgraph.local_neo4j import LocalServer

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = Path(os.environ.get("MEMGRAPH_BROWSER_SCREENSHOTS")
                   or ROOT / ".memgraph" / "browser-screenshots")
CTRL = 2           # the DevTools protocol's modifier bit for Control
TOP_FRAME = "document.querySelectorAll('[data-testid=\"frame\"]')[0]"


@pytest.fixture(scope="module")
def chromium_binary() -> str:
    binary = find_chromium()
    if binary is None:
        pytest.fail("Chromium is not installed (Debian: apt-get install chromium; "
                    "scripts/test.sh installs it when run as root)")
    return binary


@pytest.fixture(scope="module")
def viewed_user(demo_graph: str) -> str:
    return demo_graph


@pytest.fixture(scope="module")
def browser(chromium_binary: str, neo4j_server: LocalServer | None,
            viewed_user: str) -> Iterator[Chromium]:
    if neo4j_server is None:
        pytest.fail("the browser test needs the project's own server (it serves the guide)")
    password = neo4j_server.password_file.read_text(encoding="utf-8").strip()
    with Chromium(chromium_binary) as page:
        page.navigate(neo4j_server.browser_url)
        page.wait_for("document.querySelector('[data-testid=\"boltaddress\"]')", timeout_s=90,
                      what="Browser's login form")
        page.fill('[data-testid="username"]', "neo4j")
        page.fill('[data-testid="password"]', password)
        page.click('[data-testid="connect"]')
        page.wait_for("document.body.innerText.includes('You are connected as user')",
                      timeout_s=60, what="the login")
        page.wait_for("document.querySelector('[data-testid=\"carousel\"]')", timeout_s=60,
                      what="the guide Browser opens after login")
        yield page


def frame_commands(page: Chromium) -> list[str]:
    return page.evaluate("Array.from(document.querySelectorAll('[data-testid=\"frameCommand\"]'))"
                         ".map(e => e.innerText)")


def flat(text: str) -> str:
    return " ".join(text.replace("\xa0", " ").split())


def run_in_editor(page: Chromium, text: str) -> None:
    page.focus(".monaco-editor textarea")
    page.press("a", "KeyA", 65, CTRL)      # select what is there, so typing replaces it
    page.insert_text(text)
    page.click('[data-testid="editor-Run"]')


def wait_for_result(page: Chromium, command: str) -> str:
    """The text of the newest frame once it shows the result of `command`."""
    page.wait_for(f"{TOP_FRAME} && {TOP_FRAME}.querySelector('[data-testid=\"frameCommand\"]')"
                  f".innerText.replace(/\\s+/g, ' ').trim() === {json.dumps(flat(command))}",
                  what=f"a frame for {command[:60]!r}")
    page.wait_for(f"/(ERROR|Started streaming|no records|Displaying|Successfully set)/"
                  f".test({TOP_FRAME}.innerText) || {TOP_FRAME}.querySelector('svg g.node')",
                  what=f"the result of {command[:60]!r}")
    return page.evaluate(f"{TOP_FRAME}.innerText")


def close_top_frame(page: Chromium) -> None:
    """Close the newest frame, as a person would: Browser keeps a limited number of frames
    and would otherwise push the guide out of its stream."""
    before = page.evaluate("document.querySelectorAll('[data-testid=\"frame\"]').length")
    page.evaluate(f"{TOP_FRAME}.querySelector('[title=\"Close\"]').click()")
    page.wait_for("document.querySelectorAll('[data-testid=\"frame\"]').length === "
                  f"{before - 1}", what="the frame to close")


def shown_count(page: Chromium, frame_text: str) -> int:
    """Rows in a table result, or nodes drawn in a graph result."""
    if (m := re.search(r"Started streaming (\d+) records?", frame_text)) is not None:
        return int(m[1])
    if "no records" in frame_text:
        return 0
    return page.wait_for(f"{TOP_FRAME}.querySelectorAll('svg g.node').length",
                         what="the graph to be drawn")


def expected_count(graph: Graph, query: str, params: dict[str, object]) -> int:
    """What the page should show: rows, or the distinct nodes when the result is a graph."""
    with graph.session() as session:
        records = list(session.run(query, params))
    nodes = {value.element_id for record in records for value in record.values()
             if hasattr(value, "labels")}
    return len(nodes) if nodes else len(records)


def show_step(page: Chromium, number: int) -> GuideStep:
    """Bring the guide's frame to the top's view and turn it to step `number` (from 1)."""
    page.evaluate("document.querySelector('[data-testid=\"carousel\"]')"
                  ".scrollIntoView({block: 'start'})")
    step = guide_steps()[number - 1]
    for _ in range(len(guide_steps())):
        if page.evaluate("Array.from(document.querySelectorAll('[data-testid=\"carousel\"] h3'))"
                         ".some(h => h.innerText.trim() === " + json.dumps(step.title) + ")"):
            return step
        page.click('[data-testid="nextSlide"]')
        page.wait_for("document.querySelector('[data-testid=\"carousel\"] h3')")
    raise AssertionError(f"the guide has no step {step.title!r}")


def test_login_applies_the_style_and_opens_the_guide(browser: Chromium):
    # the style's frame comes when its file is fetched, which may be after the guide's
    # (once, on a server started moments before, the list was read without it)
    with contextlib.suppress(BrowserError):      # the assertion below says what was there
        browser.wait_for("Array.from(document.querySelectorAll('[data-testid=\"frameCommand\"]'))"
                         ".some(e => e.innerText.trim().startsWith(':style '))", timeout_s=30,
                         what="the style's frame")
    commands = [flat(c) for c in frame_commands(browser)]
    assert any(c.startswith(":style ") and c.endswith("/browser/memgraph/memgraph.grass")
               for c in commands), commands
    assert any(c.startswith(":play ") and c.endswith("/browser/memgraph/guide.html")
               for c in commands), commands
    guide = browser.evaluate("document.querySelector('[data-testid=\"carousel\"]').innerText")
    assert "1. Whose memory: set your user" in guide
    style = browser.evaluate("Array.from(document.querySelectorAll('[data-testid=\"frame\"]'))"
                             ".map(f => f.innerText).join('\\n')")
    assert "node.Archived" in style and "ERROR" not in style
    browser.screenshot(SCREENSHOTS / "00-login-style-and-guide.png")


@pytest.mark.parametrize("number", range(1, len(guide_steps()) + 1))
def test_each_guide_step_runs_in_browser_and_shows_what_the_graph_holds(
        browser: Chromium, graph: Graph, viewed_user: str, number: int):
    step = show_step(browser, number)
    # A person changes the step's parameters to their own user before running them.
    params = {**step.params, "user_id": viewed_user}
    typed = ":params {" + ", ".join(f"{key}: {json.dumps(value)}"
                                    for key, value in params.items()) + "}"
    run_in_editor(browser, typed.replace('"', "'"))
    assert "Successfully set your parameters" in wait_for_result(browser, typed.replace('"', "'"))
    close_top_frame(browser)

    for index, query in enumerate(step.queries):
        show_step(browser, number)
        browser.evaluate("document.querySelectorAll('[data-testid=\"carousel\"] "
                         f"pre.runnable')[{index + 1}].click()")   # [0] is the :params block
        browser.click('[data-testid="editor-Run"]')
        text = wait_for_result(browser, query + ";")
        assert "ERROR" not in text and "Neo.ClientError" not in text, text[:500]
        assert shown_count(browser, text) == expected_count(graph, query, params), (
            f"{step.title}: {query[:80]}")
        slug = re.sub(r"[^a-z0-9]+", "-", step.title.lower()).strip("-")
        browser.evaluate(f"{TOP_FRAME}.scrollIntoView({{block: 'start'}})")
        browser.screenshot(SCREENSHOTS / f"{number:02d}-{slug}-{index + 1}.png")
        close_top_frame(browser)
