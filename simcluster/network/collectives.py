"""Collective algorithms expanded into transfers on routed paths.

Sizes follow nccl-tests: all-gather = the gathered output, reduce-scatter = the input, the others = the
buffer. Each algorithm returns phases that run one after another; a phase is a lock-step set of flows
(`weights`: link -> flows on it, summed over every concurrent instance of the collective), the bytes each
flow carries, and the latency the phase adds (steps x the slowest route's per-hop latency).

Closed forms on an uncontended topology (alpha = per-step latency, bw = bottleneck link):
  ring all-reduce        2(n-1) * (alpha + S/(n bw))
  ring all-gather / RS   (n-1)   * (alpha + S/(n bw))
  chain broadcast/reduce (n-1) * alpha + S/bw            (pipelined, as NCCL)
  tree broadcast/reduce  log2(n) * (alpha + S/bw)        (binomial; Optimus Table 1's model)
  point-to-point         alpha + S/bw
plus the profile's fixed `collectives.launch_us` per call.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from simcluster.topology.graph import Topology

KINDS = ("allreduce", "allgather", "reducescatter", "broadcast", "reduce", "send", "recv")
ALGORITHMS = ("ring", "chain", "tree", "p2p")


@dataclass(frozen=True)
class Phase:
    links: np.ndarray  # directed link ids
    weights: np.ndarray  # flows of this phase on each link (summed over instances)
    bytes_per_flow: float
    latency_s: float


@dataclass(frozen=True)
class Shape:
    """Size-independent part of a collective: flows per link, bytes factor, and latency per phase."""

    weights: tuple[dict[int, float], ...]
    byte_factor: tuple[float, ...]
    latency_s: tuple[float, ...]

    def __post_init__(self) -> None:
        arrays = []
        for w in self.weights:
            keys = sorted(w)
            arrays.append((np.asarray(keys, dtype=np.int64), np.asarray([w[k] for k in keys], dtype=float)))
        object.__setattr__(self, "arrays", tuple(arrays))

    def phases(self, size_bytes: float, launch_s: float) -> list[Phase]:
        out = []
        for (links, w), f, lat in zip(self.arrays, self.byte_factor, self.latency_s):  # type: ignore[attr-defined]
            out.append(Phase(links, w, f * size_bytes, lat + (launch_s if not out else 0.0)))
        return out

    def uncontended_time_s(self, size_bytes: float, launch_s: float, capacity_Bps: np.ndarray) -> float:
        """Closed-form time with no other traffic: sum over phases of latency + bytes / bottleneck."""
        t = launch_s
        for (links, w), f, lat in zip(self.arrays, self.byte_factor, self.latency_s):  # type: ignore[attr-defined]
            t += lat
            if len(links) and f * size_bytes > 0:
                t += f * size_bytes / float(np.min(capacity_Bps[links] / w))
        return t


def _flow(topo: Topology, a: int, b: int, group: Sequence[int], weights: dict[int, float]) -> float:
    """Add one flow a->b (spread over the NICs of the group's GPUs on a's node when it crosses nodes, as
    NCCL's channels do); returns the route's latency."""
    if a == b:
        return 0.0
    na = topo.node_of(a)
    if na == topo.node_of(b):
        links = topo.route(a, b)
        for link in links:
            weights[link] = weights.get(link, 0.0) + 1.0
        return topo.path_latency_s(links)
    nics = sorted({topo.nic_of(g) for g in group if topo.node_of(g) == na})
    share = 1.0 / len(nics)
    lat = 0.0
    for k in nics:
        links = topo.route(a, b, nic=k)
        lat = max(lat, topo.path_latency_s(links))
        for link in links:
            weights[link] = weights.get(link, 0.0) + share
    return lat


def _edges_shape(
    topo: Topology, instances: Sequence[Sequence[int]], edges_of, steps: int, factor: float
) -> Shape:
    weights: dict[int, float] = {}
    lat = 0.0
    for group in instances:
        for a, b in edges_of(group):
            lat = max(lat, _flow(topo, a, b, group, weights))
    return Shape((weights,), (factor,), (steps * lat,))


def _ring_edges(group: Sequence[int]) -> list[tuple[int, int]]:
    n = len(group)
    return [(group[i], group[(i + 1) % n]) for i in range(n)]


def _chain_edges(group: Sequence[int]) -> list[tuple[int, int]]:
    return [(group[i], group[i + 1]) for i in range(len(group) - 1)]


def collective_shape(topo: Topology, kind: str, algorithm: str, instances: Sequence[Sequence[int]]) -> Shape:
    """The shape of `kind` run with `algorithm` on every group in `instances` at once (GPU ids; the
    first GPU of a group is the root of broadcast/reduce and the source of a send)."""
    n = len(instances[0])
    if n <= 1:
        return Shape((), (), ())
    if kind in ("send", "recv") or algorithm == "p2p":
        return _edges_shape(topo, instances, lambda g: [(g[0], g[1])], 1, 1.0)
    if kind == "allreduce" and algorithm == "ring":
        return _edges_shape(topo, instances, _ring_edges, 2 * (n - 1), 2 * (n - 1) / n)
    if kind in ("allgather", "reducescatter"):
        return _edges_shape(topo, instances, _ring_edges, n - 1, (n - 1) / n)
    if kind in ("broadcast", "reduce") and algorithm in ("ring", "chain"):
        return _edges_shape(topo, instances, _chain_edges, n - 1, 1.0)
    if kind in ("broadcast", "reduce", "allreduce") and algorithm == "tree":
        return _tree_shape(topo, kind, instances)
    raise ValueError(f"no algorithm {algorithm!r} for collective {kind!r}")


def _tree_shape(topo: Topology, kind: str, instances: Sequence[Sequence[int]]) -> Shape:
    """Binomial tree: round r sends S bytes over 2^r disjoint pairs (reduce runs the rounds backwards);
    tree all-reduce = reduce then broadcast."""
    n = len(instances[0])
    rounds = math.ceil(math.log2(n))
    ws, fs, ls = [], [], []
    for r in range(rounds):
        weights: dict[int, float] = {}
        lat = 0.0
        for group in instances:
            for i in range(2**r):
                j = i + 2**r
                if j < n:
                    lat = max(lat, _flow(topo, group[i], group[j], group, weights))
        ws.append(weights)
        fs.append(1.0)
        ls.append(lat)
    if kind == "reduce":
        ws, ls = ws[::-1], ls[::-1]
    if kind == "allreduce":
        ws, fs, ls = ws[::-1] + ws, fs + fs, ls[::-1] + ls
    return Shape(tuple(ws), tuple(fs), tuple(ls))


def choose_algorithm(kind: str, requested: str, size_bytes: float, n: int, nodes_spanned: int) -> str:
    """NCCL-like choice for `auto`: tree for small all-reduces across many nodes, ring otherwise;
    pipelined chain for broadcast/reduce."""
    if kind in ("send", "recv"):
        return "p2p"
    if requested in ("ring", "tree"):
        if kind in ("allgather", "reducescatter"):
            return "ring"
        return requested
    if kind in ("broadcast", "reduce"):
        return "chain"
    if kind == "allreduce" and nodes_spanned >= 4 and size_bytes < 1 << 20:
        return "tree"
    return "ring"


def bus_factor(kind: str, n: int) -> float:
    """nccl-tests' busbw / algbw factor."""
    if kind == "allreduce":
        return 2 * (n - 1) / n
    if kind in ("allgather", "reducescatter"):
        return (n - 1) / n
    return 1.0
