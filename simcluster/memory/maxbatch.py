"""The largest batch that fits in GPU memory, from the memory model alone (no simulation of time).

The search scales the micro-batch and keeps the data-parallel size and the number of micro-batches fixed,
so global batch = micro_batch x data x micro-batches (with one micro-batch, as in the Optimus paper's
Figure 9, that is simply the batch). The micro-batch steps in multiples of what the scheme needs (Optimus:
the mesh side q, since it splits b): doubling until it no longer fits, then bisection.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from simcluster.config.loader import LoadedScenario, check_semantics
from simcluster.config.schema import Scenario
from simcluster.memory.model import RankMemory, rank_memory
from simcluster.model.costs import CostModel
from simcluster.parallel.base import Dims, OpFactory
from simcluster.parallel.groups import RankLayout
from simcluster.parallel.program import rank_params
from simcluster.parallel.schemes import make_scheme
from simcluster.schedule.pipeline import stage_schedule

GiB = 1024**3
MAX_DOUBLINGS = 40


@dataclass(frozen=True)
class BatchFit:
    """The answer: the largest global batch that fits (0 if none), its micro-batch, and the peak rank's
    memory at that batch (at the smallest batch tried when none fits)."""

    global_batch: int
    micro_batch: int
    memory: RankMemory
    capacity_bytes: float


def batch_unit(sc: Scenario) -> int:
    """The step of the micro-batch: Optimus splits b over the mesh side q."""
    return math.isqrt(sc.parallelism.tensor) if sc.parallelism.scheme == "optimus" else 1


def with_micro_batch(sc: Scenario, micro_batch: int) -> Scenario:
    """`sc` with `micro_batch`, keeping its data-parallel size and number of micro-batches."""
    glob = micro_batch * sc.parallelism.data * sc.microbatches
    training = sc.training.model_copy(update={"micro_batch": micro_batch, "global_batch": glob})
    return sc.model_copy(update={"training": training})


def peak_memory(loaded: LoadedScenario, sc: Scenario | None = None) -> RankMemory:
    """The memory of the fullest rank (over pipeline stages) of `sc` (default: the loaded scenario)."""
    sc = sc or loaded.scenario
    par = sc.parallelism
    layout = RankLayout(tp=par.tensor, dp=par.data, pp=par.pipeline, order=par.order, cp=par.context)
    f = OpFactory.of(CostModel(loaded.hardware, sc.training.precision), sc.training, sc.model.attention)
    scheme = make_scheme(sc, Dims.of(sc), f, layout)
    train = sc.training.mode == "train"
    best: RankMemory | None = None
    for stage in range(par.pipeline):
        actions = stage_schedule(
            par.schedule,
            par.pipeline,
            stage,
            sc.microbatches,
            par.virtual_stages,
            train,
            sc.training.moe_overlap,
            par.interleaved_warmup,
        )
        mem = rank_memory(
            sc,
            scheme,
            rank_params(sc, scheme, stage),
            stage,
            actions,
            loaded.hardware.gpu.memory_reserved_GiB,
        )
        if best is None or mem.total > best.total:
            best = mem
    assert best is not None
    return best


def fit(loaded: LoadedScenario, margin: float = 0.0) -> BatchFit:
    """Search the largest micro-batch (in multiples of `batch_unit`) whose peak rank memory fits in the
    device memory less `margin` (a fraction kept free: `--memory-margin`)."""
    sc = loaded.scenario
    capacity = loaded.hardware.gpu.memory_GiB * GiB * (1.0 - margin)
    unit = batch_unit(sc)

    def at(k: int) -> tuple[Scenario, RankMemory]:
        cand = with_micro_batch(sc, k * unit)
        check_semantics(cand, loaded.hardware)
        return cand, peak_memory(loaded, cand)

    _, mem = at(1)
    if mem.total > capacity:
        return BatchFit(0, 0, mem, capacity)
    lo, lo_mem, hi = 1, mem, 0
    for _ in range(MAX_DOUBLINGS):
        _, mem = at(2 * lo)
        if mem.total > capacity:
            hi = 2 * lo
            break
        lo, lo_mem = 2 * lo, mem
    else:
        best = with_micro_batch(sc, lo * unit)
        return BatchFit(best.training.global_batch, best.training.micro_batch, lo_mem, capacity)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        _, mem = at(mid)
        if mem.total > capacity:
            hi = mid
        else:
            lo, lo_mem = mid, mem
    best = with_micro_batch(sc, lo * unit)
    return BatchFit(best.training.global_batch, best.training.micro_batch, lo_mem, capacity)


def max_batch(loaded: LoadedScenario) -> int:
    """The largest global batch that fits in every rank's GPU memory (0 if even the smallest does not)."""
    return fit(loaded).global_batch
