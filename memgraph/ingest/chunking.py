"""Splitting a document into chunks along its headings and paragraphs (pure functions).

A Markdown heading (``#`` to ``######``, outside fenced code) starts a section; a blank
line ends a paragraph. Paragraphs are packed into chunks of at most ``max_tokens``
(counted as ``context()`` counts them, ``memgraph.retrieve.tokens``); a new section starts
a new chunk once the current one is half full, so small sections share a chunk and a
heading is rarely far from its text. A paragraph longer than a chunk is split at sentence
ends, a sentence longer than a chunk at spaces, a word longer than a chunk by characters.
A chunk that continues a section repeats the section's heading line and then the last
``overlap_tokens`` of the chunk before it, so a fact cut in two is still whole in one of
them. Plain text (``.txt``) is one section without a heading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memgraph.retrieve.tokens import CHARS_PER_TOKEN, count_tokens

_HEADING = re.compile(r"^(#{1,6})\s+(\S.*?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+")


@dataclass(frozen=True)
class Chunk:
    index: int          # 0-based position in the document
    text: str           # what the chunk's Source stores and is extracted from
    section: str        # the heading trail, "Guide › Install" ("" before any heading)


@dataclass
class _Section:
    trail: str
    heading: str        # the heading line as written ("" for text before any heading)
    paragraphs: list[str]


def split_document(text: str, max_tokens: int, overlap_tokens: int = 0) -> list[Chunk]:
    """The chunks of ``text`` in document order; blank text gives none."""
    chunks: list[Chunk] = []
    current: list[str] = []          # pieces of the chunk being filled
    used = 0
    section_of_current = ""

    def flush() -> str:
        chunks.append(Chunk(len(chunks), "\n\n".join(current).strip(), section_of_current))
        return chunks[-1].text

    for section in _sections(text):
        heading_cost = count_tokens(section.heading)
        if current and used >= max_tokens // 2:
            flush()
            current, used = [], 0
        budget = max_tokens - heading_cost - overlap_tokens
        # the heading travels with the section's first paragraph: never alone at a chunk end
        pieces = _pieces(section.paragraphs, budget) or [""]
        pieces[0] = "\n\n".join(p for p in (section.heading, pieces[0]) if p)
        for first, piece in zip([True] + [False] * (len(pieces) - 1), pieces, strict=True):
            cost = count_tokens(piece)
            if current and used + cost > max_tokens:
                # within a section the next chunk repeats the heading and the overlap
                tail = "" if first else _tail(flush(), overlap_tokens)
                if first:
                    flush()
                current = [] if first else [p for p in (section.heading, tail) if p]
                used = sum(count_tokens(p) for p in current)
            if not current:
                section_of_current = section.trail
            current.append(piece)
            used += cost
    if any(p.strip() for p in current):
        flush()
    return chunks


def _sections(text: str) -> list[_Section]:
    """Headings and the paragraphs under each, fenced code kept whole."""
    sections = [_Section("", "", [])]
    trail: list[tuple[int, str]] = []
    paragraph: list[str] = []
    fenced = False

    def close_paragraph() -> None:
        if any(line.strip() for line in paragraph):
            sections[-1].paragraphs.append("\n".join(paragraph).strip("\n"))
        paragraph.clear()

    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if _FENCE.match(line):
            fenced = not fenced
            paragraph.append(line)
            continue
        heading = None if fenced else _HEADING.match(line)
        if heading:
            close_paragraph()
            level, title = len(heading.group(1)), heading.group(2)
            trail = [t for t in trail if t[0] < level] + [(level, title)]
            sections.append(_Section(" › ".join(t for _, t in trail), line.strip(), []))
        elif not fenced and not line.strip():
            close_paragraph()
        else:
            paragraph.append(line.rstrip())
    close_paragraph()
    return [s for s in sections if s.heading or s.paragraphs]


def _pieces(paragraphs: list[str], budget: int) -> list[str]:
    """Paragraphs, each cut to fit ``budget`` tokens (sentences, then words, then chars)."""
    budget = max(budget, 8)
    out: list[str] = []
    for paragraph in paragraphs:
        if count_tokens(paragraph) <= budget:
            out.append(paragraph)
            continue
        out.extend(_pack(_SENTENCE_END.split(paragraph), budget, " "))
    return out


def _pack(parts: list[str], budget: int, joiner: str) -> list[str]:
    """Join consecutive parts while they fit; a part too large alone is split finer."""
    out: list[str] = []
    current = ""
    for part in parts:
        if count_tokens(part) > budget:
            if current:
                out.append(current)
                current = ""
            out.extend(_split_long(part, budget))
            continue
        candidate = f"{current}{joiner}{part}" if current else part
        if count_tokens(candidate) > budget:
            out.append(current)
            candidate = part
        current = candidate
    if current:
        out.append(current)
    return out


def _split_long(sentence: str, budget: int) -> list[str]:
    words = sentence.split()
    if len(words) > 1:
        return _pack(words, budget, " ")
    # one "word" over the budget (a URL, base64, a run of letters): cut by characters,
    # budget - 1 pieces of CHARS_PER_TOKEN characters each stay within the budget
    width = max(1, (budget - 1) * CHARS_PER_TOKEN)
    return [sentence[i:i + width] for i in range(0, len(sentence), width)]


def _tail(text: str, overlap_tokens: int) -> str:
    """The last words of ``text`` within ``overlap_tokens`` (whole words only)."""
    if overlap_tokens <= 0:
        return ""
    words = text.split()
    taken: list[str] = []
    for word in reversed(words):
        if count_tokens(" ".join([word, *taken])) > overlap_tokens:
            break
        taken.insert(0, word)
    return " ".join(taken)
