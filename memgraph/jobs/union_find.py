"""Connected components, for the jobs that group what belongs together (episodic
clusters of sources, dedupe's groups of duplicates)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)


class UnionFind(Generic[T]):
    """Disjoint sets over ``items`` with path halving. A union keeps the root that sorts
    first, so with items numbered strongest first the strongest stays the root."""

    def __init__(self, items: Iterable[T]) -> None:
        self.parent: dict[T, T] = {x: x for x in items}

    def __contains__(self, item: object) -> bool:
        return item in self.parent

    def find(self, x: T) -> T:
        parent = self.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(self, a: T, b: T) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            keep, other = sorted((ra, rb))  # type: ignore[type-var]
            self.parent[other] = keep
