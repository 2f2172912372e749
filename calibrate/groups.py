"""Which ranks benchmark together: groups chosen so each measurement isolates one link class.

Pure arithmetic on the rank -> node map (no torch), so it is unit-tested directly. A group is a list of
disjoint rank sets that run the same collective at the same time (one set for most groups, q sets for the
rows or columns of an Optimus q x q mesh).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

GROUP_NAMES = ("intra_pair", "intra_node", "inter_pair", "inter_all", "all", "mesh_row", "mesh_col")


@dataclass(frozen=True, kw_only=True)
class Group:
    name: str
    members: tuple[tuple[int, ...], ...]  # disjoint rank sets run concurrently; empty when skipped
    link_class: str
    skip_reason: str = ""

    @property
    def n_ranks(self) -> int:
        return len(self.members[0]) if self.members else 0

    @property
    def skipped(self) -> bool:
        return bool(self.skip_reason)


def node_ids(hostnames: list[str]) -> list[int]:
    """Node index of every rank, numbered in order of first appearance."""
    seen: dict[str, int] = {}
    return [seen.setdefault(h, len(seen)) for h in hostnames]


def _link_class(members: tuple[tuple[int, ...], ...], nodes: list[int], intra_class: str) -> str:
    """The intra-node class if every rank set stays on one node, else 'nic' (the inter-node bottleneck)."""
    on_one_node = all(len({nodes[r] for r in ranks}) == 1 for ranks in members)
    return intra_class if on_one_node else "nic"


def plan_groups(nodes: list[int], intra_class: str) -> list[Group]:
    """Benchmark groups for ranks living on `nodes[rank]`; `intra_class` is 'nvlink' or 'pcie'.

    A group too small for its purpose, or with the same ranks as an earlier group, is kept as skipped with
    its reason, so the output records what was not measured and why.
    """
    world = len(nodes)
    by_node: dict[int, list[int]] = {}
    for rank, node in enumerate(nodes):
        by_node.setdefault(node, []).append(rank)
    first_node = tuple(by_node[nodes[0]])
    leaders = tuple(ranks[0] for ranks in by_node.values())
    q = math.isqrt(world)
    square = q >= 2 and q * q == world
    not_square = f"world_size={world} is not a perfect square >= 4"
    # name, concurrent rank sets, minimum set size, reason when too small
    wanted: list[tuple[str, tuple[tuple[int, ...], ...], int, str]] = [
        ("intra_pair", (first_node[:2],), 2, "needs 2 ranks on one node"),
        ("intra_node", (first_node,), 3, "needs 3 or more ranks on one node"),
        ("inter_pair", (leaders[:2],), 2, "needs 2 nodes (single-node run)"),
        ("inter_all", (leaders,), 3, "needs 3 or more nodes"),
        ("all", (tuple(range(world)),), 2, "needs 2 ranks"),
        (
            "mesh_row",
            tuple(tuple(range(i * q, (i + 1) * q)) for i in range(q)) if square else (),
            2,
            not_square,
        ),
        ("mesh_col", tuple(tuple(range(j, world, q)) for j in range(q)) if square else (), 2, not_square),
    ]
    groups: list[Group] = []
    seen: dict[tuple[tuple[int, ...], ...], str] = {}
    for name, members, minimum, too_small in wanted:
        link = "nic" if name.startswith("inter") else _link_class(members, nodes, intra_class)
        if not members or len(members[0]) < minimum:
            groups.append(Group(name=name, members=(), link_class=link, skip_reason=too_small))
        elif members in seen:
            groups.append(
                Group(name=name, members=(), link_class=link, skip_reason=f"same ranks as {seen[members]}")
            )
        else:
            seen[members] = name
            groups.append(Group(name=name, members=members, link_class=link))
    return groups
