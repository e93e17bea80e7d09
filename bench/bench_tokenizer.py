"""memgraph's WordPiece tokenizer against the ``tokenizers`` package (a test dependency),
on the text of a LoCoMo file: ids equal, time per text, time to load.

    python bench/bench_tokenizer.py --data ../shared/bench/locomo/locomo_dev.json

Every string in the file counts (turns, questions, answers, summaries). "cold" is the first
pass over the texts (each new word split once), "warm" the second (words come from the
cache, as they do in a long-running process).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from tokenizers import Tokenizer

from memgraph.providers.embeddings import resolve_local_model
from memgraph.providers.wordpiece import WordPieceTokenizer


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
    return [text for item in items for text in strings(item)]


def per_text_us(run: Any, texts: list[str]) -> float:
    started = time.perf_counter()
    run(texts)
    return 1e6 * (time.perf_counter() - started) / len(texts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="a LoCoMo JSON file")
    parser.add_argument("--max-length", type=int, default=256)
    args = parser.parse_args()
    texts = strings(json.loads(args.data.read_text(encoding="utf-8")))
    path = Path(resolve_local_model("all-MiniLM-L6-v2")) / "tokenizer.json"

    started = time.perf_counter()
    reference = Tokenizer.from_file(str(path))
    reference_load_ms = 1e3 * (time.perf_counter() - started)
    reference.no_padding()
    reference.enable_truncation(max_length=args.max_length)
    started = time.perf_counter()
    ours = WordPieceTokenizer.from_file(path, args.max_length)
    ours_load_ms = 1e3 * (time.perf_counter() - started)

    equal = sum(reference.encode(t).ids == ids for t, ids in
                zip(texts, WordPieceTokenizer.from_file(path, args.max_length).encode_batch(texts),
                    strict=True))
    print(f"{len(texts)} texts, {equal} with equal ids")
    single = per_text_us(lambda ts: [reference.encode(t) for t in ts], texts)
    batch = per_text_us(reference.encode_batch, texts)
    print(f"tokenizers: encode {single:.1f} µs/text, encode_batch {batch:.1f} µs/text, "
          f"load {reference_load_ms:.0f} ms")
    cold = per_text_us(ours.encode_batch, texts)
    warm = per_text_us(ours.encode_batch, texts)
    print(f"memgraph:   cold {cold:.1f} µs/text, warm {warm:.1f} µs/text, "
          f"load {ours_load_ms:.0f} ms")


if __name__ == "__main__":
    main()
