"""Assemble each simulated rank's program: pipeline schedule x layer ops + embedding/head + gradient sync +
optimizer step. Pure: knows nothing of SimPy.

Folding: ranks whose programs are provably identical up to a relabelling of ranks (every tensor- and
data-parallel peer of a Megatron stage) are represented by one rank. `translations` are the relabellings;
the engine runs each representative's collectives on every translated group at once, so links that the
folded ranks share are still contended.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import repeat

import numpy as np

from simcluster.config.schema import Scenario
from simcluster.hardware.profile import HostSpec
from simcluster.model.costs import CostModel
from simcluster.model.ops import WAIT_COMM, OpSpec, Phase, Step, wait_for
from simcluster.parallel import zero
from simcluster.parallel.base import Dims, OpFactory
from simcluster.parallel.groups import RankLayout
from simcluster.parallel.registry import Scheme, make_scheme
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
    translations: list[tuple[int, ...]]
    rep_of: list[int]
    schedules: dict[int, list[Action]]
    params_per_rank: dict[int, float] = field(default_factory=dict)

    def represented(self, rep: int) -> list[int]:
        return [r for r, x in enumerate(self.rep_of) if x == rep]


def _steps(ops: list[OpSpec], layer: int, mb: int) -> Iterator[Step]:
    """Steps running `ops` in order for one layer and micro-batch (built without per-step Python calls)."""
    return map(_new_step, zip(ops, repeat(layer), repeat(mb)))


_new_step = partial(tuple.__new__, Step)


def _translations(layout: RankLayout, axes: tuple[str, ...]) -> list[tuple[int, ...]]:
    ranges = [range(layout.size(a)) for a in axes]
    ranks = np.arange(layout.world_size)
    out = []
    for shifts in itertools.product(*ranges):
        x = ranks
        for a, k in zip(axes, shifts):  # layout.shift, on every rank at once
            stride, size = layout.strides[a], layout.size(a)
            c = (x // stride) % size
            x = x + ((c + k) % size - c) * stride
        out.append(tuple(x.tolist()))
    return out


def build_program(sc: Scenario, cost: CostModel, fold: bool) -> Program:
    par = sc.parallelism
    layout = RankLayout(tp=par.tensor, dp=par.data, pp=par.pipeline, order=par.order, cp=par.context)
    dims = Dims.of(sc)
    scheme = make_scheme(sc, dims, OpFactory(cost, fp8=sc.training.fp8), layout)
    # hybrid sharding's groups are chunks of the data axis, which its cyclic shifts do not map onto each other
    hybrid = 1 < zero.shard_size(sc) < layout.dp * layout.cp
    axes = tuple(a for a in scheme.fold_axes if layout.size(a) > 1 and not (hybrid and a in ("dp", "cp"))) if fold else ()
    origin = {a: 0 for a in axes}
    reps = [r for r in range(layout.world_size) if all(layout.coord(r, a) == v for a, v in origin.items())]
    rep_of = []
    for r in range(layout.world_size):
        x = r
        for a in axes:
            x = layout.shift(x, a, -layout.coord(r, a))
        rep_of.append(x)
    translations = _translations(layout, axes) if axes else [tuple(range(layout.world_size))]
    train = sc.training.mode == "train"
    m, p, v = sc.microbatches, par.pipeline, par.virtual_stages
    schedules = {s: stage_schedule(par.schedule, p, s, m, v, train) for s in range(p)}
    steps: dict[int, list[Step]] = {}
    params: dict[int, float] = {}
    for rank in reps:
        st, prm = _rank_steps(sc, layout, scheme, rank, schedules[layout.coord(rank, "pp")], cost)
        steps[rank] = st
        params[rank] = prm
    return Program(sc, layout, scheme, reps, steps, translations, rep_of, schedules, params)


def stage_layers(sc: Scenario, stage: int, chunk: int) -> range:
    p, v = sc.parallelism.pipeline, sc.parallelism.virtual_stages
    per = sc.model.layers // (p * v)
    start = (chunk * p + stage) * per
    return range(start, start + per)


def rank_params(sc: Scenario, scheme: Scheme, stage: int) -> float:
    p = sc.parallelism.pipeline
    n_layers = sc.model.layers // p
    return n_layers * scheme.layer_params() + edge_params(scheme, stage == 0, stage == p - 1)


def edge_params(scheme: Scheme, first: bool, last: bool) -> float:
    """Parameters beside the layers where a rank holds the model's first part (the word and position
    embeddings) or its last (the final norm, and the LM head's copy of the word embedding where the
    first part is on another rank)."""
    emb = scheme.embedding_params()
    copy = 0.0 if first or not scheme.d.tied else emb  # type: ignore[attr-defined]
    return (emb if first else 0.0) + (scheme.head_params() + copy if last else 0.0)


@dataclass
class _RankCtx:
    """What every part of one rank's program needs."""

    sc: Scenario
    layout: RankLayout
    scheme: Scheme
    rank: int
    cost: CostModel
    host: HostSpec

    @property
    def stage(self) -> int:
        return self.layout.coord(self.rank, "pp")

    def host_op(self, name: str, phase: Phase, us: float) -> list[OpSpec]:
        """Work on the host thread only (none when it costs nothing)."""
        return [OpSpec("host", name, phase, duration_s=us * 1e-6)] if us > 0 else []

    def sync(self, name: str, phase: Phase) -> OpSpec:
        return OpSpec("sync", name, phase, duration_s=self.host.sync_us * 1e-6)

    def model_parallel_group(self) -> tuple[int, ...]:
        """Every rank of this rank's model replica (same data-parallel index), in rank order."""
        d = self.layout.coord(self.rank, "dp")
        return tuple(r for r in range(self.layout.world_size) if self.layout.coord(r, "dp") == d)


def _rank_steps(
    sc: Scenario, layout: RankLayout, scheme: Scheme, rank: int, actions: list[Action], cost: CostModel
) -> tuple[list[Step], float]:
    ctx = _RankCtx(sc, layout, scheme, rank, cost, cost.hw.host)
    out, pending, n_bucket = _pipeline_steps(ctx, actions)
    params = rank_params(sc, scheme, ctx.stage)
    if sc.training.mode == "train":
        out.extend(_grad_sync_steps(ctx, params, pending, n_bucket))
        n = zero.shard_size(sc)
        out.extend(_optimizer_steps(ctx, params / n))
        if n > 1:  # the updated weight shards back to every rank (ZeRO-3: those outside the layers)
            full = sc.parallelism.zero == "full"
            gathered = params - _layer_params(ctx) if full else params
            if gathered > 0:
                shard, _ = zero.shard_groups(layout, rank, n)
                nbytes = gathered * scheme.grad_bytes_per_param()
                op = OpSpec(
                    "allgather", "params.allgather", "optimizer", bytes=nbytes, group=shard, family="dp"
                )
                out.append(Step(op, -1, -1))
    out.append(Step(ctx.sync("sync.iteration_end", "optimizer"), -1, -1))  # the loss is read on the host
    return out, params


def _dp_allreduce(ctx: _RankCtx, nbytes: float, blocking: bool, idx: int, family: str = "dp") -> list[OpSpec]:
    """One gradient bucket's data-parallel sync: an all-reduce, or with sharding a reduce-scatter inside
    the shard group and (hybrid sharding) an all-reduce of the shard across the groups."""
    phase: Phase = "optimizer" if blocking else "backward"
    n = zero.shard_size(ctx.sc)
    if n == 1:
        group = ctx.layout.data_group(ctx.rank)
        return [
            OpSpec(
                "allreduce",
                f"grad.bucket{idx}.allreduce",
                phase,
                bytes=nbytes,
                group=group,
                family=family,
                blocking=blocking,
            )
        ]
    shard, replicas = zero.shard_groups(ctx.layout, ctx.rank, n)
    out = [
        OpSpec(
            "reducescatter",
            f"grad.bucket{idx}.reducescatter",
            phase,
            bytes=nbytes,
            group=shard,
            family=family,
            blocking=blocking,
        )
    ]
    if len(replicas) > 1:
        out.append(
            OpSpec(
                "allreduce",
                f"grad.bucket{idx}.allreduce",
                phase,
                bytes=nbytes / n,
                group=replicas,
                family=family,
                blocking=blocking,
            )
        )
    return out


def _layer_params(ctx: _RankCtx) -> float:
    """Parameters of the transformer layers this rank holds (all its model chunks)."""
    v = ctx.sc.parallelism.virtual_stages
    return len(stage_layers(ctx.sc, ctx.stage, 0)) * v * ctx.scheme.layer_params()


def _grad_overlap(ctx: _RankCtx) -> bool:
    return ctx.sc.training.mode == "train" and ctx.sc.training.grad_overlap and ctx.layout.dp * ctx.layout.cp > 1


def step_sync(sc: Scenario, host: HostSpec) -> bool:
    """Whether every forward and backward step ends with a device sync: the scenario says, else the
    profile's host (the framework it describes)."""
    return host.step_sync if sc.training.step_sync is None else sc.training.step_sync


def _pipeline_steps(ctx: _RankCtx, actions: list[Action]) -> tuple[list[Step], float, int]:
    """The pipeline schedule's actions as steps: receives, layer ops (recomputed as asked), embedding and
    head, sends, each followed by the host synchronization Megatron's batched p2p performs, and, with
    gradient overlap, the data-parallel buckets launched as the last micro-batch's backward fills them.
    Returns the steps, the gradient bytes not yet in a bucket and the number of buckets launched."""
    sc, layout, scheme, rank = ctx.sc, ctx.layout, ctx.scheme, ctx.rank
    par = sc.parallelism
    p, v = par.pipeline, par.virtual_stages
    s = ctx.stage
    layer = scheme.layer(rank)
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
    fsdp = sc.parallelism.zero == "full" and zero.shard_size(sc) > 1
    if fsdp:
        shard, _ = zero.shard_groups(layout, rank, zero.shard_size(sc))
        layer_bytes = scheme.layer_params() * scheme.grad_bytes_per_param()
        phases: tuple[Phase, Phase] = ("forward", "backward")
        gather = {
            ph: OpSpec(
                "allgather",
                "fsdp.params.allgather",
                ph,
                bytes=layer_bytes,
                group=shard,
                family="fsdp-ag",
                blocking=False,
            )
            for ph in phases
        }
        gathered_wait = {ph: wait_for("fsdp-ag", ph) for ph in phases}
        reduce_bytes = scheme.layer_params() * (
            4 if sc.training.grad_reduce_fp32 else scheme.grad_bytes_per_param()
        )
        reduce = _dp_allreduce(ctx, reduce_bytes, False, 0, family="fsdp-rs")
        reduce = [replace(op, name=op.name.replace("grad.bucket0", "fsdp.grads")) for op in reduce]

    def unit(ph: Phase, order: list[int], j: int, mb: int) -> None:
        """FSDP2's per-layer gathers: wait for this layer's weights, then issue the next layer's."""
        if not fsdp:
            return
        if j == 0:
            add(Step(gather[ph], order[0], mb))
        add(Step(gathered_wait[ph], order[j], mb))
        if j + 1 < len(order):
            add(Step(gather[ph], order[j + 1], mb))

    accumulate = {c: _grad_accumulation(ctx, c, is_first(c), is_last(c)) for c in range(v)}
    grad_bytes_per_layer = scheme.layer_params() * scheme.grad_bytes_per_param()
    bucket = sc.training.grad_bucket_MB * 1e6
    overlap = _grad_overlap(ctx)
    pending = 0.0
    n_bucket = 0
    out: list[Step] = []
    add = out.append
    for i, a in enumerate(actions):
        layers = stage_layers(sc, s, a.chunk)
        mb = a.microbatch
        if a.kind == "F":
            out.extend(_steps(step_host, -1, mb))
            if not is_first(a.chunk):
                src = prev_rank if s > 0 else layout.shift(rank, "pp", p - 1 - s)
                p2p("recv", "act", a.chunk, src, rank, mb)
            else:
                out.extend(_steps(edges.embed_forward, -1, mb))
            for j, ly in enumerate(layers):
                unit("forward", list(layers), j, mb)
                out.extend(_steps(layer.forward, ly, mb))
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
            final = overlap and not fsdp and last_b.get(a.chunk) == i
            for j, ly in enumerate(reversed(layers)):
                unit("backward", list(reversed(layers)), j, mb)
                out.extend(_steps(layer.redo(recompute), ly, mb))
                out.extend(_steps(layer.backward, ly, mb))
                if fsdp:
                    out.extend(Step(op, ly, mb) for op in reduce)
                if final:
                    pending += grad_bytes_per_layer
                    if pending >= bucket:
                        out.extend(Step(op, ly, -1) for op in _dp_allreduce(ctx, pending, False, n_bucket))
                        n_bucket += 1
                        pending = 0.0
            if is_first(a.chunk):
                out.extend(_steps(edges.embed_backward, -1, mb))
            out.extend(_steps(accumulate[a.chunk][min(mb, 1)], -1, mb))
            out.extend(_steps(end_bwd, -1, mb))
            if not is_first(a.chunk):
                dst = prev_rank if s > 0 else layout.shift(rank, "pp", p - 1 - s)
                p2p("send", "grad", a.chunk, rank, dst, mb)
    return out, pending, n_bucket


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
    params = len(stage_layers(ctx.sc, ctx.stage, chunk)) * scheme.layer_params()
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


def _grad_sync_steps(ctx: _RankCtx, params: float, pending: float, n_bucket: int) -> list[Step]:
    """Tied-embedding gradient sum, the scheme's own gradient syncs, and the data-parallel all-reduce
    (the rest of the overlapped buckets, or every bucket after the backward), then a device sync where the
    framework times them (`step_sync`)."""
    sc, layout, scheme, rank, s = ctx.sc, ctx.layout, ctx.scheme, ctx.rank, ctx.stage
    p, v = sc.parallelism.pipeline, sc.parallelism.virtual_stages
    out: list[Step] = []
    add = out.append
    # Tied input/output embeddings live on the first and last stage: their gradients are summed.
    if p > 1 and sc.model.vocab and sc.model.tie_embeddings and s in (0, p - 1):
        pair = (layout.shift(rank, "pp", -s), layout.shift(rank, "pp", p - 1 - s))
        nbytes = scheme.embedding_params() * scheme.grad_bytes_per_param()
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
    for op in scheme.grad_sync_ops(rank, len(stage_layers(sc, s, 0)) * v):
        add(Step(op, -1, -1))
    if layout.dp * layout.cp > 1 and sc.parallelism.zero == "full" and zero.shard_size(sc) > 1:
        add(Step(wait_for("fsdp-rs", "optimizer"), -1, -1))
        non_layer = params - _layer_params(ctx)
        if non_layer > 0:
            nbytes = non_layer * scheme.grad_bytes_per_param()
            out.extend(Step(op, -1, -1) for op in _dp_allreduce(ctx, nbytes, True, 0))
    elif layout.dp * layout.cp > 1:
        bucket = sc.training.grad_bucket_MB * 1e6
        if _grad_overlap(ctx):
            if pending > 0:
                out.extend(Step(op, -1, -1) for op in _dp_allreduce(ctx, pending, False, n_bucket))
            add(Step(WAIT_COMM, -1, -1))
            non_layer = params - _layer_params(ctx)
            if non_layer > 0:
                nbytes = non_layer * scheme.grad_bytes_per_param()
                out.extend(Step(op, -1, -1) for op in _dp_allreduce(ctx, nbytes, True, n_bucket + 1))
        else:
            total = params * scheme.grad_bytes_per_param()
            n = max(1, math.ceil(total / bucket))
            for k in range(n):
                out.extend(Step(op, -1, -1) for op in _dp_allreduce(ctx, total / n, True, k))
    if out and step_sync(sc, ctx.host):
        # The framework's timers bracket the gradient all-reduces with device syncs, as they do each step
        # (Megatron's `backward-params-all-reduce` and `backward-embedding-all-reduce`): the host's
        # optimizer work starts once they are done instead of running under them.
        add(Step(ctx.sync("sync.grad_sync", "optimizer"), -1, -1))
    return out


def optimizer_passes(
    precision: str, grad_bytes: int, bytes_per_param: float | None = None
) -> list[tuple[str, float]]:
    """The optimizer step as memory-bound passes, (name, bytes moved per parameter), in order.

    `bytes_per_param` (the profile's `host.optimizer_bytes_per_param`, a measured framework) makes it one
    sweep of that many bytes. Unset, Megatron's: in 16-bit training (Float16OptimizerWithFloat16Params)
    copy the model's gradients into fp32 main gradients, unscale them and look for inf/nan (fp16's loss
    scaler only), their norm, Adam on the fp32 main weights, copy the main weights back into the model's,
    zero the model's gradients; fp32 training: norm, Adam, zero. Each pass is one multi-tensor kernel sweep
    over the rank's parameters."""
    if bytes_per_param is not None:
        return [("optimizer.step", float(bytes_per_param))]
    mixed = grad_bytes < FP32_BYTES
    passes: list[tuple[str, float]] = []
    if mixed:
        passes.append(("optimizer.grads_to_fp32", float(grad_bytes + FP32_BYTES)))
    if precision == "fp16":
        passes.append(("optimizer.unscale", 2.0 * FP32_BYTES))
    passes += [("optimizer.grad_norm", float(FP32_BYTES)), ("optimizer.adam", float(ADAM_BYTES_PER_PARAM))]
    if mixed:
        passes.append(("optimizer.params_to_model", float(FP32_BYTES + grad_bytes)))
    passes.append(("optimizer.zero_grad", float(grad_bytes)))
    return passes


def _optimizer_steps(ctx: _RankCtx, params: float) -> list[Step]:
    """Megatron's optimizer step: host bookkeeping per parameter tensor, then `optimizer_passes`, with the
    fp16 loss scaler's inf/nan check and the gradient norm each all-reduced (4 bytes) over the
    model-parallel group and read on the host."""
    sc, scheme, cost = ctx.sc, ctx.scheme, ctx.cost
    tensors = _param_tensors(ctx)
    mp_group = ctx.model_parallel_group()
    ops: list[OpSpec] = ctx.host_op(
        "host.optimizer",
        "optimizer",
        ctx.host.param_tensor_overhead_us * tensors + ctx.host.iteration_overhead_us,
    )

    def mp_check(name: str) -> list[OpSpec]:
        if len(mp_group) == 1:
            return [ctx.sync(f"sync.{name}", "optimizer")]
        reduce = OpSpec("allreduce", f"{name}.allreduce", "optimizer", bytes=4.0, group=mp_group, family="mp")
        return [reduce, ctx.sync(f"sync.{name}", "optimizer")]

    passes = optimizer_passes(
        sc.training.precision, scheme.grad_bytes_per_param(), ctx.host.optimizer_bytes_per_param
    )
    if (
        ctx.host.optimizer_bytes_per_param is not None
    ):  # one sweep: the loss scaler's and the norm's checks first
        if sc.training.precision == "fp16":
            ops.extend(mp_check("found_inf"))
        ops.extend(mp_check("grad_norm"))
    for name, per_param in passes:
        nbytes = params * per_param
        ops.append(OpSpec("optimizer", name, "optimizer", duration_s=cost.elementwise(nbytes), bytes=nbytes))
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
    n = sc.model.layers // p * LAYER_PARAM_TENSORS
    if sc.model.vocab and ctx.stage == 0:
        n += 2
    if ctx.stage == p - 1:
        n += 2 + (1 if sc.model.vocab and p > 1 else 0)
    return n
