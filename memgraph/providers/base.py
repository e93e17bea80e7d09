"""The provider interfaces: ``Embedder`` and ``LLM`` (chat with optional tool calling),
with what they exchange (``Message``, ``ToolCall``, ``ChatResult``, ``Usage``).

Everything shared by every provider lives here, once: an embedder implements
``embed_batch``; an LLM implements ``_chat`` only and inherits retries with backoff (only
for what is retryable), timeouts, token accounting, token budgets and JSON answers. The
concrete providers (``local_onnx``, ``openai_compat``) import this module, and the
factories (``embeddings.make_embedder``, ``llm.make_llm``) import them, so no module
imports the module that imports it.
"""

from __future__ import annotations

import json
import re
import threading
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from memgraph.errors import MalformedOutputError, TokenBudgetError
from memgraph.providers.retry import call_with_retries
from memgraph.settings import Settings
from memgraph.validation import validation_message

Message = dict[str, Any]


Vector = list[float]


class Embedder(ABC):
    """Turns texts into vectors: one abstract batch method, everything else built on it."""

    model_name: str
    dimensions: int

    @abstractmethod
    def embed_batch(self, texts: Sequence[str]) -> list[Vector]:
        """Embed many texts; one vector of ``dimensions`` floats per text, in order."""

    def embed(self, text: str) -> Vector:
        return self.embed_batch([text])[0]

    def embed_query(self, text: str) -> Vector:
        """A search query's vector. Models trained with a query instruction (bge, e5)
        override this; for the others a query is embedded like any text."""
        return self.embed(text)


@dataclass
class Usage:
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def add(self, other: Usage) -> None:
        self.calls += other.calls
        self.prompt_tokens += other.prompt_tokens
        self.completion_tokens += other.completion_tokens

    def as_dict(self) -> dict[str, int]:
        return {"calls": self.calls, "prompt_tokens": self.prompt_tokens,
                "completion_tokens": self.completion_tokens, "total_tokens": self.total_tokens}


class TokenBudget:
    """Tokens one unit of work (one source) may spend over all its LLM calls.

    A call is made only if its prompt, as ``memgraph.retrieve.tokens`` counts it (an
    over-estimate of real tokenizers), plus the answer's cap (``max_tokens``) fits in what
    is left; afterwards the provider's own counts are charged. So the spend of a unit is at
    most ``limit`` (give or take how far a provider's tokenizer exceeds memgraph's count).
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.usage = Usage()

    @property
    def left(self) -> int:
        return self.limit - self.usage.total_tokens

    def reserve(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]] | None,
                max_tokens: int) -> None:
        """Raise ``TokenBudgetError`` unless a call with this prompt may still be made."""
        needed = prompt_tokens(messages, tools) + max_tokens
        if needed > self.left:
            raise TokenBudgetError(
                f"the next LLM call could use {needed} tokens but {max(0, self.left)} of "
                f"the {self.limit}-token budget are left (MEMGRAPH_INGEST__LLM_TOKENS_PER_"
                "SOURCE, MEMGRAPH_LLM_MAX_TOKENS)")


def prompt_tokens(messages: Sequence[Message], tools: Sequence[dict[str, Any]] | None) -> int:
    """memgraph's count of a request's prompt: every message and tool definition."""
    from memgraph.retrieve.tokens import count_tokens

    return count_tokens(json.dumps([list(messages), list(tools or [])], ensure_ascii=False,
                                   default=str))


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    arguments: dict[str, Any]
    raw_arguments: str = ""
    parse_error: str = ""   # set when the model's arguments were not valid JSON


@dataclass
class ChatResult:
    content: str | None
    tool_calls: list[ToolCall] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    finish_reason: str = ""



ModelT = TypeVar("ModelT", bound=BaseModel)


class LLM(ABC):
    model_name: str = ""
    max_retries: int = 3
    backoff_base_s: float = 0.5
    json_mode: bool = True   # ask for response_format json_object in chat_json
    # The answer's cap, sent with every request (settings.llm_max_tokens).
    max_tokens: int = Settings.model_fields["llm_max_tokens"].default

    def __init__(self) -> None:
        self.usage = Usage()
        self._lock = threading.Lock()

    @abstractmethod
    def _chat(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]] | None,
              json_mode: bool) -> ChatResult:
        """One request, no retries. Raise RateLimitedError / ProviderTimeoutError for
        what may be retried and ProviderError for the rest."""

    def chat(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]] | None = None,
             json_mode: bool = False, budget: TokenBudget | None = None) -> ChatResult:
        """One chat turn. Retryable failures are retried with backoff (``max_retries``,
        ``backoff_base_s``); the turn's usage is added to ``self.usage`` (and charged to
        ``budget``, which first refuses a call that might not fit: ``TokenBudgetError``)."""
        if budget is not None:
            budget.reserve(messages, tools, self.max_tokens)
        result = call_with_retries(lambda: self._chat(messages, tools, json_mode),
                                   max_retries=self.max_retries,
                                   backoff_base_s=self.backoff_base_s,
                                   what=f"LLM call to {self.model_name or type(self).__name__}")
        with self._lock:
            self.usage.add(result.usage)
        if budget is not None:
            budget.usage.add(result.usage)
        return result

    def chat_json(self, messages: Sequence[Message], schema: type[ModelT], *,
                  usage: Usage | None = None) -> ModelT:
        """Ask for one JSON object and validate it with ``schema``.

        The JSON Schema is shown to the model; fences and prose around the object are
        tolerated. If the answer still does not validate, the model is told why and asked
        once more; a second failure raises ``MalformedOutputError``. ``usage``, when
        given, receives the tokens of both turns (e.g. a per-source counter).
        """
        hint = {"role": "system", "content": (
            "Answer with exactly one JSON object, no prose, that validates against this "
            f"JSON Schema:\n{json.dumps(schema.model_json_schema())}")}
        conversation = [*messages, hint]
        error = ""
        for attempt in range(2):
            result = self.chat(conversation, json_mode=self.json_mode)
            if usage is not None:
                usage.add(result.usage)
            try:
                return schema.model_validate(extract_json(result.content or ""))
            except (ValueError, ValidationError) as e:
                error = _short(e)
            if attempt == 0:
                conversation = [*conversation,
                                {"role": "assistant", "content": result.content or ""},
                                {"role": "user", "content": (
                                    f"That answer could not be used: {error}\nReply again "
                                    "with only the corrected JSON object.")}]
        raise MalformedOutputError(
            f"{self.model_name or 'the LLM'} did not return valid {schema.__name__} JSON "
            f"after one re-ask: {error}")


_FENCED = re.compile(r"```[ \t]*(?:json|JSON)?[ \t]*\n?(.*?)```", re.DOTALL)
_TRAILING_COMMA = re.compile(r",(\s*[}\]])")


def extract_json(text: str) -> Any:
    """The first JSON object in a model's answer.

    Local models often wrap JSON in ```json fences, put prose around it, or leave a
    trailing comma; all three are tolerated. Raises ``ValueError`` if there is none.
    """
    candidates = [m.group(1) for m in _FENCED.finditer(text)] + [text]
    decoder = json.JSONDecoder()
    for candidate in candidates:
        for variant in (candidate, _TRAILING_COMMA.sub(r"\1", candidate)):
            start = variant.find("{")
            while start != -1:
                try:
                    value, _ = decoder.raw_decode(variant, start)
                except ValueError:
                    start = variant.find("{", start + 1)
                    continue
                if isinstance(value, dict):
                    return value
                start = variant.find("{", start + 1)
    raise ValueError("the answer contains no JSON object")


def _short(error: Exception, limit: int = 800) -> str:
    text = validation_message(error) if isinstance(error, ValidationError) else str(error)
    return text if len(text) <= limit else text[:limit] + " …"
