"""A scripted, OpenAI-compatible HTTP server for tests of the real ``openai`` client.

It is a real HTTP server (stdlib ``http.server``, one thread per request) bound to
127.0.0.1 on a free port, speaking enough of the OpenAI API for ``openai.OpenAI``:
``POST /v1/chat/completions`` and ``POST /v1/embeddings``. Nothing is patched: the client
under test opens sockets, parses JSON and sees real HTTP status codes and timeouts.

Usage::

    from fakes.openai_server import FakeOpenAIServer

    with FakeOpenAIServer(embedding_dimensions=384) as server:   # 127.0.0.1:<free port>
        server.base_url            # "http://127.0.0.1:<port>/v1"
        server.script_chat([       # consumed in order, one entry per chat request
            {"tool_calls": [{"name": "create_node", "arguments": {"name": "Ada"}}]},
            {"tool_calls": [{"name": "x", "arguments": "{not json"}]},   # raw string as is
            {"content": "final text",
             "usage": {"prompt_tokens": 120, "completion_tokens": 30}},
            {"status": 429},                     # HTTP error with an OpenAI-style body
            {"delay_s": 3.0, "content": "late"}, # sleeps first (to trigger timeouts)
        ])
        server.chat_handler = fn   # optional: fn(request_json) -> entry, when the script is empty
        server.script_embeddings([{"status": 503}, {"delay_s": 1.0}])
        server.requests            # [(path, request_json), ...] in arrival order
        server.chat_requests()     # request bodies sent to /chat/completions
        server.embedding_requests()

Chat entries (all keys optional): ``content`` (str), ``tool_calls`` (list of
``{"name", "arguments", "id"?}``; dict arguments are JSON-encoded, strings are sent
verbatim), ``usage`` (``prompt_tokens`` / ``completion_tokens``; by default words are
counted so token accounting is never zero), ``finish_reason``, ``status`` (an HTTP error
code; ``message`` sets the error text), ``delay_s`` (sleep before answering),
``headers`` (extra response headers, e.g. ``{"retry-after": "0"}``).

Embeddings: deterministic vectors from ``HashingEmbedder`` of ``embedding_dimensions``
(or of the request's ``dimensions``), as floats or base64 as the request asks. Scripted
embedding entries take ``status``, ``message``, ``delay_s`` and ``headers``; an entry
without ``status`` answers normally (after its delay). When nothing is scripted and no
handler is set, a chat request gets HTTP 400 "no scripted chat response left" (not
retried by the client, so a missing script fails fast and says why).
"""

from __future__ import annotations

import base64
import json
import re
import struct
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable, Iterable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from memgraph.providers.embeddings import HashingEmbedder

ChatEntry = dict[str, Any]
ChatHandler = Callable[[dict[str, Any]], ChatEntry]

_ERROR_TYPES = {400: "invalid_request_error", 401: "authentication_error",
                403: "permission_error", 404: "not_found_error", 429: "rate_limit_error"}


def count_words(value: Any) -> int:
    """A rough token count: words in every string inside ``value``."""
    if isinstance(value, str):
        return len(re.findall(r"\w+|[^\w\s]", value))
    if isinstance(value, dict):
        return sum(count_words(v) for v in value.values())
    if isinstance(value, list):
        return sum(count_words(v) for v in value)
    return 0


class FakeOpenAIServer:
    """See the module docstring. Use as a context manager or call start()/stop()."""

    def __init__(self, embedding_dimensions: int = 384, host: str = "127.0.0.1") -> None:
        self.embedding_dimensions = embedding_dimensions
        self.chat_handler: ChatHandler | None = None
        self.requests: list[tuple[str, dict[str, Any]]] = []
        self._chat_script: deque[ChatEntry] = deque()
        self._embedding_script: deque[ChatEntry] = deque()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._httpd = _Server((host, 0), _Handler)
        self._httpd.fake = self
        self._thread: threading.Thread | None = None

    # -- lifecycle -------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}/v1"

    def start(self) -> FakeOpenAIServer:
        self._thread = threading.Thread(target=self._httpd.serve_forever,
                                        kwargs={"poll_interval": 0.05},
                                        name="fake-openai", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()   # wakes handlers sleeping on delay_s
        self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> FakeOpenAIServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- scripting -------------------------------------------------------------------
    def script_chat(self, entries: Iterable[ChatEntry]) -> None:
        with self._lock:
            self._chat_script.extend(entries)

    def script_embeddings(self, entries: Iterable[ChatEntry]) -> None:
        with self._lock:
            self._embedding_script.extend(entries)

    def chat_requests(self) -> list[dict[str, Any]]:
        return [body for path, body in self.requests if path.endswith("/chat/completions")]

    def embedding_requests(self) -> list[dict[str, Any]]:
        return [body for path, body in self.requests if path.endswith("/embeddings")]

    @property
    def pending_chat(self) -> int:
        """Scripted chat entries not yet consumed."""
        return len(self._chat_script)

    # -- used by the handler ---------------------------------------------------------
    def _record(self, path: str, body: dict[str, Any]) -> None:
        with self._lock:
            self.requests.append((path, body))

    def _next_chat(self, body: dict[str, Any]) -> ChatEntry:
        with self._lock:
            if self._chat_script:
                return self._chat_script.popleft()
        if self.chat_handler is not None:
            return self.chat_handler(body)
        return {"status": 400, "message": "FakeOpenAIServer: no scripted chat response left"}

    def _next_embedding(self) -> ChatEntry:
        with self._lock:
            return self._embedding_script.popleft() if self._embedding_script else {}

    def _sleep(self, seconds: float) -> None:
        if seconds > 0:
            self._stopping.wait(seconds)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False   # a handler sleeping on delay_s must not hold up stop()
    fake: FakeOpenAIServer


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
        return

    def do_POST(self) -> None:
        fake = self.server.fake
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b"{}"
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            self._send(400, _error_body(400, "request body is not JSON"))
            return
        path = self.path.split("?")[0].rstrip("/")
        fake._record(path, body)
        if path.endswith("/chat/completions"):
            self._answer(fake._next_chat(body), lambda e: _chat_completion(body, e))
        elif path.endswith("/embeddings"):
            self._answer(fake._next_embedding(),
                         lambda e: _embeddings(body, fake.embedding_dimensions))
        else:
            self._send(404, _error_body(404, f"unknown path {path}"))

    def _answer(self, entry: ChatEntry, build: Callable[[ChatEntry], dict[str, Any]]) -> None:
        fake = self.server.fake
        fake._sleep(float(entry.get("delay_s", 0.0)))
        headers = {str(k): str(v) for k, v in (entry.get("headers") or {}).items()}
        status = int(entry.get("status", 200))
        if status >= 400:
            message = entry.get("message") or f"scripted error {status}"
            self._send(status, _error_body(status, message), headers)
            return
        try:
            payload = build(entry)
        except (TypeError, ValueError) as e:  # a bad script or request: say so over HTTP
            self._send(400, _error_body(400, f"FakeOpenAIServer: {e}"), headers)
            return
        self._send(200, payload, headers)

    def _send(self, status: int, payload: dict[str, Any],
              headers: dict[str, str] | None = None) -> None:
        data = json.dumps(payload).encode()
        try:
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            for key, value in (headers or {}).items():
                self.send_header(key, value)
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass   # the client gave up (a timeout under test): nothing to answer


def _error_body(status: int, message: str) -> dict[str, Any]:
    kind = _ERROR_TYPES.get(status, "server_error" if status >= 500 else "invalid_request_error")
    return {"error": {"message": message, "type": kind, "param": None, "code": str(status)}}


def _chat_completion(request: dict[str, Any], entry: ChatEntry) -> dict[str, Any]:
    content = entry.get("content")
    tool_calls = [_tool_call(tc) for tc in entry.get("tool_calls") or []]
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if tool_calls:
        message["tool_calls"] = tool_calls
    finish = entry.get("finish_reason") or ("tool_calls" if tool_calls else "stop")
    usage = dict(entry.get("usage") or {})
    usage.setdefault("prompt_tokens", max(1, count_words(request.get("messages", []))))
    usage.setdefault("completion_tokens",
                     max(1, count_words(content or "") + count_words(tool_calls)))
    usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
    return {
        "id": f"chatcmpl-{uuid.uuid4().hex[:24]}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": request.get("model", "fake-model"),
        "choices": [{"index": 0, "message": message, "finish_reason": finish,
                     "logprobs": None}],
        "usage": usage,
    }


def _tool_call(spec: dict[str, Any]) -> dict[str, Any]:
    arguments = spec.get("arguments", {})
    if not isinstance(arguments, str):
        arguments = json.dumps(arguments)
    return {"id": spec.get("id") or f"call_{uuid.uuid4().hex[:16]}", "type": "function",
            "function": {"name": spec["name"], "arguments": arguments}}


def _embeddings(request: dict[str, Any], default_dimensions: int) -> dict[str, Any]:
    inputs = request.get("input", [])
    if isinstance(inputs, str):
        inputs = [inputs]
    if not isinstance(inputs, list) or not all(isinstance(t, str) for t in inputs):
        raise ValueError("input must be a string or a list of strings")
    if any(not t for t in inputs):
        raise ValueError("input must not contain empty strings")   # as OpenAI does
    dimensions = int(request.get("dimensions") or default_dimensions)
    vectors = HashingEmbedder(dimensions).embed_batch(inputs)
    as_base64 = request.get("encoding_format") == "base64"
    data = [{"object": "embedding", "index": i,
             "embedding": _base64(vec) if as_base64 else vec}
            for i, vec in enumerate(vectors)]
    tokens = max(1, count_words(inputs))
    return {"object": "list", "data": data, "model": request.get("model", "fake-embedding"),
            "usage": {"prompt_tokens": tokens, "total_tokens": tokens}}


def _base64(vector: list[float]) -> str:
    return base64.b64encode(struct.pack(f"<{len(vector)}f", *vector)).decode()
