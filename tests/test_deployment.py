"""Deployment files: no published password, a CronJob that starts, no root, no APOC grant
without APOC. Read as text (no YAML library is a dependency): each check names the line."""

from __future__ import annotations

import re
from pathlib import Path

from memgraph.local_neo4j import LocalServer
from memgraph.settings import ServerSettings, Settings

ROOT = Path(__file__).resolve().parent.parent


def text(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


def test_compose_requires_a_password_from_the_environment() -> None:
    compose = text("docker-compose.yml")
    assert "memgraph-local" not in compose
    uses = re.findall(r"\$\{NEO4J_PASSWORD([^}]*)\}", compose)
    assert len(uses) == 2                      # the server's NEO4J_AUTH and the CLI's env
    assert all(use.startswith(":?") for use in uses), uses   # missing or empty: refused


def test_the_cronjob_args_do_not_repeat_the_image_entrypoint() -> None:
    entrypoint = re.search(r'^ENTRYPOINT \["([^"]+)"\]', text("Dockerfile"), re.MULTILINE)
    assert entrypoint and entrypoint[1] == "memgraph"
    cronjob = text("jobs/kubernetes-cronjob.yaml")
    args = re.findall(r'^\s*args: \[(.*)\]', cronjob, re.MULTILINE)
    assert args == ['"jobs", "run", "nightly", "--all-users", "--json"']
    assert not re.search(r"^\s*command:", cronjob, re.MULTILINE)
    assert "runAsNonRoot: true" in cronjob


def test_the_image_runs_as_an_unprivileged_user() -> None:
    users = re.findall(r"^USER (\S+)", text("Dockerfile"), re.MULTILINE)
    assert users and users[-1] not in ("root", "0")


def test_apoc_is_unrestricted_only_when_its_jar_is_installed(tmp_path: Path) -> None:
    settings = Settings().model_copy(update={"server": ServerSettings(home=tmp_path)})
    server = LocalServer(settings)
    server._write_conf()
    conf = server.conf_dir / "neo4j.conf"
    assert not re.search(r"^dbms\.security\.procedures\.unrestricted", conf.read_text(),
                         re.MULTILINE)
    (tmp_path / "plugins" / "apoc-5.26.0-core.jar").write_bytes(b"")
    server._write_conf()
    assert "\ndbms.security.procedures.unrestricted=apoc.*\n" in conf.read_text()


def test_compose_keeps_plans_as_the_local_server_does(tmp_path: Path) -> None:
    """A plan is not made again as a tenant grows, on either server (docs/operations.md,
    "Query plans after a start"): the local server's setting is compose's, in Docker's
    spelling."""
    settings = Settings().model_copy(update={"server": ServerSettings(home=tmp_path)})
    server = LocalServer(settings)
    server._write_conf()
    conf = (server.conf_dir / "neo4j.conf").read_text()
    compose = text("docker-compose.yml")
    for name, value in (("dbms.cypher.min_replan_interval", "1h"),):
        assert f"\n{name}={value}\n" in conf
        docker = "NEO4J_" + name.replace("_", "__").replace(".", "_")
        assert f'{docker}: "{value}"' in compose
