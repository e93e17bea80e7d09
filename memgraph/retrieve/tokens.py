"""The one token counter, used by context() and the benchmarks the same way.

No tokenizer file is needed (memgraph works offline and with any LLM): text is split into
words and single punctuation marks, and a word costs one token per started 4 characters.
On English prose this is a slight over-estimate of OpenAI's ``cl100k``/``o200k`` counts
(about 1.1-1.3x), which is the safe side for a prompt budget. It is deterministic, so a
context built for ``max_tokens`` always measures at most ``max_tokens`` here.
"""

from __future__ import annotations

import re

_PIECES = re.compile(r"\w+|[^\w\s]")
CHARS_PER_TOKEN = 4


def count_tokens(text: str) -> int:
    """Tokens in ``text`` as memgraph counts them (see the module docstring)."""
    return sum(-(-len(piece) // CHARS_PER_TOKEN) for piece in _PIECES.findall(text))


def truncate_to_tokens(text: str, max_tokens: int, ellipsis: str = "…") -> str:
    """The longest prefix of ``text`` (cut at a piece boundary) within ``max_tokens``."""
    if count_tokens(text) <= max_tokens:
        return text
    budget = max_tokens - count_tokens(ellipsis)
    used = 0
    end = 0
    for match in _PIECES.finditer(text):
        cost = -(-len(match.group()) // CHARS_PER_TOKEN)
        if used + cost > budget:
            break
        used += cost
        end = match.end()
    return text[:end].rstrip() + ellipsis if end else ""
