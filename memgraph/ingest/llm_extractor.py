"""The LLM extraction agent: one source in, typed tool calls out, at most two turns.

One or two LLM calls per source: the model gets the source and the relevant existing
graph (``context``) and is asked to emit ALL its tool calls in one response; refs let
later calls in the same response point at nodes created by earlier ones. Only when some
calls are refused (unknown id, invalid type, bad JSON) does it get a second turn with the
tool results, to fix just those. What bounds the spend (docs/ingestion.md, "Cost"):
``ingest.agent_max_steps`` calls (2), a fix-up turn that fixes nothing ends the loop even
when more steps are allowed, ``ingest.llm_tokens_per_source`` for all calls together, and
``llm_max_tokens`` per answer. Nothing is written until the loop ends; the writer then
applies the accepted calls in one transaction.
"""

from __future__ import annotations

import json
from typing import Any

from memgraph.errors import MalformedOutputError, ProviderError, TokenBudgetError
from memgraph.graph.connection import Graph
from memgraph.ingest.known_graph import gather
from memgraph.ingest.source import SourceText
from memgraph.ingest.speakers import owner_of
from memgraph.ingest.tools import ToolExecutor, tool_schemas
from memgraph.providers.base import LLM, ChatResult, Embedder, Message, TokenBudget, Usage
from memgraph.settings import Settings

SYSTEM_PROMPT = """You maintain a long-term memory graph about one user. Read the new source \
and record what it says that is worth remembering, using ONLY the tools.

Rules:
- Emit all your tool calls in ONE response. Do not explain; do not call tools one by one.
- Reuse existing nodes: refer to them by the id shown in the context. Create a node only
  when nothing in the context is the same person, concept or entity.
- To connect a node you create in this response, give it a short `ref` (or use its name)
  and use that ref as an id in relate / add_note / link_source.
- People → create_person; ideas, activities, preferences, topics → create_concept;
  organisations, places, objects, events, pets, works → create_entity.
- Facts between two nodes → relate, with a type from the list; put dates in valid_from /
  valid_to (ISO-8601) when the source gives them, resolved against the source's time.
- Details that do not fit a relationship → add_note with a lifetime: week (transient),
  month (typical), year (long-term), forever (foundational).
- "I", "me", "my" mean the speaker: the Person the source header names ("speaker Sam,
  the Person 'Sam'"). That node exists already: use its name as the id; do not create
  another node for the speaker. A message from the assistant speaks for nobody.
- If nothing is worth remembering, answer with no tool calls."""


def source_message(source: SourceText, context_text: str) -> str:
    when = source.event_at.isoformat() if source.event_at else "unknown"
    owner = owner_of(source.speaker)
    speaker = source.speaker.strip() or "unknown"
    if owner is not None:
        speaker += f", the Person {owner!r}"
    return (f"Existing graph for this user:\n{context_text}\n\n"
            f"New source (kind {source.kind}, speaker {speaker}, "
            f"time {when}):\n<<<\n{source.content}\n>>>")


class LLMExtractor:
    def __init__(self, graph: Graph, settings: Settings, embedder: Embedder, llm: LLM) -> None:
        self.graph, self.settings, self.embedder, self.llm = graph, settings, embedder, llm

    def lookup_keys(self, source: SourceText) -> list[str]:
        """No names: the agent is shown the graph it needs (known_graph.py)."""
        return []

    def extract(self, source: SourceText, executor: ToolExecutor) -> Usage:
        limits = self.settings.ingest
        budget = TokenBudget(limits.llm_tokens_per_source)
        context = gather(self.graph, self.settings, source.user_id, source.content,
                         self.embedder.embed(source.content))
        executor.remember(context.known())
        messages: list[Message] = [
            {"role": "system", "content": SYSTEM_PROMPT},
            {"role": "user", "content": source_message(source, context.as_text())}]
        tools = tool_schemas()
        # the plan may hold calls from before the agent (the speaker's Person: speakers.py);
        # whether the agent gave anything valid is counted from here
        accepted_at_start = executor.plan.accepted_calls
        for step in range(limits.agent_max_steps):
            result = self._chat(messages, tools, budget,
                                executor.plan.accepted_calls > accepted_at_start)
            if result is None or not result.tool_calls:
                break
            refused_before = len(executor.plan.refused)
            accepted_before = executor.plan.accepted_calls
            replies = [executor.execute(c.name, c.arguments, c.parse_error)
                       for c in result.tool_calls]
            if len(executor.plan.refused) == refused_before:
                break
            if step > 0 and executor.plan.accepted_calls == accepted_before:
                break   # a fix-up turn that fixed nothing: asking again only spends tokens
            messages += [_assistant_message(result),
                         *({"role": "tool", "tool_call_id": c.id or f"call_{i}",
                            "content": reply + _hint(reply)}
                           for i, (c, reply) in enumerate(zip(result.tool_calls, replies,
                                                              strict=True)))]
            messages.append({"role": "user", "content": (
                "Some calls were refused. Re-issue only corrected versions of the refused "
                "calls (accepted ones are kept); answer with no tool calls to give up.")})
        if executor.plan.refused and executor.plan.accepted_calls == accepted_at_start:
            error = MalformedOutputError(
                f"no valid tool call from {self.llm.model_name or 'the LLM'}: "
                + " | ".join(executor.plan.refused[-3:]))
            error.usage = budget.usage  # type: ignore[attr-defined]
            raise error
        return budget.usage

    def _chat(self, messages: list[Message], tools: list[dict[str, Any]], budget: TokenBudget,
              accepted: bool) -> ChatResult | None:
        """One turn within the source's token budget; None when a fix-up turn would not
        fit and the agent has calls accepted (they are kept)."""
        try:
            return self.llm.chat(messages, tools=tools, budget=budget)
        except TokenBudgetError as e:
            if accepted:
                return None
            e.usage = budget.usage  # type: ignore[attr-defined]
            raise
        except ProviderError as e:
            e.usage = budget.usage  # type: ignore[attr-defined]
            raise


def _assistant_message(result: ChatResult) -> Message:
    return {"role": "assistant", "content": result.content or None, "tool_calls": [
        {"id": c.id or f"call_{i}", "type": "function",
         "function": {"name": c.name,
                      "arguments": c.raw_arguments or json.dumps(c.arguments)}}
        for i, c in enumerate(result.tool_calls)]}


def _hint(reply: str) -> str:
    return "" if reply.startswith("ok") else " (fix and re-issue this call)"
