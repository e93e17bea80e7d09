"""One settings object: MEMGRAPH_* and the standard NEO4J_* variables, secrets masked."""

from __future__ import annotations

import json

import pytest
from support import run_cli

from memgraph.settings import Settings


def test_standard_neo4j_variables_are_honoured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "bolt://db.example:7687")
    monkeypatch.setenv("NEO4J_USERNAME", "alice")
    monkeypatch.setenv("NEO4J_PASSWORD", "s3cret")
    monkeypatch.setenv("NEO4J_DATABASE", "memories")
    s = Settings()
    assert (s.neo4j_uri, s.neo4j_username, s.neo4j_database) == (
        "bolt://db.example:7687", "alice", "memories")
    assert s.neo4j_password.get_secret_value() == "s3cret"


def test_memgraph_prefix_wins_over_the_standard_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "bolt://standard:7687")
    monkeypatch.setenv("MEMGRAPH_NEO4J_URI", "bolt://specific:7687")
    assert Settings().neo4j_uri == "bolt://specific:7687"


def test_nested_groups_read_double_underscore_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMGRAPH_RETRIEVAL__RRF_K", "30")
    monkeypatch.setenv("MEMGRAPH_SERVER__BOLT_PORT", "7999")
    s = Settings()
    assert s.retrieval.rrf_k == 30
    assert s.server.bolt_port == 7999


def test_dotenv_file_is_read(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / ".env").write_text("MEMGRAPH_DEFAULT_USER=from-dotenv\n")
    monkeypatch.chdir(tmp_path)
    assert Settings().default_user == "from-dotenv"


def test_settings_are_frozen() -> None:
    s = Settings()
    with pytest.raises(ValueError):
        s.default_user = "x"  # type: ignore[misc]
    assert s.model_copy(update={"default_user": "x"}).default_user == "x"


def test_config_show_masks_secrets() -> None:
    run = run_cli("config", "show", "--json", env={"NEO4J_PASSWORD": "hunter2",
                                                   "OPENAI_API_KEY": "sk-live-123"})
    assert run.code == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["neo4j_password"] == "****"
    assert data["openai_api_key"] == "****"
    assert "hunter2" not in run.stdout and "sk-live-123" not in run.stdout
    assert data["lifecycle"]["base_decay_rate"] == 0.02


# -- the Neo4j password: explicit, else the local server's stored one ----------------------
def local_settings(home, **overrides) -> Settings:
    from memgraph.settings import ServerSettings

    return Settings().model_copy(update={
        "neo4j_password": None, "neo4j_uri": "bolt://127.0.0.1:7801",
        "server": ServerSettings(home=home, bolt_port=7801), **overrides})


def test_the_local_server_password_is_read_from_its_home(tmp_path) -> None:
    (tmp_path / "memgraph-password").write_text("random-per-install\n")
    assert local_settings(tmp_path).password() == "random-per-install"
    assert local_settings(tmp_path, neo4j_uri="bolt://localhost:7801").password() == (
        "random-per-install")


def test_an_explicit_password_wins_and_other_servers_never_get_the_stored_one(tmp_path) -> None:
    from pydantic import SecretStr

    from memgraph.errors import ConfigurationError

    (tmp_path / "memgraph-password").write_text("random-per-install\n")
    explicit = local_settings(tmp_path, neo4j_password=SecretStr("from-env"))
    assert explicit.password() == "from-env"
    # an empty NEO4J_PASSWORD (compose's `${NEO4J_PASSWORD:-}`) counts as unset
    assert local_settings(tmp_path, neo4j_password=SecretStr("")).password() == (
        "random-per-install")
    for uri in ("bolt://db.example:7801", "bolt://127.0.0.1:7687", "neo4j+s://x.io"):
        with pytest.raises(ConfigurationError, match="set NEO4J_PASSWORD"):
            local_settings(tmp_path, neo4j_uri=uri).password()


def test_no_published_default_password_remains(tmp_path) -> None:
    from memgraph.errors import ConfigurationError

    with pytest.raises(ConfigurationError, match="memgraph server install"):
        local_settings(tmp_path).password()           # nothing installed: say what to run
    (tmp_path / "data" / "dbms").mkdir(parents=True)
    (tmp_path / "data" / "dbms" / "auth.ini").write_text("neo4j:...")
    # an install from before random passwords keeps working until `server start` replaces it
    assert local_settings(tmp_path).password() == "memgraph-local"
    assert Settings.model_fields["neo4j_password"].default is None
