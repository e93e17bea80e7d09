"""Checks on what enters memgraph from outside, and error text fit for users, in one place.

A user id is a tenant's name: it keys every node and index entry of the tenant, so it is
checked before it reaches the database (a 10,000-character id used to surface as
``Neo.DatabaseError ... Property value is too large to index``). Error text shown to
users or stored on sources carries no pydantic help URLs and no provider base URLs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import UTC, datetime
from difflib import get_close_matches
from typing import TYPE_CHECKING, Any

from memgraph.errors import InvalidInputError

if TYPE_CHECKING:
    from pydantic import ValidationError

USER_ID_MAX_LENGTH = 128
# Letters (any script) or digits first, then letters, digits and . _ - @ : + ; no spaces,
# quotes, control or direction-changing characters.
USER_ID_PATTERN = re.compile(rf"[^\W_][\w.@:+\-]{{0,{USER_ID_MAX_LENGTH - 1}}}")
USER_ID_RULE = (f"1 to {USER_ID_MAX_LENGTH} characters: letters, digits and . _ - @ : +, "
                "starting with a letter or digit")

_URL = re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.\-]*://[^\s'\"<>)]+")


def check_user_id(user_id: object) -> str:
    """The user id, or InvalidInputError saying what a user id may be."""
    if not isinstance(user_id, str) or not USER_ID_PATTERN.fullmatch(user_id):
        shown = repr(user_id) if not isinstance(user_id, str) or len(user_id) <= 60 \
            else f"of {len(user_id):,} characters"
        raise InvalidInputError(f"invalid user id {shown}: a user id is {USER_ID_RULE}")
    return user_id


# keys people write for a field that has another name here ({"text": ...} for "content",
# as other memory APIs and chat exports spell it): an unknown key's error names the field
_MEANT = {"text": "content", "message": "content", "body": "content", "msg": "content",
          "timestamp": "event_at", "time": "event_at", "date": "event_at", "ts": "event_at",
          "created_at": "event_at", "role": "speaker", "author": "speaker",
          "sender": "speaker", "id": "external_id"}


def meant_field(key: str, fields: Iterable[str]) -> str | None:
    """The field an unknown top-level ``key`` most likely stands for, if any: a synonym
    ("text" for "content") or a near spelling ("session" for "session_id")."""
    names = list(fields)
    if _MEANT.get(key.lower()) in names:
        return _MEANT[key.lower()]
    near = get_close_matches(key.lower(), names, n=1, cutoff=0.6) or \
        [n for n in names if n.startswith(f"{key.lower()}_")][:1]
    return near[0] if near else None


def validation_message(error: ValidationError, limit: int = 4,
                       fields: Iterable[str] = ()) -> str:
    """A pydantic error as one line, "field: problem; ...", without its help URLs; with
    the model's ``fields``, an unknown key says which field it may stand for."""
    names = list(fields)
    parts = []
    for e in error.errors()[:limit]:
        where = ".".join(str(p) for p in e["loc"]) or "arguments"
        meant = meant_field(where, names) \
            if names and e["type"] == "extra_forbidden" and len(e["loc"]) == 1 else None
        parts.append(f"{where}: {e['msg']}" + (f" (did you mean {meant}?)" if meant else ""))
    return " ".join("; ".join(parts).split()) or "invalid input"


def without_urls(text: str) -> str:
    """``text`` with every URL replaced by ``<url>`` (provider base URLs, help links):
    what is stored on a source or shown to a tenant names no endpoint."""
    return _URL.sub("<url>", text)


def check_choice(value: str, allowed: tuple[str, ...], what: str) -> str:
    if value not in allowed:
        raise InvalidInputError(f"{what} must be one of {', '.join(allowed)}, not {value!r}")
    return value


def parse_time(value: Any, what: str = "time") -> datetime | None:
    """ISO-8601 text or a datetime, as an aware UTC datetime (naive means UTC)."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError as e:
            raise InvalidInputError(f"{what} {value!r} is not an ISO-8601 date or time") from e
    else:
        raise InvalidInputError(f"{what} must be an ISO-8601 string, got {type(value).__name__}")
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)
