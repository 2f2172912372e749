"""Mixture-of-experts closed forms: parameter counts (total and active), the all-to-all bytes of token
dispatch and combine, and the expert rank layout (Megatron-Core's second RankGenerator, etp-ep-dp-pp).

Pure functions with no simulation in them: the building blocks the MoE layer ops, memory model and search
use. A MoE layer replaces the dense MLP by a router (one h x E GEMM, softmax, top-k), E routed experts of
hidden `expert_ffn` of which each token visits `top_k`, and `shared_experts` experts every token visits.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from math import exp, lcm, lgamma

from simcluster.config.schema import MoEConfig
from simcluster.errors import ConfigError
from simcluster.model.ops import OpSpec, Phase
from simcluster.parallel.base import Dims
from simcluster.parallel.groups import RankLayout


@dataclass(frozen=True)
class MoE:
    """A MoE model's expert shape. `every` k: every k-th layer (counting from 1 after `first_dense` dense
    ones) is MoE; `layers`, when given, lists the MoE layers (0-based) instead."""

    experts: int
    top_k: int
    expert_ffn: int
    shared_experts: int = 0
    shared_ffn: int = 0  # hidden of each shared expert; 0 = expert_ffn
    every: int = 1
    first_dense: int = 0
    layers: tuple[int, ...] = ()
    capacity_factor: float | None = None  # None = dropless
    imbalance: float = 1.0  # the busiest expert rank's routed tokens over the mean
    router_groups: int = 0  # group-limited routing: experts in this many contiguous groups (0: none)
    router_group_top_k: int = 0  # groups a token picks; its top_k experts lie inside them

    @classmethod
    def of(cls, cfg: MoEConfig | None) -> MoE | None:
        """The scenario's `model.moe` section as a MoE (None for a dense model)."""
        if cfg is None:
            return None
        return cls(
            experts=cfg.experts,
            top_k=cfg.top_k,
            expert_ffn=cfg.expert_ffn,
            shared_experts=cfg.shared_experts,
            shared_ffn=cfg.shared_ffn or 0,
            every=cfg.every,
            first_dense=cfg.first_dense,
            layers=tuple(sorted(set(cfg.layers or ()))),
            capacity_factor=cfg.capacity_factor,
            imbalance=cfg.imbalance,
            router_groups=cfg.router_groups or 0,
            router_group_top_k=cfg.router_group_top_k or 0,
        )

    def is_moe(self, layer: int) -> bool:
        if self.layers:
            return layer in self.layers
        return layer >= self.first_dense and (layer - self.first_dense) % self.every == self.every - 1

    def moe_layers(self, n_layers: int) -> int:
        return sum(self.is_moe(i) for i in range(n_layers))


def check(m: MoE, ep: int = 1, dp_cp: int = 1, field: str = "model.moe") -> None:
    """Raise a one-line ConfigError for a MoE shape or expert parallelism that cannot run."""
    if m.top_k > m.experts:
        raise ConfigError(f"{field}.top_k", m.top_k, f"must not exceed experts ({m.experts})")
    if m.capacity_factor is not None and not m.capacity_factor > 0:
        raise ConfigError(f"{field}.capacity_factor", m.capacity_factor, "must be > 0 (omit it for dropless)")
    if m.experts % ep:
        raise ConfigError("parallelism.expert", ep, f"must divide model.moe.experts ({m.experts})")
    if dp_cp % ep:
        raise ConfigError("parallelism.expert", ep, f"must divide data x context ({dp_cp})")


def _mlp_matrices(d: Dims, f: int) -> float:
    """Weights of one bias-free MLP of hidden f: three h x f matrices gated (SwiGLU), two otherwise."""
    return (3 if d.gated else 2) * d.h * f


def expert_params(d: Dims, m: MoE) -> float:
    """One routed expert's parameters (whole, before expert-tensor sharding)."""
    return _mlp_matrices(d, m.expert_ffn)


def expert_params_per_rank(d: Dims, m: MoE, ep: int, etp: int = 1) -> float:
    """Routed-expert parameters one rank holds per MoE layer: experts / ep of them, each split etp ways."""
    return m.experts // ep * expert_params(d, m) / etp


def alltoall_bytes(tokens: int, h: int, top_k: int, ep: int, element_bytes: int) -> float:
    """Bytes one rank sends in one all-to-all (dispatch or combine) of one MoE layer: each of its `tokens`
    goes to top_k experts, a fraction (ep - 1) / ep of them on other ranks under uniform routing."""
    return tokens * h * top_k * (ep - 1) / ep * element_bytes


def expert_layout(layout: RankLayout, ep: int, etp: int = 1) -> RankLayout:
    """The experts' rank layout as Megatron-Core builds it: the same world and pipeline stages, ranks
    ordered etp-ep-dp-pp, expert-data-parallel size world / (pp etp ep). Expert gradients reduce (and ZeRO
    shards experts) over its dp group; tokens are exchanged over its ep group."""
    world = layout.world_size
    if (world // layout.pp) % (etp * ep):
        raise ConfigError("parallelism.expert", ep, f"expert x expert_tensor must divide {world // layout.pp}")
    edp = world // (layout.pp * etp * ep)
    return RankLayout(tp=etp, dp=edp, pp=layout.pp, ep=ep, order="tp-ep-dp-pp")


def _lcomb(n: int, k: int) -> float:
    """log C(n, k) (lgamma: exact enough for probabilities, and quick for any size)."""
    return lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1)


def _miss(candidates: int, held: int, top_k: int) -> float:
    """C(candidates - held, top_k) / C(candidates, top_k): a uniform top_k of `candidates` experts misses all
    `held` of them."""
    if candidates - held < top_k:
        return 0.0
    if top_k > 64:  # logs for a wide top_k (quick at any size); the product otherwise
        return exp(_lcomb(candidates - held, top_k) - _lcomb(candidates, top_k))
    miss = 1.0
    for i in range(top_k):
        miss *= (candidates - held - i) / (candidates - i)
    return miss


def _part_hit(whole: int, size: int, edges: tuple[int, ...], groups: int, picked: int, top_k: int) -> float:
    """P(a token reaches a part) under group-limited routing, for a part holding `whole` groups of `size`
    experts and cutting `edges` more (its experts in each): the token picks `picked` of `groups` uniformly and
    its top_k uniformly among their picked * size experts. Summed over which cut groups are picked and how many
    whole ones (hypergeometric)."""
    rest = groups - whole - len(edges)
    hit = 0.0
    for mask in product((0, 1), repeat=len(edges)):
        cut = sum(mask)
        held = sum(e for e, on in zip(edges, mask) if on)
        for j in range(max(0, picked - cut - rest), min(whole, picked - cut) + 1):
            log_ways = _lcomb(whole, j) + _lcomb(rest, picked - cut - j) - _lcomb(groups, picked)
            hit += exp(log_ways) * (1.0 - _miss(picked * size, held + j * size, top_k))
    return hit


def hit_probability(experts: int, top_k: int, parts: int, groups: int = 0, group_top_k: int = 0) -> float:
    """Probability that a token's top_k experts include at least one of a given part (node or GPU) when the
    experts are split evenly and contiguously over `parts`. Uniform routing: top_k distinct experts of all,
    1 - C(E - E/parts, k) / C(E, k). Group-limited routing (`groups` contiguous groups, a token picking
    `group_top_k` of them uniformly, then its top_k uniformly among their experts): the same miss inside the
    picked groups, averaged over which groups are picked, and over the parts of one period of the layout
    (lcm(E/parts, E/groups) experts) where parts cut groups differently."""
    per = experts // parts
    if not groups:
        return 1.0 - _miss(experts, per, top_k)
    size = experts // groups
    period = lcm(per, size) // per
    total = 0.0
    for p in range(period):
        lo, hi = p * per, (p + 1) * per
        first, last = -(-lo // size), hi // size  # the groups wholly inside [lo, hi)
        cut = sorted(g for g in {lo // size, (hi - 1) // size} if not first <= g < last)
        edges = tuple(min(hi, (g + 1) * size) - max(lo, g * size) for g in cut)
        total += _part_hit(max(0, last - first), size, edges, groups, group_top_k, top_k)
    return min(1.0, max(0.0, total / period))  # the logs' rounding kept inside [0, 1]

def routed_pairs(tokens: int, m: MoE, imbalance: float = 1.0) -> float:
    """Token-expert pairs the busiest rank of an expert-parallel group computes per MoE layer, with `tokens`
    per rank: top_k per token under uniform routing, times `imbalance` (the busiest rank's share over the
    mean), capped at `capacity_factor` (tokens over an expert's capacity are dropped)."""
    share = imbalance if m.capacity_factor is None else min(imbalance, m.capacity_factor)
    return tokens * m.top_k * share


def moe_mlp_flops(tokens: int, d: Dims, m: MoE, imbalance: float = 1.0, etp: int = 1) -> float:
    """Forward FLOPs of one MoE layer's MLP part on the busiest rank: the router GEMM (2 tokens h E), the
    routed experts' grouped GEMMs (2 per multiply-add over routed_pairs, split etp ways) and the shared
    experts (every token). The backward is twice this."""
    router = 2.0 * tokens * d.h * m.experts
    routed = 2.0 * routed_pairs(tokens, m, imbalance) * expert_params(d, m) / etp
    shared = 2.0 * tokens * m.shared_experts * _mlp_matrices(d, m.shared_ffn or m.expert_ffn) / etp
    return router + routed + shared


def moe_activation_bytes(tokens: int, d: Dims, m: MoE, imbalance: float = 1.0, etp: int = 1) -> float:
    """Bytes one MoE layer's MLP part keeps for the backward on the busiest rank (no recomputation): fp32
    router logits (tokens x E), the permuted expert inputs (pairs x h), the first grouped GEMM's output
    (pairs x f, two of them gated) and its activation (pairs x f), the same for the shared experts."""
    pairs = routed_pairs(tokens, m, imbalance)
    f1 = (3 if d.gated else 2) * m.expert_ffn / etp
    fs = (3 if d.gated else 2) * (m.shared_ffn or m.expert_ffn) / etp
    routed = pairs * (d.h + f1) * d.e
    shared = tokens * m.shared_experts * fs * d.e + (tokens * d.h * d.e if m.shared_experts else 0.0)
    return 4.0 * tokens * m.experts + routed + shared


def dispatch_combine(
    tokens: int, h: int, m: MoE, element_bytes: int, ep_group: tuple[int, ...], phase: Phase, name: str = "moe"
) -> tuple[OpSpec, OpSpec]:
    """One MoE layer's two all-to-alls over its expert-parallel group (forward: dispatch then combine; the
    backward runs the same pair on the gradients). Size in nccl-tests' convention: the rank's whole
    tokens x top_k x h buffer, of which (ep - 1) / ep leaves the rank (`alltoall_bytes`)."""
    size = float(tokens * m.top_k * h * element_bytes)
    op = lambda part: OpSpec(  # noqa: E731
        kind="alltoall", name=f"{name}.{part}.alltoall", phase=phase, bytes=size, group=ep_group, family="ep"
    )
    return op("dispatch"), op("combine")
