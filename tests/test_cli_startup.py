"""Commands start fast: nothing heavy is imported before it is needed (issue 11). The
times themselves are measured by bench/bench_startup.py, not asserted here."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import click
from click.testing import CliRunner

from memgraph.cli.main import COMMANDS, cli

HEAVY = ("neo4j", "neomodel", "pydantic_settings", "rich", "numpy", "onnxruntime",
         "tokenizers", "openai", "mcp")


def imported_after(code: str, *args: str) -> set[str]:
    """Top-level packages a fresh interpreter has imported after running ``code``."""
    script = (f"import sys\n{code}\n"
              "sys.stdout = sys.__stdout__\n"
              "print('@@' + ' '.join(sorted({m.split('.')[0] for m in sys.modules})))")
    run = subprocess.run([sys.executable, "-c", script, *args], capture_output=True,
                         text=True, check=True)
    return set(run.stdout.rsplit("@@", 1)[1].split())


def test_help_imports_no_driver_settings_rich_or_model():
    code = ("import io, contextlib\nfrom memgraph.cli import main\n"
            "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
            "    main()")
    assert imported_after(code, "--help") & set(HEAVY) == set()


def test_importing_the_package_imports_no_driver():
    assert imported_after("import memgraph") & set(HEAVY) == set()


def test_the_help_table_lists_every_command_with_its_own_help():
    modules = {module for module, _ in COMMANDS.values()}
    real = {}
    for module in modules:
        for command in importlib.import_module(f"memgraph.cli.{module}").COMMANDS:
            real[command.name] = (module, command.get_short_help_str(limit=1000))
    assert real == COMMANDS


def test_help_shows_every_command():
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0
    listed = [line.split()[0] for line in result.output.split("Commands:")[1].splitlines()
              if line.startswith("  ") and not line.startswith("   ")]
    assert listed == sorted(COMMANDS)


def test_a_command_runs_after_being_loaded_on_demand():
    ctx = click.Context(cli)
    assert cli.get_command(ctx, "explore").name == "explore"
    assert cli.get_command(ctx, "no-such-command") is None


def test_mcp_list_tools_works_with_no_database_reachable(tmp_path: Path):
    env = {**os.environ, "NEO4J_URI": "bolt://127.0.0.1:9", "MEMGRAPH_NEO4J_URI":
           "bolt://127.0.0.1:9", "MEMGRAPH_CONNECTION_TIMEOUT_S": "1"}
    run = subprocess.run([sys.executable, "-m", "memgraph", "mcp", "--list-tools", "--json",
                          "--user", "ada"], capture_output=True, text=True, env=env,
                         cwd=tmp_path, timeout=120)
    assert run.returncode == 0, run.stderr
    names = [tool["name"] for tool in json.loads(run.stdout)]
    assert {"ingest", "explore", "traverse", "context", "create_person", "relate"} <= set(names)
    assert all(tool["inputSchema"]["type"] == "object" for tool in json.loads(run.stdout))
    # ... and the same command does need the database to serve
    serve = subprocess.run([sys.executable, "-m", "memgraph", "mcp"], capture_output=True,
                           text=True, env=env, cwd=tmp_path, input="", timeout=120)
    assert serve.returncode != 0 and "Traceback" not in serve.stderr
