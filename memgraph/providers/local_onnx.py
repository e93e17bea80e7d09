"""The local sentence-transformers model run by ONNX Runtime instead of torch.

Same tokenizer (the sentence-transformers model's own ``preprocess``), same pooling and
normalisation, same weights: the transformer is exported once to ONNX and cached under
``embedding_cache_dir``; the vectors equal torch's within 1e-6 cosine, so they carry the
same model name. ONNX Runtime runs the small BERT of all-MiniLM-L6-v2 about 2× faster
than torch on CPU (docs/benchmarks.md, "Ingestion").

``quantization="int8"`` (opt-in) adds dynamic int8 weights (per channel): about 1.5× as
fast again, at a cost of mean cosine ≈ 0.99 to the fp32 vectors. Those vectors are
stored under a distinct model name, ``<model>+int8``, so they are never taken for fp32.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import uuid
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Literal

import numpy as np

from memgraph.errors import ConfigurationError, ProviderError
from memgraph.providers.embeddings import (
    Embedder,
    Vector,
    embedding_dimension,
    load_sentence_transformer,
    resolve_local_model,
)

Quantization = Literal["none", "int8"]
# Bumped when the export below changes, so that older cached files are not reused.
EXPORT_VERSION = 1
_OUTPUT = "token_embeddings"


def onnx_available() -> bool:
    """ONNX Runtime to run the model and the onnx package to export it."""
    try:
        import onnx  # noqa: F401
        import onnxruntime  # noqa: F401
    except ImportError:
        return False
    return True


class OnnxEmbedder(Embedder):
    """A local sentence-transformers model (Transformer → mean/CLS pooling → optional
    Normalize) whose transformer runs in ONNX Runtime."""

    def __init__(self, model: str = "all-MiniLM-L6-v2", *, quantization: Quantization = "none",
                 cache_dir: Path = Path(".memgraph/models"), threads: int | None = None,
                 batch_size: int = 64) -> None:
        if not onnx_available():
            raise ConfigurationError(
                "the onnx embedding backend needs onnxruntime and onnx: "
                "pip install 'memgraph[local]' (or set MEMGRAPH_EMBEDDING_BACKEND=torch)")
        resolved = resolve_local_model(model)
        self._st = load_sentence_transformer(resolved, model)
        self._pooling, self._normalize = _pipeline(self._st, model)
        path = exported_model(self._st, model, resolved, Path(cache_dir), quantization)
        self._session = _session(path, threads)
        self._inputs = [i.name for i in self._session.get_inputs()]
        self.model_name = model if quantization == "none" else f"{model}+{quantization}"
        self.dimensions = embedding_dimension(self._st)
        self.batch_size = batch_size

    def embed_batch(self, texts: Sequence[str]) -> list[Vector]:
        if not texts:
            return []
        # Longest first, across the whole call: batches of similar length pad little.
        order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))
        out = np.empty((len(texts), self.dimensions), dtype=np.float32)
        try:
            for start in range(0, len(order), self.batch_size):
                chunk = order[start:start + self.batch_size]
                out[chunk] = self._embed_chunk([texts[i] for i in chunk])
        except Exception as e:
            raise ProviderError(f"local embedding failed: {e}") from e
        return out.tolist()

    def _embed_chunk(self, texts: list[str]) -> np.ndarray:
        features = _features(self._st, texts)
        feed = {name: features[name].numpy().astype(np.int64) for name in self._inputs}
        tokens = self._session.run([_OUTPUT], feed)[0]
        if self._pooling == "cls":
            vectors = tokens[:, 0]
        else:
            mask = feed["attention_mask"][..., None].astype(np.float32)
            vectors = (tokens * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
        if self._normalize:
            norms = np.linalg.norm(vectors, axis=1, keepdims=True)
            vectors = vectors / np.clip(norms, 1e-12, None)
        return vectors


def _features(st: Any, texts: list[str]) -> dict[str, Any]:
    """The model's own tokenization, exactly as its encode() does it (sentence-transformers
    6 calls it preprocess, earlier versions tokenize)."""
    preprocess = getattr(st, "preprocess", None) or st.tokenize
    return preprocess(texts)


def _pipeline(st: Any, model: str) -> tuple[str, bool]:
    """(pooling mode, normalised) of a supported module pipeline; else a clear error."""
    names = [type(m).__name__ for m in st]
    mode = None
    if names[1:2] == ["Pooling"]:
        mode = getattr(st[1], "pooling_mode", None) or st[1].get_pooling_mode_str()
    if names[0] != "Transformer" or mode not in ("mean", "cls") or \
            names[2:] not in ([], ["Normalize"]):
        raise ConfigurationError(
            f"the onnx embedding backend supports Transformer → mean/cls Pooling → Normalize "
            f"models; {model!r} is {' → '.join(names)} (pooling {mode}): "
            "set MEMGRAPH_EMBEDDING_BACKEND=torch")
    return mode, names[2:] == ["Normalize"]


def exported_model(st: Any, model: str, resolved: str, cache_dir: Path,
                   quantization: Quantization) -> Path:
    """The cached ONNX file for this model and quantization, exported on first use."""
    folder = cache_dir / _cache_key(model, resolved)
    fp32 = folder / "model.onnx"
    if not fp32.exists():
        _export(st, fp32)
    if quantization == "none":
        return fp32
    int8 = folder / "model.int8.onnx"
    if not int8.exists():
        _quantize(fp32, int8)
    return int8


def _cache_key(model: str, resolved: str) -> str:
    """Readable and unique per weights: the model's name plus a hash of its location and
    of its weight files' sizes and times (a new download gets a new export)."""
    location = Path(resolved)
    stamp = [resolved, f"v{EXPORT_VERSION}"]
    if location.is_dir():
        for weights in sorted(location.glob("*.safetensors")) + sorted(location.glob("*.bin")):
            stat = weights.stat()
            stamp.append(f"{weights.name}:{stat.st_size}:{stat.st_mtime_ns}")
    name = re.sub(r"[^A-Za-z0-9._-]+", "_", Path(model).name or model)[:60]
    return f"{name}-{hashlib.sha256('|'.join(stamp).encode()).hexdigest()[:12]}"


def _export(st: Any, target: Path) -> None:
    """torch.onnx export of the transformer with dynamic batch and sequence axes."""
    import torch

    sample = _features(st, ["memory for agents", "hello"])
    inputs = [k for k, v in sample.items() if isinstance(v, torch.Tensor)]

    class TokenEmbeddings(torch.nn.Module):
        def __init__(self, transformer: torch.nn.Module) -> None:
            super().__init__()
            self.transformer = transformer

        def forward(self, *tensors: torch.Tensor) -> torch.Tensor:
            out = self.transformer(**dict(zip(inputs, tensors, strict=True)))
            return out.last_hidden_state

    axes = {name: {0: "batch", 1: "sequence"} for name in [*inputs, _OUTPUT]}
    # The tracer warns about Python branches on shapes; the axes are declared dynamic.
    with _written_atomically(target, "cannot export the embedding model to ONNX") as partial, \
            torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(TokenEmbeddings(st[0].auto_model.eval()),
                          tuple(sample[k] for k in inputs), str(partial),
                          input_names=inputs, output_names=[_OUTPUT],
                          dynamic_axes=axes, opset_version=17, dynamo=False)


def _quantize(fp32: Path, target: Path) -> None:
    """Dynamic int8 weights, one scale per output channel (per tensor loses too much:
    mean cosine 0.96 instead of 0.99 to fp32)."""
    from onnx import TensorProto
    from onnxruntime.quantization import QuantType, quantize_dynamic

    with _written_atomically(target, "cannot quantize the ONNX embedding model") as partial:
        quantize_dynamic(fp32, partial, weight_type=QuantType.QInt8, per_channel=True,
                         extra_options={"DefaultTensorType": TensorProto.FLOAT})


@contextlib.contextmanager
def _written_atomically(target: Path, failure: str) -> Iterator[Path]:
    """A temporary path next to ``target``, renamed onto it when the block succeeds:
    concurrent processes never read half a file. Any failure is a ConfigurationError."""
    partial = target.with_name(f".{target.name}.{uuid.uuid4().hex}")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        yield partial
        os.replace(partial, target)
    except Exception as e:
        raise ConfigurationError(f"{failure}: {e}") from e
    finally:
        with contextlib.suppress(OSError):
            partial.unlink()


def _session(path: Path, threads: int | None) -> Any:
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = threads or os.cpu_count() or 1
    options.inter_op_num_threads = 1
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    # Idle workers sleep instead of spinning: on a small machine the database and the
    # Python writer need those cores between two batches.
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    options.log_severity_level = 3
    try:
        return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    except Exception as e:
        raise ConfigurationError(f"cannot load the ONNX embedding model {path}: {e}") from e
