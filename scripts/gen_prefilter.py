"""Regenerate memgraph/ingest/prefilter_literals.json: the literal words each pattern of
the rule extractor needs (memgraph/ingest/prefilter.py), read from its parse tree here so
that no process has to at start-up.

    python scripts/gen_prefilter.py          # rewrite the table
    python scripts/gen_prefilter.py --check  # exit 1 if it is stale (the tests check it too)
"""

from __future__ import annotations

import json
import sys

import memgraph.ingest.rules  # noqa: F401  (makes the extractor's patterns)
from memgraph.ingest.prefilter import REGISTERED, SHIPPED_LITERALS, literal_table


def rendered() -> str:
    """One pattern a line, so that a changed pattern is a one-line change."""
    lines = [f"{json.dumps(key)}: {json.dumps(literals, ensure_ascii=False)}"
             for key, literals in literal_table(REGISTERED).items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main() -> int:
    text = rendered()
    if "--check" in sys.argv[1:]:
        current = SHIPPED_LITERALS.read_text(encoding="utf-8") if SHIPPED_LITERALS.exists() else ""
        if current != text:
            print(f"{SHIPPED_LITERALS} is stale: run python scripts/gen_prefilter.py",
                  file=sys.stderr)
            return 1
        return 0
    SHIPPED_LITERALS.write_text(text, encoding="utf-8")
    print(f"wrote {SHIPPED_LITERALS} ({len(REGISTERED)} patterns)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
