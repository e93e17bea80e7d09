"""Nightly jobs sharded by tenant: `jobs run nightly --all-users --shard K/N` makes worker K
of N, each tenant in exactly one shard, each shard under its own lock, so N workers run
side by side (issue 14, scale out)."""

from __future__ import annotations

import itertools
import threading
from datetime import timedelta

import pytest
from jobs_support import T0, make_node
from support import assert_one_line_error, run_cli

from memgraph.errors import InvalidInputError
from memgraph.graph.connection import Graph
from memgraph.jobs.context import in_shard, parse_shard
from memgraph.memory import Memory


def test_every_tenant_is_in_exactly_one_shard():
    tenants = [f"tenant-{i}" for i in range(400)]
    for n in (1, 2, 3, 8):
        owners = [[k for k in range(1, n + 1) if in_shard(t, (k, n))] for t in tenants]
        assert all(len(o) == 1 for o in owners)
        sizes = [sum(o == [k] for o in owners) for k in range(1, n + 1)]
        assert min(sizes) > 400 / n / 2          # a hash, not one shard taking them all


def test_a_shard_is_k_of_n():
    assert parse_shard("2/8") == (2, 8)
    for bad in ("0/2", "3/2", "x", "1/0", "2"):
        with pytest.raises(InvalidInputError):
            parse_shard(bad)


def test_two_workers_on_disjoint_shards_run_side_by_side_and_cover_every_tenant(
        memory: Memory, graph: Graph, user_id: str):
    # four tenants on each shard: the names carry the random test id, and eight taken as
    # they came all fell into one shard once in 128 runs
    by_shard: dict[int, list[str]] = {1: [], 2: []}
    for i in itertools.count():
        name = f"{user_id}-s{i}"
        shard = next(k for k in (1, 2) if in_shard(name, (k, 2)))
        if len(by_shard[shard]) < 4:
            by_shard[shard].append(name)
        if min(map(len, by_shard.values())) == 4:
            break
    tenants = by_shard[1] + by_shard[2]
    try:
        for tenant in tenants:
            make_node(graph, tenant, "Concept", state="active")
        as_of = T0 + timedelta(days=3)
        reports, errors = {}, []

        def worker(k: int) -> None:
            try:
                reports[k] = memory.run_job("decay", all_users=True, as_of=as_of,
                                            shard=(k, 2))
            except Exception as e:   # the assertion below shows it
                errors.append(e)

        threads = [threading.Thread(target=worker, args=(k,)) for k in (1, 2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=300)
        assert errors == [] and {r.status for r in reports.values()} == {"ok"}
        with graph.session() as session:
            decayed = session.run(
                "MATCH (n:Concept) WHERE n.user_id IN $ts "
                "RETURN n.user_id AS u, n.last_decayed_at AS at", ts=tenants).data()
        assert sorted(r["u"] for r in decayed) == sorted(tenants)
        assert all(r["at"].to_native() == as_of for r in decayed)
        mine = {k: {t for t in tenants if in_shard(t, (k, 2))} for k in (1, 2)}
        assert mine[1] and mine[2] and not mine[1] & mine[2]
    finally:
        for tenant in tenants:
            memory.forget_user(tenant)


def test_a_shard_needs_an_all_users_run(memory: Memory, user_id: str):
    with pytest.raises(InvalidInputError, match="shard"):
        memory.run_job("decay", user_id=user_id, shard=(1, 2))
    result = run_cli("jobs", "run", "decay", "--all-users", "--shard", "3/2")
    assert_one_line_error(result, "--shard")
