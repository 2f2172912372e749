"""Sizes a machine can simulate: refuse up front, with the estimate, what would run out of memory or time.

The estimates are deliberately rough (within a factor of ~2) and measured on the project's scenarios:
about 300,000 program steps per second (a data-parallel gradient bucket's all-reduce costs about 40 steps)
and about 800 bytes per step once the run's events and outputs are held (GPT-3 175B folded: 986,518 steps,
0.9-1.1 GB peak; benchmarks/results/scale.json), and about 6 s to build the fabric of 4,096 eight-GPU nodes.
A run is refused past MAX_STEPS steps or MAX_MEMORY_GiB of estimated memory, whichever comes first.
"""

from __future__ import annotations

import math

from simcluster.config.schema import Scenario
from simcluster.errors import ConfigError

MAX_CLUSTER_GPUS = 262144
MAX_IDLE_NODES = 1024
MAX_STEPS = 1e8
STEPS_PER_S = 3e5
BYTES_PER_STEP = 800
MAX_MEMORY_GiB = 16.0  # of the 24 GiB machines this project runs on (and CI): the rest for the outputs
STEPS_PER_MOE_LAYER = 30  # a mixture-of-experts layer's extra steps (counted on every layer: an upper bound)
STEPS_PER_LAYER = 60  # forward, backward, recompute, collectives and host steps of one layer and micro-batch
STEPS_PER_BUCKET = 40  # one data-parallel all-reduce costs about as much as 40 plain steps


def check_cluster(nodes: int, gpus_per_node: int, used_gpus: int, field: str = "cluster.nodes") -> None:
    """The fabric is built for every node: refuse clusters too large to build, or mostly idle."""
    total = nodes * gpus_per_node
    if total > MAX_CLUSTER_GPUS:
        raise ConfigError(
            field,
            nodes,
            f"gives {total} GPUs ({nodes} x {gpus_per_node}); at most {MAX_CLUSTER_GPUS} GPUs can be simulated",
        )
    used_nodes = max(1, math.ceil(used_gpus / gpus_per_node))
    if nodes - used_nodes > MAX_IDLE_NODES:
        raise ConfigError(
            field,
            nodes,
            f"the ranks use {used_nodes} node(s); the other {nodes - used_nodes} would sit idle "
            f"(at most {MAX_IDLE_NODES} idle nodes: shrink the cluster)",
        )


def estimate_steps(sc: Scenario, folded: bool) -> float:
    """Program steps the engine would execute for one iteration (all simulated ranks)."""
    p, m = sc.parallelism, sc.model
    layers_per_rank = math.ceil(m.layers / p.pipeline)
    # ring context parallel: 3 steps per block (send, attention, wait), forward, backward and recompute (the
    # torch form: attention and merge forward, attention, wait, accumulate and send backward)
    ring = 9 * (p.context - 1) if p.context_form in ("ring", "torch") else 0
    moe = STEPS_PER_MOE_LAYER if m.moe is not None else 0  # router, permutes, exchanges, shared experts
    per_rank = (STEPS_PER_LAYER + ring + moe) * layers_per_rank * sc.microbatches + 100
    if p.data * p.context > 1:
        h = m.hidden
        grad_bytes = 4.0 * ((12 * h * h + 13 * h) * layers_per_rank + m.vocab * h) / p.tensor
        per_rank += STEPS_PER_BUCKET * math.ceil(grad_bytes / (sc.training.grad_bucket_MB * 1e6))
    ranks = p.pipeline * p.virtual_stages if folded else sc.world_size
    if folded and m.moe is not None and p.expert > 1:
        # expert groups that are not unions of tensor x context blocks (nor inside one) fold less
        block, inner = p.expert * (p.expert_tensor or p.tensor), p.tensor * p.context
        if block % inner and inner % block:
            ranks *= inner
    return float(per_rank) * ranks


def check_work(sc: Scenario, folded: bool) -> None:
    steps = estimate_steps(sc, folded)
    if steps > MAX_STEPS or steps * BYTES_PER_STEP > MAX_MEMORY_GiB * 1024**3:
        minutes = steps / STEPS_PER_S / 60
        gib = steps * BYTES_PER_STEP / 1024**3
        raise ConfigError(
            "scenario",
            f"about {steps:.3g} steps",
            f"would take about {minutes:,.0f} minutes and {gib:,.0f} GiB of memory to simulate (limits "
            f"{MAX_STEPS:.0e} steps and {MAX_MEMORY_GiB:g} GiB: fewer layers, micro-batches or ranks"
            + (
                ""
                if folded
                else ", or no variability section: slow nodes, degraded links and gpu_speed_cv simulate every rank"
                if sc.variability.breaks_symmetry()
                else ", or simulation.fold=auto with a named placement"
            )
            + ", or a larger training.grad_bucket_MB)",
        )


MAX_SEED_STEPS = 1e10  # program steps over all seeds of one run: about 9 hours on one core


def check_seeds(sc: Scenario, seeds: int, folded: bool, field: str = "--seeds") -> None:
    """Seeds of one run: at least 1, at most MAX_SEEDS, seed + seeds - 1 a valid seed, total work bounded."""
    from simcluster.config.schema import MAX_SEEDS

    if isinstance(seeds, bool) or not isinstance(seeds, int) or not 1 <= seeds <= MAX_SEEDS:
        raise ConfigError(field, seeds, f"must be an integer from 1 to {MAX_SEEDS}")
    if sc.seed + seeds - 1 > 2**63 - 1:
        raise ConfigError(field, seeds, f"seed {sc.seed} + {seeds} - 1 passes the largest seed 2^63-1")
    work = estimate_steps(sc, folded) * seeds
    if work > MAX_SEED_STEPS:
        raise ConfigError(
            field,
            seeds,
            f"about {work:.3g} steps over all seeds would take about {work / STEPS_PER_S / 3600:,.0f} hours "
            f"(limit {MAX_SEED_STEPS:.0e} steps): fewer seeds",
        )
