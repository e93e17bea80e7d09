"""The HTTP API, served for real: `memgraph serve` in a subprocess on a free local port,
against the real Neo4j, driven by a real HTTP client (httpx)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from memgraph.local_neo4j.browser_assets import assets_dir
from memgraph.memory import Memory

AT = "2025-03-01T10:00:00Z"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Served:
    """`memgraph serve` in a subprocess; stopped (and its output shown on failure) at exit."""

    def __init__(self, **env: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        full = {**os.environ, "MEMGRAPH_EMBEDDER": "hashing", **env}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "memgraph", "serve", "--port", str(self.port),
             "--log-level", "warning"], env=full, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True)

    def wait(self, path: str = "/healthz", timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"server exited: {self.proc.stdout.read()}")  # type: ignore[union-attr]
            try:
                if httpx.get(self.url + path, timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.2)
        raise AssertionError(f"server did not answer {path} in {timeout} s")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


@pytest.fixture(scope="module")
def server(memory: Memory) -> Iterator[Served]:
    served = Served(MEMGRAPH_HTTP__RATE_LIMIT_BURST="100000",
                    MEMGRAPH_HTTP__RATE_LIMIT_PER_MINUTE="100000")
    try:
        served.wait("/readyz")
        yield served
    finally:
        served.stop()


@pytest.fixture
def api(server: Served, memory: Memory, user_id: str) -> Iterator[httpx.Client]:
    token = memory.create_api_key(user_id, "tests").token
    with httpx.Client(base_url=server.url, timeout=60,
                      headers={"Authorization": f"Bearer {token}"}) as client:
        yield client


@pytest.fixture
def anonymous(server: Served) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=60) as client:
        yield client


def error(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    """The response is the one error shape with this status and seed 000 code."""
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"}, body
    err = body["error"]
    assert err["status"] == status and err["code"] == code, err
    assert isinstance(err["message"], str) and err["message"], err
    return err


def ingest(api: httpx.Client, content: str, **fields: Any) -> dict[str, Any]:
    response = api.post("/v1/memories", json={"content": content, **fields})
    assert response.status_code == 201, response.text
    return response.json()


# -- health -----------------------------------------------------------------------------------
def test_health_and_readiness(anonymous: httpx.Client) -> None:
    assert anonymous.get("/healthz").json() == {"status": "ok"}
    ready = anonymous.get("/readyz").json()
    assert ready["status"] == "ready" and ready["neo4j"].startswith("5.")
    assert anonymous.get("/openapi.json").json()["paths"]["/v1/memories/search"]
    assert anonymous.get("/docs").status_code == 200


def test_the_browser_guide_and_style_are_public_for_a_neo4j_that_does_not_serve_them(
        anonymous: httpx.Client) -> None:
    guide = anonymous.get("/browser/memgraph/guide.html")
    assert guide.status_code == 200 and guide.headers["access-control-allow-origin"] == "*"
    assert guide.text == (assets_dir() / "guide.html").read_text(encoding="utf-8")
    assert "node.Archived" in anonymous.get("/browser/memgraph/memgraph.grass").text
    # seed 000 has one 404 code
    error(anonymous.get("/browser/memgraph/neo4j.conf"), 404, "MEMORY_NOT_FOUND")


def test_neo4j_down_is_503_with_retry_after_and_health_still_answers(memory: Memory) -> None:
    served = Served(NEO4J_URI=f"bolt://127.0.0.1:{free_port()}",
                    MEMGRAPH_CONNECTION_TIMEOUT_S="1")
    try:
        served.wait("/healthz")
        with httpx.Client(base_url=served.url, timeout=30) as client:
            err = error(client.get("/readyz"), 503, "SERVICE_UNAVAILABLE")
            assert "not reachable" in err["message"] and err["retry_after"] > 0
            response = client.post("/v1/memories", json={"content": "hello"},
                                   headers={"Authorization": "Bearer mgk_x"})
            error(response, 503, "SERVICE_UNAVAILABLE")
            assert int(response.headers["retry-after"]) > 0
    finally:
        served.stop()


# -- keys and tenants ---------------------------------------------------------------------------
@pytest.mark.parametrize("header", [None, "Bearer", "Bearer mgk_nope_nope", "Basic abc",
                                    "Bearer not-a-key"])
def test_missing_or_wrong_keys_are_401(anonymous: httpx.Client, header: str | None) -> None:
    headers = {"Authorization": header} if header else {}
    err = error(anonymous.post("/v1/memories/search", json={"query": "x"}, headers=headers),
                401, "UNAUTHORIZED")
    assert "key" in err["message"].lower()


def test_a_revoked_key_is_401_at_once(server: Served, memory: Memory, user_id: str) -> None:
    new = memory.create_api_key(user_id, "short-lived")
    headers = {"Authorization": f"Bearer {new.token}"}
    assert httpx.post(server.url + "/v1/memories/search", json={"query": "x"},
                      headers=headers, timeout=60).status_code == 200
    memory.revoke_api_key(user_id, new.key.key_id)
    err = error(httpx.post(server.url + "/v1/memories/search", json={"query": "x"},
                           headers=headers, timeout=60), 401, "UNAUTHORIZED")
    assert "revoked" in err["message"]


def test_keys_are_stored_hashed(memory: Memory, user_id: str) -> None:
    new = memory.create_api_key(user_id, "hash check")
    with memory.graph.session() as session:
        row = session.run("MATCH (k:ApiKey {uid: $k}) RETURN properties(k) AS p",
                          k=new.key.key_id).single()["p"]
    assert new.token not in {str(v) for v in row.values()}
    assert row["key_hash"] != new.token and len(row["key_hash"]) == 64
    assert [k.key_id for k in memory.api_keys(user_id)] == [new.key.key_id]


def test_a_request_naming_another_tenant_is_403(api: httpx.Client, user_id: str) -> None:
    error(api.post("/v1/memories", json={"content": "hi", "user_id": "someone-else"}),
          403, "FORBIDDEN")
    error(api.post("/v1/memories/search", json={"query": "x", "user_id": "someone-else"}),
          403, "FORBIDDEN")
    error(api.get("/v1/memories/abc", params={"user_id": "someone-else"}), 403, "FORBIDDEN")
    # naming one's own tenant is fine
    assert api.post("/v1/memories/search",
                    json={"query": "x", "user_id": user_id}).status_code == 200


def test_another_tenants_memory_id_is_404_never_data(
        server: Served, memory: Memory, api: httpx.Client, user_id: str) -> None:
    created = ingest(api, "I work at Acme Corp.", speaker="Anna")
    anna = api.get("/v1/memories/Anna").json()["uid"]
    other_user = f"{user_id}-b"
    other = memory.create_api_key(other_user, "intruder").token
    try:
        with httpx.Client(base_url=server.url, timeout=60,
                          headers={"Authorization": f"Bearer {other}"}) as intruder:
            for uid in (anna, created["memory_id"]):
                error(intruder.get(f"/v1/memories/{uid}"), 404, "MEMORY_NOT_FOUND")
                error(intruder.patch(f"/v1/memories/{uid}", json={"name": "x"}), 404,
                      "MEMORY_NOT_FOUND")
                error(intruder.delete(f"/v1/memories/{uid}"), 404, "MEMORY_NOT_FOUND")
            error(intruder.post("/v1/memories/related", json={"memory_id": anna}), 404,
                  "MEMORY_NOT_FOUND")
            found = intruder.post("/v1/memories/search", json={"query": "Acme Corp Anna"})
            assert found.status_code == 200 and found.json()["memories"] == []
    finally:
        memory.forget_user(other_user)
    assert api.get(f"/v1/memories/{anna}").json()["name"] == "Anna"   # untouched


def test_rate_limit_is_429_with_retry_after(memory: Memory, user_id: str) -> None:
    served = Served(MEMGRAPH_HTTP__RATE_LIMIT_BURST="3",
                    MEMGRAPH_HTTP__RATE_LIMIT_PER_MINUTE="6")
    token = memory.create_api_key(user_id, "limited").token
    try:
        served.wait("/readyz")
        with httpx.Client(base_url=served.url, timeout=60,
                          headers={"Authorization": f"Bearer {token}"}) as client:
            codes = [client.post("/v1/memories/search", json={"query": "x"}).status_code
                     for _ in range(4)]
            assert codes == [200, 200, 200, 429]
            limited = client.post("/v1/memories/search", json={"query": "x"})
            err = error(limited, 429, "RATE_LIMITED")
            assert 1 <= int(limited.headers["retry-after"]) <= 10 and err["retry_after"] >= 1
    finally:
        served.stop()


# -- endpoints: happy paths ---------------------------------------------------------------------
def test_ingest_returns_the_source_and_what_was_learned(api: httpx.Client) -> None:
    body = ingest(api, "I work at Acme Corp.", speaker="Anna", agent_id="planner",
                  session_id="s1", event_at=AT, metadata={"channel": "slack", "n": 3},
                  ttl_policy="keep_forever", sensitivity="low", idempotency_key="k-1")
    assert body["memory_id"] == body["source_uid"] and body["status"] == "done"
    assert not body["duplicate"] and body["relationships_created"] >= 1
    again = api.post("/v1/memories", json={"content": "something else", "idempotency_key": "k-1"})
    assert again.status_code == 200 and again.json()["duplicate"] is True
    assert again.json()["memory_id"] == body["memory_id"]
    source = api.get(f"/v1/memories/{body['memory_id']}").json()
    props = source["properties"]
    assert props["agent_id"] == "planner" and props["ttl_policy"] == "keep_forever"
    assert sorted(props["metadata"]) == ["channel: slack", "n: 3"]
    assert props["sensitivity"] == "low" and props["session_id"] == "s1"


def test_a_dry_run_says_what_would_be_learned_and_stores_nothing(api: httpx.Client) -> None:
    message = {"content": "My sister Anna moved to Lisbon.", "speaker": "Sam", "event_at": AT}
    dry = api.post("/v1/memories", json={**message, "dry_run": True})
    assert dry.status_code == 200, dry.text
    assert dry.json()["dry_run"] is True and "Anna -LIVES_IN-> Lisbon" in dry.json()["learned"]
    assert api.get(f"/v1/memories/{dry.json()['memory_id']}").status_code == 404
    assert api.post("/v1/memories/search", json={"query": "Anna"}).json()["memories"] == []
    done = ingest(api, **message)
    assert not done["dry_run"] and not done["duplicate"]
    assert done["learned"] == dry.json()["learned"]


def test_search_returns_results_with_provenance_and_score_breakdown(api: httpx.Client) -> None:
    created = ingest(api, "I work at Acme Corp.", speaker="Anna", event_at=AT)
    response = api.post("/v1/memories/search",
                        json={"query": "where does Anna work", "k": 5, "reinforce": False})
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["total_count"] == len(body["memories"]) > 0 and body["query_time_ms"] >= 0
    top = body["memories"][0]
    assert set(top["score"]) >= {"ranks", "rrf", "terms", "final"}
    sources = {p["source_uid"] for m in body["memories"] for p in m["provenance"]}
    assert created["memory_id"] in sources
    only_sources = api.post("/v1/memories/search",
                            json={"query": "Acme", "kinds": ["Source"], "reinforce": False})
    assert {m["kind"] for m in only_sources.json()["memories"]} == {"Source"}


def test_search_filters_by_the_agent_that_wrote_it(api: httpx.Client) -> None:
    mine = ingest(api, "I work at Acme Corp.", speaker="Anna", agent_id="planner")
    ingest(api, "I work at Initech.", speaker="Bo", agent_id="scribe")
    response = api.post("/v1/memories/search", json={"query": "work", "agent_id": "planner",
                                                     "reinforce": False})
    assert response.status_code == 200, response.text
    found = response.json()["memories"]
    sources = {p["source_uid"] for m in found for p in m["provenance"]}
    assert found and sources == {mine["memory_id"]}


def test_context_stays_within_the_budget(api: httpx.Client) -> None:
    ingest(api, "I work at Acme Corp. I love jazz.", speaker="Anna")
    body = api.post("/v1/memories/context",
                    json={"query": "Anna", "max_tokens": 60, "format": "xml"}).json()
    assert body["format"] == "xml" and body["context"].startswith("<")
    assert 0 < body["tokens_used"] <= 60 == body["max_tokens"]
    assert body["memories_used"] == len(body["memory_ids"]) > 0


def test_related_walks_from_a_memory(api: httpx.Client) -> None:
    ingest(api, "I work at Acme Corp. I love jazz.", speaker="Anna")
    anna = api.get("/v1/memories/Anna").json()["uid"]
    body = api.post("/v1/memories/related",
                    json={"memory_id": anna, "max_depth": 1, "reinforce": False}).json()
    assert body["start"]["uid"] == anna
    assert {n["name"] for n in body["nodes"]} >= {"Acme Corp"}
    assert all(n["path"][0] == anna for n in body["nodes"])


def test_get_patch_and_delete_a_memory_with_audit(api: httpx.Client) -> None:
    ingest(api, "I work at Acme Corp.", speaker="Anna", event_at=AT)
    acme = api.get("/v1/memories/Acme Corp").json()
    assert acme["kind"] == "Entity" and acme["sources"]
    patched = api.patch(f"/v1/memories/{acme['uid']}",
                        json={"name": "Acme Corporation", "description": "an employer"})
    assert patched.status_code == 200, patched.text
    assert patched.json()["updated"] == ["name", "description"]
    memory = patched.json()["memory"]
    assert memory["name"] == "Acme Corporation" and "Acme Corp" in memory["properties"]["aliases"]
    assert memory["audit"][0]["action"] == "correct"
    assert memory["audit"][0]["actor"].startswith("key:")
    works = next(r for r in api.get("/v1/memories/Anna").json()["relationships"]
                 if r["type"] == "WORKS_AT")
    ended = api.patch(f"/v1/memories/{works['uid']}", json={"valid_to": "2025-06-01"})
    assert ended.status_code == 200, ended.text
    assert ended.json()["memory"]["properties"]["valid_to"].startswith("2025-06-01")
    pinned = api.patch(f"/v1/memories/{acme['uid']}", json={"ttl_policy": "keep_forever"})
    assert pinned.json()["memory"]["properties"]["ttl_policy"] == "keep_forever"
    dry = api.delete(f"/v1/memories/{acme['uid']}", params={"dry_run": "true"}).json()
    assert dry["dry_run"] is True and dry["nodes"] == [acme["uid"]]
    assert api.get(f"/v1/memories/{acme['uid']}").status_code == 200
    gone = api.delete(f"/v1/memories/{acme['uid']}")
    assert gone.status_code == 200 and gone.json()["relationships"] == [works["uid"]]
    error(api.get(f"/v1/memories/{acme['uid']}"), 404, "MEMORY_NOT_FOUND")
    actions = [r["action"] for r in api.get("/v1/audit").json()["records"]]
    assert actions == ["delete", "end_fact", "correct"]


def test_deleting_a_source_over_http_leaves_no_debris(api: httpx.Client, memory: Memory,
                                                       user_id: str) -> None:
    from test_memories import snapshot

    ingest(api, "I work at Acme Corp.", speaker="Anna", session_id="s", event_at=AT)
    before = snapshot(memory.graph, user_id)
    later = ingest(api, "My friend Tom lives in Paris.", speaker="Bob", session_id="s",
                   event_at="2025-03-02T10:00:00Z")
    deleted = api.delete(f"/v1/memories/{later['memory_id']}").json()
    assert deleted["kind"] == "Source" and len(deleted["nodes"]) >= 3
    assert snapshot(memory.graph, user_id) == before


def test_consolidate_runs_the_nightly_steps_for_the_tenant(api: httpx.Client,
                                                           user_id: str) -> None:
    ingest(api, "I work at Acme Corp.", speaker="Anna")
    started = api.post("/v1/memories/consolidate", json={})
    assert started.status_code == 202, started.text
    job_id = started.json()["job_id"]
    deadline = time.monotonic() + 120
    while True:
        job = api.get(f"/v1/jobs/{job_id}").json()
        if job["status"] not in ("queued", "running") or time.monotonic() > deadline:
            break
        time.sleep(0.3)
    assert job["status"] == "ok", job
    assert job["run_id"] == job_id and job["job"] == "nightly"
    assert [s["job"] for s in job["steps"]] == ["decay", "consolidate", "cleanup",
                                                 "episodic", "dedupe", "storylines",
                                                 "vector_indexes"]


# -- endpoints: bad input -----------------------------------------------------------------------
@pytest.mark.parametrize(("method", "path", "body", "fragment"), [
    ("post", "/v1/memories", {}, "content"),
    ("post", "/v1/memories", {"content": "   "}, "empty"),
    ("post", "/v1/memories", {"content": "x" * (100 * 1024 + 1)}, "limit"),
    ("post", "/v1/memories", {"content": "hi", "ttl_policy": "sometimes"}, "ttl_policy"),
    ("post", "/v1/memories", {"content": "hi", "metadata": {"a": {"b": 1}}}, "metadata"),
    ("post", "/v1/memories", {"content": "hi", "event_at": "soon"}, "ISO-8601"),
    ("post", "/v1/memories", {"content": "hi", "colour": "red"}, "colour"),
    ("post", "/v1/memories/search", {"query": ""}, "query"),
    ("post", "/v1/memories/search", {"query": "x", "k": 501}, "k"),
    ("post", "/v1/memories/search", {"query": "x", "kinds": ["Planet"]}, "kinds"),
    ("post", "/v1/memories/search", {"query": "x", "since": "2025-02-01",
                                     "until": "2025-01-01"}, "since"),
    ("post", "/v1/memories/context", {"query": "x", "max_tokens": 5}, "max_tokens"),
    ("post", "/v1/memories/context", {"query": "x", "format": "yaml"}, "format"),
    ("post", "/v1/memories/related", {"memory_id": "x", "max_depth": 9}, "depth"),
    ("post", "/v1/memories/related", {"memory_id": "x", "relationship_types": ["HATES"]},
     "unknown relationship type"),
    ("patch", "/v1/memories/x", {}, "nothing to change"),
    ("post", "/v1/memories/consolidate", {"job": "sweep"}, "job"),
])
def test_bad_input_is_400_in_the_one_shape(api: httpx.Client, method: str, path: str,
                                           body: dict[str, Any], fragment: str) -> None:
    err = error(api.request(method.upper(), path, json=body), 400, "INVALID_REQUEST")
    assert fragment.lower() in err["message"].lower(), err


def test_malformed_json_and_unknown_ids_and_routes(api: httpx.Client) -> None:
    error(api.post("/v1/memories", content=b"{not json",
                   headers={"content-type": "application/json"}), 400, "INVALID_REQUEST")
    error(api.get("/v1/memories/no-such-memory"), 404, "MEMORY_NOT_FOUND")
    error(api.get("/v1/jobs/no-such-job"), 404, "MEMORY_NOT_FOUND")
    missing_route = api.get("/v1/nowhere")
    assert missing_route.status_code == 404 and missing_route.json()["error"]["code"] == "NOT_FOUND"


def test_a_rename_onto_an_existing_name_is_409(api: httpx.Client) -> None:
    ingest(api, "My sister Ana lives in Lyon. My friend Tom lives in Paris.", speaker="Sam")
    error(api.patch("/v1/memories/Ana", json={"name": "Tom"}), 409, "DUPLICATE_MEMORY")
