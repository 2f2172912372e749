"""Mixture-of-experts layers on Megatron-Core's alltoall token dispatcher: the ops of one MoE MLP on one rank,
its parameters split into what reduces over the data-parallel group and what over the expert-data-parallel
group, and its stored activations.

Per MoE layer and micro-batch a rank routes its tokens (b s / t under sequence parallel): the router GEMM
(h x E) and top-k, the per-expert token counts all-gathered over the expert tensor x expert group, a permute
that copies each token once per chosen expert, a host synchronization (the exchange's split sizes must reach
the host), the dispatch all-to-all over the expert group (ep ranks), an all-gather over the expert tensor
group (etp ranks), the experts' grouped GEMMs over the tokens routed to its experts / ep local experts (each
FFN split etp ways), the reduce-scatter, the combine all-to-all and the un-permute that sums each token's
top_k outputs. Shared experts run as a tensor-parallel MLP on every token. The backward runs the same
exchanges on the gradients (no counts, no sync: the forward's split sizes serve).
Every rank is charged the busiest rank's routed tokens (`model.moe.imbalance` over the mean): the combine
waits for it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from simcluster.model.moe import MoE, expert_params, hit_probability, routed_pairs
from simcluster.model.ops import OpSpec, Phase
from simcluster.parallel.base import FP8_DGRAD, FP8_FORWARD, FP8_WGRAD, Dims, OpFactory, mlp_width

# the router's top-k over fp32 probabilities: read the logits (e), write and read fp32 scores, write fp32
# probabilities of the chosen experts (a small share): bytes per token-expert score on top of e
ROUTER_FP32_PASSES = 3


@dataclass(frozen=True)
class ExpertGroups:
    """One rank's groups for its MoE layers: the dense tensor group (shared experts, sequence parallel),
    the expert group (all-to-all) and the expert tensor group (gather and scatter of routed tokens)."""

    tp: tuple[int, ...]
    ep: tuple[int, ...]
    etp: tuple[int, ...]
    etp_ep: tuple[int, ...] = ()  # expert tensor x expert group (Megatron-Core's tp_ep): the token counts


def tokens_per_rank(d: Dims, sp: bool) -> int:
    """Tokens a rank routes per micro-batch: its sequence share under sequence parallel, all else."""
    return d.b * d.s // (d.t if sp else 1)


def _grouped_m(pairs: float, local: int) -> int:
    """Rows of each local expert's GEMM when `pairs` token copies spread evenly over `local` experts."""
    return max(1, round(pairs / local))


def moe_mlp_ops(
    F: OpFactory,
    d: Dims,
    m: MoE,
    ep: int,
    etp: int,
    sp: bool,
    g: ExpertGroups,
    deepep: tuple[int, int] | None = None,
) -> tuple[list[OpSpec], list[OpSpec], list[OpSpec]]:
    """(forward ops for phase 'forward', the same for 'recompute', backward ops) of one MoE MLP block on
    one rank, from after the second norm to before the residual add. Tensor-parallel collectives of the
    shared experts follow Megatron's sequence-parallel f/g operators (MoE with t > 1 needs sequence
    parallel). `deepep`: (nodes, GPUs per node) of the expert group, for DeepEP's exchanges (`_deepep`)."""
    e, h, t = d.e, d.h, d.t
    tok = tokens_per_rank(d, sp)
    local = m.experts // ep
    sent = float(tok * m.top_k)  # token copies a rank sends (uniform routing)
    busy = routed_pairs(tok, m, m.imbalance) * etp  # token copies the busiest rank's experts compute
    rows = _grouped_m(busy, local)
    fe = m.expert_ffn // etp
    f1e, act_f, act_b = mlp_width(d, fe)
    act = f"moe.{d.activation}"

    def exchange(kind: str, name: str, ph: Phase, nbytes: float, group: tuple[int, ...]) -> list[OpSpec]:
        if len(group) == 1:
            return []
        if kind == "alltoall" and deepep is not None:
            return _deepep(name, ph, tok * h * e, m, deepep, group)
        return [OpSpec(kind=kind, name=name, phase=ph, bytes=nbytes, group=group, family="ep")]

    dispatch = sent * h * e  # nccl-tests' size: the rank's whole send buffer
    gathered = busy * h * e
    sync = OpSpec("sync", "moe.dispatch.sync", "forward", duration_s=F.cost.hw.host.sync_us * 1e-6)

    def counts(ph: Phase) -> list[OpSpec]:
        """NCCL's all-to-all takes per-rank split sizes: each rank all-gathers its per-expert token counts
        over the expert tensor x expert group (Megatron-Core's tp_ep group; DeepEP's notify exchanges them
        inside its dispatch instead)."""
        if deepep is not None or len(g.etp_ep) == 1:
            return []
        nbytes = len(g.etp_ep) * m.experts * 8.0  # int64 per expert, the gathered output
        name = "moe.dispatch.counts.allgather"
        return [OpSpec("allgather", name, ph, bytes=nbytes, group=g.etp_ep, family="ep")]

    def wait_counts(ph: Phase, dropless: bool) -> list[OpSpec]:
        """The host synchronization that brings the counts to the host, once per forward: dropless, before
        the exchange (`cuda_sync_point` "before_ep_alltoall", or "before_finish" without one; DeepEP's
        dispatch spins on the host for the received count its notify kernel writes); with a capacity
        factor, before the first permutation (the number of tokens kept)."""
        return [replace(sync, phase=ph)] if dropless == (m.capacity_factor is None) else []

    def shared_fwd(ph: Phase) -> list[OpSpec]:
        if not m.shared_experts:
            return []
        fs = m.shared_experts * (m.shared_ffn or m.expert_ffn) // t
        f1s, a_f, _ = mlp_width(d, fs)
        bs = d.b * d.s
        return [
            *_tp(sp, t, "allgather", "moe.shared.allgather", ph, bs * h * e, g.tp),
            F.gemm("moe.shared.fc1", ph, bs, f1s, h, linear=FP8_FORWARD),
            F.elementwise(f"{act}.shared", ph, a_f * bs * fs * e),
            F.gemm("moe.shared.fc2", ph, bs, h, fs, linear=FP8_FORWARD),
            *_tp(True, t, "reducescatter" if sp else "allreduce", "moe.shared.exit", ph, bs * h * e, g.tp),
        ]

    def forward(ph: Phase) -> list[OpSpec]:
        return [
            F.gemm("moe.router", ph, tok, m.experts, h),
            F.elementwise("moe.router.topk", ph, tok * m.experts * (e + ROUTER_FP32_PASSES * 4.0)),
            *counts(ph),
            *wait_counts(ph, dropless=False),
            F.elementwise("moe.permute", ph, (tok + sent) * h * e),
            *wait_counts(ph, dropless=True),
            *exchange("alltoall", "moe.dispatch.alltoall", ph, dispatch, g.ep),
            *exchange("allgather", "moe.dispatch.allgather", ph, gathered, g.etp),
            F.gemm("moe.fc1", ph, rows, f1e, h, batch=local, linear=FP8_FORWARD),
            F.elementwise(act, ph, act_f * busy * fe * e),
            F.gemm("moe.fc2", ph, rows, h, fe, batch=local, linear=FP8_FORWARD),
            *exchange("reducescatter", "moe.combine.reducescatter", ph, gathered, g.etp),
            *exchange("alltoall", "moe.combine.alltoall", ph, dispatch, g.ep),
            F.elementwise("moe.unpermute", ph, (sent + tok) * h * e + sent * 4.0),
            *shared_fwd(ph),
        ]

    bw: Phase = "backward"
    shared_bwd: list[OpSpec] = []
    if m.shared_experts:
        fs = m.shared_experts * (m.shared_ffn or m.expert_ffn) // t
        f1s, _, a_b = mlp_width(d, fs)
        bs = d.b * d.s
        shared_bwd = [
            *_tp(sp, t, "allgather", "moe.shared.exit.bwd", bw, bs * h * e, g.tp),
            F.gemm("moe.shared.fc2.dgrad", bw, bs, fs, h, linear=FP8_DGRAD),
            F.gemm("moe.shared.fc2.wgrad", bw, fs, h, bs, linear=FP8_WGRAD),
            F.elementwise(f"{act}.shared.bwd", bw, a_b * bs * fs * e),
            F.gemm("moe.shared.fc1.dgrad", bw, bs, h, f1s, linear=FP8_DGRAD),
            F.gemm("moe.shared.fc1.wgrad", bw, h, f1s, bs, linear=FP8_WGRAD),
            *_tp(True, t, "reducescatter" if sp else "allreduce", "moe.shared.enter.bwd", bw, bs * h * e, g.tp),
        ]
    backward = [
        *shared_bwd,
        F.elementwise("moe.unpermute.bwd", bw, (sent + tok) * h * e + sent * 4.0),
        *exchange("alltoall", "moe.combine.alltoall.bwd", bw, dispatch, g.ep),
        *exchange("allgather", "moe.combine.allgather.bwd", bw, gathered, g.etp),
        F.gemm("moe.fc2.dgrad", bw, rows, fe, h, batch=local, linear=FP8_DGRAD),
        F.gemm("moe.fc2.wgrad", bw, fe, h, rows, batch=local, linear=FP8_WGRAD),
        F.elementwise(f"{act}.bwd", bw, act_b * busy * fe * e),
        F.gemm("moe.fc1.dgrad", bw, rows, h, f1e, batch=local, linear=FP8_DGRAD),
        F.gemm("moe.fc1.wgrad", bw, h, f1e, rows, batch=local, linear=FP8_WGRAD),
        *exchange("reducescatter", "moe.dispatch.reducescatter.bwd", bw, gathered, g.etp),
        *exchange("alltoall", "moe.dispatch.alltoall.bwd", bw, dispatch, g.ep),
        F.elementwise("moe.permute.bwd", bw, (tok + sent) * h * e),
        F.elementwise("moe.router.topk.bwd", bw, tok * m.experts * (e + ROUTER_FP32_PASSES * 4.0)),
        F.gemm("moe.router.dgrad", bw, tok, h, m.experts),
        F.gemm("moe.router.wgrad", bw, h, m.experts, tok),
    ]
    return forward("forward"), forward("recompute"), backward


def _deepep(
    name: str, ph: Phase, token_bytes: float, m: MoE, split: tuple[int, int], group: tuple[int, ...]
) -> list[OpSpec]:
    """DeepEP's dispatch (or combine) over an expert group of `split` = (N nodes, G GPUs each): each token
    crosses the fabric once per node holding one of its experts, to the GPU at its own position there (over
    N-way `internode` exchanges, tokens x P(node hit) per pair), which forwards it over NVLink once per GPU
    holding one of its experts (G-way `intranode` exchanges, N tokens x P(GPU hit) per pair), where NCCL's
    all-to-all sends one copy per expert. Routing uniform, or group-limited (`hit_probability`)."""
    nodes, gpus = split
    node_hit = hit_probability(m.experts, m.top_k, nodes, m.router_groups, m.router_group_top_k)
    gpu_hit = hit_probability(m.experts, m.top_k, nodes * gpus, m.router_groups, m.router_group_top_k)
    base = name.removesuffix(".alltoall").removesuffix(".alltoall.bwd")
    suffix = ".bwd" if name.endswith(".bwd") else ""
    out = []
    for algo, width, per_pair in (("internode", nodes, node_hit), ("intranode", gpus, nodes * gpu_hit)):
        if width > 1:
            out.append(
                OpSpec(
                    kind="alltoall",
                    name=f"{base}.{algo}{suffix}",
                    phase=ph,
                    bytes=width * per_pair * token_bytes,
                    group=group,
                    family="ep",
                    algorithm=algo,
                )
            )
    forward_direction = name.startswith("moe.dispatch") != name.endswith(".bwd")  # tokens out to experts
    return out if forward_direction else out[::-1]


def _tp(on: bool, t: int, kind: str, name: str, ph: Phase, nbytes: float, group: tuple[int, ...]) -> list[OpSpec]:
    """A shared-expert tensor-parallel collective (none on one rank or when `on` is false)."""
    if not on or t == 1:
        return []
    return [OpSpec(kind=kind, name=f"{name}.{kind}", phase=ph, bytes=float(nbytes), group=group, family="tp")]


def moe_params_split(d: Dims, m: MoE, ep: int, etp: int) -> tuple[float, float]:
    """(parameters of one MoE layer's MLP block on one rank that are replicated over the data-parallel
    group: the router h x E (replicated over the tensor group) and the tensor-split shared experts; those
    of its experts / ep local routed experts, each split etp ways, replicated over the expert-data-parallel
    group)."""
    w = 3 if d.gated else 2
    shared = m.shared_experts * w * d.h * (m.shared_ffn or m.expert_ffn) / d.t
    return d.h * m.experts + shared, m.experts // ep * expert_params(d, m) / etp


def moe_stored_bytes(d: Dims, m: MoE, etp: int, sp: bool) -> float:
    """Bytes one MoE MLP block keeps for its backward on the busiest rank (no recomputation): the norm
    output the router and permute read, fp32 router logits and probabilities, the permuted and gathered
    expert inputs, the first grouped GEMM's output and the activation's, the shared experts' as a
    tensor-parallel MLP. The grouped GEMMs' inputs are kept as their FP8 casts under Transformer Engine's FP8
    (`Dims.saved_input`)."""
    e, g = d.e, d.saved_input
    tok = tokens_per_rank(d, sp)
    busy = routed_pairs(tok, m, m.imbalance) * etp
    fe = m.expert_ffn / etp
    f1e = (2 if d.gated else 1) * fe
    routed = busy * ((d.h + fe) * g + f1e * e) + 2 * 4.0 * tok * m.experts + e * tok * d.h
    return routed + moe_shared_bytes(d, m)


def moe_act_bytes(d: Dims, m: MoE, etp: int, sp: bool) -> float:
    """The experts' activation output on the busiest rank (what moe_act recompute drops)."""
    busy = routed_pairs(tokens_per_rank(d, sp), m, m.imbalance) * etp
    return busy * m.expert_ffn / etp * d.saved_input


def moe_shared_bytes(d: Dims, m: MoE) -> float:
    """The shared experts' stored tensors (what shared_experts recompute drops): `moe_stored_bytes`' part."""
    if not m.shared_experts:
        return 0.0
    fs = m.shared_experts * (m.shared_ffn or m.expert_ffn) / d.t
    return d.b * d.s * (d.h * d.saved_input + d.mlp_saved * fs)


def moe_working_f(m: MoE) -> int:
    """The f-wide gradient width per token of a MoE block at its backward peak, for `backward_working_bytes`:
    top_k routed copies (times the imbalance) plus the shared experts."""
    return max(1, round(m.top_k * m.imbalance * m.expert_ffn + m.shared_experts * (m.shared_ffn or m.expert_ffn)))
