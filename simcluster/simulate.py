"""One simulation, start to end: scenario -> topology + placement -> program -> engine -> result."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cached_property
from operator import itemgetter

import numpy as np

from simcluster.config.loader import LoadedScenario
from simcluster.engine.contention import Contention
from simcluster.engine.executor import Engine, EngineResult
from simcluster.engine.opindex import OpIndex, op_index
from simcluster.engine.plan import HostCosts
from simcluster.hardware.profile import HardwareProfile
from simcluster.hardware.tables import lookup_of
from simcluster.memory.model import RankMemory, rank_memory
from simcluster.model.costs import CostModel
from simcluster.model.mla import MLA
from simcluster.model.moe import MoE
from simcluster.network.collectives import bus_factor
from simcluster.network.protocols import protocols_of
from simcluster.network.utilization import LogIndex, class_utilization, log_index
from simcluster.parallel.program import Program, build_program, rank_layers
from simcluster.reliability import noise, stragglers
from simcluster.topology.graph import Topology, build_topology, per_flow_caps_Bps
from simcluster.topology.placement import place

GiB = 1024**3
# summary.json lists every rank up to this many; past it, per pipeline stage and per class of identical
# ranks instead (a rank's entry is ~0.5 kB: 67 MB at 131,072 ranks)
PER_RANK_MAX_RANKS = 4096


@dataclass(frozen=True)
class StepArrays:
    """A rank's steps (op, layer, micro-batch) as arrays: its distinct ops (one OpSpec object each), the
    index of each step's op among them, and each step's layer and micro-batch."""

    ops: list
    inverse: np.ndarray  # int64, per step: index into ops
    layer: np.ndarray  # int64
    microbatch: np.ndarray  # int64

    @classmethod
    def of(cls, steps: list, index: OpIndex | None = None) -> StepArrays:
        """`index`: the engine's `op_index(steps)` (the same distinct ops and step indices), when it kept one."""
        n = len(steps)
        if index is not None and n and len(index.of_step) == n:
            return cls(
                index.ops,
                index.of_step.reshape(-1).astype(np.int64, copy=False),
                np.fromiter(map(itemgetter(1), steps), dtype=np.int64, count=n),
                np.fromiter(map(itemgetter(2), steps), dtype=np.int64, count=n),
            )
        return cls._of(steps)

    @classmethod
    def _of(cls, steps: list) -> StepArrays:
        n = len(steps)
        if not n:
            empty = np.zeros(0, dtype=np.int64)
            return cls([], empty, empty, empty)
        ids = np.fromiter(map(id, map(itemgetter(0), steps)), dtype=np.int64, count=n)
        _, first, inverse = np.unique(ids, return_index=True, return_inverse=True)
        return cls(
            [steps[i][0] for i in first.tolist()],
            inverse.reshape(-1).astype(np.int64),
            np.fromiter(map(itemgetter(1), steps), dtype=np.int64, count=n),
            np.fromiter(map(itemgetter(2), steps), dtype=np.int64, count=n),
        )


@dataclass
class SimResult:
    loaded: LoadedScenario
    topology: Topology
    gpus: list[int]
    program: Program
    engine: EngineResult
    memory: dict[int, RankMemory]  # per representative rank
    cache: dict = field(default_factory=dict, repr=False)  # derived tables the report writers share

    @property
    def scenario(self):  # noqa: ANN201 - Scenario
        return self.loaded.scenario

    @property
    def world_size(self) -> int:
        return self.program.layout.world_size

    @property
    def lists_ranks(self) -> bool:
        """Whether summary.json lists every rank (up to PER_RANK_MAX_RANKS) or stages and classes of ranks."""
        return self.world_size <= PER_RANK_MAX_RANKS

    @cached_property
    def capacity_bytes(self) -> float:
        return self.loaded.hardware.gpu.memory_GiB * GiB

    def step_arrays(self, rep: int) -> StepArrays:
        """A representative's steps as arrays (computed once; the summary and the writers share them)."""
        cache = self.cache.setdefault("step_arrays", {})
        if rep not in cache:
            cache[rep] = StepArrays.of(self.program.steps[rep], self.cache.get("op_index", {}).get(rep))
        return cache[rep]

    def rank_stats(self, rep: int) -> dict[str, float]:
        """Busy times and bytes on the wire of one representative rank (vectorized over its ops)."""
        tr = self.engine.traces[rep]
        sa = self.step_arrays(rep)
        ops, inverse, layer = sa.ops, sa.inverse, sa.layer
        dur = np.frombuffer(tr.end_s, dtype=float) - tr.busy_start_s()  # collectives' peer waits left out: idle
        kind = np.array([op.kind for op in ops])  # per distinct op; masks gathered per step below
        compute_o = np.array([op.is_compute for op in ops], dtype=bool)
        coll_o = ~compute_o & (kind != "send") & (kind != "recv")  # collectives and waits
        busy_o = compute_o | (coll_o & np.array([op.blocking for op in ops], dtype=bool))
        seen = self.engine.measured
        measured_o = np.array(
            [op.measured or (op.kind, op.group, op.bytes) in seen for op in ops], dtype=bool
        )
        phase_o = np.array([op.phase for op in ops])
        nbytes = np.array([op.bytes for op in ops])[inverse]
        wire = np.array(
            [
                op.bytes * bus_factor(op.kind, len(op.group))
                if not op.is_compute and op.kind not in ("wait", "send", "recv")
                else 0.0
                for op in ops
            ]
        )[inverse]
        compute, busy = compute_o[inverse], busy_o[inverse]  # busy: on the rank's critical stream
        is_send, is_recv = (kind == "send")[inverse], (kind == "recv")[inverse]
        comm = busy & ~compute
        measured = measured_o[inverse]
        out = {
            "compute_busy_s": float(dur[compute].sum()),
            "comm_busy_s": float(dur[comm].sum()),
            "table_busy_s": float(dur[busy & measured].sum()),
            "p2p_wait_s": float(dur[is_recv].sum()),
            "peer_wait_s": float(sum(tr.peer_wait_s.values())),
            "bytes_sent": float(nbytes[is_send].sum() + wire.sum()),
            "bytes_received": float(nbytes[is_recv].sum() + wire.sum()),
        }
        moe_o = np.array([op.name.startswith("moe.") for op in ops], dtype=bool)  # a MoE block's ops
        sums = {}
        for ph in ("forward", "backward", "recompute", "optimizer"):
            sel = (busy_o & (phase_o == ph))[inverse]
            sums[ph] = float(dur[sel].sum())
            sums["layer_" + ph] = float(dur[sel & (layer >= 0)].sum())
            sums["moe_" + ph] = float(dur[sel & moe_o[inverse] & (layer >= 0)].sum())
        out.update(
            forward_s=sums["forward"],
            backward_s=sums["backward"] + sums["recompute"],
            optimizer_s=sums["optimizer"],
            layer_forward_s=sums["layer_forward"],
            layer_backward_s=sums["layer_backward"] + sums["layer_recompute"],
            moe_forward_s=sums["moe_forward"],
            moe_backward_s=sums["moe_backward"] + sums["moe_recompute"],
        )
        return out

    @cached_property
    def stats(self) -> dict[int, dict[str, float]]:
        return {r: self.rank_stats(r) for r in self.program.reps}

    def op_time_sources(self, rep: int) -> dict[str, float]:
        """Shares of a rank's busy op time (compute and blocking collectives) whose duration came from the
        profile's measured tables and from the model alone."""
        st = self.stats[rep]
        busy = st["compute_busy_s"] + st["comm_busy_s"]
        table = st["table_busy_s"] / busy if busy > 0 else 0.0
        return {"tables_share": table, "model_share": 1.0 - table if busy > 0 else 0.0}

    def link_utilization(self) -> dict[str, dict[str, float | int]]:
        """Per link class: average, busiest link's average and peak utilization (computed once)."""
        if "link_utilization" not in self.cache:
            self.cache["link_utilization"] = class_utilization(
                self.engine.transfer_log,
                self.topology.capacity_Bps,
                self.topology.link_class,
                self.engine.iteration_time_s,
                self.log_index(),
            )
        return self.cache["link_utilization"]

    def log_index(self) -> LogIndex:
        """The transfer log by distinct (links, bytes) pair (computed once; the summary, the timeline's link
        panel and the trace's counters share it)."""
        if "log_index" not in self.cache:
            self.cache["log_index"] = log_index(self.engine.transfer_log)
        return self.cache["log_index"]

    def model_flops(self, causal: bool = False) -> float:
        """Model FLOPs of one iteration (no recomputation counted): 3x forward for training
        (Korthikanti et al.: 72 B L s h^2 (1 + s/6h + V/12hL) when f = 4h; grouped-query attention's
        q, k, v projection is (heads + 2 kv_heads) x head size wide, SwiGLU has three f x h matrices; a MoE
        layer's MLP counts the top_k experts a token visits and the shared ones). `causal`: the attention
        scores and their product with V over half the keys, as Megatron-Core counts since March 2025
        (ADLR/megatron-lm!2789) and as causal kernels execute them."""
        sc = self.scenario
        m = sc.model
        B, s, h, L, V, f = sc.training.global_batch, m.seq_len, m.hidden, m.layers, m.vocab, sc.ffn_hidden
        hd = m.head_dim or h // m.heads
        qkv = (m.heads + 2 * sc.kv_heads) * hd
        w = 3 if m.mlp == "swiglu" else 2
        mlp = w * h * f * L
        if m.moe is not None:  # Megatron's count: top_k routed experts and the shared ones; no router
            moe = MoE.of(m.moe)
            assert moe is not None
            n_moe = moe.moe_layers(L)
            per = w * h * (moe.top_k * moe.expert_ffn + moe.shared_experts * (moe.shared_ffn or moe.expert_ffn))
            mlp += n_moe * (per - w * h * f)
        attn = qkv * h + m.heads * hd * h + (1 if causal else 2) * s * m.heads * hd
        mla = MLA.of(m.mla)
        if mla is not None:  # latent attention: its projections (and latent norms), q_head-wide scores, v-wide values
            attn = mla.params(h, m.heads) + s * m.heads * (mla.q_head + mla.v) / (2 if causal else 1)
        fwd = 2.0 * B * s * (L * attn + mlp + h * V)
        return fwd * (3 if sc.training.mode == "train" else 1)

    def executed_flops(self) -> float:
        """FLOPs every rank executes in one iteration, recomputation included (hardware FLOPs)."""
        per_rep = {}
        for r in self.program.reps:  # summed step by step in program order, as sum() over the steps would
            sa = self.step_arrays(r)
            flops = [op.flops for op in sa.ops]
            per_rep[r] = sum(map(flops.__getitem__, sa.inverse.tolist()))
        return sum(per_rep[self.program.rep_of[r]] for r in range(self.world_size))

    def summary(self, detail: bool = True) -> dict:
        """summary.json's content; `detail=False` leaves out `link_utilization` and the per-rank (or per-stage
        and per-class) tables: what a search point does not keep, and on large runs the costly part."""
        sc = self.scenario
        hw = self.loaded.hardware
        it = self.engine.iteration_time_s
        reps = self.program.reps
        stats = self.stats
        slowest = max(reps, key=lambda r: (self.engine.traces[r].finish_s, -r))
        overflow = next(
            (r for r, rep in enumerate(self.program.rep_of) if self.memory[rep].total > self.capacity_bytes), None
        )
        by_rank = self.lists_ranks
        peak = max(m.total for m in self.memory.values())
        flops = self.model_flops()
        peak_flops = hw.peak_flops(sc.training.precision)
        B = sc.training.global_batch
        fwd = stats[slowest]["forward_s"]
        bwd = stats[slowest]["backward_s"]
        slow_layers = rank_layers(sc, self.program.layout.coord(slowest, "pp"))
        layer_runs = max(1, len(slow_layers)) * sc.microbatches
        moe = MoE.of(sc.model.moe)
        moe_runs = sum(moe.is_moe(i) for i in slow_layers) * sc.microbatches if moe is not None else 0
        out = {
            "name": sc.name,
            "hardware": hw.name,
            "scheme": sc.parallelism.scheme,
            "world_size": self.world_size,
            "nodes": sc.cluster.nodes,
            "gpus_in_cluster": self.loaded.total_gpus,
            "microbatches": sc.microbatches,
            "iteration_time_s": it,
            "forward_time_s": fwd,
            "backward_time_s": bwd,
            "optimizer_time_s": stats[slowest]["optimizer_s"],
            "pipeline_wait_time_s": stats[slowest]["p2p_wait_s"],
            "collective_wait_time_s": stats[slowest]["peer_wait_s"],
            "idle_time_s": max(0.0, it - stats[slowest]["compute_busy_s"] - stats[slowest]["comm_busy_s"]),
            "fwd_per_seq_s": fwd / B,
            "bwd_per_seq_s": bwd / B,
            "layer_forward_time_s": stats[slowest]["layer_forward_s"] / layer_runs,
            "layer_backward_time_s": stats[slowest]["layer_backward_s"] / layer_runs,
            "moe_forward_time_s": stats[slowest]["moe_forward_s"] / moe_runs if moe_runs else None,
            "moe_backward_time_s": stats[slowest]["moe_backward_s"] / moe_runs if moe_runs else None,
            "train_seq_per_s": B / (fwd + bwd) if fwd + bwd > 0 else None,
            "inference_seq_per_s": B / fwd if fwd > 0 else None,
            "model_tflops_per_gpu": flops / (it * self.world_size) / 1e12 if it > 0 else 0.0,
            "model_tflops_per_gpu_causal": self.model_flops(causal=True) / (it * self.world_size) / 1e12
            if it > 0
            else 0.0,
            "hardware_tflops_per_gpu": self.executed_flops() / (it * self.world_size) / 1e12
            if it > 0
            else 0.0,
            "activation_bytes_per_layer": self.program.scheme.layer_activation_bytes(sc.training.recompute),
            "throughput_seq_per_s": B / it if it > 0 else None,
            "tokens_per_s": B * sc.model.seq_len / it if it > 0 else None,
            "tokens_per_s_per_gpu": B * sc.model.seq_len / it / sc.world_size if it > 0 else None,
            "model_flops_per_iteration": flops,
            "mfu": flops / (it * self.world_size * peak_flops) if it > 0 else 0.0,
            "peak_memory_bytes": round(peak),
            "memory_capacity_bytes": round(self.capacity_bytes),
            "fits_in_memory": overflow is None,
            "first_rank_over_memory": overflow,
            "slowest_rank": slowest,
            "simulated_ranks": list(reps),
            "events_ranks": None,
            "collective_algorithms": self.engine.algorithms,
            "op_time_sources": self.op_time_sources(slowest),
        }
        if detail:
            out["link_utilization"] = {k: dict(v) for k, v in self.link_utilization().items()}
            out["per_rank"] = self.per_rank() if by_rank else None
            if not by_rank:
                out.update(per_stage=self.per_stage(), per_class=self.per_class())
        return out

    def per_rank(self) -> list[dict]:
        """One entry per rank, in rank order (summary.json up to PER_RANK_MAX_RANKS ranks)."""
        out = []
        for rank in range(self.world_size):
            rep = self.program.rep_of[rank]
            gpu = self.gpus[rank]
            out.append(
                {
                    "rank": rank,
                    "device": f"node{self.topology.node_of(gpu)}/gpu{self.topology.local_of(gpu)}",
                    "gpu": gpu,
                    "coords": self.coords(rank),
                    "represented_by": rep,
                    **self._rep_figures(rep),
                }
            )
        return out

    def _rep_figures(self, rep: int) -> dict:
        """A simulated rank's busy times, bytes and memory (the same for every rank it stands for)."""
        st = self.stats[rep]
        return {
            "compute_busy_s": st["compute_busy_s"],
            "comm_busy_s": st["comm_busy_s"],
            "bytes_sent": round(st["bytes_sent"]),
            "bytes_received": round(st["bytes_received"]),
            "memory": self.memory[rep].as_dict(),
        }

    def coords(self, rank: int) -> dict[str, int]:
        """The rank's place in every parallel group: tensor, context, data and pipeline coordinates, and under
        expert parallel its expert and expert-data coordinates (Megatron-Core's expert layout)."""
        lay = self.program.layout
        out = {a: lay.coord(rank, a) for a in ("tp", "cp", "dp", "pp")}
        el = getattr(self.program.scheme, "expert_layout", None)
        if el is not None:
            out["ep"] = el.coord(rank, "ep")
            out["edp"] = el.coord(rank, "dp")
        return out

    def per_class(self) -> list[dict]:
        """One entry per class of identical ranks (each simulated rank and the ranks it stands for): its
        pipeline stage, how many ranks, the first and last of them, busy times, bytes and memory of each."""
        count: dict[int, int] = {}
        last: dict[int, int] = {}
        for rank, rep in enumerate(self.program.rep_of):
            count[rep] = count.get(rep, 0) + 1
            last[rep] = rank
        out = []
        for rep in self.program.reps:
            out.append(
                {
                    "represented_by": rep,
                    "stage": self.program.layout.coord(rep, "pp"),
                    "ranks": count[rep],
                    "last_rank": last[rep],
                    **self._rep_figures(rep),
                }
            )
        return out

    def per_stage(self) -> list[dict]:
        """Per pipeline stage: its ranks, the busiest of them (compute and communication busy time), the
        bytes all of them sent and received, and the largest memory of any of them."""
        stages: dict[int, list[dict]] = {}
        for c in self.per_class():
            stages.setdefault(c["stage"], []).append(c)
        return [
            {
                "stage": s,
                "ranks": sum(c["ranks"] for c in cs),
                "classes": len(cs),
                "max_compute_busy_s": max(c["compute_busy_s"] for c in cs),
                "max_comm_busy_s": max(c["comm_busy_s"] for c in cs),
                "bytes_sent": sum(c["bytes_sent"] * c["ranks"] for c in cs),
                "bytes_received": sum(c["bytes_received"] * c["ranks"] for c in cs),
                "peak_memory_bytes": max(c["memory"]["total"] for c in cs),
            }
            for s, cs in sorted(stages.items())
        ]


def can_fold(sc) -> bool:  # noqa: ANN001 - Scenario
    """Fold identical ranks unless asked not to, or unless an explicit placement may break the symmetry
    folding relies on (naive and bunched placements map every folded peer the same way)."""
    return (
        sc.simulation.fold == "auto"
        and not isinstance(sc.parallelism.placement, list)
        and not stragglers.active(sc)  # slow nodes break the symmetry between folded peers
    )


def simulate(
    loaded: LoadedScenario,
    progress: Callable[[float], None] | None = None,
    fit: Callable | None = None,
    topology: Topology | None = None,
) -> SimResult:
    """Simulate one iteration; `progress(fraction of program steps done)` is called now and then; `fit(op)`
    multiplies compute ops' times (one draw of the profile's fit uncertainty, reliability/fitspread.py);
    `topology`: this scenario's cluster already built (a search's worker reuses one across layouts; the
    run only reads it, and degraded links always get a fresh one)."""
    with _cyclic_gc_paused():
        return _simulate(loaded, progress, fit, topology)


@contextmanager
def _cyclic_gc_paused() -> Iterator[None]:
    """Pause CPython's cyclic garbage collector for one simulation. A run allocates millions of long-lived
    objects (program steps, events) and next to no cyclic garbage, so the collector's repeated full scans
    cost ~20% of the wall time and free nothing; reference counting still frees everything else."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def sync_width(program: Program, rep: int) -> int:
    """How many of the peers `rep` stands for meet it at every collective: its folded tensor-parallel
    group, and with ZeRO-3 (per-layer gathers) its folded data-parallel group too."""
    lay = program.layout
    axes = ("tp", "dp") if program.scenario.parallelism.zero == "full" else ("tp",)
    width = 1
    for a in axes:
        width *= sum(1 for r in lay.group(rep, a) if program.rep_of[r] == rep)
    return width


def variability_extras(
    program: Program, hw: HardwareProfile, seed: int, fit: Callable | None = None, indexes: dict | None = None
) -> dict[int, np.ndarray]:
    """Per simulated rank, the cumulative extra seconds its steps take under the profile's variability
    (and the fit term `fit(op)`, a factor per op; reliability/fitspread.py), drawn from `seed`; `indexes`
    caches each rank's op index between seeds."""
    if not noise.active(hw) and fit is None:
        return {}
    rng = np.random.default_rng([seed, 26])
    out = {}
    for rep in sorted(program.steps):
        steps = program.steps[rep]
        idx = None
        if indexes is not None:
            idx = indexes.get(rep) or indexes.setdefault(rep, op_index(steps))
        cs = noise.rank_extras(steps, hw, rng, sync_width(program, rep), fit, idx)
        if cs is not None:
            out[rep] = cs
    return out


def _simulate(
    loaded: LoadedScenario,
    progress: Callable[[float], None] | None,
    fit: Callable | None = None,
    topology: Topology | None = None,
) -> SimResult:
    sc, hw = loaded.scenario, loaded.hardware
    topo, program, gpus = _prepare(loaded, topology)
    extra: dict = {}
    extras = variability_extras(program, hw, sc.seed, fit)
    if extras:
        extra["stretch"] = noise.stretch_of(extras)
    engine = profile_engine(
        program.steps, program.translations, gpus, topo, hw, sc.network.per_kind(), **extra
    )
    result = engine.run(progress)
    res = SimResult(loaded, topo, gpus, program, result, rep_memory(loaded, program))
    res.cache["op_index"] = engine.op_index  # over program.steps: the reports' step arrays reuse it
    return res


def build_engine(loaded: LoadedScenario) -> tuple[Program, Engine]:
    """The program and an engine over it without variability (`Engine.again` adds a seed's)."""
    topo, program, gpus = _prepare(loaded)
    sc = loaded.scenario
    return program, profile_engine(
        program.steps, program.translations, gpus, topo, loaded.hardware, sc.network.per_kind()
    )


def _prepare(loaded: LoadedScenario, topology: Topology | None = None) -> tuple[Topology, Program, list[int]]:
    """Topology (`topology` if given and no link is degraded), program and placement, with the scenario's
    stragglers and degraded links applied."""
    sc, hw = loaded.scenario, loaded.hardware
    c = sc.cluster
    topo = topology
    if topo is None or stragglers.links_active(sc):  # degrading links changes the topology: a fresh one
        topo = build_topology(
            hw, c.nodes, loaded.gpus_per_node, c.oversubscription, c.nics_per_node, c.rail_optimized
        )
    program = build_program(sc, CostModel(hw, sc.training.precision), fold=can_fold(sc))
    gpus = place(sc.parallelism.placement, program.layout, loaded.gpus_per_node, sc.parallelism.scheme)
    if stragglers.slow_active(sc):  # folding is off (can_fold): every rank has its own steps
        slow = set(stragglers.slow_nodes(sc))
        ranks = [r for r in program.reps if topo.node_of(gpus[r]) in slow]
        stragglers.slow_down(program.steps, ranks, sc.variability.stragglers.compute_slowdown)
    if stragglers.spread_active(sc):  # folding is off: each rank's GPU takes its own factor
        factors = stragglers.gpu_factors(sc, topo.num_gpus)
        for r in program.reps:
            stragglers.slow_down(program.steps, [r], factors[gpus[r]])
    if stragglers.links_active(sc):
        dl = sc.variability.degraded_links
        stragglers.degrade_links(topo, stragglers.degraded_nodes(sc), dl.bandwidth_factor)
    return topo, program, gpus


def profile_engine(
    steps: dict,
    translations: list,
    gpus: list[int],
    topo: Topology,
    hw: HardwareProfile,
    algorithm: str | dict[str, str],
    **extra: object,
) -> Engine:
    """An engine over `steps` on `topo` with the profile's costs: collective launch, host thread, wire
    protocols, per-flow caps, measured tables and the SMs collectives hold beside compute (one construction
    for `simulate`, cluster runs and Chakra replays, so the three cost a program alike)."""
    return Engine(
        steps,
        translations,
        gpus,
        topo,
        hw.collectives.launch_us * 1e-6,
        algorithm,
        host=HostCosts.from_spec(hw.host),
        protocols=protocols_of(hw.collectives),
        per_flow_Bps=per_flow_caps_Bps(topo, hw.links),
        tables=lookup_of(hw.tables),
        contention=Contention.of(hw.collectives),
        **extra,  # type: ignore[arg-type]
    )


def rep_memory(loaded: LoadedScenario, program: Program) -> dict[int, RankMemory]:
    """Each simulated rank's memory (its pipeline stage's schedule, its parameters)."""
    sc, hw = loaded.scenario, loaded.hardware
    memory = {}
    for rep in program.reps:
        stage = program.layout.coord(rep, "pp")
        memory[rep] = rank_memory(
            sc,
            program.scheme,
            program.params_per_rank[rep],
            stage,
            program.schedules[stage],
            hw.gpu.memory_reserved_GiB,
        )
    return memory
