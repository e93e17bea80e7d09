"""The LLM factory. ``make_llm`` returns ``None`` for the offline default: then ingestion
uses the rule-based extractor and consolidation the offline synthesiser, which need no
model at all. The interface is ``memgraph.providers.base.LLM``.
"""

from __future__ import annotations

from memgraph.providers.base import LLM
from memgraph.settings import Settings


def make_llm(settings: Settings) -> LLM | None:
    if settings.llm == "offline":
        return None
    from memgraph.providers.openai_compat import OpenAILLM

    return OpenAILLM.from_settings(settings)
