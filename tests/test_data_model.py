"""Every node kind and relationship round-trips with all its properties; seed-001 defaults."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memgraph.graph import models
from memgraph.graph.connection import Graph
from memgraph.graph.notes import FOREVER, Lifetime, Note, expires_at, read_notes

NOW = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)

SEED_001_INITIAL_VALUES = {
    "salience": 0.5,
    "state": "candidate",
    "access_count": 0,
    "recall_frequency": 0,
    "last_recall_interval": 0.0,
    "decay_gradient": 1.0,
    "last_accessed_at": None,
    "ttl_policy": "decay",
}

SEMANTIC = [models.Person, models.Concept, models.Entity]
ALL_KINDS = [*SEMANTIC, models.Source, models.Artifact, models.Storyline, models.Macro]


def _make(cls: type, user_id: str, **extra: object) -> models.Memory:
    base: dict[str, object] = {"user_id": user_id, "name": f"a {cls.__name__}"}
    if cls in SEMANTIC:
        base["canonical_name"] = f"a {cls.__name__.lower()}"
    if cls is models.Source:
        base |= {"content_hash": "h", "idempotency_key": "k"}
    return cls(**(base | extra)).save()


@pytest.mark.parametrize("cls", ALL_KINDS, ids=lambda c: c.__name__)
def test_new_nodes_start_with_seed_001_initial_values(cls: type, user_id: str,
                                                      graph: Graph) -> None:
    node = _make(cls, user_id)
    fresh = cls.nodes.get(uid=node.uid)
    for prop, value in SEED_001_INITIAL_VALUES.items():
        assert getattr(fresh, prop) == value, prop
    assert set(fresh.labels()) == {"Memory", cls.__name__}
    assert fresh.created_at is not None and fresh.updated_at is not None


@pytest.mark.parametrize("cls", ALL_KINDS, ids=lambda c: c.__name__)
def test_every_property_round_trips(cls: type, user_id: str) -> None:
    values: dict[str, object] = {
        "description": "described", "state": "core", "salience": 0.83, "confidence": 0.91,
        "access_count": 12, "recall_frequency": 12, "last_accessed_at": NOW,
        "last_recall_interval": 3.5, "decay_gradient": 1.3, "ttl_policy": "keep_forever",
        "last_decayed_at": NOW, "importance": 0.7, "embedding": [0.1, 0.2, 0.3],
        "embedding_model": "test-3",
    }
    if cls in SEMANTIC:
        values |= {"aliases": ["Al", "Ally"], "attributes": ["age: 31"], "is_dirty": True}
    if cls in (models.Source, models.Artifact):
        values |= {"sensitivity": "high", "raw_content": "raw words", "event_at": NOW}
    if cls is models.Source:
        values |= {"session_id": "s1", "speaker": "alice", "external_id": "D1:3",
                   "extraction_status": "failed", "extraction_error": "timeout",
                   "extraction_attempts": 2, "llm_calls": 2, "tokens_used": 345}
    node = _make(cls, user_id, **values)
    fresh = cls.nodes.get(uid=node.uid)
    for prop, value in values.items():
        got = getattr(fresh, prop)
        if isinstance(value, list) and value and isinstance(value[0], float):
            assert got == pytest.approx(value), prop
        else:
            assert got == value, prop


def test_semantic_relationship_round_trips_with_notes(user_id: str) -> None:
    alice = _make(models.Person, user_id, canonical_name="alice", name="Alice")
    acme = _make(models.Entity, user_id, canonical_name="acme", name="Acme")
    note = Note.new("started in March", Lifetime.YEAR, NOW, source_id="src1")
    props = {
        "user_id": user_id, "description": "Alice works at Acme", "attitude": 0.4,
        "proximity": 0.8, "strength": 0.9, "confidence": 0.75, "valid_from": NOW,
        "valid_to": NOW + timedelta(days=30), "event_at": NOW, "ingested_at": NOW,
        "superseded_by": "new-rel", "supersedes": "old-rel", "source_ids": ["src1"],
        "notes": [note.text], "notes_added_at": [note.added_at],
        "notes_expires_at": [note.expires_at], "notes_lifetime": [note.lifetime.value],
        "notes_source": [note.source_id], "is_dirty": True,
    }
    rel = alice.related.connect(acme, props)
    fresh = alice.related.relationship(acme)
    assert fresh.uid == rel.uid
    for prop, value in props.items():
        assert getattr(fresh, prop) == value, prop
    for prop, value in SEED_001_INITIAL_VALUES.items():
        assert getattr(fresh, prop) == value, prop
    assert read_notes(fresh.__properties__) == [note]


def test_source_mentions_round_trip(user_id: str) -> None:
    source = _make(models.Source, user_id, raw_content="Alice met Bob")
    bob = _make(models.Person, user_id, canonical_name="bob", name="Bob")
    source.mentions.connect(bob, {"user_id": user_id})
    assert [p.uid for p in source.mentions.all()] == [bob.uid]


def test_user_node_never_decays(user_id: str) -> None:
    owner = models.User(user_id=user_id, name="Owner").save()
    assert models.User.nodes.get(user_id=user_id).ttl_policy == "keep_forever"
    assert owner.created_at is not None


@pytest.mark.parametrize(("lifetime", "days"), [("week", 7), ("month", 30), ("year", 365)])
def test_note_lifetimes_expire_after_their_span(lifetime: str, days: int) -> None:
    assert expires_at(NOW, lifetime) == NOW + timedelta(days=days)


def test_forever_notes_use_the_far_future_marker() -> None:
    note = Note.new("core trait", "forever", NOW)
    assert note.expires_at == FOREVER and note.is_forever


def test_notes_survive_the_graph_as_parallel_lists(user_id: str) -> None:
    notes = [Note.new(f"note {i}", lt, NOW + timedelta(hours=i), source_id=f"s{i}")
             for i, lt in enumerate(Lifetime)]
    person = _make(models.Person, user_id,
                   notes=[n.text for n in notes],
                   notes_added_at=[n.added_at for n in notes],
                   notes_expires_at=[n.expires_at for n in notes],
                   notes_lifetime=[n.lifetime.value for n in notes],
                   notes_source=[n.source_id for n in notes])
    assert read_notes(models.Person.nodes.get(uid=person.uid).__properties__) == notes
