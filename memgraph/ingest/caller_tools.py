"""The same typed tools, for outside agents: ``Memory.tools(user_id)``.

Each ``call`` is validated exactly as for the extraction agent and, when accepted, written
at once in its own transaction. Ids of existing elements come from earlier results or
from retrieval; a ``ref`` lives only within one call. Results are plain dicts, ready to be
returned to a model as the tool result.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from memgraph.ingest.tools import TOOLS, ToolExecutor, tool_schemas
from memgraph.ingest.writer import WriteContext, write_plan

if TYPE_CHECKING:
    from memgraph.ingest.pipeline import Ingestor


class CallerTools:
    def __init__(self, ingestor: Ingestor, user_id: str) -> None:
        self._ingestor = ingestor
        self.user_id = user_id

    @property
    def schemas(self) -> list[dict[str, Any]]:
        return tool_schemas()

    @property
    def names(self) -> list[str]:
        return list(TOOLS)

    def call(self, name: str, arguments: dict[str, Any] | str) -> dict[str, Any]:
        """Validate and apply one call. ``{"ok": False, "error": …}`` when refused."""
        parse_error = ""
        if isinstance(arguments, str):
            import json

            try:
                arguments = json.loads(arguments)
            except ValueError as e:
                arguments, parse_error = {}, f"arguments are not valid JSON: {e}"
        if not isinstance(arguments, dict):
            arguments, parse_error = {}, "arguments must be a JSON object"
        executor = ToolExecutor(self._ingestor._lookup(self.user_id))
        message = executor.execute(name, arguments, parse_error)
        if executor.plan.refused:
            return {"ok": False, "error": message.removeprefix("refused: ")}
        ing = self._ingestor
        result = write_plan(ing.graph, ing.settings, ing.embedder, executor.plan,
                            WriteContext(user_id=self.user_id, now=datetime.now(UTC)))
        return {"ok": True, "message": message.removeprefix("ok: "), "ids": result.ids,
                "learned": result.learned}
