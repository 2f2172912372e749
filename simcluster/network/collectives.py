"""Collective algorithms expanded into transfers on routed paths.

Sizes follow nccl-tests: all-gather = the gathered output, reduce-scatter = the input, the others = the
buffer (S). Each algorithm returns phases that run one after another; a phase is a lock-step set of flows
(`weights`: link -> flows on it, summed over every concurrent instance of the collective), the bytes each
flow carries, and the latency the phase adds: steps x alpha, where a route's latency is the sum of its
hops' and alpha is, for pipelined rings and chains, the mean route latency over the ring's edges (a chunk
crosses each edge in turn), otherwise the slowest route of the step. Shared links (a node's NIC, an oversubscribed spine) are then shared by max-min
fairness in `flows.FlowModel`.

Closed forms on an uncontended topology (alpha = a route's latency as above, bw = the bottleneck link,
w = flows per link), plus the profile's fixed `collectives.launch_us` once per call:
  ring all-reduce          2(n-1) alpha + 2(n-1)/n S/bw
  ring all-gather / RS     (n-1) alpha + (n-1)/n S/bw
  double binary tree AR    2 (c-1) alpha_intra + 2 d alpha_inter + 2 (S/2) w/bw: NCCL's two complementary
                           trees over the N nodes (d = ceil(log2 N)), a chain of c GPUs inside each node,
                           each tree reducing half the buffer up then broadcasting it down, pipelined (the
                           bandwidth term is paid once per direction); w = the flows on the busiest link:
                           inside one node 2(c-1)/c (c channels, each GPU heading one: the ring's
                           bandwidth), with 1 GPU per node 2 (1 with only 2 nodes: the trees are mirrored)
  hierarchical AR (g GPUs on each of N nodes)
                           intra-node ring RS of S, inter-node ring AR of S/g among the GPUs with the same
                           local index (g rings at once, each on its own NIC), intra-node ring AG of S
  chain broadcast/reduce   sum of the chain's route latencies + S/bw   (pipelined, as NCCL's ring broadcast)
  binomial broadcast/reduce ceil(log2 n) (alpha + S/bw)    (Optimus Table 1's model)
  point-to-point / sendrecv alpha + S/bw                   (sendrecv: rank i -> i+1, all at once)
  all-to-all               alpha + S/n per pair / its share of bw  (every ordered pair at once, S/n each)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from simcluster.model.ops import COPY_ENGINE
from simcluster.network.protocols import IDEAL, Protocol
from simcluster.topology.graph import Topology

KINDS = ("allreduce", "allgather", "reducescatter", "broadcast", "reduce", "send", "recv", "sendrecv", "alltoall")
ALGORITHMS = ("ring", "chain", "tree", "hierarchical", "p2p")
# What a scenario (or `simcluster collective --algorithm`) may ask for, per collective kind. For broadcast
# and reduce, `ring` is the pipelined chain and `tree` the binomial tree.
REQUESTABLE: dict[str, tuple[str, ...]] = {
    "allreduce": ("auto", "ring", "tree", "hierarchical"),
    "allgather": ("auto", "ring"),
    "reducescatter": ("auto", "ring"),
    "broadcast": ("auto", "ring", "tree"),
    "reduce": ("auto", "ring", "tree"),
    "sendrecv": ("auto", "p2p"),
    "alltoall": ("auto", "p2p"),
}
# All-to-alls split by node, as DeepEP's dispatch and combine run them (ops ask for them by name): `internode`
# exchanges among the group's GPUs at the same position on each node (over the NICs, S / nodes per pair),
# `intranode` among the group's GPUs on one node (over NVLink, S / GPUs on the node per pair).
NODE_SPLIT_ALLTOALL = ("internode", "intranode")
# `auto` all-reduce uses the double binary tree when the group spans at least TREE_MIN_NODES nodes and the
# message is at most TREE_MAX_BYTES_PER_NODE x nodes spanned (see `choose_algorithm`).
TREE_MIN_NODES = 2
TREE_MAX_BYTES_PER_NODE = 512 * 1024

Edge = tuple[int, int]


@dataclass(frozen=True)
class Phase:
    links: np.ndarray  # directed link ids
    weights: np.ndarray  # flows of this phase on each link (summed over instances)
    bytes_per_flow: float
    latency_s: float


@dataclass(frozen=True)
class Shape:
    """Size-independent part of a collective: flows per link, bytes factor, latency and algorithm steps
    per phase."""

    weights: tuple[dict[int, float] | Weights, ...]
    byte_factor: tuple[float, ...]
    latency_s: tuple[float, ...]
    steps: tuple[int, ...]

    def __post_init__(self) -> None:
        arrays = []
        for w in self.weights:
            if isinstance(w, Weights):
                arrays.append(w.arrays())
                continue
            keys = sorted(w)
            arrays.append((np.asarray(keys, dtype=np.int64), np.asarray([w[k] for k in keys], dtype=float)))
        object.__setattr__(self, "arrays", tuple(arrays))

    def phases(self, size_bytes: float, launch_s: float, protocol: Protocol = IDEAL) -> list[Phase]:
        """The phases of one call: bytes on the wire per flow and latency (launch and the protocol's base
        cost on the first phase, its per-step cost on every step)."""
        out = []
        fixed = launch_s + protocol.base_s
        for (links, w), f, lat, n in zip(self.arrays, self.byte_factor, self.latency_s, self.steps):  # type: ignore[attr-defined]
            extra = n * protocol.step_s + (fixed if not out else 0.0)
            out.append(Phase(links, w, f * size_bytes / protocol.efficiency, lat + extra))
        return out

    def uncontended_time_s(
        self,
        size_bytes: float,
        launch_s: float,
        capacity_Bps: np.ndarray,
        protocol: Protocol = IDEAL,
        rate: Callable[[np.ndarray, np.ndarray], float] | None = None,
    ) -> float:
        """Time with no other traffic: sum over phases of latency + bytes / bottleneck (`rate` gives a
        transfer's rate alone on its links; default: the slowest link's capacity over its flows)."""
        t = 0.0
        for ph in self.phases(size_bytes, launch_s, protocol):
            t += ph.latency_s
            if len(ph.links) and ph.bytes_per_flow > 0:
                r = rate(ph.links, ph.weights) if rate else float(np.min(capacity_Bps[ph.links] / ph.weights))
                t += ph.bytes_per_flow / r
        return t


def fastest_protocol(
    shape: Shape,
    size_bytes: float,
    launch_s: float,
    capacity_Bps: np.ndarray,
    protocols: Sequence[Protocol],
    rate: Callable[[np.ndarray, np.ndarray], float] | None = None,
) -> Protocol:
    """The protocol with the least uncontended time for this call (the first of equals)."""
    if len(protocols) == 1:
        return protocols[0]
    return min(protocols, key=lambda p: shape.uncontended_time_s(size_bytes, launch_s, capacity_Bps, p, rate))


def _group_nics(topo: Topology, group: Sequence[int]) -> dict[int, list[int]]:
    """Node -> the sorted NICs of the group's GPUs on that node (once per group, not once per edge: a
    per-edge scan of the group made large data-parallel rings quadratic)."""
    by_node: dict[int, set[int]] = {}
    for g in group:
        by_node.setdefault(topo.node_of(g), set()).add(topo.nic_of(g))
    return {n: sorted(s) for n, s in by_node.items()}


class Weights:
    """Flows per link, accumulated from routes in order (the sums a dict link -> flows built route by
    route would hold, to the last bit: `np.bincount` adds in input order)."""

    def __init__(self, n_links: int) -> None:
        self.n_links = n_links
        self._links: list[np.ndarray] = []
        self._shares: list[np.ndarray] = []
        self._done: tuple[np.ndarray, np.ndarray] | None = None

    def add(self, routes: np.ndarray, share: np.ndarray) -> None:
        """Add routes (rows of `Topology.route_links`, -1 padded), each carrying `share` flows."""
        ok = routes >= 0
        self._links.append(routes[ok])
        self._shares.append(np.broadcast_to(share[:, None], routes.shape)[ok])

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """The links touched (ascending) and the flows on each (computed once; no route is added after)."""
        if self._done is None:
            if not self._links:
                self._done = np.zeros(0, dtype=np.int64), np.zeros(0)
            else:
                links = np.concatenate(self._links)
                sums = np.bincount(links, weights=np.concatenate(self._shares), minlength=self.n_links)
                touched = np.flatnonzero(np.bincount(links, minlength=self.n_links))
                self._done = touched, sums[touched]
            self._links.clear()
            self._shares.clear()
        return self._done

    def get(self, link: int, default: float = 0.0) -> float:
        """The flows on one link (as a dict's `get`)."""
        links, w = self.arrays()
        i = int(np.searchsorted(links, link))
        return float(w[i]) if i < len(links) and links[i] == link else default


def _add_flows(
    topo: Topology,
    subgroups: Sequence[Sequence[int]],
    edges_of: Callable[[Sequence[int]], list[Edge]],
    weights: Weights,
    pipelined: bool = False,
) -> float:
    """Add the flows of every subgroup's edges to `weights`; returns the latency of one step: the slowest
    route, or for a pipelined ring or chain the mean route latency of a subgroup's edges (a chunk moving
    round a ring accumulates the latency of each hop it crosses, not the slowest hop's at every step; this
    is what NCCL's tuning model does when it charges network latency only to the node-crossing steps).
    A flow a->b that crosses nodes is spread over the NICs of the group's GPUs on a's node, as NCCL's
    channels do; the routes of every subgroup are found at once (`Topology.route_links`)."""
    fast = _flows_one_per_node(topo, subgroups, edges_of, weights, pipelined)
    if fast is None:
        fast = _flows_by_template(topo, subgroups, edges_of, weights, pipelined)
    if fast is not None:
        return fast
    src: list[int] = []
    dst: list[int] = []
    nic: list[int] = []
    share: list[float] = []
    edge: list[int] = []  # the edge each flow belongs to
    spans: list[tuple[int, int]] = []  # each subgroup's edges
    gpn = topo.gpus_per_node
    n_edges = 0
    for group in subgroups:
        edges = edges_of(group)
        if not edges:
            continue
        group_nics = _group_nics(topo, group)
        for a, b in edges:
            if a != b:
                na = a // gpn
                nics = [topo.nic_of(a)] if na == b // gpn else group_nics[na]  # inside a node: one route
                f = 1.0 if na == b // gpn else 1.0 / len(nics)
                for k in nics:
                    src.append(a)
                    dst.append(b)
                    nic.append(k)
                    share.append(f)
                    edge.append(n_edges)
            n_edges += 1
        spans.append((n_edges - len(edges), n_edges))
    if not spans:
        return 0.0
    routes = topo.route_links(np.asarray(src, dtype=np.int64), np.asarray(dst, dtype=np.int64), np.asarray(nic))
    weights.add(routes, np.asarray(share))
    edge_lat = np.zeros(n_edges)
    np.maximum.at(edge_lat, np.asarray(edge, dtype=np.int64), topo.links_latency_s(routes))
    lat = 0.0
    for e0, e1 in spans:
        here = edge_lat[e0:e1].tolist()
        lat = max(lat, sum(here) / len(here) if pipelined else max(here))
    return lat


def _flows_by_template(
    topo: Topology,
    subgroups: Sequence[Sequence[int]],
    edges_of: Callable[[Sequence[int]], list[Edge]],
    weights: Weights,
    pipelined: bool,
) -> float | None:
    """`_add_flows` at once for subgroups that are copies of one another on other nodes: the same size, the same
    GPU positions inside their nodes and the same grouping of members by node (an expert group's copies in
    every data-parallel block). The first subgroup's flows, as positions, are the template; every copy's
    flows follow in the same order. None where that does not hold."""
    n = len(subgroups[0]) if len(subgroups) else 0
    if n < 2 or len(subgroups) < 2 or any(len(g) != n for g in subgroups):
        return None
    inst = np.asarray(subgroups, dtype=np.int64)
    gpn = topo.gpus_per_node
    local = inst % gpn
    node = inst // gpn
    if not (local == local[0]).all():
        return None
    if not ((node[:, :, None] == node[:, None, :]) == (node[0][:, None] == node[0][None, :])).all():
        return None
    template = edges_of(range(n))
    if not template:
        return 0.0
    node0 = node[0].tolist()
    nic0 = [topo.nic_of(int(g)) for g in inst[0]]
    first_with: dict[tuple[int, int], int] = {}  # (node, nic) -> the first position there
    for p in range(n):
        first_with.setdefault((node0[p], nic0[p]), p)
    nic_pos = {  # per node: one position per distinct NIC, by NIC id (`_group_nics`' order)
        nd: [first_with[(nd, k)] for k in sorted({nic0[p] for p in range(n) if node0[p] == nd})]
        for nd in set(node0)
    }
    src_p: list[int] = []
    dst_p: list[int] = []
    via_p: list[int] = []
    share: list[float] = []
    edge: list[int] = []
    for e, (pa, pb) in enumerate(template):
        if pa == pb:
            continue
        via = [pa] if node0[pa] == node0[pb] else nic_pos[node0[pa]]
        f = 1.0 if node0[pa] == node0[pb] else 1.0 / len(via)
        for q in via:
            src_p.append(pa)
            dst_p.append(pb)
            via_p.append(q)
            share.append(f)
            edge.append(e)
    count = len(inst)
    nics = local[:, via_p] * topo.nics_per_node // gpn
    routes = topo.route_links(inst[:, src_p].ravel(), inst[:, dst_p].ravel(), nics.ravel())
    weights.add(routes, np.tile(np.asarray(share), count))
    flow_lat = topo.links_latency_s(routes).reshape(count, len(src_p))
    edge_lat = np.zeros((count, len(template)))
    cols = np.asarray(edge, dtype=np.int64)
    np.maximum.at(edge_lat, (np.arange(count)[:, None], cols[None, :]), flow_lat)
    return _step_latency(edge_lat, pipelined)


def _step_latency(edge_lat: np.ndarray, pipelined: bool) -> float:
    """One step's latency from every copy's per-edge route latencies (copies x edges): the slowest edge, or
    for a pipelined ring or chain the largest mean over a copy's edges (summed in edge order, as sum())."""
    if not pipelined:
        return float(edge_lat.max())
    return float((np.cumsum(edge_lat, axis=1)[:, -1] / edge_lat.shape[1]).max())


def _flows_one_per_node(
    topo: Topology,
    subgroups: Sequence[Sequence[int]],
    edges_of: Callable[[Sequence[int]], list[Edge]],
    weights: Weights,
    pipelined: bool,
) -> float | None:
    """`_add_flows` at once for subgroups of one size whose members all sit on different nodes (then every
    edge is one flow through its source's own NIC, and the edges are the same positions in each subgroup);
    None where that does not hold."""
    n = len(subgroups[0]) if len(subgroups) else 0
    if n < 2 or any(len(g) != n for g in subgroups):
        return None
    inst = np.asarray(subgroups, dtype=np.int64)
    nodes = np.sort(inst // topo.gpus_per_node, axis=1)
    if (nodes[:, 1:] == nodes[:, :-1]).any():
        return None
    template = edges_of(range(n))
    if not template:
        return 0.0
    pa, pb = (np.asarray(x, dtype=np.int64) for x in zip(*template))
    routes = topo.route_links(inst[:, pa].ravel(), inst[:, pb].ravel())  # subgroup by subgroup, in order
    weights.add(routes, np.ones(len(routes)))
    return _step_latency(topo.links_latency_s(routes).reshape(len(inst), len(template)), pipelined)


def _edges_shape(
    topo: Topology,
    instances: Sequence[Sequence[int]],
    edges_of,
    steps: int,
    factor: float,
    pipelined: bool = True,
) -> Shape:
    weights = Weights(len(topo.capacity_Bps))
    lat = _add_flows(topo, instances, edges_of, weights, pipelined)
    return Shape((weights,), (factor,), (steps * lat,), (steps,))


def _ring_edges(group: Sequence[int]) -> list[Edge]:
    n = len(group)
    return [(group[i], group[(i + 1) % n]) for i in range(n)]


def _pair_edges(group: Sequence[int]) -> list[Edge]:
    return [(a, b) for a in group for b in group if a != b]


def _chain_edges(group: Sequence[int]) -> list[Edge]:
    return [(group[i], group[i + 1]) for i in range(len(group) - 1)]


def collective_shape(topo: Topology, kind: str, algorithm: str, instances: Sequence[Sequence[int]]) -> Shape:
    """The shape of `kind` run with `algorithm` on every group in `instances` at once (GPU ids; the
    first GPU of a group is the root of broadcast/reduce and the source of a send)."""
    n = len(instances[0])
    if n <= 1:
        return Shape((), (), (), ())
    if kind == "alltoall" and algorithm in NODE_SPLIT_ALLTOALL:
        return _node_split_alltoall_shape(topo, algorithm, instances)
    if kind == "alltoall":  # every ordered pair at once, S/n bytes each: the slowest pair ends it
        return _edges_shape(topo, instances, _pair_edges, 1, 1.0 / n, pipelined=False)
    if kind in ("send", "recv") or (algorithm == "p2p" and kind != "sendrecv"):
        return _edges_shape(topo, instances, lambda g: [(g[0], g[1])], 1, 1.0)
    if kind == "sendrecv":  # independent sends: the slowest one ends it
        return _edges_shape(topo, instances, _ring_edges, 1, 1.0, pipelined=False)
    if kind == "allreduce" and algorithm == "ring":
        return _edges_shape(topo, instances, _ring_edges, 2 * (n - 1), 2 * (n - 1) / n)
    if kind == "allreduce" and algorithm == "tree":
        return _double_tree_shape(topo, instances)
    if kind == "allreduce" and algorithm == "hierarchical":
        return _hierarchical_shape(topo, instances)
    if kind in ("allgather", "reducescatter") and algorithm == "ring":
        return _edges_shape(topo, instances, _ring_edges, n - 1, (n - 1) / n)
    if kind in ("broadcast", "reduce") and algorithm in ("ring", "chain"):
        return _edges_shape(topo, instances, _chain_edges, n - 1, 1.0)
    if kind in ("broadcast", "reduce") and algorithm == "tree":
        return _binomial_shape(topo, kind, instances)
    raise ValueError(f"no algorithm {algorithm!r} for collective {kind!r}")


def _binomial_shape(topo: Topology, kind: str, instances: Sequence[Sequence[int]]) -> Shape:
    """Binomial tree: round r sends S bytes over 2^r disjoint pairs; reduce runs the rounds backwards with
    every pair reversed (children send to parents)."""
    n = len(instances[0])
    ws, ls = [], []
    rounds = math.ceil(math.log2(n))
    for r in range(rounds):
        weights = Weights(len(topo.capacity_Bps))

        def pairs(g: Sequence[int], r: int = r) -> list[Edge]:
            out = [(g[i], g[i + 2**r]) for i in range(2**r) if i + 2**r < len(g)]
            return [(b, a) for a, b in out] if kind == "reduce" else out

        ls.append(_add_flows(topo, instances, pairs, weights))
        ws.append(weights)
    if kind == "reduce":
        ws, ls = ws[::-1], ls[::-1]
    return Shape(tuple(ws), (1.0,) * len(ws), tuple(ls), (1,) * rounds)


def _btree(n: int, rank: int) -> tuple[int, list[int]]:
    """NCCL's binary tree (src/graph/trees.cc, ncclGetBtree): parent and children of `rank` among n ranks;
    rank 0 is the root with one child, odd ranks are leaves."""
    bit = 1
    while bit < n and not bit & rank:
        bit <<= 1
    if rank == 0:
        return -1, [bit >> 1] if n > 1 else []
    up = (rank ^ bit) | (bit << 1)
    if up >= n:
        up = rank ^ bit
    low = bit >> 1
    kids = []
    if low:
        kids.append(rank - low)
        d1 = rank + low
        while low and d1 >= n:
            low >>= 1
            d1 = rank + low if low else -1
        if d1 > 0 and d1 < n:
            kids.append(d1)
    return up, kids


def double_tree_parents(n: int) -> tuple[list[int], list[int]]:
    """Parents (-1 for the root) of positions 0..n-1 in NCCL's two complementary trees (ncclGetDtree):
    the second is the first mirrored (n even) or shifted by one (n odd), so most interior ranks of one tree
    are leaves of the other."""
    first = [_btree(n, r)[0] for r in range(n)]
    second = []
    for r in range(n):
        if n % 2:
            u = _btree(n, (r - 1) % n)[0]
            second.append(-1 if u == -1 else (u + 1) % n)
        else:
            u = _btree(n, n - 1 - r)[0]
            second.append(-1 if u == -1 else n - 1 - u)
    return first, second


def tree_depth(parents: list[int]) -> int:
    """Edges on the longest leaf-to-root path of a tree given by parent indices."""
    best = 0
    for i in range(len(parents)):
        d, j = 0, i
        while parents[j] >= 0:
            j, d = parents[j], d + 1
        best = max(best, d)
    return best


def _double_tree_shape(topo: Topology, instances: Sequence[Sequence[int]]) -> Shape:
    """NCCL's double binary tree all-reduce, over channels as NCCL runs it.

    The trees span the group's nodes (ncclGetDtree over node indices). There is one channel per member of a
    node (C = members per node), each carrying 1/C of the data: in channel c every node's members form a
    chain headed by its c-th member, and the heads talk to their parent and children nodes through their
    own NIC (on DGX nodes every GPU heads the channel of its NIC; on a one-NIC PCIe node the heads rotate
    over the GPUs sharing that NIC). The first tree runs the chain one way round the node, the second the
    other way, so every GPU carries its share in both. Each tree carries half the buffer, pipelined: one
    phase reduces up (chain tails -> heads, child heads -> parent heads), one broadcasts down; each phase's
    latency is (chain length - 1) intra-node hops + the tree depth in inter-node hops."""
    edges = _tree_edges_at_once(topo, instances)
    if edges is None:
        up: list[tuple[int, int, bool, float]] = []  # (a, b, crosses nodes, share)
        chain = depth = 0
        for group in instances:
            here, c, d = _tree_edges(_blocks(topo, group))
            up += here
            chain, depth = max(chain, c), max(depth, d)
        arrays = tuple(np.asarray(x) for x in zip(*up)) if up else ()
        edges = (arrays, chain, depth)
    arrays, chain, depth = edges
    w_up, w_down = Weights(len(topo.capacity_Bps)), Weights(len(topo.capacity_Bps))
    lat_intra = lat_inter = 0.0
    if arrays:
        a, b, inter, share = arrays
        w_up.add(topo.route_links(a, b), share)
        back = topo.route_links(b, a)
        w_down.add(back, share)
        lat = topo.links_latency_s(back)  # each edge's latency: its route down
        lat_intra = float(lat[~inter].max(initial=0.0))
        lat_inter = float(lat[inter].max(initial=0.0))
    lat = (chain - 1) * lat_intra + depth * lat_inter
    steps = max(1, chain - 1 + depth)
    return Shape((w_up, w_down), (0.5, 0.5), (lat, lat), (steps, steps))


def _tree_edges_at_once(
    topo: Topology, instances: Sequence[Sequence[int]]
) -> tuple[tuple[np.ndarray, ...], int, int] | None:
    """The double tree's up edges of every instance as arrays (a, b, crosses nodes, share), instance by
    instance, the longest chain and the depth, when every instance has its members on nodes alike (one
    template of positions, mapped onto each); None otherwise."""
    gpn = topo.gpus_per_node
    layouts = {tuple(map(tuple, _blocks_at([g // gpn for g in group]))) for group in instances}
    if len(layouts) != 1:
        return None
    template, chain, depth = _tree_edges([list(b) for b in layouts.pop()])
    if not template:
        return (), chain, depth
    inst = np.asarray(instances, dtype=np.int64)
    pa, pb, flag, part = (np.asarray(x) for x in zip(*template))
    return (inst[:, pa].ravel(), inst[:, pb].ravel(), np.tile(flag, len(inst)), np.tile(part, len(inst))), chain, depth


def _tree_edges(blocks: list[list[int]]) -> tuple[list[tuple[int, int, bool, float]], int, int]:
    """The double tree's up edges (a, b, crosses nodes, share) over one group's members per node, in
    order; the longest chain and the deeper tree's depth."""
    up: list[tuple[int, int, bool, float]] = []
    trees = double_tree_parents(len(blocks)) if len(blocks) > 1 else ([-1], [-1])
    depth = max(tree_depth(p) for p in trees)
    chain = 0
    channels = len(blocks[0])
    share = 1.0 / channels
    for c in range(channels):
        for t, parents in enumerate(trees):
            chains = []
            for blk in blocks:
                h = c % len(blk)
                rest = blk[h + 1 :] + blk[:h]
                chains.append([blk[h]] + (rest if t == 0 else rest[::-1]))
            for b, ch in enumerate(chains):
                chain = max(chain, len(ch))
                up += [(ch[i + 1], ch[i], False, share) for i in range(len(ch) - 1)]
                if parents[b] >= 0:
                    up.append((ch[0], chains[parents[b]][0], True, share))
    return up, chain, depth


def _blocks_at(nodes: Sequence[int]) -> list[list[int]]:
    """Positions of a group's members per node (members' nodes given in group order), nodes in order of
    first appearance."""
    per: dict[int, list[int]] = {}
    for i, n in enumerate(nodes):
        per.setdefault(n, []).append(i)
    return list(per.values())


def _blocks(topo: Topology, group: Sequence[int]) -> list[list[int]]:
    """The group's members per node, nodes in order of first appearance, members in group order."""
    per: dict[int, list[int]] = {}
    for gpu in group:
        per.setdefault(topo.node_of(gpu), []).append(gpu)
    return list(per.values())


def _by_node(topo: Topology, group: Sequence[int]) -> list[list[int]] | None:
    """The group's members per node (in group order), or None unless every node holds the same number."""
    blocks = _blocks(topo, group)
    return blocks if len({len(b) for b in blocks}) == 1 else None


def _node_split_alltoall_shape(topo: Topology, algorithm: str, instances: Sequence[Sequence[int]]) -> Shape:
    """`internode`: every pair of the group's GPUs at the same position in their nodes' blocks, S / nodes
    bytes each; `intranode`: every pair inside one node's block, S / block size each. Groups with unequal
    members per node fall back to the flat all-to-all."""
    split = [_by_node(topo, g) for g in instances]
    if any(b is None for b in split):
        return _edges_shape(topo, instances, _pair_edges, 1, 1.0 / len(instances[0]), pipelined=False)
    blocks_all: list[list[list[int]]] = split  # type: ignore[assignment]
    g, nodes = len(blocks_all[0][0]), len(blocks_all[0])
    if algorithm == "internode":
        subgroups = [[block[j] for block in blocks] for blocks in blocks_all for j in range(g)]
        width = nodes
    else:
        subgroups = [block for blocks in blocks_all for block in blocks]
        width = g
    if width == 1:
        return Shape((), (), (), ())
    return _edges_shape(topo, subgroups, _pair_edges, 1, 1.0 / width, pipelined=False)


def _hierarchical_shape(topo: Topology, instances: Sequence[Sequence[int]]) -> Shape:
    """Intra-node ring reduce-scatter, inter-node ring all-reduce of 1/g of the buffer among the GPUs with
    the same local index (g rings at once), intra-node ring all-gather. Groups with unequal members per
    node fall back to the flat ring."""
    split = [_by_node(topo, g) for g in instances]
    if any(b is None for b in split):
        n = len(instances[0])
        return _edges_shape(topo, instances, _ring_edges, 2 * (n - 1), 2 * (n - 1) / n)
    blocks_all: list[list[list[int]]] = split  # type: ignore[assignment]
    g = len(blocks_all[0][0])
    nodes = len(blocks_all[0])
    intra = [block for blocks in blocks_all for block in blocks]
    inter = [[block[j] for block in blocks] for blocks in blocks_all for j in range(g)]
    w_rs, w_ar, w_ag = (Weights(len(topo.capacity_Bps)) for _ in range(3))
    lat_rs = _add_flows(topo, intra, _ring_edges, w_rs, pipelined=True) if g > 1 else 0.0
    lat_ar = _add_flows(topo, inter, _ring_edges, w_ar, pipelined=True) if nodes > 1 else 0.0
    if g > 1:
        _add_flows(topo, intra, _ring_edges, w_ag)
    return Shape(
        (w_rs, w_ar, w_ag),
        ((g - 1) / g, 2 * (nodes - 1) / nodes / g, (g - 1) / g),
        ((g - 1) * lat_rs, 2 * (nodes - 1) * lat_ar, (g - 1) * lat_rs),
        (g - 1, 2 * (nodes - 1), g - 1),
    )


def choose_algorithm(
    kind: str, requested: str | Mapping[str, str], size_bytes: float, n: int, nodes_spanned: int
) -> str:
    """The algorithm a collective runs with. `requested` is one name or a per-kind mapping (kinds missing
    from it mean `auto`); an algorithm a kind does not have falls back to `auto` for that kind.

    `auto` follows NCCL's defaults: NCCL picks, per call, the algorithm its latency/bandwidth model
    (src/graph/tuning.cc) predicts fastest, which on multi-node clusters means the double binary tree for
    small all-reduces (tree latency grows with log2 of the node count, ring latency linearly with the
    ranks) and the ring for large ones. We use the same shape of rule with a crossover that grows linearly
    in the node count, like the ring's extra latency: tree when the group spans at least
    TREE_MIN_NODES = 2 nodes and S <= TREE_MAX_BYTES_PER_NODE (512 KiB) x nodes spanned (e.g. 16 MiB at 32
    nodes), else ring. These thresholds are a heuristic, not fitted to measurements (docs/network.md says
    why they are not the model's own prediction); within one node NCCL uses rings (trees are an
    inter-node algorithm). Broadcast and reduce use the pipelined chain (NCCL's ring broadcast); `auto`
    never picks `hierarchical` (NCCL has no such algorithm; it must be asked for).
    """
    req = requested.get(kind, "auto") if isinstance(requested, Mapping) else requested
    if kind == "alltoall" and req in NODE_SPLIT_ALLTOALL:
        return req
    if kind == "sendrecv" and req == COPY_ENGINE:
        return req
    if kind in ("send", "recv", "sendrecv", "alltoall"):
        return "p2p"
    if req == "chain" and kind in ("broadcast", "reduce"):
        return "chain"
    if req != "auto" and req in REQUESTABLE.get(kind, ()):
        return "chain" if req == "ring" and kind in ("broadcast", "reduce") else req
    if kind in ("broadcast", "reduce"):
        return "chain"
    if (
        kind == "allreduce"
        and nodes_spanned >= TREE_MIN_NODES
        and size_bytes <= TREE_MAX_BYTES_PER_NODE * nodes_spanned
    ):
        return "tree"
    return "ring"


def bus_factor(kind: str, n: int) -> float:
    """nccl-tests' busbw / algbw factor."""
    if kind == "allreduce":
        return 2 * (n - 1) / n
    if kind in ("allgather", "reducescatter", "alltoall"):
        return (n - 1) / n
    return 1.0
