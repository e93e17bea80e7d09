"""Checks on what a caller hands to ingestion, before anything is written."""

from __future__ import annotations

import hashlib
import re
from typing import Any

from memgraph.errors import InvalidInputError

# C0 control characters other than tab, newline and carriage return mark binary data.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def check_content(content: str | bytes, max_bytes: int) -> str:
    """Return the content as text, or raise InvalidInputError (nothing is written)."""
    if isinstance(content, bytes | bytearray):
        try:
            content = bytes(content).decode("utf-8")
        except UnicodeDecodeError as e:
            raise InvalidInputError("content is not UTF-8 text (binary input refused)") from e
    if not isinstance(content, str):
        raise InvalidInputError(f"content must be text, got {type(content).__name__}")
    if not content.strip():
        raise InvalidInputError("content is empty")
    size = len(content.encode("utf-8"))
    if size > max_bytes:
        raise InvalidInputError(
            f"content is {size:,} bytes, over the {max_bytes:,}-byte limit of one source "
            "(split it, or ingest it as a document, which is chunked: docs/ingestion.md)")
    if _CONTROL.search(content):
        raise InvalidInputError("content contains control characters (binary input refused)")
    return content


def has_control_characters(text: str) -> bool:
    return bool(_CONTROL.search(text))


MAX_LABEL_CHARS = 200          # agent_id, session_id and similar caller-given labels
MAX_METADATA_KEYS = 30
MAX_METADATA_VALUE_CHARS = 500
_METADATA_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_.\-]{0,63}$")


def check_label(value: str | None, what: str) -> str:
    """An optional caller-given label (agent_id, …): text of at most MAX_LABEL_CHARS."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise InvalidInputError(f"{what} must be text, got {type(value).__name__}")
    if len(value) > MAX_LABEL_CHARS:
        raise InvalidInputError(f"{what} is longer than {MAX_LABEL_CHARS} characters")
    return value.strip()


def check_metadata(metadata: dict[str, Any] | None) -> list[str]:
    """A source's metadata as "key: value" lines (property values cannot be maps; the same
    form as node attributes, readable in Browser). Values are text, numbers or booleans."""
    if not metadata:
        return []
    if not isinstance(metadata, dict):
        raise InvalidInputError("metadata must be an object of keys and values")
    if len(metadata) > MAX_METADATA_KEYS:
        raise InvalidInputError(f"metadata has more than {MAX_METADATA_KEYS} keys")
    lines = []
    for key, value in sorted(metadata.items()):
        if not isinstance(key, str) or not _METADATA_KEY.match(key):
            raise InvalidInputError(f"metadata key {key!r} must be a word of letters, digits, "
                                    "_ . - (at most 64 characters)")
        if isinstance(value, bool):
            value = "true" if value else "false"
        if not isinstance(value, str | int | float):
            raise InvalidInputError(f"metadata value of {key!r} must be text, a number or a "
                                    "boolean")
        text = str(value)
        if len(text) > MAX_METADATA_VALUE_CHARS:
            raise InvalidInputError(f"metadata value of {key!r} is longer than "
                                    f"{MAX_METADATA_VALUE_CHARS} characters")
        lines.append(f"{key}: {text}")
    return lines


def parse_metadata(lines: list[str] | None) -> dict[str, str]:
    """The inverse of check_metadata, for reading a source back."""
    return dict(line.split(": ", 1) for line in lines or [] if ": " in line)


def check_owner(record_user: str | None, user_id: str) -> None:
    """A record may name its user only to repeat the ingesting one: a file ingested for
    one tenant never writes into another (the caller chose the tenant, not the file)."""
    if record_user not in (None, "", user_id):
        raise InvalidInputError(f"the record is for user {record_user!r}, not {user_id!r}: "
                                "a file ingested for one user cannot write into another")


def content_hash(content: str) -> str:
    return hashlib.sha256(content.encode("utf-8")).hexdigest()


def default_idempotency_key(user_id: str, session_id: str, content: str,
                            external_id: str) -> str:
    """Same user, session, content and external id: the same source."""
    material = "\x1f".join((user_id, session_id, content, external_id))
    return hashlib.sha256(material.encode("utf-8")).hexdigest()
