"""HTTP API keys: a key belongs to one tenant and fixes it for every request it signs.

A key is ``mgk_<key id>_<secret>``: 32 random bytes of secret, so a plain SHA-256 of the
whole key is a safe hash (slow password hashes exist for guessable passwords, not for
256-bit random tokens) and lets the server find the key with one index seek. Only the
hash is stored, on an ``:ApiKey`` node (``docs/data-model.md``); the key is shown once, when
it is created. A revoked key stays in the graph for the record and authenticates no more.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any

from memgraph.errors import ApiKeyError, InvalidInputError, NotFoundError
from memgraph.graph.connection import Graph
from memgraph.graph.models import new_id
from memgraph.retrieve.results import as_datetime

KEY_PREFIX = "mgk_"
MAX_NAME_CHARS = 100


@dataclass(frozen=True)
class ApiKey:
    """What memgraph knows about a key (never the key itself)."""

    key_id: str
    user_id: str
    name: str
    prefix: str
    created_at: datetime | None
    revoked_at: datetime | None = None

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "revoked": self.revoked}


@dataclass(frozen=True)
class NewKey:
    """A key just created: ``token`` is the only time the secret is seen."""

    key: ApiKey
    token: str


def key_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def create_key(graph: Graph, user_id: str, name: str = "") -> NewKey:
    if not isinstance(user_id, str) or not user_id.strip():
        raise InvalidInputError("a key needs a user (tenant): give --user")
    name = " ".join((name or "").split())
    if len(name) > MAX_NAME_CHARS:
        raise InvalidInputError(f"key name is longer than {MAX_NAME_CHARS} characters")
    key_id = new_id()[:16]
    token = f"{KEY_PREFIX}{key_id}_{secrets.token_urlsafe(32)}"
    prefix = token[: len(KEY_PREFIX) + 8]
    rows = graph.write("keys/create", user_id=user_id, key_id=key_id, key_name=name,
                       prefix=prefix, key_hash=key_hash(token), now=datetime.now(UTC))
    return NewKey(_key(rows[0]), token)


def list_keys(graph: Graph, user_id: str) -> list[ApiKey]:
    return [_key(row) for row in graph.read("keys/list", user_id=user_id)]


def revoke_key(graph: Graph, user_id: str, key_id: str) -> ApiKey:
    rows = graph.write("keys/revoke", user_id=user_id, key_id=key_id, now=datetime.now(UTC))
    if not rows:
        raise NotFoundError(f"no API key {key_id!r} for user {user_id!r}")
    return _key(rows[0])


def authenticate(graph: Graph, token: str | None) -> ApiKey:
    """The key a bearer token stands for; ApiKeyError when missing, unknown or revoked."""
    if not token:
        raise ApiKeyError("missing API key: send `Authorization: Bearer <key>` "
                          "(create one with `memgraph keys create --user U`)")
    if not token.startswith(KEY_PREFIX):
        raise ApiKeyError("invalid API key")
    rows = graph.read("keys/by_hash", key_hash=key_hash(token))
    if not rows:
        raise ApiKeyError("invalid API key")
    key = _key(rows[0])
    if key.revoked:
        raise ApiKeyError(f"API key {key.prefix}… was revoked")
    return key


def _key(row: dict[str, Any]) -> ApiKey:
    return ApiKey(key_id=row["key_id"], user_id=row["user_id"], name=row["name"] or "",
                  prefix=row["prefix"], created_at=as_datetime(row["created_at"]),
                  revoked_at=as_datetime(row.get("revoked_at")))
