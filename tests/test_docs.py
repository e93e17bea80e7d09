"""Docs generated from the code stay in step with it; every command is documented."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import click

from memgraph.cli.main import cli

ROOT = Path(__file__).resolve().parent.parent


def test_generated_docs_are_current() -> None:
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_docs.py"), "--check"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def _commands(group: click.Group, prefix: str) -> list[str]:
    out = []
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        out.append(f"{prefix} {name}")
        if isinstance(command, click.Group):
            out += _commands(command, f"{prefix} {name}")
    return out


def test_every_command_has_help_and_a_section_in_the_cli_docs() -> None:
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    for command in _commands(cli, "memgraph"):
        assert f"## `{command}`" in text, command


def test_readme_links_resolve() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for target in ("docs/data-model.md", "docs/configuration.md", "docs/cli.md",
                   "docs/benchmarks.md", "docs/lifecycle.md", "docs/retrieval.md",
                   "docs/ingestion.md", "docs/operations.md", "docs/providers.md",
                   "docs/agents.md", "docs/reliability.md"):
        assert f"]({target})" in readme, target
        assert (ROOT / target).is_file(), target


def test_readme_runs_jobs_in_the_future_only_as_a_dry_run_or_a_simulation_of_one_user() -> None:
    # A real run at a future --as-of writes that clock into the graph (issue 10, defect 5):
    # a tour line that does it must name its user and say --dry-run or --simulate.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for doc in (readme, (ROOT / "docs" / "operations.md").read_text(encoding="utf-8"),
                (ROOT / "docs" / "lifecycle.md").read_text(encoding="utf-8")):
        for line in doc.splitlines():
            if "jobs run" in line and "--as-of" in line and "# refused" not in line:
                assert "--user" in line, line
                assert "--dry-run" in line or "--simulate" in line, line


def test_every_path_the_architecture_names_exists() -> None:
    # docs/architecture.md answers "where is ..." by path: a moved module must move there too
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    paths = set(re.findall(r"`((?:memgraph|cypher|bench|docs)/[\w/.-]+)`", text))
    assert len(paths) >= 30
    for path in sorted(paths):
        assert (ROOT / path.rstrip("/")).exists(), path
    for name in re.findall(r"`memgraph cypher show (\w+/\w+)`", text):
        assert (ROOT / "cypher" / f"{name}.cypher").is_file(), name
