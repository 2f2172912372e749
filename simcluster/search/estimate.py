"""A fast analytical estimate of one iteration, from the same ops, costs and network shapes as the engine.

Per pipeline stage and micro-batch, forward time F and backward time B (recomputation included) walk the
scheme's op lists once: compute kernels on the compute stream, blocking collectives on it too, and
non-blocking ones on their family's stream joined at its `wait` (two over the same group one after the
other: they share its links), compute-bound kernels beside them at the SMs
they leave (engine/contention.py), FSDP's per-layer units (the next layer's gather, the previous layer's
reduce-scatter) beside each layer; each collective costs its uncontended
time on the topology (`Shape.uncontended_time_s`), with every concurrent instance (the images of its group
under the scheme's folded axes) sharing links, the algorithm chosen as the engine chooses it. A layer takes
the longer of its GPU time and its host thread's issue time. The pipeline then costs
    T_pipe = (m - 1) X + sum_s (F_s + B_s) / v + (v - 1) X / v,     X = max_s (F_s + B_s)
((m + p - 1) X for equal stages and v = 1; m X + (p - 1) X / v interleaved), each micro-batch adding one
point-to-point transfer per direction; then the gradient all-reduces (the part not hidden behind the last
backward with `training.grad_overlap`) and the optimizer step. Contention between different collectives,
the timing of sends and the host's lag after synchronizations are left to the engine; tests check that
the estimate ranks layouts as the engine does.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from simcluster.config.loader import LoadedScenario
from simcluster.config.schema import Scenario
from simcluster.engine.contention import SLOWED_KINDS, Contention
from simcluster.engine.plan import HostCosts
from simcluster.hardware.tables import lookup_of, ratio
from simcluster.model.moe import MoE
from simcluster.model.ops import COMPUTE_KINDS, OpSpec, wait_for
from simcluster.network.collectives import (
    COPY_ENGINE,
    NODE_SPLIT_ALLTOALL,
    Shape,
    choose_algorithm,
    collective_shape,
)
from simcluster.parallel import zero
from simcluster.parallel.base import LayerOps
from simcluster.parallel.groups import RankLayout
from simcluster.parallel.layers import layers_params, middle_stage_groups, rank_layers
from simcluster.parallel.program import (
    LAYER_PARAM_TENSORS,
    FsdpOps,
    fsdp_ops,
    norm_read_on_host,
    optimizer_pass_seconds,
    optimizer_passes,
    rank_context,
    rank_params,
    step_sync,
)
from simcluster.parallel.registry import Scheme
from simcluster.topology.graph import Topology, build_topology
from simcluster.topology.placement import place

TINY_BYTES = 1024


@dataclass(frozen=True)
class Estimate:
    """Estimated iteration time and its parts (seconds)."""

    iteration_time_s: float
    pipeline_time_s: float
    bubble_time_s: float
    exposed_comm_time_s: float
    grad_sync_time_s: float
    optimizer_time_s: float

    @property
    def bubble_share(self) -> float:
        return self.bubble_time_s / self.iteration_time_s if self.iteration_time_s > 0 else 0.0

    @property
    def exposed_comm_share(self) -> float:
        return self.exposed_comm_time_s / self.iteration_time_s if self.iteration_time_s > 0 else 0.0


class Estimator:
    """Estimates layouts of one cluster; caches topologies and collective shapes across layouts."""

    def __init__(self, loaded: LoadedScenario) -> None:
        self.loaded = loaded
        self.hw = loaded.hardware
        self.launch_s = self.hw.collectives.launch_us * 1e-6
        self._topos: dict[tuple, Topology] = {}
        self._caps: dict[int, np.ndarray] = {}  # id(topology) -> its link capacities as an array
        self._shapes: dict[tuple, Shape] = {}
        self._coll: dict[tuple, float] = {}
        self._stages: dict[tuple, dict] = {}
        self._post: dict[tuple, dict] = {}
        self.tables = lookup_of(self.hw.tables)
        self.contention = Contention.of(self.hw.collectives)

    def topology(self, sc: Scenario) -> Topology:
        c = sc.cluster
        gpn = c.gpus_per_node or self.hw.node.gpus_per_node
        key = (c.nodes, gpn, c.oversubscription, c.nics_per_node, c.rail_optimized)
        topo = self._topos.get(key)
        if topo is None:
            topo = self._topos[key] = build_topology(
                self.hw, c.nodes, gpn, c.oversubscription, c.nics_per_node, c.rail_optimized
            )
        return topo

    def capacity(self, topo: Topology) -> np.ndarray:
        """The topology's link capacities as an array, converted once per topology (not per layout)."""
        cap = self._caps.get(id(topo))
        if cap is None:
            cap = self._caps[id(topo)] = np.asarray(topo.capacity_Bps, dtype=float)
        return cap

    def estimate(self, sc: Scenario, scheme: Scheme) -> Estimate:
        return _Layout(self, sc, scheme).estimate()


def _core_key(sc: Scenario) -> tuple:
    """What a layout's per-stage times depend on (not the schedule, virtual stages or gradient overlap)."""
    par, t = sc.parallelism, sc.training
    pl = par.placement if isinstance(par.placement, str) else tuple(par.placement)
    return (
        par.scheme, par.tensor, par.pipeline, par.data, par.order, pl, par.zero, par.shard_group,
        par.context, par.context_form, par.expert, par.expert_tensor, par.expert_dispatcher,
        par.account_for_embedding, par.account_for_loss, par.first_stage_layers, par.last_stage_layers,
        par.reshard_after_forward, par.fsdp_copies,
        t.micro_batch, t.global_batch, t.precision, t.fp8, t.mode, t.recompute, t.distribute_saved_activations,
        t.tp_comm_overlap, t.grad_bucket_MB, t.p2p_scatter_gather, t.eager_norm, t.eager_pointwise, t.expand_kv, t.async_tp, t.async_tp_grad_scatter, t.sp_regather, t.activation_layout, t.fp8_param_gather, t.fp8_weight_cache, t.fp8_scaling,
        t.grad_reduce_fp32, t.loss, t.step_sync, t.optimizer, t.param_gather_overlap,
        t.masked_softmax_fusion, tuple(t.recompute_modules or ()), t.moe_overlap, t.nccl_ub,
        sc.model if sc.model.moe is None else sc.model.model_dump_json(),  # a MoE layer list is not hashable
        sc.cluster, sc.network, sc.hardware,
    )  # fmt: skip


@lru_cache(maxsize=64)
def _model_parallel_group(tp: int, dp: int, pp: int, order: str, d: int, cp: int = 1) -> tuple[int, ...]:
    """Every rank of data-parallel replica `d`."""
    layout = RankLayout(tp=tp, dp=dp, pp=pp, order=order, cp=cp)
    r = np.arange(layout.world_size)
    return tuple(int(x) for x in r[(r // layout.strides["dp"]) % dp == d])


@lru_cache(maxsize=256)
def _images(
    tp: int, dp: int, pp: int, order: str, group: tuple[int, ...], axes: tuple[str, ...], cp: int = 1
):
    """Every distinct image of `group` under shifts along the folded axes it does not span."""
    layout = RankLayout(tp=tp, dp=dp, pp=pp, order=order, cp=cp)
    g = np.asarray(group)
    own = [a for a in axes if len({layout.coord(r, a) for r in group}) == 1 and layout.size(a) > 1]
    out, seen = [], set()
    for shifts in itertools.product(*(range(layout.size(a)) for a in own)):
        x = g
        for a, k in zip(own, shifts):
            stride, size = layout.strides[a], layout.size(a)
            c = (x // stride) % size
            x = x + ((c + k) % size - c) * stride
        img = tuple(int(r) for r in x)
        key = frozenset(img)
        if key not in seen:
            seen.add(key)
            out.append(img)
    return out


class _Layout:
    """One layout's estimate (a throwaway object holding what its parts share)."""

    def __init__(self, est: Estimator, sc: Scenario, scheme: Scheme) -> None:
        self.e = est
        self.sc = sc
        self.scheme = scheme
        par = sc.parallelism
        self.layout = RankLayout(tp=par.tensor, dp=par.data, pp=par.pipeline, order=par.order, cp=par.context)
        self.topo = est.topology(sc)
        self.gpus = place(par.placement, self.layout, self.topo.gpus_per_node, par.scheme)
        self.cap = est.capacity(self.topo)
        self.algo = sc.network.per_kind()
        self.host = est.hw.host
        self.issue = HostCosts.from_spec(self.host)
        self._mine: dict[tuple, float] = {}
        self.key = _core_key(sc)

    # -- communication --------------------------------------------------------------------------------
    def coll_time(self, kind: str, group: tuple[int, ...], nbytes: float, algorithm: str = "auto") -> float:
        if len(group) <= 1:
            return 0.0
        mine = self._mine.get((kind, group, nbytes, algorithm))
        if mine is not None:
            return mine
        lay = self.layout
        if nbytes <= TINY_BYTES:  # a flag or a scalar: its launch cost (network latency left to the engine)
            return self.e.launch_s
        insts = self._expert_images(group) or _images(
            lay.tp, lay.dp, lay.pp, lay.order, group, tuple(self.scheme.fold_axes), lay.cp
        )
        if self.sc.parallelism.placement == "naive":
            gpu_insts = tuple(insts)
        else:
            gpu_insts = tuple(tuple(self.gpus[r] for r in g) for g in insts)
        nodes = len({self.topo.node_of(g) for g in gpu_insts[0]})
        algo = choose_algorithm(kind, algorithm if algorithm != "auto" else self.algo, nbytes, len(group), nodes)
        key = (kind, algo, gpu_insts, nbytes, id(self.topo))
        hit = self.e._coll.get(key)
        if hit is None:
            skey = (kind, algo, gpu_insts, id(self.topo))
            shape = self.e._shapes.get(skey)
            if shape is None:
                shape = self.e._shapes[skey] = collective_shape(self.topo, kind, algo, gpu_insts)
            hit = shape.uncontended_time_s(nbytes, self.e.launch_s, self.cap)
            if algo not in (*NODE_SPLIT_ALLTOALL, COPY_ENGINE) and self.e.tables.has_collective(kind, len(group), nodes):
                # measured alone, contention scales it
                hit *= self._table_ratio(kind, algo, gpu_insts[0], nbytes)
            self.e._coll[key] = hit
        self._mine[(kind, group, nbytes, algorithm)] = hit
        return hit

    def _expert_images(self, group: tuple[int, ...]) -> list[tuple[int, ...]] | None:
        """The groups of the expert layout on `group`'s stage of the same kind (expert, expert tensor or expert
        data) as `group`, `group` first; None for other groups."""
        el = getattr(self.scheme, "expert_layout", None)
        if el is None:
            return None
        for axis in ("ep", "tp", "dp"):
            if el.size(axis) > 1 and tuple(group) == el.group(group[0], axis):
                stage = el.coord(group[0], "pp")
                out = {tuple(group): None}
                for r in range(el.world_size):
                    if el.coord(r, "pp") == stage and el.coord(r, axis) == 0:
                        out.setdefault(el.group(r, axis), None)
                return list(out)
        return None

    def _table_ratio(self, kind: str, algo: str, gpus: tuple[int, ...], nbytes: float) -> float:
        """The profile's measured time over this estimate's model time for one group alone (the engine's rule)."""
        skey = (kind, algo, (gpus,), id(self.topo))
        alone = self.e._shapes.get(skey)
        if alone is None:
            alone = self.e._shapes[skey] = collective_shape(self.topo, kind, algo, (gpus,))
        nodes = len({self.topo.node_of(g) for g in gpus})

        def model_s(size: float) -> float:
            return alone.uncontended_time_s(size, self.e.launch_s, self.cap)

        return ratio(self.e.tables.collective_s(kind, len(gpus), nodes, nbytes, model_s), model_s(nbytes))

    def ops_time(self, ops: list[OpSpec]) -> float:
        """GPU time of an op list, or its host issue time when that is longer. Non-blocking collectives run
        on their family's stream (as the engine runs each communicator's) until a wait for that family; a
        compute-bound kernel beside one that holds SMs runs at the SMs left (`Contention`, as the engine's
        planner runs it)."""
        g = host = 0.0
        tail: dict[str, float] = {}  # family -> when its stream is free
        busy: dict[frozenset[int], float] = {}  # a group's ranks -> when its links are free
        issue = self.issue
        sm = self.e.contention
        inflight: list[tuple[float, float, float]] = []  # (start, end, held share) of non-blocking collectives
        for op in ops:
            k = op.kind
            if k in COMPUTE_KINDS:
                if inflight and k in SLOWED_KINDS:
                    inflight = [iv for iv in inflight if iv[1] > g]
                if inflight and k in SLOWED_KINDS:
                    g = sm.finish(g, op.duration_s, inflight)  # type: ignore[union-attr]
                else:
                    g += op.duration_s
                host += issue.compute_s(op)
            elif k == "wait":
                g = max(g, tail.pop(op.family, 0.0))
            elif k == "host":
                host += op.duration_s
            elif k == "sync":
                host = max(host, g) + op.duration_s
            elif k in ("send", "recv"):
                continue
            else:
                host += issue.collective_dispatch_s
                t = self.coll_time(k, op.group, op.bytes, op.algorithm)
                if op.blocking:
                    g += t
                else:  # collectives over the same group share its links: one after the other
                    links = frozenset(op.group)
                    start = max(g, tail.get(op.family, 0.0), busy.get(links, 0.0))
                    tail[op.family] = busy[links] = start + t
                    held = sm.held_by(op) if sm is not None and t > 0 else 0.0
                    if held > 0:
                        inflight.append((start, start + t, held))
        return max(g, host, *tail.values())

    # -- stages ---------------------------------------------------------------------------------------
    def stage_times(self, stage: int) -> tuple[float, float, float]:
        """(forward, backward, backward of the stage's layers only) per micro-batch on `stage`, with one
        point-to-point transfer and one pipeline step's host work (the per-step overhead and, where the
        framework times steps, its sync) per model chunk and direction: interleaving makes v steps of each."""
        cache = self.e._stages.setdefault(self.key, {})
        hit = cache.get(stage)
        if hit is None:
            hit = cache[stage] = self._stage_times(stage)
        f, b, lb, per_chunk = hit
        v = self.sc.parallelism.virtual_stages if self.layout.pp > 1 else 1
        return f + per_chunk * v, b + per_chunk * v, lb

    def _stage_times(self, stage: int) -> tuple[float, float, float, float]:
        sc, lay = self.sc, self.layout
        p = lay.pp
        rank = lay.rank_of(pp=stage)
        rc = sc.training.recompute
        f = b = 0.0
        units = self._fsdp(rank)
        m = sc.microbatches
        for ops, n, moe in self._tagged_layer_kinds(rank, stage):
            redo = ops.redo(rc)
            plain_f = self.ops_time(ops.forward)
            plain_b = self.ops_time(redo) + self.ops_time(ops.backward)
            if units is None:
                f += n * plain_f
                b += n * plain_b
                continue
            uf, ub = self._fsdp_layer(units, moe, ops, redo)
            if sc.parallelism.reshard_after_forward:
                f += n * uf
                b += n * ub
            else:  # gathered in the first micro-batch's forward, reduced in the last one's backward
                f += n * (uf + (m - 1) * plain_f) / m
                b += n * (ub + (m - 1) * plain_b) / m
        if units is not None and units.root:  # the root unit's gather when the step starts, exposed
            f += self.ops_time(units.root) / m
        layers_b = b
        edges = self.scheme.edges(rank)
        if stage == 0:
            f += self.ops_time(edges.embed_forward)
            b += self.ops_time(edges.embed_backward)
        if stage == p - 1:
            f += self.ops_time(edges.head_forward)
            b += self.ops_time(edges.head_backward)
        fac = self.scheme.f  # type: ignore[attr-defined]
        if fac.weight_cache:  # Transformer Engine's FP8 weights, prepared in the first micro-batch: on average
            weights = sum(layers_params(self.scheme, rank_layers(sc, stage), MoE.of(sc.model.moe)))
            f += fac.cost.elementwise(fac.weight_cast_bytes(weights)) / sc.microbatches
        acc = self.host.grad_accumulation_bytes_per_param
        if acc > 0 and sc.training.mode == "train":  # every micro-batch after the first, on average
            m = sc.microbatches
            tied = self.scheme.embedding_params() if p == 1 and sc.model.tie_embeddings else 0.0
            params = rank_params(sc, self.scheme, stage) * (m - 1) / m + tied
            b += self.scheme.f.cost.elementwise(params * acc)  # type: ignore[attr-defined]
        step = self.host.microbatch_overhead_us * 1e-6
        if step_sync(sc, self.host):
            step += self.host.sync_us * 1e-6
        p2p = 0.0
        if p > 1:
            nxt = lay.shift(rank, "pp", 1)
            act = self.scheme.p2p_bytes()
            t = lay.tp if sc.training.p2p_scatter_gather and sc.parallelism.scheme == "megatron" else 1
            p2p = self.coll_time("send", (rank, nxt), act / t) + self.host.sync_us * 1e-6
            if t > 1:  # Megatron's scatter-gather: the receiver all-gathers the shards over its tensor group
                p2p += self.coll_time("allgather", lay.group(rank, "tp"), act)
        return f, b, layers_b, p2p + step

    def _layer_kinds(self, rank: int, stage: int) -> list[tuple[LayerOps, int]]:
        """(ops, count) of each layer kind (dense, mixture-of-experts) stage `stage` holds."""
        return [(ops, n) for ops, n, _ in self._tagged_layer_kinds(rank, stage)]

    def _tagged_layer_kinds(self, rank: int, stage: int) -> list[tuple[LayerOps, int, bool]]:
        """(ops, count, is MoE) of each layer kind stage `stage` holds."""
        layers = rank_layers(self.sc, stage)
        moe = MoE.of(self.sc.model.moe)
        n_moe = sum(map(moe.is_moe, layers)) if moe is not None else 0
        out = [(self.scheme.layer(rank), len(layers) - n_moe, False)]
        if n_moe:
            out.append((self.scheme.moe_layer(rank), n_moe, True))  # type: ignore[attr-defined]
        return [(ops, n, k) for ops, n, k in out if n]

    def _fsdp(self, rank: int) -> FsdpOps | None:
        """FSDP's unit ops on `rank` (`parallelism.zero: full` over more than one rank), else None."""
        if not zero.gathers_per_layer(self.sc):
            return None
        cost = self.scheme.f.cost  # type: ignore[attr-defined]
        return fsdp_ops(rank_context(self.sc, self.layout, self.scheme, rank, cost))

    def _fsdp_layer(
        self, units: FsdpOps, moe: bool, ops: LayerOps, redo: list[OpSpec]
    ) -> tuple[float, float]:
        """(forward, backward) of one layer in FSDP's steady state, as the program orders it: copy the
        gathered weights out, issue the next layer's gather, run the layer, wait for the gather; in backward
        the previous layer's gradient reduce-scatter runs beside this layer too (the copy into its buffer on
        the compute stream). Compute-bound kernels lose the SMs the collectives hold (`ops_time`)."""
        copy = units.copy_out.get(moe, [])
        copy_f, copy_b = (copy[:1], copy[1:2]) if copy else ([], [])
        reduce_comm = [op for op in units.reduces[moe] if not op.is_compute]
        reduce_copy = [op for op in units.reduces[moe] if op.is_compute]
        fwd = [*copy_f, *units.gathers[moe, "forward"], *ops.forward, wait_for("fsdp-ag", "forward")]
        gather_b = units.gathers[moe, "backward"] if self.sc.parallelism.reshard_after_forward else []
        bwd = [*reduce_comm, *copy_b, *gather_b, *redo, *ops.backward, *reduce_copy, wait_for("fsdp-ag", "backward")]
        return self.ops_time(fwd), self.ops_time(bwd)

    def post_time(self, stage: int, last_backward_s: float) -> tuple[float, float, float]:
        """(gradient sync exposed, optimizer, all gradient all-reduce time) after the pipeline on `stage`."""
        cache = self.e._post.setdefault(self.key, {})
        hit = cache.get(stage)
        if hit is None:
            hit = cache[stage] = self._post_parts(stage)
        fixed, one, dp_total, opt = hit
        if self.sc.training.grad_overlap and dp_total > 0:
            sync = fixed + max(one, dp_total - last_backward_s)
        else:
            sync = fixed + dp_total
        if sync > 0 and step_sync(self.sc, self.host):  # the framework's timers sync after them
            sync += self.host.sync_us * 1e-6
        return sync, opt, dp_total

    def _post_parts(self, stage: int) -> tuple[float, float, float, float]:
        """(tied-embedding and scheme gradient syncs, one data-parallel bucket, all buckets, optimizer)."""
        sc, lay, scheme = self.sc, self.layout, self.scheme
        rank = lay.rank_of(pp=stage)
        params = rank_params(sc, scheme, stage)
        wb = scheme.grad_bytes_per_param()  # a 16-bit weight (or gradient) element
        gb = zero.reduce_bytes(sc, wb)  # a gradient as the reductions move it
        p = lay.pp
        sync = 0.0
        if p > 1 and sc.model.vocab and sc.model.tie_embeddings and stage in (0, p - 1):
            pair = (lay.rank_of(pp=0), lay.rank_of(pp=p - 1))
            sync += self.coll_time("allreduce", pair, scheme.embedding_params() * gb)
        sync += self.ops_time(scheme.grad_sync_ops(rank, len(rank_layers(sc, stage))))
        one = dp_total = 0.0
        layer_dense, expert = layers_params(scheme, rank_layers(sc, stage), MoE.of(sc.model.moe))
        wl = zero.layer_weight_bytes(sc.training.fp8_param_gather, wb)  # the layers' weights as gathered
        bucket = sc.training.grad_bucket_MB * 1e6
        if expert and sc.training.mode == "train" and sc.parallelism.zero != "full":
            # expert gradients over the expert-data-parallel group (sharded: reduce-scatter, then gather)
            egroup = scheme.expert_data_group(rank)  # type: ignore[attr-defined]
            n = max(1, math.ceil(expert * gb / bucket))
            if sc.parallelism.zero == "none":
                dp_total += n * self.coll_time("allreduce", egroup, expert * gb / n)
            else:
                dp_total += n * self.coll_time("reducescatter", egroup, expert * gb / n)
                if not zero.overlaps_param_gather(sc):
                    dp_total += self.coll_time("allgather", egroup, expert * wl)
        params -= expert
        if lay.dp * lay.cp > 1 and sc.training.mode == "train":
            group = lay.data_group(rank)
            total = params * gb
            n = max(1, math.ceil(total / bucket))
            one = self.coll_time("allreduce", group, total / n)
            shards = zero.shard_size(sc)
            if shards > 1:  # sharded: reduce-scatter in the shard group (+ hybrid all-reduce), then gather
                shard, replicas = zero.shard_groups(lay, rank, shards)
                one = self.coll_time("reducescatter", shard, total / n)
                if len(replicas) > 1:
                    one += self.coll_time("allreduce", replicas, total / n / shards)
                # the layers' weights as gathered, unless they go under the next forward (param_gather_overlap)
                layers = 0.0 if zero.overlaps_param_gather(sc) else layer_dense * wl
                dp_total += n * one + self.coll_time("allgather", shard, (params - layer_dense) * wb + layers)
                if sc.parallelism.zero == "full":  # per-layer gathers and reduce-scatters: in the stage times
                    one = dp_total = 0.0
            else:
                dp_total += n * one
        eshards = len(scheme.expert_data_group(rank)) if expert and sc.parallelism.zero != "none" else 1  # type: ignore[attr-defined]
        return sync, one, dp_total, self.optimizer_time(stage, params / zero.shard_size(sc) + expert / eshards)

    def optimizer_time(self, stage: int, params: float) -> float:
        sc, lay = self.sc, self.layout
        cost = self.scheme.f.cost  # type: ignore[attr-defined]
        h = self.host
        p = lay.pp
        tensors = len(rank_layers(sc, stage)) * LAYER_PARAM_TENSORS
        if sc.model.vocab and stage == 0:
            tensors += 2
        if stage == p - 1:
            tensors += 2 + (1 if sc.model.vocab and p > 1 else 0)
        passes = optimizer_passes(
            sc.training.precision, self.scheme.grad_bytes_per_param(), h.optimizer_bytes_per_param,
            sc.training.optimizer, zero.main_grads_fp32(sc),
        )
        gpu = sum(optimizer_pass_seconds(cost, sc.training.optimizer, name, params * per_param) for name, per_param in passes)
        mp = _model_parallel_group(lay.tp, lay.dp, lay.pp, lay.order, 0, lay.cp)
        reduce = self.coll_time("allreduce", mp, 4.0)
        # the gradient norm's check (read on the host where `norm_read_on_host`); fp16's inf/nan check, read
        norm = reduce + (h.sync_us * 1e-6 if norm_read_on_host(sc.training.optimizer) else 0.0)
        found_inf = reduce + h.sync_us * 1e-6 if sc.training.precision == "fp16" else 0.0
        host = (h.param_tensor_overhead_us * tensors + h.iteration_overhead_us) * 1e-6
        return host + gpu + norm + found_inf + h.sync_us * 1e-6

    def estimate(self) -> Estimate:
        sc, lay = self.sc, self.layout
        p, v, m = lay.pp, sc.parallelism.virtual_stages, sc.microbatches
        if sc.parallelism.schedule == "interleaved-1f1b" and p == 1:
            v = 1
        # the first and last stage, and one of each group of middle stages holding the same layers: stage -> how
        # many stages it stands for (p 1: the one stage)
        count = {0: 1, p - 1: 1, **{stage: n for stage, n, _ in middle_stage_groups(sc)}}
        times = {s: self.stage_times(s) for s in sorted(count)}
        forward_only = sc.training.mode == "forward"
        per = {s: f if forward_only else f + b for s, (f, b, _) in times.items()}
        X = max(per.values())
        total = sum(count[s] * t for s, t in per.items())
        pipe = (m - 1) * X + total / v + (v - 1) * X / v
        bubble = max(0.0, pipe - m * X)
        ends = []
        comm_exposed = 0.0
        for s in (0, p - 1) if p > 1 else (0,):
            f, b, lb = times[s]
            sync, opt, _ = self.post_time(s, lb / v)
            lag = 0.0 if s == 0 else (p - 1) * b / v  # the last stage's final backward ends earlier
            ends.append((pipe - lag + sync + opt, sync, opt))
        it, sync, opt = max(ends)
        comm_exposed += sync + self._layer_comm() * m
        return Estimate(it, pipe, bubble, comm_exposed, sync, opt)

    def _layer_comm(self) -> float:
        cache = self.e._stages.setdefault(self.key, {})
        hit = cache.get("comm")
        if hit is None:
            hit = cache["comm"] = self.exposed_layer_comm()
        return hit

    def exposed_layer_comm(self) -> float:
        """Blocking tensor-parallel communication per micro-batch on the first stage (the exposed part),
        recomputed forwards included."""
        rank = self.layout.rank_of(pp=0)
        rc = self.sc.training.recompute
        total = 0.0
        for ops, n in self._layer_kinds(rank, 0):
            for op in (*ops.forward, *ops.redo(rc), *ops.backward):
                if op.kind not in COMPUTE_KINDS and op.blocking and op.kind not in ("wait", "host", "sync"):
                    total += n * self.coll_time(op.kind, op.group, op.bytes, op.algorithm)
        return total
