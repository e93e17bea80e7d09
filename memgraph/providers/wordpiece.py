"""BERT's WordPiece tokenizer, read from a model's ``tokenizer.json``, in plain Python.

Every local model memgraph runs (all-MiniLM-L6-v2, bge-small-en-v1.5, e5-small-v2) uses the
same uncased BERT tokenizer: ``BertNormalizer`` → ``BertPreTokenizer`` → ``WordPiece`` →
``[CLS] … [SEP]``. This module gives the ids the ``tokenizers`` package gives for those
files (tests/test_wordpiece.py compares both on every LoCoMo turn and a Unicode stress set),
without that package: it declares the Hugging Face hub client as a requirement, and with it
about 40 MB of packages for downloads memgraph never makes (docs/benchmarks.md). Speed is
not the cost it looks like: words repeat, so each distinct word is split once per process
(an LRU cache), and a sentence takes microseconds next to the milliseconds of the encoder.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from pathlib import Path
from typing import Any

from memgraph.errors import ConfigurationError

# CJK ideographs get spaces around them, so each is a word of its own (BERT's rule).
_CJK_RANGES = ((0x4E00, 0x9FFF), (0x3400, 0x4DBF), (0x20000, 0x2A6DF), (0x2A700, 0x2B73F),
               (0x2B740, 0x2B81F), (0x2B920, 0x2CEAF), (0xF900, 0xFAFF), (0x2F800, 0x2FA1F))
_WORD_CACHE = 1 << 16
# Most text is ASCII: control characters go, tabs and newlines become spaces, and a word is
# a run of letters and digits or a single other character.
_ASCII_CLEAN = {code: None for code in [*range(32), 127]} | {ord(c): " " for c in "\t\n\r"}
_ASCII_WORDS = re.compile(r"[A-Za-z0-9]+|[^A-Za-z0-9 ]")


# tokenizers' Unicode tables date from Unicode 9; Python's are newer. Four characters assigned
# by then have changed category since; they keep their old one here, so that every character
# of Unicode 3.2 gives the same ids in both (characters added after Unicode 9 may differ).
_OLD_CATEGORIES = {"\u166d": "Po", "\u1734": "Mn", "\u1885": "Lo", "\u1886": "Lo"}


def _category(char: str) -> str:
    return _OLD_CATEGORIES.get(char) or unicodedata.category(char)


def _is_cjk(code: int) -> bool:
    return any(low <= code <= high for low, high in _CJK_RANGES)


def _is_whitespace(char: str) -> bool:
    return char.isspace()


def _is_control(char: str) -> bool:
    # Unassigned code points (Cn) stay, as in the Rust tokenizer.
    return char not in "\t\n\r" and _category(char) in ("Cc", "Cf", "Co", "Cs")


def _is_punctuation(char: str) -> bool:
    # ASCII punctuation counts even where Unicode calls it a symbol ($ + < = > ^ ` | ~).
    return ((char.isascii() and not char.isalnum() and char.isprintable() and not char.isspace())
            or _category(char).startswith("P"))


class WordPieceTokenizer:
    """Text → token ids, with ``[CLS]``/``[SEP]`` and truncation to ``max_length`` ids."""

    def __init__(self, vocab: dict[str, int], *, specials: dict[str, int], unk: str,
                 prefix: str, max_word_chars: int, lowercase: bool, strip_accents: bool,
                 clean_text: bool, chinese_chars: bool, max_length: int) -> None:
        self._vocab = vocab
        self._unk = vocab[unk]
        self._prefix = prefix
        self._max_word_chars = max_word_chars
        self._lowercase, self._strip_accents = lowercase, strip_accents
        self._clean_text, self._chinese_chars = clean_text, chinese_chars
        self._cls, self._sep = specials["[CLS]"], specials["[SEP]"]
        self._specials = specials
        # Special tokens are matched in the raw text, longest first, before normalisation.
        alternatives = sorted(specials, key=len, reverse=True)
        self._special_pattern = re.compile("(" + "|".join(map(re.escape, alternatives)) + ")")
        self.max_length = max_length
        self._pieces = functools.lru_cache(maxsize=_WORD_CACHE)(self._word_ids)

    @classmethod
    def from_file(cls, path: Path, max_length: int) -> WordPieceTokenizer:
        try:
            spec = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise ConfigurationError(f"cannot read the tokenizer {path}: {e}") from e
        return cls.from_spec(spec, max_length, source=str(path))

    @classmethod
    def from_spec(cls, spec: dict[str, Any], max_length: int,
                  source: str = "tokenizer.json") -> WordPieceTokenizer:
        model = spec.get("model") or {}
        normalizer = spec.get("normalizer") or {}
        pre_tokenizer = spec.get("pre_tokenizer") or {}
        kinds = (model.get("type"), normalizer.get("type"), pre_tokenizer.get("type"))
        if kinds != ("WordPiece", "BertNormalizer", "BertPreTokenizer"):
            raise ConfigurationError(
                f"{source}: the local embedder reads BERT WordPiece tokenizers "
                f"(WordPiece, BertNormalizer, BertPreTokenizer), not {kinds}; use "
                "MEMGRAPH_EMBEDDING_BACKEND=torch or openai for this model")
        specials = {token["content"]: token["id"] for token in spec.get("added_tokens") or []
                    if token.get("special")}
        missing = {"[CLS]", "[SEP]"} - specials.keys()
        if missing:
            raise ConfigurationError(f"{source}: no {', '.join(sorted(missing))} token")
        lowercase = bool(normalizer.get("lowercase", True))
        strip_accents = normalizer.get("strip_accents")
        return cls(model["vocab"], specials=specials, unk=model.get("unk_token", "[UNK]"),
                   prefix=model.get("continuing_subword_prefix", "##"),
                   max_word_chars=int(model.get("max_input_chars_per_word", 100)),
                   lowercase=lowercase,
                   strip_accents=lowercase if strip_accents is None else bool(strip_accents),
                   clean_text=bool(normalizer.get("clean_text", True)),
                   chinese_chars=bool(normalizer.get("handle_chinese_chars", True)),
                   max_length=max_length)

    def encode(self, text: str) -> list[int]:
        ids: list[int] = []
        for part in self._special_pattern.split(text):
            if part in self._specials:
                ids.append(self._specials[part])
            elif part.isascii() and self._clean_text:
                cleaned = part.translate(_ASCII_CLEAN)
                for word in _ASCII_WORDS.findall(cleaned.lower() if self._lowercase
                                                 else cleaned):
                    ids.extend(self._pieces(word))
            elif part:
                for word in self._words(self._normalized(part)):
                    ids.extend(self._pieces(word))
        return [self._cls, *ids[:max(self.max_length - 2, 0)], self._sep]

    def encode_batch(self, texts: list[str]) -> list[list[int]]:
        return [self.encode(text) for text in texts]

    def _normalized(self, text: str) -> str:
        if self._clean_text or self._chinese_chars:
            text = "".join(self._cleaned(char) for char in text)
        if self._strip_accents:
            text = "".join(char for char in unicodedata.normalize("NFD", text)
                           if _category(char) != "Mn")
        if self._lowercase:
            # Character by character, as the Rust tokenizer does: str.lower() would turn a
            # word-final capital sigma into "ς", a different token.
            text = text.lower() if "Σ" not in text else "".join(c.lower() for c in text)
        return text

    def _cleaned(self, char: str) -> str:
        if char.isascii():
            if char in "\t\n\r":
                return " " if self._clean_text else char
            if self._clean_text and not char.isprintable():
                return ""
            return char
        if self._clean_text:
            if char == "\ufffd" or _is_control(char):
                return ""
            if _is_whitespace(char):
                return " "
        if self._chinese_chars and _is_cjk(ord(char)):
            return f" {char} "
        return char

    @staticmethod
    def _words(text: str) -> list[str]:
        """Split on whitespace, and every punctuation mark is a word of its own."""
        words: list[str] = []
        for chunk in text.split():
            if chunk.isalnum():
                words.append(chunk)
                continue
            start = 0
            for index, char in enumerate(chunk):
                if _is_punctuation(char):
                    if start < index:
                        words.append(chunk[start:index])
                    words.append(char)
                    start = index + 1
            if start < len(chunk):
                words.append(chunk[start:])
        return words

    def _word_ids(self, word: str) -> tuple[int, ...]:
        """Greedy longest-match-first; a word with any unknown piece is one [UNK]."""
        if len(word) > self._max_word_chars:
            return (self._unk,)
        ids: list[int] = []
        start = 0
        while start < len(word):
            end = len(word)
            while end > start:
                piece = word[start:end] if start == 0 else self._prefix + word[start:end]
                found = self._vocab.get(piece)
                if found is not None:
                    ids.append(found)
                    break
                end -= 1
            else:
                return (self._unk,)
            start = end
        return tuple(ids)
