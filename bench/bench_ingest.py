"""Benchmark ingestion (docs/benchmarks.md, "Ingestion").

Run against a SEPARATE server (never the shared development one), holding the shared
benchmark lock so that timed runs do not overlap, e.g.:

    export MEMGRAPH_SERVER__HOME=$PWD/.memgraph/bench-ingest MEMGRAPH_SERVER__BOLT_PORT=7691 \
           MEMGRAPH_SERVER__HTTP_PORT=7478 MEMGRAPH_SERVER__HEAP=2g \
           MEMGRAPH_SERVER__PAGECACHE=2g NEO4J_URI=bolt://127.0.0.1:7691
    memgraph server install && memgraph server start
    flock /tmp/memgraph-bench.lock python -u bench/bench_ingest.py --n 20000 --n-local 5000
    memgraph server stop && rm -rf $MEMGRAPH_SERVER__HOME

Measures sources per second for: structured records with precomputed embeddings;
structured records embedded by the configured local model (next to the model's own
speed on the same texts, measured before and after); the offline rule extractor (one
source per transaction, as `memgraph ingest --file` does); and LLM calls and tokens per
source on the agent path against the scripted fake OpenAI server (real openai client).
Also the floors under the structured path: the commit cost of a 384-d vector in the
vector index (`floor`), of one small transaction by the indexes it touches (`commit`),
and records that are only sources, with and without their vector
(`sources-floor`: no entities, no facts). Each scenario writes into its own fresh
tenant, deleted afterwards; every figure is printed with the load average at that
moment. `--only` picks scenarios; `--breakdown` adds where the precomputed and the
sources-floor runs' time went (resolution, each query of the write transaction, Python,
commit), e.g.

    flock /tmp/memgraph-bench.lock python -u bench/bench_ingest.py --n 20000 \
        --only floor,sources-floor,precomputed --breakdown
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import random
import statistics
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))   # bench/locomo.py

from bench_args import comma_list

from memgraph.memory import Memory
from memgraph.providers.base import Embedder, prompt_tokens
from memgraph.providers.embeddings import HashingEmbedder, make_embedder
from memgraph.settings import Settings

FIRST = ["Anna", "Tom", "Maria", "Priya", "Sam", "Lena", "Omar", "Jon", "Kira", "Luis"]
LAST = ["Smith", "Lopez", "Khan", "Berg", "Rossi", "Novak", "Sato", "Diaz", "Ito", "Moss"]
ORGS = [f"{a} {b}" for a in ("Acme", "Globex", "Initech", "Umbrella", "Hooli")
        for b in ("Labs", "Corp", "Group", "Works", "Studio", "Systems")]
CITIES = ["Lisbon", "Berlin", "Leeds", "Oslo", "Rome", "Kyoto", "Lima", "Porto"]
HOBBIES = ["hiking", "chess", "surfing", "baking", "jazz", "running", "painting"]


def unit_vectors(gen: np.random.Generator, count: int, dims: int = 384) -> list[list[float]]:
    """Random unit vectors as plain lists of floats (what a JSONL record carries); numpy,
    so that making the data does not weigh in the timed ingest."""
    v = gen.standard_normal((count, dims))
    return (v / np.linalg.norm(v, axis=1, keepdims=True)).tolist()


def records(n: int, precomputed: bool, seed: int = 7) -> Iterator[dict[str, Any]]:
    rng = random.Random(seed)
    gen = np.random.default_rng(seed)
    for i in range(n):
        person = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        org = rng.choice(ORGS)
        record: dict[str, Any] = {
            "content": f"Message {i}: {person} works at {org} and likes {rng.choice(HOBBIES)}.",
            "session_id": f"session-{i // 20}", "external_id": f"turn-{i}",
            "entities": [{"name": person, "kind": "Person"},
                         {"name": org, "kind": "Entity", "entity_type": "organisation"}],
            "relationships": [{"source": person, "target": org, "type": "WORKS_AT"}]}
        if precomputed:
            record["embedding"], *vectors = unit_vectors(gen, 1 + len(record["entities"]))
            for entity, vector in zip(record["entities"], vectors, strict=True):
                entity["embedding"] = vector
        yield record


def bare_sources(n: int, with_vectors: bool, seed: int = 9) -> list[dict[str, Any]]:
    """Records that are only a source (text, session, turn id, maybe a vector): no
    entities, no facts. What writing a Source costs in this data model, commit included:
    the floor under the structured path."""
    gen = np.random.default_rng(seed)
    vectors = unit_vectors(gen, n) if with_vectors else [None] * n
    out = []
    for i, vector in enumerate(vectors):
        record: dict[str, Any] = {
            "content": f"Message {i}: something about topic {i % 97} and a few more words.",
            "session_id": f"session-{i // 20}", "external_id": f"turn-{i}"}
        if vector is not None:
            record["embedding"] = vector
        out.append(record)
    return out


def sentences(n: int, seed: int = 11) -> Iterator[str]:
    rng = random.Random(seed)
    for i in range(n):
        yield rng.choice([
            f"My friend {rng.choice(FIRST)} works at {rng.choice(ORGS)}.",
            f"I moved to {rng.choice(CITIES)} last year and I love {rng.choice(HOBBIES)}.",
            f"My sister {rng.choice(FIRST)} lives in {rng.choice(CITIES)}.",
            f"I hate {rng.choice(HOBBIES)} but {rng.choice(FIRST)} said it is fun ({i}).",
        ])


def tenant(memory: Memory) -> str:
    return f"bench-ingest-{uuid.uuid4().hex[:8]}"


def bench_structured(settings: Settings, embedder: Embedder, n: int, precomputed: bool,
                     batch: int | None, breakdown: bool = False,
                     data: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    memory = Memory(settings, embedder=embedder)
    memory.init()
    user = tenant(memory)
    stages = StageTimer() if breakdown else None
    try:
        if data is None:
            data = list(records(n, precomputed))    # made before the clock starts
        with stages or contextlib.nullcontext():
            result = memory.ingest_records(data, user_id=user, batch_size=batch)
        out = {"sources": result.sources, "seconds": round(result.seconds, 2),
               "per_second": round(result.per_second, 1), "failed": result.failed}
        return out | ({"breakdown_s": stages.report()} if stages else {})
    finally:
        memory.forget_user(user)
        memory.close()


class StageTimer:
    """Where a structured ingest's time goes (``--breakdown``): wall time of the writer
    thread's stages: resolution (a read by name), each named query of the write transaction
    (client and server), the rest of the transaction function (Python), and the commit
    (what is left of the writer's time: vector and other index updates, the log). The
    main thread's validation and source building (overlapped) is reported too. Wraps
    methods for the duration of a benchmark only."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self._undo: list[tuple[Any, str, Any]] = []

    def _wrap(self, owner: Any, attribute: str, label: Any) -> None:
        original = getattr(owner, attribute)

        def timed(*args: Any, **kwargs: Any) -> Any:
            name = label(args) if callable(label) else label
            if name is None:
                return original(*args, **kwargs)
            started = time.perf_counter()
            try:
                out = original(*args, **kwargs)
                if attribute == "run":
                    out.peek()    # a query runs when read; ours do their work before row 1
                return out
            finally:
                self.seconds[name] = self.seconds.get(name, 0.0) + time.perf_counter() - started
        self._undo.append((owner, attribute, original))
        setattr(owner, attribute, timed)

    def __enter__(self) -> StageTimer:
        import neo4j

        from memgraph import cypher
        from memgraph.ingest import structured

        names = {cypher.load(f"ingest/{p.stem}"): f"query {p.stem}"
                 for p in (cypher.CYPHER_ROOT / "ingest").glob("*.cypher")
                 if p.stem != "resolve_names"}    # a read of its own: in "resolution"
        self._wrap(structured._Batch, "prepare", "main thread: validate + sources")
        self._wrap(structured._Batch, "_nodes", "resolution")   # a read before the write
        self._wrap(structured._Batch, "write", "writer thread, all")
        self._wrap(structured, "_write_batch", "transaction function")
        self._wrap(neo4j.ManagedTransaction, "run", lambda args: names.get(args[1]))
        return self

    def __exit__(self, *exc: object) -> None:
        for owner, attribute, original in reversed(self._undo):
            setattr(owner, attribute, original)

    def report(self) -> dict[str, float]:
        s = self.seconds
        queries = sum(v for k, v in s.items() if k.startswith("query "))
        s["transaction function: Python"] = s.get("transaction function", 0.0) - queries
        s["commit"] = (s.get("writer thread, all", 0.0) - s.get("resolution", 0.0)
                       - s.get("transaction function", 0.0))
        return {k: round(v, 2) for k, v in sorted(s.items(), key=lambda kv: -kv[1])}


def bench_rules(settings: Settings, embedder: Embedder, n: int) -> dict[str, Any]:
    memory = Memory(settings, embedder=embedder)
    memory.init()
    user = tenant(memory)
    try:
        started = time.perf_counter()
        for i, text in enumerate(sentences(n)):
            memory.ingest(text, user_id=user, session_id=f"s{i // 20}", speaker="Sam")
        seconds = time.perf_counter() - started
        return {"sources": n, "seconds": round(seconds, 2), "per_second": round(n / seconds, 1)}
    finally:
        memory.forget_user(user)
        memory.close()


def bench_llm(settings: Settings, n: int, malformed: bool = False) -> dict[str, Any]:
    """Calls and tokens per source on the agent path. ``malformed``: every answer is a
    broken tool call (the worst case the bounds of docs/ingestion.md, "Cost", are for)."""
    from fakes.openai_server import FakeOpenAIServer

    from memgraph.providers.openai_compat import OpenAILLM

    rng = random.Random(3)

    def answer(request: dict[str, Any]) -> dict[str, Any]:
        if malformed:
            return {"tool_calls": [{"name": "relate", "arguments": "{not json"}]}
        person, org = rng.choice(FIRST), rng.choice(ORGS)
        return {"tool_calls": [
            {"name": "create_person", "arguments": {"name": person}},
            {"name": "create_entity", "arguments": {"name": org, "entity_type": "organisation"}},
            {"name": "relate", "arguments": {"source_id": person, "target_id": org,
                                             "type": "WORKS_AT"}}]}

    with FakeOpenAIServer() as server:
        server.chat_handler = answer
        llm = OpenAILLM.from_settings(settings.model_copy(update={
            "llm": "openai", "openai_base_url": server.base_url, "llm_max_retries": 0}))
        memory = Memory(settings, embedder=HashingEmbedder(384), llm=llm)
        memory.init()
        user = tenant(memory)
        try:
            per_source: list[tuple[int, int]] = []
            started = time.perf_counter()
            for text in sentences(n):
                result = memory.ingest(text, user_id=user)
                if not result.duplicate:
                    per_source.append((result.llm_calls, result.tokens_used))
            seconds = time.perf_counter() - started
            calls = [c for c, _ in per_source]
            tokens = [t for _, t in per_source]
            # the server's own count of every request (words of the messages; tools are
            # not counted by the fake server, so the prompt is also shown as memgraph counts it)
            prompts = [prompt_tokens(r["messages"], r.get("tools"))
                       for r in server.chat_requests()]
            return {"sources": len(per_source),
                    "llm_calls_per_source": round(sum(calls) / len(calls), 2),
                    "max_llm_calls_per_source": max(calls),
                    "tokens_per_source": round(sum(tokens) / len(tokens), 1),
                    "max_tokens_per_source": max(tokens),
                    "max_prompt_tokens_memgraph_count": max(prompts),
                    "token_budget": settings.ingest.llm_tokens_per_source,
                    "max_tokens_sent": sorted({r.get("max_tokens") for r in
                                               server.chat_requests()}, key=str),
                    "per_second": round(len(per_source) / seconds, 1)}
        finally:
            memory.forget_user(user)
            memory.close()


def embedding_throughput(embedder: Embedder, n: int = 0,
                         texts: list[str] | None = None) -> dict[str, Any]:
    """Pure model speed on the structured records' contents (no database): the bound
    of the local-embedding path."""
    texts = texts or [r["content"] for r in records(n, precomputed=False)]
    n = len(texts)
    embedder.embed_batch(texts[:64])    # warm-up
    started = time.perf_counter()
    embedder.embed_batch(texts)
    seconds = time.perf_counter() - started
    return {"sentences": n, "per_second": round(n / seconds, 1)}


def local_embedder(settings: Settings, backend: str) -> Embedder:
    """The configured local model as `make_embedder` builds it: onnx (the default), torch,
    or onnx with int8 weights."""
    backend_setting, quantization = ("onnx", "int8") if backend == "int8" else (backend, "none")
    return make_embedder(settings.model_copy(update={
        "embedder": "local", "embedding_backend": backend_setting,
        "embedding_quantization": quantization}))


def embedder_comparison(settings: Settings, backends: list[str], n: int,
                        locomo_path: str | None) -> Iterator[tuple[str, dict[str, Any]]]:
    """No database: each runtime's speed on the same conversational texts (half record
    contents, half first-person chat sentences), and its agreement with torch's vectors
    (cosine per text; top-5 nearest-neighbour overlap within the set)."""
    texts = [r["content"] for r in records(n // 2, precomputed=False)] + list(sentences(n - n // 2))
    reference = np.asarray(local_embedder(settings, "torch").embed_batch(texts))
    for backend in dict.fromkeys(["torch", *backends]):
        embedder = local_embedder(settings, backend)
        figures = embedding_throughput(embedder, texts=texts)
        vectors = np.asarray(embedder.embed_batch(texts))
        agreement = (vectors * reference).sum(axis=1)
        figures.update(cosine_mean=f"{agreement.mean():.8f}",
                       cosine_min=f"{agreement.min():.8f}",
                       top5_overlap=round(neighbour_overlap(reference, vectors), 3))
        if locomo_path:
            figures["locomo_vector_recall"] = locomo_vector_recall(embedder, locomo_path)
        yield f"MiniLM {backend} ({embedder.model_name}) alone, vs torch", figures


def locomo_vector_recall(embedder: Embedder, path: str) -> dict[str, Any]:
    """Retrieval with the embedder alone on LoCoMo (bench/locomo.py's "MiniLM cosine over
    turns" baseline, no database): recall@k over category 1-4 questions."""
    from collections import defaultdict
    from types import SimpleNamespace

    import locomo

    scores: dict[str, dict[int, Any]] = defaultdict(lambda: defaultdict(locomo.Scores))
    for _, turns, questions in locomo.load(path):
        locomo.run_baselines(SimpleNamespace(embedder=embedder), turns, questions, scores)
    vector = scores["MiniLM cosine over turns"].values()
    def mean(k: int) -> float:
        values = [v for s in vector for v in s.recall[k]]
        return round(100 * sum(values) / len(values), 1)
    return {"questions": sum(len(s.recall[1]) for s in vector),
            **{f"R@{k}": mean(k) for k in locomo.KS}}


def neighbour_overlap(reference: np.ndarray, vectors: np.ndarray, k: int = 5) -> float:
    """Mean share of each text's k nearest neighbours (by torch) that it keeps."""
    def nearest(v: np.ndarray) -> np.ndarray:
        similarity = v @ v.T
        np.fill_diagonal(similarity, -np.inf)
        return np.argsort(-similarity, axis=1)[:, :k]
    pairs = zip(nearest(reference), nearest(vectors), strict=True)
    return float(np.mean([len(set(a) & set(b)) / k for a, b in pairs]))


def vector_index_floor(settings: Settings, n: int = 2_000) -> dict[str, Any]:
    """The database alone: commit time of n bare :Memory nodes with and without a 384-d
    vector (the memory_embedding HNSW index is updated at commit). The floor under the
    structured path, whose every Source carries a vector."""
    memory = Memory(settings, embedder=HashingEmbedder(384))
    memory.init()
    user = tenant(memory)
    gen = np.random.default_rng(5)
    out: dict[str, Any] = {"nodes": n}
    try:
        for label, vectors in (("without_vector_s", None), ("with_vector_s", True)):
            rows = [{"uid": uuid.uuid4().hex, "e": v}
                    for v in (unit_vectors(gen, n) if vectors else [None] * n)]
            with memory.graph.session() as session:
                tx = session.begin_transaction()
                tx.run("UNWIND $rows AS r CREATE (:Memory {uid: r.uid, user_id: $u, "
                       "embedding: r.e})", rows=rows, u=user).consume()
                started = time.perf_counter()
                tx.commit()
            out[label] = round(time.perf_counter() - started, 2)
        out["ms_per_vector"] = round(
            1000 * (out["with_vector_s"] - out["without_vector_s"]) / n, 2)
        return out
    finally:
        memory.forget_user(user)
        memory.close()


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


LOCAL_BACKENDS = ("onnx", "torch", "int8")
Report = Callable[[str, dict[str, Any]], None]


# One small write transaction each, by what it touches (``commit_costs``): a label no index
# covers; a scratch full-text index, updated at commit (Neo4j's default) or eventually
# consistent (updated behind the commit); memgraph's own `memory_text`, without and with a
# vector in `memory_embedding`.
COMMIT_CASES = {
    "no_index": "CREATE (:BenchCommit {user_id: $u, t: $t})",
    "fulltext": "CREATE (:BenchCommitSync {user_id: $u, t: $t})",
    "fulltext_eventual": "CREATE (:BenchCommitEventual {user_id: $u, t: $t})",
    "memory_text": "CREATE (:Memory:Source {uid: randomUUID(), user_id: $u, search_text: $t})",
    "memory_text_and_vector": "CREATE (:Memory:Source {uid: randomUUID(), user_id: $u, "
                              "search_text: $t, embedding: $v})",
}


def commit_costs(settings: Settings, n: int = 200) -> dict[str, Any]:
    """Median ms of one write transaction of one node (a short sentence), per
    ``COMMIT_CASES``, the cases taken in turn so that a shared machine's drift falls on
    all of them alike. Where a conversation's message-by-message ingestion spends its
    commits (docs/benchmarks.md, "Session 114")."""
    memory = Memory(settings, embedder=HashingEmbedder(384))
    memory.init()
    user = tenant(memory)
    vector = unit_vectors(np.random.default_rng(3), 1)[0]
    times: dict[str, list[float]] = {case: [] for case in COMMIT_CASES}
    try:
        with memory.graph.session() as session:
            session.run("CREATE FULLTEXT INDEX bench_commit_sync IF NOT EXISTS "
                        "FOR (n:BenchCommitSync) ON EACH [n.t]").consume()
            session.run("CREATE FULLTEXT INDEX bench_commit_eventual IF NOT EXISTS "
                        "FOR (n:BenchCommitEventual) ON EACH [n.t] OPTIONS {indexConfig: "
                        "{`fulltext.eventually_consistent`: true}}").consume()
            session.run("CALL db.awaitIndexes(300)").consume()
            for i in range(n):
                params = {"u": user, "t": f"I adopted a cat named Miso, number {i}",
                          "v": vector}
                for case, query in COMMIT_CASES.items():
                    started = time.perf_counter()
                    session.execute_write(lambda tx, q=query, p=params: tx.run(q, p).consume())
                    times[case].append(time.perf_counter() - started)
        return {f"{case}_ms": round(1000 * statistics.median(t), 2)
                for case, t in times.items()}
    finally:
        with memory.graph.session() as session:
            session.run("MATCH (n) WHERE (n:BenchCommit OR n:BenchCommitSync "
                        "OR n:BenchCommitEventual) AND n.user_id = $u DELETE n",
                        u=user).consume()
            for index in ("bench_commit_sync", "bench_commit_eventual"):
                session.run(f"DROP INDEX {index} IF EXISTS").consume()
        memory.forget_user(user)
        memory.close()


def run_commit(settings: Settings, args: argparse.Namespace, report: Report) -> None:
    report("one small write transaction, by what it touches", commit_costs(settings))


def run_floor(settings: Settings, args: argparse.Namespace, report: Report) -> None:
    report("vector index alone (commit of bare nodes)", vector_index_floor(settings))


def run_sources_floor(settings: Settings, args: argparse.Namespace, report: Report) -> None:
    for with_vectors in (True, False):
        report(f"structured, bare sources {'with' if with_vectors else 'without'} vectors",
               bench_structured(settings, HashingEmbedder(384), args.n, True,
                                args.batch_size, args.breakdown,
                                bare_sources(args.n, with_vectors)))


def run_precomputed(settings: Settings, args: argparse.Namespace, report: Report) -> None:
    report("structured, precomputed embeddings",
           bench_structured(settings, HashingEmbedder(384), args.n, True, args.batch_size,
                            args.breakdown))


def run_embedders(settings: Settings, args: argparse.Namespace, report: Report) -> None:
    for label, figures in embedder_comparison(settings, args.local_backends, args.n_quality,
                                              args.locomo):
        report(label, figures)


def run_local(settings: Settings, args: argparse.Namespace, report: Report) -> None:
    """Per local runtime of the configured model: the model alone; with ``local`` the
    structured path with it and the model alone again after; with ``rules-local`` the
    offline rule extractor."""
    for backend in args.local_backends:
        local = local_embedder(settings, backend)
        name = f"local {backend} ({local.model_name})"
        report(f"{name} alone (no database)",
               embedding_throughput(local, min(args.n_local, 2_000)))
        if "local" in args.only:
            report(f"structured, {name} embeddings",
                   bench_structured(settings, local, args.n_local, False, args.batch_size))
            report(f"{name} alone again, after (the load of a shared machine moves)",
                   embedding_throughput(local, min(args.n_local, 2_000)))
        if "rules-local" in args.only:
            report(f"offline rule extractor ({name})",
                   bench_rules(settings, local, args.n_rules // 2))


def run_rules(settings: Settings, args: argparse.Namespace, report: Report) -> None:
    report("offline rule extractor (hashing embedder)",
           bench_rules(settings, HashingEmbedder(384), args.n_rules))


def run_llm(settings: Settings, args: argparse.Namespace, report: Report) -> None:
    report("agent, scripted fake LLM", bench_llm(settings, args.n_llm))
    report("agent, scripted fake LLM answering only malformed calls",
           bench_llm(settings, min(args.n_llm, 100), malformed=True))


# The scenarios, in the order they run whatever order --only names them in; local and
# rules-local share one pass over the runtimes (each model is loaded once).
SCENARIOS: dict[str, Callable[[Settings, argparse.Namespace, Report], None]] = {
    "floor": run_floor, "commit": run_commit, "sources-floor": run_sources_floor,
    "precomputed": run_precomputed,
    "embedders": run_embedders, "local": run_local, "rules-local": run_local,
    "rules": run_rules, "llm": run_llm,
}


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--n", type=int, default=20_000, help="structured records")
    p.add_argument("--n-local", type=int, default=5_000,
                   help="structured records embedded by the local model")
    p.add_argument("--local-backends", type=comma_list(LOCAL_BACKENDS), default=["onnx"],
                   help="comma-separated local model runtimes for local/rules-local/"
                        f"embedders [{','.join(LOCAL_BACKENDS)}; default: onnx]")
    p.add_argument("--n-quality", type=int, default=2_000,
                   help="texts for the embedders scenario (speed and agreement)")
    p.add_argument("--locomo", default=None, metavar="PATH",
                   help="embedders: also LoCoMo recall@k of each runtime's vectors "
                        "(e.g. ../shared/bench/locomo/locomo_dev.json)")
    p.add_argument("--n-rules", type=int, default=1_000, help="offline-extractor sources")
    p.add_argument("--n-llm", type=int, default=200, help="scripted-LLM sources")
    p.add_argument("--batch-size", type=int, default=None,
                   help="[default: ingest.structured_batch_size]")
    p.add_argument("--only", type=comma_list(tuple(SCENARIOS)), default=list(SCENARIOS),
                   help=f"comma-separated scenarios [{','.join(SCENARIOS)}]")
    p.add_argument("--breakdown", action="store_true",
                   help="also time the stages of the precomputed run (resolution, "
                        "each query, Python, commit)")
    p.add_argument("--neo4j-uri", default=None, help="[default: NEO4J_URI / settings]")
    return p


def report(label: str, figures: dict[str, Any]) -> None:
    print(f"{label}: {figures} (load average {load_average()})", flush=True)


def main() -> None:
    args = parser().parse_args()
    settings = Settings(**({"neo4j_uri": args.neo4j_uri} if args.neo4j_uri else {}))
    if settings.neo4j_uri.endswith(":7687"):
        sys.exit("refusing to benchmark the shared development server (port 7687)")
    print(f"# {platform.node()} {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} CPUs, Neo4j at {settings.neo4j_uri}")
    ran = []
    for name, scenario in SCENARIOS.items():
        if name in args.only and scenario not in ran:
            ran.append(scenario)
            scenario(settings, args, report)


if __name__ == "__main__":
    main()
