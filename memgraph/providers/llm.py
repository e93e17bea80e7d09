"""The LLM interface: chat with optional tool calling.

Retries with backoff (only for what is retryable), timeouts and token accounting live
here, once; a provider implements ``_chat`` only. ``make_llm`` returns ``None`` for the
offline default: then ingestion uses the rule-based extractor and consolidation the
offline synthesiser, which need no model at all.
"""

from __future__ import annotations

import random
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from memgraph.errors import ProviderError, ProviderTimeoutError, RateLimitedError

if TYPE_CHECKING:
    from memgraph.settings import Settings

Message = dict[str, Any]


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


RETRYABLE = (RateLimitedError, ProviderTimeoutError)


class LLM(ABC):
    model_name: str = ""
    max_retries: int = 3
    backoff_base_s: float = 0.5

    def __init__(self) -> None:
        self.usage = Usage()
        self._lock = threading.Lock()

    @abstractmethod
    def _chat(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]] | None,
              json_mode: bool) -> ChatResult:
        """One request, no retries. Raise RateLimitedError / ProviderTimeoutError for
        what may be retried and ProviderError for the rest."""

    def chat(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]] | None = None,
             json_mode: bool = False) -> ChatResult:
        attempt = 0
        while True:
            try:
                result = self._chat(messages, tools, json_mode)
            except RETRYABLE:
                attempt += 1
                if attempt > self.max_retries:
                    raise
                time.sleep(self.backoff_base_s * (2 ** (attempt - 1)) * (1 + random.random()))
                continue
            except ProviderError:
                raise
            with self._lock:
                self.usage.add(result.usage)
            return result


def make_llm(settings: Settings) -> LLM | None:
    if settings.llm == "offline":
        return None
    from memgraph.providers.openai_compat import OpenAILLM

    return OpenAILLM.from_settings(settings)
