"""Any OpenAI-compatible server: OpenAI itself, Ollama, vLLM, LM Studio (via base URL).

Built on the official ``openai`` client, imported lazily. The client's own retries are
switched off (``max_retries=0``) so that retries, backoff and token accounting happen
once, in ``memgraph.providers.retry`` and the ``LLM`` base class. SDK errors are
translated: 429 and 5xx → ``RateLimitedError`` and timeouts / unreachable server →
``ProviderTimeoutError`` (both retried); any other 4xx → ``ProviderError`` (not retried).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from memgraph.errors import (
    ConfigurationError,
    ProviderError,
    ProviderTimeoutError,
    RateLimitedError,
)
from memgraph.providers.base import LLM, ChatResult, Embedder, Message, ToolCall, Usage, Vector
from memgraph.providers.retry import call_with_retries

if TYPE_CHECKING:
    from openai import OpenAI

    from memgraph.settings import Settings

OPENAI_BASE_URL = "https://api.openai.com/v1"
# Local servers ignore the key, but the client insists on having one.
PLACEHOLDER_KEY = "not-needed"


def _import_openai() -> Any:
    try:
        import openai
    except ImportError as e:
        raise ConfigurationError(
            "the OpenAI-compatible provider needs the openai package: "
            "pip install 'memgraph[openai]'") from e
    return openai


def _make_client(base_url: str | None, api_key: str | None, timeout_s: float) -> OpenAI:
    openai = _import_openai()
    url = (base_url or OPENAI_BASE_URL).rstrip("/")
    if not api_key:
        if "api.openai.com" in url:
            raise ConfigurationError(
                "the OpenAI API needs a key: set OPENAI_API_KEY (or MEMGRAPH_OPENAI_API_KEY), "
                "or point OPENAI_BASE_URL at a local server such as Ollama")
        api_key = PLACEHOLDER_KEY
    return openai.OpenAI(base_url=url, api_key=api_key, timeout=timeout_s, max_retries=0)


class _Endpoint:
    """What the chat and embedding clients share: the model, the server and its client
    (the SDK's own retries off: memgraph retries and translates errors itself)."""

    model_name: str
    base_url: str
    max_retries: int
    _client: OpenAI

    def _open(self, model: str, base_url: str | None, api_key: str | None, timeout_s: float,
              max_retries: int) -> None:
        self.model_name = model
        self.base_url = (base_url or OPENAI_BASE_URL).rstrip("/")
        self.max_retries = max_retries
        self._client = _make_client(base_url, api_key, timeout_s)


def _settings_key(settings: Settings) -> str | None:
    key = settings.openai_api_key
    return key.get_secret_value() if key is not None else None


def translate_error(error: Exception, what: str, base_url: str) -> ProviderError:
    """Turn an ``openai`` SDK exception into memgraph's provider errors (see module doc)."""
    openai = _import_openai()
    if isinstance(error, openai.APITimeoutError):
        return ProviderTimeoutError(f"{what} timed out ({base_url})")
    if isinstance(error, openai.APIConnectionError):
        return ProviderTimeoutError(f"{what}: cannot reach {base_url}: {error}")
    if isinstance(error, openai.APIStatusError):
        status = error.status_code
        detail = _server_message(error)
        if status == 429 or status >= 500:
            limited = RateLimitedError(f"{what}: HTTP {status} from {base_url}: {detail}")
            limited.retry_after_s = _retry_after(error)  # type: ignore[attr-defined]
            return limited
        if status == 408:
            return ProviderTimeoutError(f"{what}: HTTP 408 from {base_url}: {detail}")
        return ProviderError(f"{what}: HTTP {status} from {base_url}: {detail}")
    return ProviderError(f"{what} failed: {error}")


def _server_message(error: Any) -> str:
    body = getattr(error, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])
    return str(getattr(error, "message", "") or error)


def _retry_after(error: Any) -> float | None:
    response = getattr(error, "response", None)
    value = response.headers.get("retry-after") if response is not None else None
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None   # an HTTP date; the exponential backoff will do


class OpenAILLM(_Endpoint, LLM):
    """Chat completions with function calling from any OpenAI-compatible server."""

    def __init__(self, model: str, *, base_url: str | None = None, api_key: str | None = None,
                 timeout_s: float = 60.0, max_retries: int = 3, json_mode: bool = True,
                 max_tokens: int | None = None) -> None:
        super().__init__()
        self._open(model, base_url, api_key, timeout_s, max_retries)
        if max_tokens is not None:
            self.max_tokens = max_tokens
        self.json_mode = json_mode

    @classmethod
    def from_settings(cls, settings: Settings) -> OpenAILLM:
        return cls(settings.llm_model, base_url=settings.openai_base_url,
                   api_key=_settings_key(settings), timeout_s=settings.llm_timeout_s,
                   max_retries=settings.llm_max_retries, json_mode=settings.llm_json_mode,
                   max_tokens=settings.llm_max_tokens)

    def _chat(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]] | None,
              json_mode: bool) -> ChatResult:
        # max_tokens (not max_completion_tokens): the one every OpenAI-compatible server
        # (Ollama, vLLM, LM Studio) accepts; it bounds the cost of every answer.
        request: dict[str, Any] = {"model": self.model_name, "messages": list(messages),
                                   "max_tokens": self.max_tokens}
        if tools:
            request["tools"] = [as_openai_tool(t) for t in tools]
        if json_mode:
            request["response_format"] = {"type": "json_object"}
        openai = _import_openai()
        try:
            response = self._client.chat.completions.create(**request)
        except openai.OpenAIError as e:
            raise translate_error(e, f"chat with {self.model_name}", self.base_url) from e
        if not response.choices:
            raise ProviderError(f"{self.model_name} returned no choices")
        choice = response.choices[0]
        message = choice.message
        tool_calls = [parse_tool_call(tc) for tc in message.tool_calls or []]
        return ChatResult(content=message.content, tool_calls=tool_calls,
                          usage=_usage(response.usage, messages, message),
                          finish_reason=choice.finish_reason or "")


def as_openai_tool(tool: dict[str, Any]) -> dict[str, Any]:
    """Tools may be given in OpenAI's format or as bare ``{name, description, parameters}``."""
    if tool.get("type") == "function" and "function" in tool:
        return tool
    return {"type": "function", "function": tool}


def parse_tool_call(call: Any) -> ToolCall:
    """One tool call; arguments that are not a JSON object become ``parse_error`` so the
    agent can refuse them back to the model instead of crashing."""
    function = getattr(call, "function", None)
    name = getattr(function, "name", "") or getattr(call, "name", "") or ""
    raw = getattr(function, "arguments", None)
    if raw is None:
        raw = getattr(call, "input", "") or ""   # custom (non-function) tool calls
    arguments: dict[str, Any] = {}
    error = ""
    if raw.strip():
        try:
            parsed = json.loads(raw)
        except ValueError as e:
            error = f"arguments are not valid JSON: {e}"
        else:
            if isinstance(parsed, dict):
                arguments = parsed
            else:
                error = f"arguments must be a JSON object, got {type(parsed).__name__}"
    return ToolCall(id=call.id or "", name=name, arguments=arguments, raw_arguments=raw,
                    parse_error=error)


def _usage(reported: Any, messages: Sequence[Message], answer: Any) -> Usage:
    """The server's token counts; servers that report none get an estimate (4 chars per
    token) so that cost accounting is never silently zero."""
    if reported is not None and (reported.prompt_tokens or reported.completion_tokens):
        return Usage(calls=1, prompt_tokens=reported.prompt_tokens or 0,
                     completion_tokens=reported.completion_tokens or 0)
    prompt_chars = len(json.dumps(list(messages), default=str))
    answer_chars = len(answer.content or "") + sum(
        len(getattr(tc.function, "arguments", "") or "") for tc in answer.tool_calls or [])
    return Usage(calls=1, prompt_tokens=max(1, prompt_chars // 4),
                 completion_tokens=max(1, answer_chars // 4))


class OpenAIEmbedder(_Endpoint, Embedder):
    """``/embeddings`` of any OpenAI-compatible server, batched, with retries."""

    max_retries: int = 3
    backoff_base_s: float = 0.5

    def __init__(self, model: str, *, base_url: str | None = None, api_key: str | None = None,
                 dimensions: int | None = None, batch_size: int = 256, timeout_s: float = 60.0,
                 max_retries: int = 3) -> None:
        self._open(model, base_url, api_key, timeout_s, max_retries)
        self.batch_size = batch_size
        self._dimensions = dimensions
        self.usage = Usage()   # embedding tokens, for cost accounting
        self._lock = threading.Lock()

    @classmethod
    def from_settings(cls, settings: Settings) -> OpenAIEmbedder:
        return cls(settings.embedding_model, base_url=settings.openai_base_url,
                   api_key=_settings_key(settings), dimensions=settings.embedding_dimensions,
                   batch_size=settings.embedding_batch_size, timeout_s=settings.llm_timeout_s,
                   max_retries=settings.llm_max_retries)

    @property
    def dimensions(self) -> int:  # type: ignore[override]
        """Configured, or learnt from one probe call the first time it is asked for."""
        if self._dimensions is None:
            self._dimensions = len(self.embed("dimension probe"))
        return self._dimensions

    def embed_batch(self, texts: Sequence[str]) -> list[Vector]:
        vectors: list[Vector] = []
        for start in range(0, len(texts), self.batch_size):
            batch = list(texts[start:start + self.batch_size])
            vectors.extend(call_with_retries(
                lambda batch=batch: self._request(batch), max_retries=self.max_retries,
                backoff_base_s=self.backoff_base_s, what=f"embedding with {self.model_name}"))
        return vectors

    def _request(self, texts: list[str]) -> list[Vector]:
        # The API refuses empty strings; a space embeds as "nothing" just as well.
        inputs = [t if t.strip() else " " for t in texts]
        request: dict[str, Any] = {"model": self.model_name, "input": inputs,
                                   "encoding_format": "float"}
        if self._dimensions and self.model_name.startswith("text-embedding-3"):
            request["dimensions"] = self._dimensions   # only these models can shorten
        openai = _import_openai()
        try:
            response = self._client.embeddings.create(**request)
        except openai.OpenAIError as e:
            raise translate_error(e, f"embedding with {self.model_name}", self.base_url) from e
        data = sorted(response.data, key=lambda d: d.index)
        if len(data) != len(texts):
            raise ProviderError(f"{self.model_name} returned {len(data)} embeddings "
                                f"for {len(texts)} texts")
        vectors = [list(map(float, d.embedding)) for d in data]
        self._check_dimensions(vectors)
        tokens = response.usage.prompt_tokens if response.usage is not None else 0
        with self._lock:
            self.usage.add(Usage(calls=1, prompt_tokens=tokens))
        return vectors

    def _check_dimensions(self, vectors: list[Vector]) -> None:
        sizes = {len(v) for v in vectors}
        if self._dimensions is None and len(sizes) == 1:
            self._dimensions = sizes.pop()
            return
        if sizes - {self._dimensions}:
            raise ConfigurationError(
                f"embedding model {self.model_name!r} returned vectors of size "
                f"{sorted(sizes)} but {self._dimensions} are configured "
                "(MEMGRAPH_EMBEDDING_DIMENSIONS must match the model and the vector index)")
