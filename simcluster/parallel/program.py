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
from dataclasses import dataclass, field
from functools import partial
from itertools import repeat

import numpy as np

from simcluster.config.schema import Scenario
from simcluster.model.costs import CostModel
from simcluster.model.ops import WAIT_COMM, OpSpec, Step
from simcluster.parallel.base import Dims, OpFactory
from simcluster.parallel.groups import RankLayout
from simcluster.parallel.registry import Scheme, make_scheme
from simcluster.schedule.pipeline import Action, stage_schedule

# Adam step memory traffic per parameter. Mixed precision: read the 16-bit gradient (2) and fp32 master,
# momentum, variance (12), write those three (12) and the 16-bit weight (2). fp32: read weight, gradient,
# momentum, variance (16), write weight, momentum, variance (12). 28 bytes either way.
ADAM_BYTES_PER_PARAM = 28


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
    layout = RankLayout(tp=par.tensor, dp=par.data, pp=par.pipeline, order=par.order)
    dims = Dims.of(sc)
    scheme = make_scheme(sc, dims, OpFactory(cost), layout)
    axes = tuple(a for a in scheme.fold_axes if layout.size(a) > 1) if fold else ()
    zero = {a: 0 for a in axes}
    reps = [r for r in range(layout.world_size) if all(layout.coord(r, a) == v for a, v in zero.items())]
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
    params = n_layers * scheme.layer_params()
    emb = scheme.embedding_params()
    if stage == 0:
        params += emb
    if stage == p - 1:
        params += scheme.head_params() + (emb if p > 1 else 0.0)
    return params


def _rank_steps(
    sc: Scenario, layout: RankLayout, scheme: Scheme, rank: int, actions: list[Action], cost: CostModel
) -> tuple[list[Step], float]:
    par = sc.parallelism
    p, v = par.pipeline, par.virtual_stages
    s = layout.coord(rank, "pp")
    train = sc.training.mode == "train"
    layer = scheme.layer(rank)
    edges = scheme.edges(rank)
    recompute = sc.training.recompute
    act_bytes = scheme.p2p_bytes()
    prev_rank = layout.shift(rank, "pp", -1)
    next_rank = layout.shift(rank, "pp", 1)

    def is_first(c: int) -> bool:
        return s == 0 and c == 0

    def is_last(c: int) -> bool:
        return s == p - 1 and c == v - 1

    p2p_ops: dict[tuple, OpSpec] = {}

    def p2p(kind: str, what: str, c: int, src: int, dst: int) -> OpSpec:
        """The send/recv op (one object per distinct op: every micro-batch's steps share it)."""
        key = (kind, what, c, src, dst)
        op = p2p_ops.get(key)
        if op is None:
            op = p2p_ops[key] = OpSpec(
                kind=kind,
                name=f"{kind}.{what}.c{c}",
                phase="forward" if what == "act" else "backward",
                bytes=float(act_bytes),
                group=(src, dst),
                family="pp",
            )
        return op

    last_b = {a.chunk: i for i, a in enumerate(actions) if a.kind == "B"}
    grad_bytes_per_layer = scheme.layer_params() * scheme.grad_bytes_per_param()
    bucket = sc.training.grad_bucket_MB * 1e6
    overlap = train and sc.training.grad_overlap and layout.dp > 1
    dp_group = layout.group(rank, "dp")
    pending = 0.0
    out: list[Step] = []
    add = out.append

    def dp_allreduce(nbytes: float, blocking: bool, idx: int) -> OpSpec:
        return OpSpec(
            kind="allreduce",
            name=f"grad.bucket{idx}.allreduce",
            phase="optimizer" if blocking else "backward",
            bytes=nbytes,
            group=dp_group,
            family="dp",
            blocking=blocking,
        )

    n_bucket = 0
    for i, a in enumerate(actions):
        layers = stage_layers(sc, s, a.chunk)
        mb = a.microbatch
        if a.kind == "F":
            if not is_first(a.chunk):
                src = prev_rank if s > 0 else layout.shift(rank, "pp", p - 1 - s)
                add(Step(p2p("recv", "act", a.chunk, src, rank), -1, mb))
            else:
                out.extend(_steps(edges.embed_forward, -1, mb))
            for ly in layers:
                out.extend(_steps(layer.forward, ly, mb))
            if is_last(a.chunk):
                out.extend(_steps(edges.head_forward, -1, mb))
            else:
                dst = next_rank if s < p - 1 else layout.shift(rank, "pp", -s)
                add(Step(p2p("send", "act", a.chunk + (1 if s == p - 1 else 0), rank, dst), -1, mb))
        else:
            if is_last(a.chunk):
                out.extend(_steps(edges.head_backward, -1, mb))
            else:
                src = next_rank if s < p - 1 else layout.shift(rank, "pp", -s)
                add(Step(p2p("recv", "grad", a.chunk + (1 if s == p - 1 else 0), src, rank), -1, mb))
            final = overlap and last_b.get(a.chunk) == i
            for ly in reversed(layers):
                if recompute == "full":
                    out.extend(_steps(layer.recompute_full, ly, mb))
                elif recompute == "selective":
                    out.extend(_steps(layer.recompute_selective, ly, mb))
                out.extend(_steps(layer.backward, ly, mb))
                if final:
                    pending += grad_bytes_per_layer
                    if pending >= bucket:
                        add(Step(dp_allreduce(pending, False, n_bucket), ly, -1))
                        n_bucket += 1
                        pending = 0.0
            if is_first(a.chunk):
                out.extend(_steps(edges.embed_backward, -1, mb))
            else:
                dst = prev_rank if s > 0 else layout.shift(rank, "pp", p - 1 - s)
                add(Step(p2p("send", "grad", a.chunk, rank, dst), -1, mb))
    params = rank_params(sc, scheme, s)
    if not train:
        return out, params
    # Tied input/output embeddings live on the first and last stage: their gradients are summed.
    if p > 1 and sc.model.vocab and s in (0, p - 1):
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
    if layout.dp > 1:
        if overlap:
            if pending > 0:
                add(Step(dp_allreduce(pending, False, n_bucket), -1, -1))
            add(Step(WAIT_COMM, -1, -1))
            non_layer = params - len(stage_layers(sc, s, 0)) * v * scheme.layer_params()
            if non_layer > 0:
                add(Step(dp_allreduce(non_layer * scheme.grad_bytes_per_param(), True, n_bucket + 1), -1, -1))
        else:
            total = params * scheme.grad_bytes_per_param()
            n = max(1, math.ceil(total / bucket))
            for k in range(n):
                add(Step(dp_allreduce(total / n, True, k), -1, -1))
    opt_bytes = params * ADAM_BYTES_PER_PARAM
    add(
        Step(
            OpSpec(
                "optimizer",
                "optimizer.grad_norm",
                "optimizer",
                duration_s=cost.elementwise(params * scheme.grad_bytes_per_param()),
                bytes=params * scheme.grad_bytes_per_param(),
            ),
            -1,
            -1,
        )
    )
    add(
        Step(
            OpSpec(
                "optimizer",
                "optimizer.adam",
                "optimizer",
                duration_s=cost.elementwise(opt_bytes),
                bytes=opt_bytes,
            ),
            -1,
            -1,
        )
    )
    return out, params
