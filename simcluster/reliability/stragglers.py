"""Straggler nodes (every compute op of a rank on a slow node takes `compute_slowdown` times longer),
degraded links (a node's NIC and fabric links, both ways, at `bandwidth_factor` of their bandwidth) and the
spread of the GPUs' own speeds (`gpu_speed_cv`: one factor per GPU on its compute ops).

The nodes are the named ones plus `share` of the others, drawn from the scenario's seed (deterministic per
seed); a straggler that is slow only now and then (`stragglers.probability` < 1) is slow in this iteration
(seed) with that probability, each node drawn on its own. Either breaks the symmetry folding relies on (peers no longer run identical programs), so a scenario
with one is simulated rank by rank (`can_fold`); with none, nothing changes.
"""

from __future__ import annotations

import dataclasses
import math
import random

from simcluster.config.schema import Scenario
from simcluster.errors import ConfigError
from simcluster.topology.graph import Topology


def active(sc: Scenario) -> bool:
    return sc.variability.breaks_symmetry()


def spread_active(sc: Scenario) -> bool:
    return sc.variability.gpu_speed_cv > 0


def gpu_factors(sc: Scenario, gpus: int) -> list[float]:
    """Each GPU's factor on its compute ops' times this iteration (`variability.gpu_speed_cv`): a lognormal of
    mean 1 and that coefficient of variation, log-sd sqrt(ln(1 + cv^2)), drawn per GPU from the seed."""
    sigma = math.sqrt(math.log1p(sc.variability.gpu_speed_cv**2))
    rng = random.Random(f"{sc.seed}/gpu-speed")
    return [math.exp(rng.gauss(-sigma * sigma / 2.0, sigma)) for _ in range(gpus)]


def slow_active(sc: Scenario) -> bool:
    return sc.variability.slow_nodes_set()


def links_active(sc: Scenario) -> bool:
    return sc.variability.degraded_links_set()


def _chosen(sc: Scenario, field: str, nodes: list[int], share: float, stream: str) -> list[int]:
    n = sc.cluster.nodes
    for node in nodes:
        if node >= n:
            raise ConfigError(
                f"variability.{field}.nodes", node, f"must name a node below cluster.nodes = {n}"
            )
    named = sorted(set(nodes))
    others = [k for k in range(n) if k not in set(named)]
    rng = random.Random(f"{sc.seed}/{stream}")
    drawn = rng.sample(others, round(share * len(others))) if share > 0 else []
    return sorted(named + drawn)


def slow_nodes(sc: Scenario) -> list[int]:
    """The slow nodes of this iteration, sorted: the named ones, then round(share x the others) drawn with the
    seed, each kept with `probability` (a second draw from the seed)."""
    st = sc.variability.stragglers
    chosen = _chosen(sc, "stragglers", st.nodes, st.share, "stragglers")
    if st.probability >= 1:
        return chosen
    rng = random.Random(f"{sc.seed}/stragglers-now")
    return [node for node in chosen if rng.random() < st.probability]


def degraded_nodes(sc: Scenario) -> list[int]:
    """The nodes whose links are degraded, sorted, chosen as `slow_nodes` (an independent draw)."""
    dl = sc.variability.degraded_links
    return _chosen(sc, "degraded_links", dl.nodes, dl.share, "links")


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


def degrade_links(topo: Topology, nodes: list[int], factor: float) -> None:
    """Scale the capacity of every NIC (PCIe switch <-> NIC) and fabric (NIC <-> leaf) link of `nodes`
    (`topo` must be this run's own: build_topology returns a fresh one per call)."""
    for node in nodes:
        for k in range(topo.nics_per_node):
            leaf = ("leaf", topo.leaf_of(node, k))
            pcisw, nic = ("pcisw", node, k), ("nic", node, k)
            for ends in ((pcisw, nic), (nic, pcisw), (nic, leaf), (leaf, nic)):
                i = topo.link_index[ends]
                topo.capacity_Bps[i] *= factor
