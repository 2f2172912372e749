"""Assemble each simulated rank's program: pipeline schedule x layer ops + embedding/head + gradient sync +
optimizer step. Pure: knows nothing of SimPy.

Folding: ranks whose programs are provably identical up to a relabelling of ranks (every tensor- and
data-parallel peer of a Megatron stage) are represented by one rank. `translations` are the relabellings;
the engine runs each representative's collectives on every translated group at once, so links that the
folded ranks share are still contended.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import repeat

import numpy as np

from simcluster.config.schema import Scenario
from simcluster.hardware.passes import FUSED_ADAMW, TORCH_CLIP_PASSES, TORCH_FOREACH_ADAMW
from simcluster.hardware.profile import HostSpec
from simcluster.model.costs import CostModel
from simcluster.model.moe import MoE
from simcluster.model.ops import WAIT_COMM, OpSpec, Phase, Step, wait_for
from simcluster.parallel import zero
from simcluster.parallel.base import Dims, LayerOps, OpFactory
from simcluster.parallel.groups import RankLayout, Translations
from simcluster.parallel.layers import edge_params, layers_params, one_of_kind, rank_layers, stage_layers
from simcluster.parallel.registry import Scheme
from simcluster.parallel.schemes import make_scheme
from simcluster.schedule.pipeline import Action, stage_schedule

# Adam step memory traffic per parameter on fp32 state: read weight, gradient, momentum, variance (16),
# write weight, momentum, variance (12).
ADAM_BYTES_PER_PARAM = 28
FP32_BYTES = 4
# A GPT layer's parameter tensors: two layer norms, QKV, attention projection, two MLP GEMMs, each with a
# weight and a bias.
LAYER_PARAM_TENSORS = 12


@dataclass
class Program:
    scenario: Scenario
    layout: RankLayout
    scheme: Scheme
    reps: list[int]
    steps: dict[int, list[Step]]
    translations: Translations
    rep_of: list[int]
    schedules: dict[int, list[Action]]
    params_per_rank: dict[int, float] = field(default_factory=dict)

    def represented(self, rep: int) -> list[int]:
        return [r for r, x in enumerate(self.rep_of) if x == rep]


def _steps(ops: list[OpSpec], layer: int, mb: int) -> Iterator[Step]:
    """Steps running `ops` in order for one layer and micro-batch (built without per-step Python calls)."""
    return map(_new_step, zip(ops, repeat(layer), repeat(mb)))


_new_step = partial(tuple.__new__, Step)


# A fold axis: (stride, size) of a rank coordinate (a layout axis, or a part of one)
FoldAxis = tuple[int, int]


def _shifted(ax: FoldAxis, x: np.ndarray, k: int) -> np.ndarray:
    stride, size = ax
    c = (x // stride) % size
    return x + ((c + k) % size - c) * stride


def _fold_step(world: int, ax: FoldAxis, partitions: list[np.ndarray]) -> int:
    """The smallest shift along `ax` (a divisor of its size) that maps each partition of the ranks into
    groups (given as each rank's group label) onto itself: only such shifts relabel one rank's program into
    another's. With no partitions, 1."""
    size = ax[1]
    ranks = np.arange(world)
    for k in (k for k in range(1, size + 1) if size % k == 0):
        img = _shifted(ax, ranks, k)
        if all(np.array_equal(label[img], label[img[label]]) for label in partitions):
            return k
    return size


def _fold_axes(layout: RankLayout, axes: tuple[str, ...], scheme: Scheme) -> list[FoldAxis]:
    """The folded axes as (stride, size). Under expert parallel the data axis splits in two: its position
    inside an expert group's block of ranks and the block's, so shifts inside the blocks fold too."""
    el = getattr(scheme, "expert_layout", None)
    out: list[FoldAxis] = []
    for a in axes:
        stride, size = layout.strides[a], layout.size(a)
        if a == "dp" and el is not None:
            block = el.size("ep") * el.size("tp")
            inner = block // math.gcd(block, stride) if block % stride == 0 or stride % block == 0 else size
            if 1 < inner < size and size % inner == 0:
                out += [(stride, inner), (stride * inner, size // inner)]
                continue
        out.append((stride, size))
    return out


def _expert_partitions(scheme: Scheme) -> list[np.ndarray]:
    """Each rank's expert group and expert-data-parallel group, as group labels (the group's lowest rank)."""
    el = getattr(scheme, "expert_layout", None)
    if el is None:
        return []
    ranks = np.arange(el.world_size)
    return [ranks - ((ranks // el.strides[a]) % el.size(a)) * el.strides[a] for a in ("ep", "dp", "tp")]


def build_program(sc: Scenario, cost: CostModel, fold: bool) -> Program:
    par = sc.parallelism
    layout = RankLayout(tp=par.tensor, dp=par.data, pp=par.pipeline, order=par.order, cp=par.context)
    dims = Dims.of(sc)
    scheme = make_scheme(sc, dims, OpFactory.of(cost, sc.training, sc.model.attention), layout)
    # hybrid sharding's groups are chunks of the data axis, which its cyclic shifts do not map onto each other
    hybrid = 1 < zero.shard_size(sc) < layout.dp * layout.cp
    axes = tuple(a for a in scheme.fold_axes if layout.size(a) > 1 and not (hybrid and a in ("dp", "cp"))) if fold else ()
    # expert parallel: fold only by shifts that carry expert groups onto expert groups
    parts = _expert_partitions(scheme)
    world = layout.world_size
    steps = {ax: _fold_step(world, ax, parts) for ax in _fold_axes(layout, axes, scheme)}
    steps = {ax: k for ax, k in steps.items() if k < ax[1]}
    coords = {ax: (np.arange(world) // ax[0]) % ax[1] for ax in steps}
    back = np.zeros(world, dtype=np.int64)  # each rank's shift back to its representative
    for ax, k in steps.items():
        back += (coords[ax] // k * k) * ax[0]
    rep_of = (np.arange(world) - back).tolist()
    reps = np.flatnonzero(back == 0).tolist()
    translations = Translations(world, [(*ax, k) for ax, k in steps.items()])  # computed, not stored
    train = sc.training.mode == "train"
    m, p, v = sc.microbatches, par.pipeline, par.virtual_stages
    ahead = sc.training.moe_overlap  # no pipeline: the next forward runs before each backward
    schedules = {s: stage_schedule(par.schedule, p, s, m, v, train, ahead, par.interleaved_warmup) for s in range(p)}
    steps: dict[int, list[Step]] = {}
    params: dict[int, float] = {}
    for rank in reps:
        st, prm = _rank_steps(sc, layout, scheme, rank, schedules[layout.coord(rank, "pp")], cost)
        steps[rank] = st
        params[rank] = prm
    return Program(sc, layout, scheme, reps, steps, translations, rep_of, schedules, params)


def rank_params(sc: Scenario, scheme: Scheme, stage: int) -> float:
    """Parameters one rank of pipeline stage `stage` holds."""
    p = sc.parallelism.pipeline
    dense, expert = layers_params(scheme, rank_layers(sc, stage), MoE.of(sc.model.moe))
    return dense + expert + edge_params(scheme, stage == 0, stage == p - 1)


@dataclass
class _RankCtx:
    """What every part of one rank's program needs."""

    sc: Scenario
    layout: RankLayout
    scheme: Scheme
    rank: int
    cost: CostModel
    host: HostSpec
    moe: MoE | None = None
    _layer_ops: dict[bool, LayerOps] = field(default_factory=dict, repr=False)

    @property
    def stage(self) -> int:
        return self.layout.coord(self.rank, "pp")

    def host_op(self, name: str, phase: Phase, us: float) -> list[OpSpec]:
        """Work on the host thread only (none when it costs nothing)."""
        return [OpSpec("host", name, phase, duration_s=us * 1e-6)] if us > 0 else []

    def elementwise(self, name: str, phase: Phase, nbytes: float) -> OpSpec:
        """A memory-bound pass over `nbytes` on the compute stream."""
        return OpSpec("elementwise", name, phase, duration_s=self.cost.elementwise(nbytes), bytes=nbytes)

    def sync(self, name: str, phase: Phase) -> OpSpec:
        return OpSpec("sync", name, phase, duration_s=self.host.sync_us * 1e-6)

    def expert_data_group(self) -> tuple[int, ...]:
        """Where this rank's expert gradients reduce (just itself for a dense model)."""
        if self.moe is None:
            return (self.rank,)
        return self.scheme.expert_data_group(self.rank)  # type: ignore[attr-defined]

    def layer_ops(self, layer: int) -> LayerOps:
        """The ops of transformer layer `layer` (a MoE layer's or a dense one's; each kind looked up once per
        rank: the scheme returns the same object for every layer of a kind)."""
        moe = self.moe is not None and self.moe.is_moe(layer)
        hit = self._layer_ops.get(moe)
        if hit is None:
            hit = self._layer_ops[moe] = (
                self.scheme.moe_layer(self.rank) if moe else self.scheme.layer(self.rank)  # type: ignore[attr-defined]
            )
        return hit

    def model_parallel_group(self) -> tuple[int, ...]:
        """Every rank of this rank's model replica (same data-parallel index), in rank order."""
        d = self.layout.coord(self.rank, "dp")
        return tuple(r for r in range(self.layout.world_size) if self.layout.coord(r, "dp") == d)


def _rank_steps(
    sc: Scenario, layout: RankLayout, scheme: Scheme, rank: int, actions: list[Action], cost: CostModel
) -> tuple[list[Step], float]:
    ctx = rank_context(sc, layout, scheme, rank, cost)
    out, pending = _pipeline_steps(ctx, actions)
    params = rank_params(sc, scheme, ctx.stage)
    layer_dense, expert = _layer_params(ctx)
    if sc.training.mode == "train":
        out.extend(_grad_sync_steps(ctx, params, pending))
        n = zero.shard_size(sc)
        ne = _expert_shards(ctx)
        out.extend(_optimizer_steps(ctx, (params - expert) / n + expert / ne))
        full = sc.parallelism.zero == "full"
        w = scheme.grad_bytes_per_param()
        wl = zero.layer_weight_bytes(sc.training.fp8_param_gather, w)  # the layers' weights as gathered
        if sc.training.fp8_param_gather:
            out.extend(Step(op, -1, -1) for op in _fp8_scale_ops(ctx, layer_dense / n + expert / ne, n))
        overlapped = zero.overlaps_param_gather(sc)  # the layers' gathers then run under the next forward
        if n > 1:  # the updated weight shards back to every rank (ZeRO-3: those outside the layers)
            edges = params - layer_dense - expert
            nbytes = edges * w if full or overlapped else edges * w + layer_dense * wl
            if nbytes > 0:
                shard, _ = zero.shard_groups(layout, rank, n)
                op = OpSpec(
                    "allgather", "params.allgather", "optimizer", bytes=nbytes, group=shard, family="dp",
                    registered=sc.training.nccl_ub,
                )  # fmt: skip
                out.append(Step(op, -1, -1))
        if ne > 1 and not full and expert > 0 and not overlapped:
            nbytes = expert * wl
            group = ctx.expert_data_group()
            op = OpSpec(
                "allgather", "params.expert.allgather", "optimizer", bytes=nbytes, group=group, family="dp",
                registered=sc.training.nccl_ub,
            )  # fmt: skip
            out.append(Step(op, -1, -1))
    out.append(Step(ctx.sync("sync.iteration_end", "optimizer"), -1, -1))  # the loss is read on the host
    return out, params


# one fp32 amax per weight matrix of a layer (Llama's q, k, v, o, w1, w2, w3 as torchtitan holds them): the
# all-reduce carries under a kilobyte, so its time is the collective's latency
FP8_SCALES_PER_LAYER = 7


def _fp8_scale_ops(ctx: _RankCtx, shard_params: float, n: int) -> list[OpSpec]:
    """FP8 weights gathered from shards (`training.fp8_param_gather`) need one scale per weight for the next
    step's casts, taken over the whole weight: after the optimizer step, one pass reads the fp32 shards
    (torch._foreach_norm(ord=inf) in torchao's precompute_float8_dynamic_scale_for_fsdp; Transformer Engine's
    cast of the master weights) and one all-reduce (max) over the shard group joins the amaxes."""
    ops = [ctx.elementwise("fp8.weights.amax", "optimizer", FP32_BYTES * shard_params)]
    if n > 1:
        shard, _ = zero.shard_groups(ctx.layout, ctx.rank, n)
        layers = len(rank_layers(ctx.sc, ctx.stage))
        nbytes = float(FP32_BYTES * FP8_SCALES_PER_LAYER * layers)
        ops.append(OpSpec("allreduce", "fp8.weights.amax.allreduce", "optimizer", bytes=nbytes, group=shard, family="dp"))
    return ops


def _expert_shards(ctx: _RankCtx) -> int:
    """Ranks the expert weights' state is sharded over: the whole expert-data-parallel group with any
    `parallelism.zero` (Megatron's distributed optimizer, FSDP), else 1."""
    sharded = ctx.sc.parallelism.zero != "none" and ctx.sc.training.mode == "train"
    return len(ctx.expert_data_group()) if sharded else 1


def _dp_allreduce(
    ctx: _RankCtx, nbytes: float, blocking: bool, idx: int, family: str = "dp", expert: bool = False
) -> list[OpSpec]:
    """One gradient bucket's data-parallel sync: an all-reduce, or with sharding a reduce-scatter inside
    the shard group and (hybrid sharding) an all-reduce of the shard across the groups. `expert`: a bucket
    of expert gradients, over the expert-data-parallel group."""
    phase: Phase = "optimizer" if blocking else "backward"
    tag = f"grad.expert.bucket{idx}" if expert else f"grad.bucket{idx}"
    ub = ctx.sc.training.nccl_ub  # the gradient buffers registered with NCCL
    if expert:
        group = ctx.expert_data_group()
        if len(group) == 1:
            return []
        n = _expert_shards(ctx)
        shard, replicas = group, (ctx.rank,)
    else:
        n = zero.shard_size(ctx.sc)
        group = ctx.layout.data_group(ctx.rank)
        if n > 1:
            shard, replicas = zero.shard_groups(ctx.layout, ctx.rank, n)
    if n == 1:
        return [
            OpSpec(
                "allreduce",
                f"{tag}.allreduce",
                phase,
                bytes=nbytes,
                group=group,
                family=family,
                blocking=blocking,
                registered=ub,
            )
        ]
    out = [
        OpSpec(
            "reducescatter",
            f"{tag}.reducescatter",
            phase,
            bytes=nbytes,
            group=shard,
            family=family,
            blocking=blocking,
            registered=ub,
        )
    ]
    if len(replicas) > 1:
        out.append(
            OpSpec(
                "allreduce",
                f"{tag}.allreduce",
                phase,
                bytes=nbytes / n,
                group=replicas,
                family=family,
                blocking=blocking,
                registered=ub,
            )
        )
    return out


def _layer_params(ctx: _RankCtx) -> tuple[float, float]:
    """Parameters of the transformer layers this rank holds (all its model chunks): (those reduced over the
    data-parallel group, the routed experts')."""
    return layers_params(ctx.scheme, rank_layers(ctx.sc, ctx.stage), ctx.moe)


def _grad_overlap(ctx: _RankCtx) -> bool:
    return ctx.sc.training.mode == "train" and ctx.sc.training.grad_overlap and ctx.layout.dp * ctx.layout.cp > 1


def step_sync(sc: Scenario, host: HostSpec) -> bool:
    """Whether every forward and backward step ends with a device sync: the scenario says, else the
    profile's host (the framework it describes)."""
    return host.step_sync if sc.training.step_sync is None else sc.training.step_sync


@dataclass
class _Buckets:
    """Gradient bytes not yet in a bucket and buckets launched, for the data-parallel gradients and the
    experts' (which reduce over their own group)."""

    pending: dict[bool, float] = field(default_factory=lambda: {False: 0.0, True: 0.0})
    launched: dict[bool, int] = field(default_factory=lambda: {False: 0, True: 0})


@dataclass(frozen=True)
class FsdpOps:
    """FSDP's per-unit ops on one rank (`parallelism.zero: full`), per layer kind (False dense, True MoE): the
    non-blocking all-gathers of one layer's weight shards (per phase), its gradients' reduce-scatters (and the
    hybrid all-reduce), FSDP2's copies out of the gathered buffer (per phase, forward first) and into the reduce
    buffer, and the root unit's gather when the step starts. The program and the search's estimate both ask."""

    gathers: dict[tuple[bool, Phase], list[OpSpec]]
    reduces: dict[bool, list[OpSpec]]
    copy_out: dict[bool, list[OpSpec]]
    root: list[OpSpec]


def _layer_kinds(ctx: _RankCtx) -> set[bool]:
    """The layer kinds of `ctx`'s stage: False (dense) always, True when it holds a MoE layer."""
    return {False, ctx.moe is not None and any(map(ctx.moe.is_moe, rank_layers(ctx.sc, ctx.stage)))}


def _weight_gathers(
    name: str,
    ph: Phase,
    family: str,
    parts: tuple[tuple[str, float, tuple[int, ...]], ...],
    wl: int,
    registered: bool = False,
) -> list[OpSpec]:
    """The non-blocking all-gathers of one layer's weight shards, `wl` bytes a weight: one per (what,
    parameters, group) of `parts` that has parameters and more than one rank (`name` formatted with `what`);
    `registered`: on NCCL-registered buffers (`training.nccl_ub`)."""
    return [
        OpSpec(
            "allgather", name.format(what), ph, bytes=n * wl, group=g, family=family, blocking=False,
            registered=registered,
        )  # fmt: skip
        for what, n, g in parts
        if n > 0 and len(g) > 1
    ]


_WeightPart = tuple[str, float, tuple[int, ...]]  # (name tag, parameters, the group gathering them)


def _layer_weight_parts(ctx: _RankCtx) -> tuple[dict[bool, tuple[_WeightPart, _WeightPart]], int]:
    """Per layer kind (False dense, True MoE) of `ctx`'s stage, one layer's weights as the sharded gathers
    move them: the dense ones over the shard group, the experts' over their expert-data-parallel group; and
    the bytes a gathered element takes (1 with `fp8_param_gather`)."""
    sc, scheme = ctx.sc, ctx.scheme
    shard, _ = zero.shard_groups(ctx.layout, ctx.rank, zero.shard_size(sc))
    e_group = ctx.expert_data_group()
    parts = {}
    for is_moe in _layer_kinds(ctx):
        dense_p, expert_p = layers_params(scheme, one_of_kind(ctx.moe, rank_layers(sc, ctx.stage), is_moe), ctx.moe)
        parts[is_moe] = (("", dense_p, shard), ("expert.", expert_p, e_group))
    return parts, zero.layer_weight_bytes(sc.training.fp8_param_gather, scheme.grad_bytes_per_param())


def fsdp_ops(ctx: _RankCtx) -> FsdpOps:
    """The FSDP unit ops of `ctx`'s rank (its stage's layer kinds)."""
    sc, scheme, s = ctx.sc, ctx.scheme, ctx.stage
    p = ctx.layout.pp
    phases: tuple[Phase, Phase] = ("forward", "backward")
    gathers: dict[tuple[bool, Phase], list[OpSpec]] = {}
    reduces: dict[bool, list[OpSpec]] = {}
    copy_out: dict[bool, list[OpSpec]] = {}
    root_ops: list[OpSpec] = []
    reduce_per_param = zero.reduce_bytes(sc, scheme.grad_bytes_per_param())
    kinds, wl = _layer_weight_parts(ctx)
    for is_moe, parts in kinds.items():
        (_, dense_p, _), (_, expert_p, _) = parts
        for ph in phases:
            gathers[is_moe, ph] = _weight_gathers(
                "fsdp.{}params.allgather", ph, "fsdp-ag", parts, wl, sc.training.nccl_ub
            )
        reduces[is_moe] = [
            replace(op, name=op.name.replace(f"grad.{tag}bucket0", f"fsdp.{tag}grads"))
            for tag, n, expert in (("", dense_p, False), ("expert.", expert_p, True))
            if n > 0
            for op in _dp_allreduce(ctx, n * reduce_per_param, False, 0, "fsdp-rs", expert)
        ]
        if sc.parallelism.fsdp_copies:
            out_b, in_b = zero.fsdp_copy_bytes(sc, scheme.grad_bytes_per_param(), dense_p + expert_p, wl)
            copy_out[is_moe] = [ctx.elementwise("fsdp.params.copy_out", ph, out_b) for ph in phases]
            reduces[is_moe] = [ctx.elementwise("fsdp.grads.copy_in", "backward", in_b), *reduces[is_moe]]
    # the root unit (this rank's embedding, final norm, LM head) gathered when the step starts, before the
    # first layer's gather (FSDP2's root unshard); kept to the end of the backward
    root_p = edge_params(scheme, s == 0, s == p - 1)
    if root_p > 0:
        w = scheme.grad_bytes_per_param()
        shard, _ = zero.shard_groups(ctx.layout, ctx.rank, zero.shard_size(sc))
        root_ops = [OpSpec("allgather", "fsdp.root.params.allgather", "forward", bytes=root_p * w, group=shard,
                           family="fsdp-ag", registered=sc.training.nccl_ub)]  # fmt: skip
        if sc.parallelism.fsdp_copies:
            copy_out_b = zero.fsdp_copy_bytes(sc, w, root_p)[0]
            root_ops.append(ctx.elementwise("fsdp.root.params.copy_out", "forward", copy_out_b))
    return FsdpOps(gathers, reduces, copy_out, root_ops)


PARAM_GATHER_FAMILY = "param-ag"


def _param_gathers(ctx: _RankCtx) -> dict[bool, list[OpSpec]]:
    """Per layer kind (False dense, True MoE) of `ctx`'s stage: the all-gathers that bring one layer's updated
    weights back from the sharded optimizer (`param_gather_overlap`): the dense weights over the shard group,
    the experts' over their expert-data-parallel group (8 bits with `fp8_param_gather`)."""
    kinds, wl = _layer_weight_parts(ctx)
    return {
        is_moe: _weight_gathers(
            "params.{}layer.allgather", "forward", PARAM_GATHER_FAMILY, parts, wl, ctx.sc.training.nccl_ub
        )
        for is_moe, parts in kinds.items()
    }


def rank_context(sc: Scenario, layout: RankLayout, scheme: Scheme, rank: int, cost: CostModel) -> _RankCtx:
    """What one rank's program parts need (the search's estimate builds FSDP's unit ops from it)."""
    return _RankCtx(sc, layout, scheme, rank, cost, cost.hw.host, MoE.of(sc.model.moe))


def _pipeline_steps(ctx: _RankCtx, actions: list[Action]) -> tuple[list[Step], _Buckets]:
    """The pipeline schedule's actions as steps: receives, layer ops (recomputed as asked), embedding and
    head, sends, each followed by the host synchronization Megatron's batched p2p performs, and, with
    gradient overlap, the data-parallel buckets launched as the last micro-batch's backward fills them.
    Returns the steps and the buckets' state."""
    sc, layout, scheme, rank = ctx.sc, ctx.layout, ctx.scheme, ctx.rank
    par = sc.parallelism
    p, v = par.pipeline, par.virtual_stages
    s = ctx.stage
    edges = scheme.edges(rank)
    recompute = sc.training.recompute
    act_bytes = scheme.p2p_bytes()
    # Megatron's scatter-gather: send 1/t of the activation, all-gather it over the tensor group on arrival
    split = (
        layout.tp
        if sc.training.p2p_scatter_gather and par.scheme == "megatron" and layout.tp > 1
        else 1
    )
    tp_group = layout.group(rank, "tp")
    prev_rank = layout.shift(rank, "pp", -1)
    next_rank = layout.shift(rank, "pp", 1)
    step_host = ctx.host_op("host.microbatch", "forward", ctx.host.microbatch_overhead_us)
    step_host_bwd = ctx.host_op("host.microbatch", "backward", ctx.host.microbatch_overhead_us)
    p2p_sync = {"act": ctx.sync("sync.p2p", "forward"), "grad": ctx.sync("sync.p2p", "backward")}
    end_fwd = [ctx.sync("sync.step", "forward")] if step_sync(sc, ctx.host) else []
    end_bwd = [ctx.sync("sync.step", "backward")] if step_sync(sc, ctx.host) else []
    loss_reduce = (
        [
            OpSpec(
                "allreduce",
                "loss.allreduce",
                "forward",
                bytes=4.0,
                group=layout.data_group(rank),
                family="dp-loss",
            )
        ]
        if layout.dp * layout.cp > 1 and sc.model.vocab and sc.training.mode == "train"
        else []
    )

    def is_first(c: int) -> bool:
        return s == 0 and c == 0

    def is_last(c: int) -> bool:
        return s == p - 1 and c == v - 1

    p2p_ops: dict[tuple, OpSpec] = {}

    def p2p(kind: str, what: str, c: int, src: int, dst: int, mb: int) -> None:
        """The send/recv op (one object per distinct op: every micro-batch's steps share it) and the host
        synchronization after it."""
        key = (kind, what, c, src, dst)
        op = p2p_ops.get(key)
        if op is None:
            op = p2p_ops[key] = OpSpec(
                kind=kind,
                name=f"{kind}.{what}.c{c}",
                phase="forward" if what == "act" else "backward",
                bytes=float(act_bytes) / split,
                group=(src, dst),
                family="pp",
            )
            if kind == "recv" and split > 1:
                gather = OpSpec(
                    kind="allgather",
                    name=f"recv.{what}.c{c}.allgather",
                    phase=op.phase,
                    bytes=float(act_bytes),
                    group=tp_group,
                    family="tp",
                )
                p2p_ops[key + ("gather",)] = gather
        add(Step(op, -1, mb))
        add(Step(p2p_sync[what], -1, mb))
        gather = p2p_ops.get(key + ("gather",))
        if gather is not None:
            add(Step(gather, -1, mb))

    last_b = {a.chunk: i for i, a in enumerate(actions) if a.kind == "B"}
    fsdp = zero.gathers_per_layer(sc)
    phases: tuple[Phase, Phase] = ("forward", "backward")
    units = fsdp_ops(ctx) if fsdp else FsdpOps({}, {}, {}, [])
    gathers, reduces, copy_out, root_ops = units.gathers, units.reduces, units.copy_out, units.root
    if fsdp:
        gathered_wait = {ph: wait_for("fsdp-ag", ph) for ph in phases}

    # FSDP2 with reshard_after_forward false: weights gathered in each layer's first forward and kept to its
    # last backward; gradients reduce-scattered in the last micro-batch's backward only
    keep = fsdp and not sc.parallelism.reshard_after_forward
    last_mb = sc.microbatches - 1

    # the sharded optimizer's weight gathers under the step's first forward (`param_gather_overlap`), as
    # Megatron-Core issues them: the first when the step starts (optimizer.zero_grad), on every stage at once;
    # one model chunk: each layer's first forward waits for its weights and issues the next layer's (the
    # forward pre-hook); interleaved: each chunk's first forward waits for the chunk's weights and issues the
    # next chunk's (the schedule's param_sync_func)
    param_gathers = _param_gathers(ctx) if zero.overlaps_param_gather(sc) else {}
    param_wait = wait_for(PARAM_GATHER_FAMILY, "forward")

    def param_issue(layers: Sequence[int]) -> None:
        out.extend(Step(op, ly, 0) for ly in layers for op in param_gathers[is_moe(ly)])

    def param_chunk(chunk: int, mb: int) -> None:
        """Before chunk `chunk`'s layers in the forward of micro-batch `mb` (interleaved)."""
        if param_gathers and v > 1 and mb == 0:
            add(Step(param_wait, -1, mb))
            if chunk + 1 < v:
                param_issue(stage_layers(sc, s, chunk + 1))

    def param_unit(order: list[int], j: int, mb: int) -> None:
        """Before layer `order[j]`'s forward of micro-batch `mb` (one model chunk)."""
        if not param_gathers or v > 1 or mb > 0:
            return
        add(Step(param_wait, order[j], mb))
        if j + 1 < len(order):
            param_issue(order[j + 1 : j + 2])

    def unit(ph: Phase, order: list[int], j: int, mb: int) -> None:
        """FSDP2's per-layer gathers: wait for this layer's weights, then issue the next layer's."""
        if not fsdp or keep and (ph == "backward" or mb > 0):
            return
        if j == 0:
            out.extend(Step(op, order[0], mb) for op in gathers[is_moe(order[0]), ph])
        add(Step(gathered_wait[ph], order[j], mb))
        copies = copy_out.get(is_moe(order[j]))
        if copies:
            add(Step(copies[ph == "backward"], order[j], mb))
        if j + 1 < len(order):
            out.extend(Step(op, order[j + 1], mb) for op in gathers[is_moe(order[j + 1]), ph])

    accumulate = {c: _grad_accumulation(ctx, c, is_first(c), is_last(c)) for c in range(v)}
    moe = ctx.moe
    is_moe = moe.is_moe if moe is not None else (lambda _ly: False)
    kind_params = {  # per layer kind (dense, MoE): one layer's (data-parallel, expert) parameters
        k: layers_params(scheme, one_of_kind(moe, rank_layers(sc, s), k), moe)
        for k in ({False, True} if moe is not None else {False})
    }
    gb = zero.reduce_bytes(sc, scheme.grad_bytes_per_param())  # the gradient buckets' bytes a parameter
    grad_bytes = {k: tuple(x * gb for x in ps) for k, ps in kind_params.items()}
    # Transformer Engine's FP8 weight cache: each layer's weights cast (or transposed) in the step's first
    # micro-batch, before its forward, and reused by every later GEMM
    f = scheme.f  # type: ignore[attr-defined]
    weight_cast = {
        k: ctx.elementwise("fp8.weights.cast", "forward", f.weight_cast_bytes(sum(ps))) for k, ps in kind_params.items()
    } if f.weight_cache else {}  # fmt: skip
    bucket = sc.training.grad_bucket_MB * 1e6
    overlap = _grad_overlap(ctx)
    expert_overlap = overlap_experts(ctx)
    buckets = _Buckets()
    out: list[Step] = [Step(op, -1, 0) for op in root_ops]
    add = out.append
    if param_gathers:  # when the step starts: the first chunk's weights (one chunk: its first layer's)
        first = list(stage_layers(sc, s, 0))
        param_issue(first if v > 1 else first[:1])
    spans: list[tuple[int, int]] = []  # each action's steps in `out`
    for i, a in enumerate(actions):
        spans.append((len(out), 0))
        layers = stage_layers(sc, s, a.chunk)
        mb = a.microbatch
        if a.kind == "F":
            out.extend(_steps(step_host, -1, mb))
            if not is_first(a.chunk):
                src = prev_rank if s > 0 else layout.shift(rank, "pp", p - 1 - s)
                p2p("recv", "act", a.chunk, src, rank, mb)
            else:
                out.extend(_steps(edges.embed_forward, -1, mb))
            param_chunk(a.chunk, mb)
            for j, ly in enumerate(layers):
                unit("forward", list(layers), j, mb)
                param_unit(list(layers), j, mb)
                if weight_cast and mb == 0:
                    add(Step(weight_cast[is_moe(ly)], ly, mb))
                out.extend(_steps(ctx.layer_ops(ly).forward, ly, mb))
            if is_last(a.chunk):
                out.extend(_steps(edges.head_forward, -1, mb))
                out.extend(_steps(loss_reduce, -1, mb))
            out.extend(_steps(end_fwd, -1, mb))
            if not is_last(a.chunk):
                dst = next_rank if s < p - 1 else layout.shift(rank, "pp", -s)
                p2p("send", "act", a.chunk + (1 if s == p - 1 else 0), rank, dst, mb)
        else:
            out.extend(_steps(step_host_bwd, -1, mb))
            if is_last(a.chunk):
                out.extend(_steps(edges.head_backward, -1, mb))
            else:
                src = next_rank if s < p - 1 else layout.shift(rank, "pp", -s)
                p2p("recv", "grad", a.chunk + (1 if s == p - 1 else 0), src, rank, mb)
            final = not fsdp and last_b.get(a.chunk) == i
            for j, ly in enumerate(reversed(layers)):
                unit("backward", list(reversed(layers)), j, mb)
                layer = ctx.layer_ops(ly)
                out.extend(_steps(layer.redo(recompute), ly, mb))
                out.extend(_steps(layer.backward, ly, mb))
                if fsdp and (not keep or mb == last_mb):
                    out.extend(Step(op, ly, mb) for op in reduces[is_moe(ly)])
                if not final:
                    continue
                for expert, on in ((False, overlap), (True, expert_overlap)):
                    nbytes = grad_bytes[is_moe(ly)][expert]
                    if not on or not nbytes:
                        continue
                    buckets.pending[expert] += nbytes
                    if buckets.pending[expert] >= bucket:
                        k = buckets.launched[expert]
                        ops = _dp_allreduce(ctx, buckets.pending[expert], False, k, expert=expert)
                        out.extend(Step(op, ly, -1) for op in ops)
                        buckets.launched[expert] = k + 1
                        buckets.pending[expert] = 0.0
            if is_first(a.chunk):
                out.extend(_steps(edges.embed_backward, -1, mb))
            out.extend(_steps(accumulate[a.chunk][min(mb, 1)], -1, mb))
            out.extend(_steps(end_bwd, -1, mb))
            if not is_first(a.chunk):
                dst = prev_rank if s > 0 else layout.shift(rank, "pp", p - 1 - s)
                p2p("send", "grad", a.chunk, rank, dst, mb)
        spans[-1] = (spans[-1][0], len(out))
    if sc.training.moe_overlap and ctx.moe is not None and not fsdp:
        # a bucket launched in a backward stays in its place: the chunk's last backward is not paired
        keep = {i for c, i in last_b.items()} if overlap or expert_overlap else set()
        out = _overlap_pairs(out, actions, spans, keep)
    return out, buckets


def _overlap_pairs(
    out: list[Step], actions: list[Action], spans: list[tuple[int, int]], keep: set[int]
) -> list[Step]:
    """Megatron-Core's expert-parallel overlap in 1F1B (--overlap-moe-expert-parallel-comm): a forward and the
    backward the schedule runs right after it, of another micro-batch (the steady state), are merged layer by
    layer so that one's all-to-alls run under the other's compute (`_ping_pong`). Other actions (warm-up,
    cool-down, the last stage's backward right after its own forward) keep their steps."""
    merged: list[Step] = []
    nb: dict[int, OpSpec] = {}
    i = 0
    while i < len(actions):
        a, (lo, hi) = actions[i], spans[i]
        if i + 1 < len(actions):
            b = actions[i + 1]
            distinct = (a.microbatch, a.chunk) != (b.microbatch, b.chunk)
            if (a.kind, b.kind) == ("F", "B") and distinct and not keep & {i, i + 1}:
                blo, bhi = spans[i + 1]
                merged.extend(_merge_actions(out[lo:hi], out[blo:bhi], nb))
                i += 2
                continue
        merged.extend(out[lo:hi])
        i += 1
    return merged


def _split(steps: list[Step]) -> tuple[list[Step], list[list[Step]], list[Step]]:
    """(steps before the first layer step, each layer's steps in order, the steps after the last one)."""
    first = next((k for k, st in enumerate(steps) if st.layer >= 0), len(steps))
    last = next((k for k in range(len(steps) - 1, -1, -1) if steps[k].layer >= 0), first - 1) + 1
    runs: list[list[Step]] = []
    for st in steps[first:last]:
        if runs and runs[-1][-1].layer == st.layer:
            runs[-1].append(st)
        else:
            runs.append([st])
    return steps[:first], runs, steps[last:]


def _merge_actions(first: list[Step], second: list[Step], nb: dict[int, OpSpec]) -> list[Step]:
    """Two actions' steps merged layer by layer (`_ping_pong`); each keeps its receive before its first layer
    and its send right after its last, so the neighbouring stages wait no longer than they must."""
    sides = []
    for steps in (first, second):
        pre, layers, post = _split(steps)
        if not layers:
            layers = [[]]
        layers[0] = [*pre, *layers[0]]
        layers[-1] = [*layers[-1], *post]
        sides.append(layers)
    out: list[Step] = []
    for k in range(max(len(sides[0]), len(sides[1]))):
        fl = sides[0][k] if k < len(sides[0]) else []
        bl = sides[1][k] if k < len(sides[1]) else []
        out.extend(_ping_pong(fl, bl, nb))
    return out


def _ping_pong(f: list[Step], b: list[Step], nb: dict[int, OpSpec]) -> list[Step]:
    """Two layers' steps (a forward's and a backward's) on one rank, each cut at its all-to-alls: run a piece of
    one, issue its all-to-all without blocking, run the other's next piece under it, wait, and so on. The
    backward goes first, as Megatron-Core's TransformerLayerSchedulePlan.run orders a pair: its combine runs
    under the forward's attention, the forward's dispatch under its expert GEMMs, its dispatch under the
    forward's expert GEMMs, and the forward's combine under its attention."""

    def pieces(steps: list[Step]) -> list[tuple[list[Step], list[Step]]]:
        if not steps:
            return []
        out: list[tuple[list[Step], list[Step]]] = [([], [])]
        for st in steps:
            if st.op.kind == "alltoall" and st.op.blocking:
                out[-1][1].append(st)
            elif out[-1][1]:
                out.append(([st], []))
            else:
                out[-1][0].append(st)
        return out

    def issue(st: Step) -> Step:
        op = nb.get(id(st.op))
        if op is None:
            op = nb[id(st.op)] = replace(st.op, blocking=False)
        return Step(op, st.layer, st.microbatch)

    sides = [pieces(f), pieces(b)]
    out: list[Step] = []
    turn, pending = 1, None  # the side whose all-to-all is in flight; the backward's first
    while sides[0] or sides[1]:
        if not sides[turn]:
            turn = 1 - turn
        comp, a2a = sides[turn].pop(0)
        phase = (comp or a2a)[0].op.phase
        if pending == turn:  # the other side is done: this piece needs its own exchange first
            out.append(Step(wait_for("ep", phase), -1, -1))
            pending = None
        out.extend(comp)
        if pending is not None:  # the other side's exchange ran under this piece
            out.append(Step(wait_for("ep", phase), -1, -1))
            pending = None
        if a2a:
            out.extend(issue(st) for st in a2a)
            pending = turn
        turn = 1 - turn
    if pending is not None:
        out.append(Step(wait_for("ep", out[-1].op.phase), -1, -1))
    return out


def overlap_experts(ctx: _RankCtx) -> bool:
    """Whether expert gradients are bucketed during the backward (as the data-parallel ones)."""
    return ctx.sc.training.mode == "train" and ctx.sc.training.grad_overlap and len(ctx.expert_data_group()) > 1


def _grad_accumulation(
    ctx: _RankCtx, chunk: int, first: bool, last: bool
) -> tuple[list[OpSpec], list[OpSpec]]:
    """Gradient accumulation over micro-batches where the framework does it as a pass of its own
    (`host.grad_accumulation_bytes_per_param`): (first micro-batch, later ones). The first micro-batch's
    gradients become the accumulated ones; each later one is added to them, over the chunk's parameters.
    A word embedding tied to the LM head on the same rank gets two gradients per micro-batch, so one add
    every time."""
    per_param = ctx.host.grad_accumulation_bytes_per_param
    if per_param <= 0 or ctx.sc.training.mode != "train":
        return [], []
    scheme = ctx.scheme
    params = sum(layers_params(scheme, stage_layers(ctx.sc, ctx.stage, chunk), ctx.moe))
    params += edge_params(scheme, first, last)
    tied = scheme.embedding_params() if first and last and ctx.sc.model.tie_embeddings else 0.0

    def op(n: float) -> list[OpSpec]:
        nbytes = n * per_param
        duration = ctx.cost.elementwise(nbytes)
        return (
            [OpSpec("elementwise", "grad.accumulate", "backward", duration_s=duration, bytes=nbytes)]
            if n
            else []
        )

    return op(tied), op(params + tied)


def _grad_sync_steps(ctx: _RankCtx, params: float, buckets: _Buckets) -> list[Step]:
    """Tied-embedding gradient sum, the scheme's own gradient syncs, and the data-parallel all-reduce
    (the rest of the overlapped buckets, or every bucket after the backward) and the experts' over their
    expert-data-parallel group, then a device sync where the
    framework times them (`step_sync`)."""
    sc, layout, scheme, rank, s = ctx.sc, ctx.layout, ctx.scheme, ctx.rank, ctx.stage
    p = sc.parallelism.pipeline
    out: list[Step] = []
    add = out.append
    # Tied input/output embeddings live on the first and last stage: their gradients are summed.
    if p > 1 and sc.model.vocab and sc.model.tie_embeddings and s in (0, p - 1):
        pair = (layout.shift(rank, "pp", -s), layout.shift(rank, "pp", p - 1 - s))
        nbytes = scheme.embedding_params() * zero.reduce_bytes(sc, scheme.grad_bytes_per_param())
        add(
            Step(
                OpSpec(
                    "allreduce",
                    "embed.grad.allreduce",
                    "optimizer",
                    bytes=nbytes,
                    group=pair,
                    family="pp-edge",
                ),
                -1,
                -1,
            )
        )
    for op in scheme.grad_sync_ops(rank, len(rank_layers(sc, s))):
        add(Step(op, -1, -1))
    g = scheme.grad_bytes_per_param()
    in_layers, expert = _layer_params(ctx)
    fsdp = zero.gathers_per_layer(sc)
    reduce = zero.reduce_bytes(sc, g)  # the bytes a gradient moves (fp32 with grad_reduce_fp32)
    bucket = sc.training.grad_bucket_MB * 1e6
    if layout.dp * layout.cp > 1 and fsdp:
        add(Step(wait_for("fsdp-rs", "optimizer"), -1, -1))
        non_layer = params - in_layers - expert  # the root unit's gradients, in the layers' reduce dtype
        if non_layer > 0 and sc.parallelism.fsdp_copies:
            add(Step(ctx.elementwise("fsdp.root.grads.copy_in", "optimizer", (g + reduce) * non_layer), -1, -1))
        if non_layer > 0:
            out.extend(Step(op, -1, -1) for op in _dp_allreduce(ctx, non_layer * reduce, True, 0))
    elif layout.dp * layout.cp > 1 and _grad_overlap(ctx):
        if buckets.pending[False] > 0:
            ops = _dp_allreduce(ctx, buckets.pending[False], False, buckets.launched[False])
            out.extend(Step(op, -1, -1) for op in ops)
        if buckets.pending[True] > 0:
            ops = _dp_allreduce(ctx, buckets.pending[True], False, buckets.launched[True], expert=True)
            out.extend(Step(op, -1, -1) for op in ops)
        add(Step(WAIT_COMM, -1, -1))
        non_layer = params - in_layers - expert
        if non_layer > 0:
            ops = _dp_allreduce(ctx, non_layer * reduce, True, buckets.launched[False] + 1)
            out.extend(Step(op, -1, -1) for op in ops)
    elif layout.dp * layout.cp > 1:
        total = (params - expert) * reduce
        n = max(1, math.ceil(total / bucket))
        for k in range(n):
            out.extend(Step(op, -1, -1) for op in _dp_allreduce(ctx, total / n, True, k))
    if expert > 0 and not fsdp and not (layout.dp * layout.cp > 1 and _grad_overlap(ctx)):
        if overlap_experts(ctx):  # data-parallel size 1: only the expert buckets overlapped
            if buckets.pending[True] > 0:
                ops = _dp_allreduce(ctx, buckets.pending[True], False, buckets.launched[True], expert=True)
                out.extend(Step(op, -1, -1) for op in ops)
            add(Step(WAIT_COMM, -1, -1))
        else:
            total = expert * reduce
            n = max(1, math.ceil(total / bucket))
            for k in range(n):
                out.extend(Step(op, -1, -1) for op in _dp_allreduce(ctx, total / n, True, k, expert=True))
    if out and step_sync(sc, ctx.host):
        # The framework's timers bracket the gradient all-reduces with device syncs, as they do each step
        # (Megatron's `backward-params-all-reduce` and `backward-embedding-all-reduce`): the host's
        # optimizer work starts once they are done instead of running under them.
        add(Step(ctx.sync("sync.grad_sync", "optimizer"), -1, -1))
    return out


def optimizer_pass_seconds(cost: CostModel, form: str, name: str, nbytes: float) -> float:
    """Seconds of the optimizer pass `name` over `nbytes`. PyTorch's steps (`foreach`, `fused`) launch
    multi-tensor kernels (torch._foreach_*) for clip_grad_norm_, GradScaler's unscale and foreach AdamW's
    eight passes, which reach `gpu.multi_tensor_efficiency` of the bandwidth (`CostModel.multi_tensor`);
    the fused AdamW kernel, Megatron's passes and a measured one-sweep step (the profile's
    `host.optimizer_bytes_per_param`, already stated at the element-wise rate) run at the element-wise rate."""
    measured = cost.hw.host.optimizer_bytes_per_param is not None
    if not measured and form in ("foreach", "fused") and name != FUSED_ADAMW:
        return cost.multi_tensor(nbytes)
    return cost.elementwise(nbytes)


def norm_read_on_host(optimizer: str) -> bool:
    """Whether the step reads the gradient norm on the host (Megatron's clip does; PyTorch's clip_grad_norm_
    keeps its coefficient on the GPU)."""
    return optimizer == "megatron"


def optimizer_passes(
    precision: str,
    grad_bytes: int,
    bytes_per_param: float | None = None,
    form: str = "megatron",
    main_grads_fp32: bool = False,
) -> list[tuple[str, float]]:
    """The optimizer step as memory-bound passes, (name, bytes moved per parameter), in order.

    `bytes_per_param` (the profile's `host.optimizer_bytes_per_param`, a measured framework) makes it one
    sweep of that many bytes. Unset, `form` (`training.optimizer`) says which. Megatron's: in 16-bit training
    (Float16OptimizerWithFloat16Params) copy the model's gradients into fp32 main gradients, unscale them and
    look for inf/nan (fp16's loss scaler only), their norm, Adam on the fp32 main weights, copy the main
    weights back into the model's, zero the model's gradients; with `main_grads_fp32` (bf16 with Megatron's
    fp32 gradient buffer) the optimizer takes that buffer as its main gradients, so no copy, and zeroes it in
    fp32; fp32 training: norm, Adam, zero. PyTorch's
    (`foreach`, `fused`; fp32 parameters, gradients and state, as FSDP2 and autocast keep them; gradients
    set to None, not zeroed): clip_grad_norm_'s norm and scale, then AdamW's eight multi-tensor passes, or its
    fused kernel (reads p, g, m, v, writes p, m, v: 28). Each pass is one multi-tensor kernel sweep over the
    rank's parameters."""
    if bytes_per_param is not None:
        return [("optimizer.step", float(bytes_per_param))]
    if form in ("foreach", "fused"):
        # fp16: GradScaler.unscale_ first (reads and writes the fp32 gradients, checks them for inf/nan)
        unscale = [("optimizer.unscale", 2.0 * FP32_BYTES)] if precision == "fp16" else []
        adamw = TORCH_FOREACH_ADAMW if form == "foreach" else ((FUSED_ADAMW, float(ADAM_BYTES_PER_PARAM)),)
        return [*unscale, *TORCH_CLIP_PASSES, *adamw]
    mixed = grad_bytes < FP32_BYTES
    passes: list[tuple[str, float]] = []
    if mixed and not main_grads_fp32:
        passes.append(("optimizer.grads_to_fp32", float(grad_bytes + FP32_BYTES)))
    if precision == "fp16":
        passes.append(("optimizer.unscale", 2.0 * FP32_BYTES))
    passes += [("optimizer.grad_norm", float(FP32_BYTES)), ("optimizer.adam", float(ADAM_BYTES_PER_PARAM))]
    if mixed:
        passes.append(("optimizer.params_to_model", float(FP32_BYTES + grad_bytes)))
    passes.append(("optimizer.zero_grad", float(FP32_BYTES if main_grads_fp32 else grad_bytes)))
    return passes


def _optimizer_steps(ctx: _RankCtx, params: float) -> list[Step]:
    """The optimizer step: host bookkeeping per parameter tensor, then `optimizer_passes`, with the fp16 loss
    scaler's inf/nan check and the gradient norm each all-reduced (4 bytes) over the model-parallel group and
    read on the host, but for the norm of PyTorch's clip_grad_norm_, which keeps its coefficient on the GPU."""
    sc, scheme, cost = ctx.sc, ctx.scheme, ctx.cost
    tensors = _param_tensors(ctx)
    mp_group = ctx.model_parallel_group()
    ops: list[OpSpec] = ctx.host_op(
        "host.optimizer",
        "optimizer",
        ctx.host.param_tensor_overhead_us * tensors + ctx.host.iteration_overhead_us,
    )

    def mp_check(name: str) -> list[OpSpec]:
        read = name != "grad_norm" or norm_read_on_host(sc.training.optimizer)  # fp16's inf check always is
        sync = [ctx.sync(f"sync.{name}", "optimizer")] if read else []
        if len(mp_group) == 1:
            return sync
        reduce = OpSpec("allreduce", f"{name}.allreduce", "optimizer", bytes=4.0, group=mp_group, family="mp")
        return [reduce, *sync]

    passes = optimizer_passes(
        sc.training.precision,
        scheme.grad_bytes_per_param(),
        ctx.host.optimizer_bytes_per_param,
        sc.training.optimizer,
        zero.main_grads_fp32(sc),
    )
    if (
        ctx.host.optimizer_bytes_per_param is not None
    ):  # one sweep: the loss scaler's and the norm's checks first
        if sc.training.precision == "fp16":
            ops.extend(mp_check("found_inf"))
        ops.extend(mp_check("grad_norm"))
    for name, per_param in passes:
        nbytes = params * per_param
        seconds = optimizer_pass_seconds(cost, sc.training.optimizer, name, nbytes)
        ops.append(OpSpec("optimizer", name, "optimizer", duration_s=seconds, bytes=nbytes))
        if name == "optimizer.unscale":
            ops.extend(mp_check("found_inf"))
        elif name == "optimizer.grad_norm":
            ops.extend(mp_check("grad_norm"))
    return [Step(op, -1, -1) for op in ops]


def _param_tensors(ctx: _RankCtx) -> int:
    """Parameter tensors this rank's optimizer walks: each transformer layer's weights and biases, the
    word and position embeddings on the first stage, the final layer norm on the last."""
    sc = ctx.sc
    p = sc.parallelism.pipeline
    n = len(rank_layers(sc, ctx.stage)) * LAYER_PARAM_TENSORS
    if sc.model.vocab and ctx.stage == 0:
        n += 2
    if ctx.stage == p - 1:
        n += 2 + (1 if sc.model.vocab and p > 1 else 0)
    return n
