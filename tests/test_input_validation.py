"""Hostile input gets one clear line: user ids are checked before any query, and no
internals (driver errors and retry chatter, pydantic help URLs, provider base URLs)
reach a user or a stored error."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest
from ingest_support import sources
from support import assert_one_line_error, run_cli

from memgraph.errors import InvalidInputError
from memgraph.graph.connection import Graph
from memgraph.mcp_server import MemgraphTools
from memgraph.memory import Memory
from memgraph.providers.embeddings import HashingEmbedder
from memgraph.providers.openai_compat import OpenAILLM
from memgraph.settings import Settings
from memgraph.validation import USER_ID_MAX_LENGTH, check_user_id

ENV = {"MEMGRAPH_EMBEDDER": "hashing"}
LONG = "x" * 10_000
HOSTILE_IDS = [LONG, "", " ", "a b", "\u202eevil", "`x`", "a'b", "t1 OR user_id:t2", "*:*",
               "x" * (USER_ID_MAX_LENGTH + 1), "-leading-dash", "tab\there", "new\nline"]
GOOD_IDS = ["default", "test-0a1b2c", "alice@example.com", "José", "org:team.7+bot",
            "x" * USER_ID_MAX_LENGTH]


@pytest.mark.parametrize("user_id", GOOD_IDS)
def test_documented_user_ids_are_accepted(user_id: str) -> None:
    assert check_user_id(user_id) == user_id


@pytest.mark.parametrize("user_id", HOSTILE_IDS)
def test_other_user_ids_are_refused_by_every_api_entry(memory: Memory, user_id: str) -> None:
    for call in (lambda: memory.ingest("hello", user_id=user_id),
                 lambda: memory.explore("hello", user_id=user_id),
                 lambda: memory.tools(user_id),
                 lambda: memory.status(user_id),
                 lambda: memory.forget_user(user_id, dry_run=True)):
        with pytest.raises(InvalidInputError, match="user id"):
            call()


def test_a_10000_character_user_id_is_one_line_in_the_cli(graph: Graph) -> None:
    for args in (("ingest", "--user", LONG, "hello"), ("explore", "--user", LONG, "hello")):
        run = run_cli(*args, env=ENV)
        assert_one_line_error(run, "invalid user id of 10,000 characters")
        assert "Neo" not in run.stderr and "element id" not in run.stderr


def test_the_mcp_server_refuses_a_bad_user(memory: Memory) -> None:
    with pytest.raises(InvalidInputError, match="user id"):
        MemgraphTools(memory, user_id="a b")


def test_a_jsonl_line_with_a_bad_user_id_fails_alone(graph: Graph, user_id: str,
                                                      tmp_path) -> None:
    path = tmp_path / "lines.jsonl"
    path.write_text('{"content": "I love chess."}\n{"content": "x", "user_id": "a b"}\n')
    run = run_cli("ingest", "--user", user_id, "--file", str(path), env=ENV)
    assert_one_line_error(run, "1 of 2 lines failed", "user")
    assert len(sources(graph, user_id)) == 1


DRIVER_WARNING = (
    "import logging, sys\n"
    "from memgraph.cli.main import configure_logging\n"
    "configure_logging(sys.argv[1] == 'verbose')\n"
    "logging.getLogger('neo4j.pool').warning("
    "'Transaction failed and will be retried in 1.0s (deadlock)')\n")


def test_driver_chatter_stays_out_of_stderr_unless_verbose() -> None:
    quiet = subprocess.run([sys.executable, "-c", DRIVER_WARNING, "quiet"],
                           capture_output=True, text=True, check=True)
    assert quiet.stderr == ""
    loud = subprocess.run([sys.executable, "-c", DRIVER_WARNING, "verbose"],
                          capture_output=True, text=True, check=True)
    assert "will be retried" in loud.stderr


def test_cli_verbose_flag_is_accepted(graph: Graph, user_id: str) -> None:
    run = run_cli("--verbose", "ingest", "--user", user_id, "I love chess.", env=ENV)
    assert run.code == 0, run.stderr


def test_pydantic_help_urls_never_reach_the_user(memory: Memory, user_id: str) -> None:
    bulk = memory.ingest_records([{"content": "x", "entities": [{"name": ""}],
                                   "unknown_key": 1}], user_id=user_id)
    assert bulk.failed == 1 and "errors.pydantic.dev" not in bulk.errors[0]
    assert "entities.0.name" in bulk.errors[0]
    refused = memory.tools(user_id).call("create_person", {"name": "", "extra": 1})
    assert not refused["ok"] and "http" not in refused["error"]
    run = run_cli("status", env={**ENV, "MEMGRAPH_INGEST__RESOLVE_SIMILARITY": "high"})
    assert_one_line_error(run, "invalid setting")
    assert "http" not in run.stderr
    # a list setting that is no JSON
    run = run_cli("server", "status", env={**ENV, "MEMGRAPH_SERVER__JVM_OPTIONS": "-Xlog:gc"})
    assert_one_line_error(run, "invalid setting", "JSON")


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_stored_failure_reasons_name_no_provider_url(settings: Settings, graph: Graph,
                                                     hashing_embedder: HashingEmbedder,
                                                     user_id: str) -> None:
    base_url = f"http://127.0.0.1:{_closed_port()}/v1"
    llm = OpenAILLM("fake-model", base_url=base_url, api_key="test", timeout_s=1.0,
                    max_retries=0)
    memory = Memory(settings, graph=graph, embedder=hashing_embedder, llm=llm)
    result = memory.ingest("My sister Anna moved to Lisbon.", user_id=user_id)
    assert result.status == "failed"
    [source] = sources(graph, user_id)
    assert source["extraction_status"] == "failed" and source["extraction_error"]
    assert "127.0.0.1" not in source["extraction_error"] and "http" not in result.error
