"""Placement of logical ranks onto GPUs: naive row-major, bunched (Optimus Figure 8b), or explicit."""

from __future__ import annotations

import math

from simcluster.errors import ConfigError
from simcluster.parallel.groups import RankLayout


def place(placement: str | list[int], layout: RankLayout, gpus_per_node: int, scheme: str) -> list[int]:
    """GPU index of every rank (list indexed by rank)."""
    n = layout.world_size
    if isinstance(placement, list):
        return list(placement)
    if placement == "naive":
        return list(range(n))
    if placement != "bunched":  # pragma: no cover - the schema allows nothing else
        raise ConfigError("parallelism.placement", placement, "must be naive, bunched or a list")
    if scheme != "optimus":
        raise ConfigError(
            "parallelism.placement", "bunched", "lays out a q x q mesh; it needs scheme optimus"
        )
    q = math.isqrt(layout.tp)
    side = math.isqrt(gpus_per_node)
    blocks = q // side
    gpus = []
    for rank in range(n):
        t = layout.coord(rank, "tp")
        row, col = divmod(t, q)
        node_in_group = (row // side) * blocks + (col // side)
        local = (row % side) * side + (col % side)
        base = rank - t  # the mesh's ranks occupy a contiguous block of GPUs when tp is fastest
        if layout.strides["tp"] != 1:
            raise ConfigError(
                "parallelism.order", layout.order, "bunched placement needs tp first in the order"
            )
        gpus.append(base + node_in_group * gpus_per_node + local)
    return gpus
