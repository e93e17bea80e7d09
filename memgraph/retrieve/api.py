"""The functions behind ``Memory.explore/traverse/context``: validate, embed, delegate."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from memgraph.retrieve.config import RetrievalConfig
from memgraph.retrieve.context import (
    DEFAULT_BUDGET,
    build_context,
    candidates_for,
    check_budget,
)
from memgraph.retrieve.explore import (
    ExploreRequest,
    check_query,
    explore,
    reinforce_results,
    summaries_asked,
)
from memgraph.retrieve.filters import Filters, build_filters, parse_states
from memgraph.retrieve.fusion import interleave
from memgraph.retrieve.query import comparison_parts, set_aside
from memgraph.retrieve.results import ContextResult, Result, TraverseResult
from memgraph.retrieve.traverse import TraverseRequest, check_bounds, check_types, traverse

if TYPE_CHECKING:
    from memgraph.memory import Memory

Many = Iterable[str] | str | None
When = datetime | date | str | None


def explore_memory(memory: Memory, query: str, *, user_id: str | None = None,
                   k: int | None = None, kinds: Many = None, since: When = None,
                   until: When = None, states: Many = None, include_archived: bool = False,
                   min_salience: float | None = None, sensitivity: Many = None,
                   agent_id: str | None = None,
                   reinforce: bool = True, config: RetrievalConfig | None = None,
                   vector: list[float] | None = None) -> list[Result]:
    settings = memory.settings
    k = settings.retrieval.default_k if k is None else k
    query = check_query(query, k)
    filters = build_filters(kinds=kinds, states=states, include_archived=include_archived,
                            min_salience=min_salience, sensitivity=sensitivity,
                            since=since, until=until, agent_id=agent_id)
    config = config or RetrievalConfig.from_settings(settings)
    memory.ensure_schema()
    user = user_id or settings.default_user
    aside = set_aside(query) if config.leave_out_set_aside else None
    if aside is None:
        return _explore_asked(memory, query, vector, user, k, filters, config,
                              reinforce=reinforce)
    # what the question sets aside is what the messages say most about, not what it asks
    # for: asked without it, and each result says so
    rest, left_out = aside
    reason = f'asked without "{left_out}", which the question sets aside'
    return [r.model_copy(update={"score": r.score.model_copy(
                update={"reasons": [*r.score.reasons, reason]})})
            for r in _explore_asked(memory, rest, vector, user, k, filters, config,
                                    reinforce=reinforce)]


def _explore_asked(memory: Memory, query: str, vector: list[float] | None, user: str,
                   k: int, filters: Filters, config: RetrievalConfig, *,
                   reinforce: bool) -> list[Result]:
    """A checked question as it is asked: as its two events when it compares two
    (query.comparison_parts), else whole."""
    settings = memory.settings
    behind = settings.retrieval.reinforce_in_background
    parts = comparison_parts(query) if config.split_comparisons and vector is None else None
    if parts:
        # each event asked on its own, then the two rankings in turn (fusion.interleave);
        # reinforced once, as what was returned
        asked = [(part, _explore(memory, part, None, user, k, filters, config,
                                 reinforce=False)) for part in parts]
        results = interleave(asked, k)
        if reinforce:
            reinforce_results(memory.graph, results, user, settings.lifecycle, behind=behind)
        return results
    return _explore(memory, query, vector, user, k, filters, config, reinforce=reinforce)


def _explore(memory: Memory, query: str, vector: list[float] | None, user_id: str, k: int,
             filters: Filters, config: RetrievalConfig, *,
             reinforce: bool) -> list[Result]:
    """One checked query: embedded (unless its vector is given), then explored."""
    if vector is None and config.use_vector:
        vector = memory.embedder.embed_query(query)
    if vector is not None and not any(vector):
        # A query with no words (`*:*` under the hashing embedder) embeds to the zero
        # vector: it has no direction, the vector index refuses it, so only the full-text
        # and graph signals vote.
        vector = None
    req = ExploreRequest(user_id=user_id, query=query, vector=vector, k=k, filters=filters,
                         config=config)
    return explore(memory.graph, req, reinforce=reinforce,
                   lifecycle=memory.settings.lifecycle,
                   reinforce_behind=memory.settings.retrieval.reinforce_in_background)


def traverse_memory(memory: Memory, start: str, *, user_id: str | None = None,
                    depth: int = 2, types: Many = None, direction: str = "both",
                    limit: int = 50, offset: int = 0, states: Many = None,
                    include_archived: bool = False, reinforce: bool = True) -> TraverseResult:
    settings = memory.settings
    check_bounds(depth, limit, offset, direction, settings)
    req = TraverseRequest(user_id=user_id or settings.default_user, start=start, depth=depth,
                          types=check_types(types), direction=direction, limit=limit,
                          offset=offset, states=parse_states(states, include_archived))
    return traverse(memory.graph, req, reinforce=reinforce, settings=settings)


def context_memory(memory: Memory, query: str, *, user_id: str | None = None,
                   max_tokens: int = DEFAULT_BUDGET, format: str = "markdown",
                   reinforce: bool = True, **options: Any) -> ContextResult:
    """explore() without reinforcement, render within the budget, then reinforce only
    what made it into the text."""
    check_budget(max_tokens, format)
    user = user_id or memory.settings.default_user
    options.setdefault("k", candidates_for(max_tokens))
    results = explore_memory(memory, query, user_id=user, reinforce=False, **options)
    built = build_context(query.strip(), results, max_tokens, format,
                          summaries_asked=summaries_asked(options.get("kinds"),
                                                          options.get("config")))
    if reinforce:
        reinforce_results(memory.graph, built.memories, user, memory.settings.lifecycle,
                          behind=memory.settings.retrieval.reinforce_in_background)
    return built
