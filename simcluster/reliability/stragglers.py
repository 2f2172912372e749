"""Straggler nodes: every compute op of a rank on a slow node takes `compute_slowdown` times longer.

Slow nodes are the named ones plus `share` of the others, drawn from the scenario's seed (deterministic per
seed). A straggler breaks the symmetry folding relies on (peers no longer run identical programs), so a
scenario with one is simulated rank by rank (`can_fold`); with none, nothing changes.
"""

from __future__ import annotations

import dataclasses
import random

from simcluster.config.schema import Scenario
from simcluster.errors import ConfigError


def active(sc: Scenario) -> bool:
    st = sc.variability.stragglers
    return st.compute_slowdown != 1.0 and (bool(st.nodes) or st.share > 0)


def slow_nodes(sc: Scenario) -> list[int]:
    """The slow nodes, sorted: the named ones, then round(share x the others) drawn with the seed."""
    st = sc.variability.stragglers
    n = sc.cluster.nodes
    for node in st.nodes:
        if node >= n:
            raise ConfigError(
                "variability.stragglers.nodes", node, f"must name a node below cluster.nodes = {n}"
            )
    named = sorted(set(st.nodes))
    others = [k for k in range(n) if k not in set(named)]
    drawn = random.Random(sc.seed).sample(others, round(st.share * len(others))) if st.share > 0 else []
    return sorted(named + drawn)


def slow_down(steps: dict, ranks: list[int], factor: float) -> None:
    """Scale the compute ops of `ranks` in place (one new op per distinct op, so shared ops stay shared)."""
    made: dict[int, object] = {}
    for rank in ranks:
        out = []
        for op, layer, mb in steps[rank]:
            if op.is_compute:
                new = made.get(id(op))
                if new is None:
                    new = made[id(op)] = dataclasses.replace(op, duration_s=op.duration_s * factor)
                op = new
            out.append((op, layer, mb))
        steps[rank] = out
