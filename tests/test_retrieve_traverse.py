"""traverse(): bounded, paginated walks with paths; reinforcement and read-only mode."""

from __future__ import annotations

import pytest
from retrieve_data import add_node, props_of, relate, set_props, snapshot

from memgraph.errors import InvalidInputError, NotFoundError
from memgraph.memory import Memory


@pytest.fixture
def family(memory: Memory, user_id: str) -> dict[str, str]:
    g = memory.graph
    u = {name: add_node(g, user_id, "Person", name, text=f"{name} of the family")
         for name in ("Ana", "Ben", "Cleo", "Dan", "Eve")}
    u["paris"] = add_node(g, user_id, "Entity", "Paris", text="city", aliases=["City of Light"])
    u["ab"] = relate(g, user_id, u["Ana"], "FAMILY_OF", u["Ben"], strength=0.9)
    u["ac"] = relate(g, user_id, u["Ana"], "FRIEND_OF", u["Cleo"], strength=0.4)
    u["bd"] = relate(g, user_id, u["Ben"], "COLLEAGUE_OF", u["Dan"], strength=0.7)
    u["de"] = relate(g, user_id, u["Dan"], "KNOWS", u["Eve"], strength=0.5)
    u["ap"] = relate(g, user_id, u["Ana"], "LIVES_IN", u["paris"], strength=0.8)
    return u


def names(result) -> list[str]:
    return [n.name for n in result.nodes]


def test_walks_by_name_breadth_first_with_paths(memory: Memory, user_id: str, family) -> None:
    result = memory.traverse("ana", user_id=user_id, depth=2, reinforce=False)
    assert result.start.uid == family["Ana"]
    assert names(result) == ["Ben", "Paris", "Cleo", "Dan"]    # depth 1 by strength, then 2
    dan = result.nodes[-1]
    assert dan.depth == 2
    assert dan.path == [family["Ana"], family["ab"], family["Ben"], family["bd"], family["Dan"]]
    assert {r.uid for r in result.relationships} == {family[k] for k in ("ab", "ap", "ac", "bd")}
    assert result.next_offset is None


def test_starts_by_uid_and_by_alias(memory: Memory, user_id: str, family) -> None:
    by_uid = memory.traverse(family["Eve"], user_id=user_id, depth=1, reinforce=False)
    assert names(by_uid) == ["Dan"]
    by_alias = memory.traverse("city of light", user_id=user_id, depth=1, reinforce=False)
    assert by_alias.start.uid == family["paris"] and names(by_alias) == ["Ana"]


def test_depth_bounds_the_walk(memory: Memory, user_id: str, family) -> None:
    assert names(memory.traverse("Ana", user_id=user_id, depth=1, reinforce=False)) == \
        ["Ben", "Paris", "Cleo"]
    assert "Eve" in names(memory.traverse("Ana", user_id=user_id, depth=3, reinforce=False))


def test_type_and_direction_filters(memory: Memory, user_id: str, family) -> None:
    only_family = memory.traverse("Ana", user_id=user_id, depth=3, types=["family of"],
                                  reinforce=False)
    assert names(only_family) == ["Ben"]
    incoming = memory.traverse("Ben", user_id=user_id, depth=1, direction="in",
                               reinforce=False)
    assert names(incoming) == ["Ana"]
    outgoing = memory.traverse("Ben", user_id=user_id, depth=1, direction="out",
                               reinforce=False)
    assert names(outgoing) == ["Dan"]


def test_pages_do_not_overlap_and_cover_everything(memory: Memory, user_id: str,
                                                   family) -> None:
    seen = []
    offset = 0
    while offset is not None:
        page = memory.traverse("Ana", user_id=user_id, depth=4, limit=2, offset=offset,
                               reinforce=False)
        assert len(page.nodes) <= 2
        seen += names(page)
        offset = page.next_offset
    assert seen == ["Ben", "Paris", "Cleo", "Dan", "Eve"]


def test_archived_nodes_are_skipped_unless_asked(memory: Memory, user_id: str,
                                                 family) -> None:
    set_props(memory.graph, family["Ben"], state="archived")
    assert "Ben" not in names(memory.traverse("Ana", user_id=user_id, reinforce=False))
    assert "Ben" in names(memory.traverse("Ana", user_id=user_id, include_archived=True,
                                          reinforce=False))


def test_reinforces_what_it_returns_and_read_only_does_not(memory: Memory, user_id: str,
                                                           family) -> None:
    before = snapshot(memory.graph, user_id)
    memory.traverse("Ana", user_id=user_id, depth=1, reinforce=False)
    assert snapshot(memory.graph, user_id) == before
    memory.traverse("Ana", user_id=user_id, depth=1, limit=1)
    assert props_of(memory.graph, family["Ana"])["access_count"] == 1     # the start
    assert props_of(memory.graph, family["Ben"])["access_count"] == 1     # page 1
    assert props_of(memory.graph, family["ab"])["state"] == "active"      # its relationship
    assert props_of(memory.graph, family["Cleo"])["access_count"] == 0    # not returned


def test_other_tenants_are_invisible(memory: Memory, user_id: str, family) -> None:
    with pytest.raises(NotFoundError):
        memory.traverse(family["Ana"], user_id=f"{user_id}-other", reinforce=False)


@pytest.mark.parametrize("kwargs, error, message", [
    ({"start": "Nobody"}, NotFoundError, "no memory"),
    ({"start": ""}, InvalidInputError, "start is empty"),
    ({"start": "Ana", "depth": 0}, InvalidInputError, "depth"),
    ({"start": "Ana", "depth": 99}, InvalidInputError, "depth"),
    ({"start": "Ana", "limit": 0}, InvalidInputError, "limit"),
    ({"start": "Ana", "limit": 100_000}, InvalidInputError, "limit"),
    ({"start": "Ana", "offset": -1}, InvalidInputError, "offset"),
    ({"start": "Ana", "types": ["LOVES`]->() DETACH DELETE n //"]}, InvalidInputError,
     "unknown relationship type"),
    ({"start": "Ana", "direction": "up"}, InvalidInputError, "direction"),
])
def test_bad_input_is_refused_clearly(memory: Memory, user_id: str, family, kwargs, error,
                                      message) -> None:
    start = kwargs.pop("start")
    with pytest.raises(error, match=message):
        memory.traverse(start, user_id=user_id, **kwargs)
