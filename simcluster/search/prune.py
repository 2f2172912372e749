"""Memory pruning: the peak rank memory of a layout from the memory model alone, fast enough for every
layout of a search.

The same function as `memory.maxbatch.peak_memory` (parameters, gradients, optimizer state, stored
activations at the schedule's peak, backward working set, reserved), evaluated on the stages that can be the
fullest (`candidate_stages`): the first keeps the most micro-batches in flight (every schedule's warm-up
shrinks with the stage) and holds the embedding, the last holds the head and the tied embedding copy, and of
the middle stages holding the same layers the lowest; with an even split that is one middle stage, which
holds no more than the first, but an uneven one (DeepSeek-V3's 3 dense layers alone on the first stage) makes
the middle ones the fullest. The schedule's in-flight counts per
model chunk are cached per (schedule, stages, stage, micro-batches, chunks), so layouts that differ in
micro-batch size, recompute or scheme reuse them.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from simcluster.config.schema import Scenario
from simcluster.hardware.profile import HardwareProfile
from simcluster.memory.model import (
    RankMemory,
    activation_bytes,
    chunk_activation_bytes,
    lazy_gradients,
    lazy_memory,
    memory_of,
)
from simcluster.model.costs import CostModel
from simcluster.parallel.base import Dims, OpFactory
from simcluster.parallel.groups import RankLayout
from simcluster.parallel.layers import middle_stage_groups
from simcluster.parallel.program import rank_params
from simcluster.parallel.registry import Scheme
from simcluster.parallel.schemes import make_scheme
from simcluster.schedule.pipeline import live_rows, stage_schedule

GiB = 1024**3


@lru_cache(maxsize=4096)
def in_flight_counts(
    schedule: str, p: int, stage: int, m: int, v: int, ahead: bool = False, warmup: str = "megatron"
) -> np.ndarray:
    """Distinct vectors of forwards in flight per chunk, one after each forward of the stage's schedule
    (the peak of stored activations is at one of them)."""
    live = np.zeros(v, dtype=np.int64)
    rows = [live.copy()]
    for a in stage_schedule(schedule, p, stage, m, v, True, ahead, warmup):
        if a.kind == "F":
            live[a.chunk] += 1
            rows.append(live.copy())
        else:
            live[a.chunk] -= 1
    return np.unique(np.array(rows), axis=0)


@lru_cache(maxsize=4096)
def held_rows(
    schedule: str, p: int, stage: int, m: int, v: int, ahead: bool = False, warmup: str = "megatron"
) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """`schedule.pipeline.live_rows` of the stage's schedule, distinct and cached."""
    return tuple(sorted(set(live_rows(stage_schedule(schedule, p, stage, m, v, True, ahead, warmup), v))))


def scheme_key(sc: Scenario) -> tuple:
    """What a scheme object depends on (layouts that differ only in schedule, recompute, placement or
    gradient overlap share one)."""
    par, t = sc.parallelism, sc.training
    return (
        par.scheme, par.tensor, par.pipeline, par.data, par.order, par.context, par.context_form,
        par.expert, par.expert_tensor, par.expert_dispatcher, par.reshard_after_forward,
        par.account_for_embedding, par.account_for_loss, par.first_stage_layers, par.last_stage_layers,
        str(par.placement) if par.expert_dispatcher == "deepep" else None,  # DeepEP's exchanges follow nodes
        t.micro_batch, t.global_batch, t.precision, t.fp8, t.mode, t.distribute_saved_activations, t.tp_comm_overlap,
        t.masked_softmax_fusion, t.eager_norm, t.eager_pointwise, t.expand_kv, t.async_tp, t.async_tp_grad_scatter, t.sp_regather, t.activation_layout, t.fp8_param_gather, t.fp8_weight_cache, t.fp8_scaling, t.fp8_saved_inputs, tuple(t.recompute_modules or ()),
        sc.model if sc.model.moe is None else sc.model.model_dump_json(),  # a MoE layer list is not hashable
        sc.hardware,
    )  # fmt: skip


def scheme_of(sc: Scenario, hw: HardwareProfile, factories: dict[tuple, OpFactory] | None = None) -> Scheme:
    """The scenario's scheme; `factories` shares one op factory (and its measured-GEMM lookups) per
    precision and factory settings (`OpFactory.settings_of`) between the schemes of a search."""
    par = sc.parallelism
    layout = RankLayout(tp=par.tensor, dp=par.data, pp=par.pipeline, order=par.order, cp=par.context)
    fkey = (sc.training.precision, *OpFactory.settings_of(sc.training, sc.model.attention))
    f = factories.get(fkey) if factories is not None else None
    if f is None:
        f = OpFactory.of(CostModel(hw, sc.training.precision), sc.training, sc.model.attention)
        if factories is not None:
            factories[fkey] = f
    return make_scheme(sc, Dims.of(sc), f, layout)


def stage_memory(sc: Scenario, hw: HardwareProfile, scheme: Scheme, stage: int) -> RankMemory:
    """`memory.model.rank_memory` of one stage, with the cached in-flight counts."""
    par, t = sc.parallelism, sc.training
    params = rank_params(sc, scheme, stage)
    if t.mode == "forward":
        acts = activation_bytes(sc, scheme, stage, [])
    elif lazy_gradients(sc):
        rows = held_rows(
            par.schedule, par.pipeline, stage, sc.microbatches, par.virtual_stages, t.moe_overlap,
            par.interleaved_warmup,
        )
        return lazy_memory(sc, scheme, params, stage, rows, hw.gpu.memory_reserved_GiB)
    else:
        weights, extra = chunk_activation_bytes(sc, scheme, stage)
        counts = in_flight_counts(
            par.schedule, par.pipeline, stage, sc.microbatches, par.virtual_stages, t.moe_overlap,
            par.interleaved_warmup,
        )
        acts = float(np.max(counts @ np.asarray(weights, dtype=float))) + extra
    return memory_of(sc, scheme, params, stage, acts, hw.gpu.memory_reserved_GiB)


def peak_memory_fast(sc: Scenario, hw: HardwareProfile, scheme: Scheme | None = None) -> RankMemory:
    """The fullest rank's memory, over the stages that can hold it (`candidate_stages`)."""
    scheme = scheme or scheme_of(sc, hw)
    best: RankMemory | None = None
    for stage in candidate_stages(sc):
        mem = stage_memory(sc, hw, scheme, stage)
        if best is None or mem.total > best.total:
            best = mem
    assert best is not None
    return best


def candidate_stages(sc: Scenario) -> tuple[int, ...]:
    """The pipeline stages whose memory can be the largest: the first and the last (the embedding, the head),
    and of the middle stages holding the same layers (per model chunk: how many, how many mixture-of-experts)
    the lowest, which keeps the most micro-batches in flight, unless they are the first stage's layers (which
    it holds with the embedding and more in flight). An uneven split (`first_stage_layers`, MoE layers from
    `first_dense` or a list) can make a middle stage the fullest."""
    p = sc.parallelism.pipeline
    middle = (stage for stage, _, as_first in middle_stage_groups(sc) if not as_first)
    return tuple(sorted({0, p - 1, *middle}))


def capacity_bytes(hw: HardwareProfile, margin: float = 0.0) -> float:
    """The device memory a layout may fill: the GPU's, less `margin` (a fraction kept free for what the
    memory model leaves out, chiefly the caching allocator's fragmentation; `--memory-margin`)."""
    return hw.gpu.memory_GiB * GiB * (1.0 - margin)
