"""Embedders: OpenAI-compatible (real client, fake server), hashing, local MiniLM."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from fakes.openai_server import FakeOpenAIServer

from memgraph.errors import ConfigurationError, ProviderTimeoutError, RateLimitedError
from memgraph.providers.embeddings import (
    HashingEmbedder,
    make_embedder,
)
from memgraph.providers.local_onnx import OnnxEmbedder
from memgraph.providers.openai_compat import OpenAIEmbedder
from memgraph.settings import Settings


def make(server: FakeOpenAIServer, **kwargs: object) -> OpenAIEmbedder:
    embedder = OpenAIEmbedder("fake-embedding", base_url=server.base_url,
                              **kwargs)  # type: ignore[arg-type]
    embedder.backoff_base_s = 0.001   # keep retries fast in tests
    return embedder


def cosine(a: list[float], b: list[float]) -> float:
    va, vb = np.asarray(a), np.asarray(b)
    return float(va @ vb / (np.linalg.norm(va) * np.linalg.norm(vb)))


# -- OpenAI-compatible /embeddings ---------------------------------------------------------

def test_texts_are_embedded_in_batches_and_in_order(fake_openai: FakeOpenAIServer):
    texts = [f"memory number {i}" for i in range(10)]
    vectors = make(fake_openai, dimensions=384, batch_size=4).embed_batch(texts)

    assert [len(b["input"]) for b in fake_openai.embedding_requests()] == [4, 4, 2]
    assert vectors == HashingEmbedder(384).embed_batch(texts)   # the fake's vectors, in order


def test_dimensions_come_from_settings_without_a_request(fake_openai: FakeOpenAIServer):
    assert make(fake_openai, dimensions=384).dimensions == 384
    assert fake_openai.embedding_requests() == []


def test_unknown_dimensions_are_learnt_from_one_probe_call():
    with FakeOpenAIServer(embedding_dimensions=768) as server:
        embedder = make(server)
        assert embedder.dimensions == 768
        assert embedder.dimensions == 768
        assert len(server.embedding_requests()) == 1


def test_vectors_of_the_wrong_size_are_a_configuration_error():
    with FakeOpenAIServer(embedding_dimensions=768) as server, \
            pytest.raises(ConfigurationError, match=r"768.*384"):
        make(server, dimensions=384).embed_batch(["hello"])


def test_text_embedding_3_models_are_asked_to_shorten(fake_openai: FakeOpenAIServer):
    embedder = OpenAIEmbedder("text-embedding-3-small", base_url=fake_openai.base_url,
                              dimensions=256)
    assert len(embedder.embed("hello")) == 256
    assert fake_openai.embedding_requests()[0]["dimensions"] == 256


def test_other_models_are_not_sent_a_dimensions_parameter(fake_openai: FakeOpenAIServer):
    make(fake_openai, dimensions=384).embed("hello")
    assert "dimensions" not in fake_openai.embedding_requests()[0]


def test_empty_texts_are_embedded_not_refused(fake_openai: FakeOpenAIServer):
    vectors = make(fake_openai, dimensions=384).embed_batch(["", "  ", "hello"])
    assert len(vectors) == 3
    assert fake_openai.embedding_requests()[0]["input"][:2] == [" ", " "]


def test_empty_batch_makes_no_request(fake_openai: FakeOpenAIServer):
    assert make(fake_openai, dimensions=384).embed_batch([]) == []
    assert fake_openai.requests == []


def test_embedding_tokens_are_counted(fake_openai: FakeOpenAIServer):
    embedder = make(fake_openai, dimensions=384, batch_size=2)
    embedder.embed_batch(["one two", "three", "four five six"])
    assert embedder.usage.calls == 2
    assert embedder.usage.prompt_tokens == 6


def test_rate_limits_and_server_errors_are_retried(fake_openai: FakeOpenAIServer):
    fake_openai.script_embeddings([{"status": 429}, {"status": 502}])
    vectors = make(fake_openai, dimensions=384, max_retries=2).embed_batch(["hello"])
    assert len(vectors) == 1
    assert len(fake_openai.embedding_requests()) == 3


def test_persistent_rate_limit_raises_after_max_retries(fake_openai: FakeOpenAIServer):
    fake_openai.script_embeddings([{"status": 429}] * 4)
    with pytest.raises(RateLimitedError):
        make(fake_openai, dimensions=384, max_retries=1).embed_batch(["hello"])
    assert len(fake_openai.embedding_requests()) == 2


def test_slow_embedding_server_raises_timeout(fake_openai: FakeOpenAIServer):
    fake_openai.script_embeddings([{"delay_s": 3.0}])
    with pytest.raises(ProviderTimeoutError):
        make(fake_openai, dimensions=384, timeout_s=0.3, max_retries=0).embed("hello")


def test_base64_encoded_answers_decode_to_the_same_vectors(fake_openai: FakeOpenAIServer):
    """The openai client asks for base64 when no format is given; the fake speaks both."""
    from openai import OpenAI

    client = OpenAI(base_url=fake_openai.base_url, api_key="x", max_retries=0)
    decoded = client.embeddings.create(model="m", input=["hello world"]).data[0].embedding
    assert fake_openai.embedding_requests()[0]["encoding_format"] == "base64"
    assert np.allclose(decoded, HashingEmbedder(384).embed("hello world"), atol=1e-6)


# -- hashing embedder (tests only) ---------------------------------------------------------

def test_hashing_embedder_is_deterministic_and_normalised():
    first, second = HashingEmbedder(384), HashingEmbedder(384)
    vector = first.embed("Ada Lovelace wrote the first program")
    assert vector == second.embed("Ada Lovelace wrote the first program")
    assert len(vector) == 384
    assert np.isclose(np.linalg.norm(vector), 1.0)
    assert first.model_name == "hashing-384"


def test_hashing_embedder_sees_shared_words():
    embedder = HashingEmbedder(384)
    cat, cats, stocks = embedder.embed_batch(
        ["the cat sat on the mat", "a cat on a mat", "stock market crash"])
    assert cosine(cat, cats) > cosine(cat, stocks)


# -- local all-MiniLM-L6-v2 (ONNX Runtime, loaded once per process) ------------------------

@pytest.fixture(scope="module")
def minilm(tmp_path_factory: pytest.TempPathFactory) -> Iterator[OnnxEmbedder]:
    yield OnnxEmbedder("all-MiniLM-L6-v2", cache_dir=tmp_path_factory.mktemp("models"))


def test_minilm_gives_384_d_normalised_vectors(minilm: OnnxEmbedder):
    vectors = minilm.embed_batch(["hello world", "long-term memory for agents"])
    assert minilm.dimensions == 384
    assert minilm.model_name == "all-MiniLM-L6-v2"
    assert [len(v) for v in vectors] == [384, 384]
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_minilm_similarity_follows_meaning(minilm: OnnxEmbedder):
    cat, rug, stocks = minilm.embed_batch(
        ["cat sat on the mat", "a cat was sitting on a rug", "stock market crash"])
    assert cosine(cat, rug) > cosine(cat, stocks) + 0.2


def test_minilm_is_deterministic(minilm: OnnxEmbedder):
    assert np.allclose(minilm.embed("Ada"), minilm.embed("Ada"), atol=1e-6)


# -- make_embedder -------------------------------------------------------------------------

def offline_settings(**overrides: object) -> Settings:
    base: dict[str, object] = {"openai_api_key": None, "openai_base_url": None}
    return Settings(_env_file=None, **{**base, **overrides})  # type: ignore[arg-type]


def test_make_embedder_hashing_uses_the_configured_size():
    embedder = make_embedder(offline_settings(embedder="hashing", embedding_dimensions=64))
    assert isinstance(embedder, HashingEmbedder) and embedder.dimensions == 64


def test_make_embedder_openai_reads_model_url_size_and_batch(fake_openai: FakeOpenAIServer):
    embedder = make_embedder(offline_settings(
        embedder="openai", embedding_model="nomic-embed-text", embedding_dimensions=384,
        embedding_batch_size=2, openai_base_url=fake_openai.base_url))
    assert isinstance(embedder, OpenAIEmbedder)
    assert (embedder.model_name, embedder.dimensions, embedder.batch_size) == (
        "nomic-embed-text", 384, 2)
    embedder.embed_batch(["a", "b", "c"])
    assert [r["model"] for r in fake_openai.embedding_requests()] == ["nomic-embed-text"] * 2


def test_make_embedder_openai_without_key_for_the_real_api_is_refused():
    with pytest.raises(ConfigurationError, match="OPENAI_API_KEY"):
        make_embedder(offline_settings(embedder="openai"))


def test_make_embedder_local_is_bge_small_int8_loaded_once_per_process(tmp_path: Path):
    settings = offline_settings(embedder="local", embedding_cache_dir=tmp_path)
    first, second = make_embedder(settings), make_embedder(settings)
    assert isinstance(first, OnnxEmbedder)
    assert (first.model_name, first.dimensions) == ("bge-small-en-v1.5+int8", 384)
    assert first._session is second._session   # loaded once per process, not per Memory


def test_make_embedder_local_minilm_is_one_setting_away(minilm: OnnxEmbedder, tmp_path: Path):
    embedder = make_embedder(offline_settings(embedder="local", embedding_cache_dir=tmp_path,
                                              embedding_model="all-MiniLM-L6-v2"))
    assert (embedder.model_name, embedder.dimensions) == ("all-MiniLM-L6-v2", 384)
