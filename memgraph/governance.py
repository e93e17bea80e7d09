"""Governance hooks (seed 001): set the TTL policy of a memory by hand.

``keep_forever`` pins a memory (salience 1.0, never archived; an archived one comes back),
``ephemeral`` gives it a hard deadline (30 days after creation for episodic nodes, 90 for
the rest, checked by the next decay run), ``decay`` returns it to salience-based forgetting.
The decay maths that honours the policies is ``memgraph.lifecycle.salience``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from memgraph.graph.connection import Graph
from memgraph.graph.vocabulary import TTL_POLICIES
from memgraph.memories import one_node
from memgraph.validation import check_choice


@dataclass(frozen=True)
class PolicyChange:
    uid: str
    kind: str                  # Person | Concept | ... | relationship
    name: str
    policy_before: str | None
    policy: str
    state_before: str | None
    state: str | None
    salience: float | None


def set_ttl_policy(graph: Graph, user_id: str, target: str, policy: str) -> PolicyChange:
    """``target``: a node's uid or name (as traverse() finds it) or a relationship's uid."""
    check_choice(policy, TTL_POLICIES, "ttl_policy")
    params = {"user_id": user_id, "policy": policy, "now": datetime.now(UTC)}
    rows = graph.write("governance/set_relationship_policy", uid=target, **params)
    if not rows:
        uid = one_node(graph, user_id, target)
        rows = graph.write("governance/set_node_policy", uid=uid, **params)
    return PolicyChange(**rows[0])

