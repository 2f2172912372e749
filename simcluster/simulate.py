"""One simulation, start to end: scenario -> topology + placement -> program -> engine -> result."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from simcluster.config.loader import LoadedScenario
from simcluster.engine.executor import Engine, EngineResult
from simcluster.memory.model import RankMemory, rank_memory
from simcluster.model.costs import CostModel
from simcluster.network.collectives import bus_factor
from simcluster.parallel.program import Program, build_program
from simcluster.topology.graph import Topology, build_topology
from simcluster.topology.placement import place

GiB = 1024**3


@dataclass
class SimResult:
    loaded: LoadedScenario
    topology: Topology
    gpus: list[int]
    program: Program
    engine: EngineResult
    memory: dict[int, RankMemory]  # per representative rank

    @property
    def scenario(self):  # noqa: ANN201 - Scenario
        return self.loaded.scenario

    @property
    def world_size(self) -> int:
        return self.program.layout.world_size

    @cached_property
    def capacity_bytes(self) -> float:
        return self.loaded.hardware.gpu.memory_GiB * GiB

    def rank_stats(self, rep: int) -> dict[str, float]:
        """Busy times and bytes on the wire of one representative rank."""
        tr = self.engine.traces[rep]
        comp = comm = p2p_wait = sent = recv = 0.0
        phase = {"forward": 0.0, "backward": 0.0, "recompute": 0.0, "optimizer": 0.0}
        for i, (op, _layer, _mb) in enumerate(self.program.steps[rep]):
            kind = op.kind
            if kind == "send":
                sent += op.bytes
                continue
            if kind == "recv":
                recv += op.bytes
                p2p_wait += tr.end_s[i] - tr.start_s[i]
                continue
            if not op.is_compute and kind != "wait":
                wire = op.bytes * bus_factor(kind, len(op.group))
                sent += wire
                recv += wire
                if not op.blocking:  # runs beside compute on the communication stream
                    continue
            d = tr.end_s[i] - tr.start_s[i]
            if op.is_compute:
                comp += d
            else:
                comm += d
            phase[op.phase] += d
        return {
            "compute_busy_s": comp,
            "comm_busy_s": comm,
            "p2p_wait_s": p2p_wait,
            "forward_s": phase["forward"],
            "backward_s": phase["backward"] + phase["recompute"],
            "optimizer_s": phase["optimizer"],
            "bytes_sent": sent,
            "bytes_received": recv,
        }

    @cached_property
    def stats(self) -> dict[int, dict[str, float]]:
        return {r: self.rank_stats(r) for r in self.program.reps}

    def model_flops(self) -> float:
        """Model FLOPs of one iteration (no recomputation counted): 3x forward for training
        (Korthikanti et al.: 72 B L s h^2 (1 + s/6h + V/12hL) when f = 4h)."""
        sc = self.scenario
        m = sc.model
        B, s, h, L, V, f = sc.training.global_batch, m.seq_len, m.hidden, m.layers, m.vocab, sc.ffn_hidden
        fwd = 2.0 * B * s * (L * (4 * h * h + 2 * h * f + 2 * s * h) + h * V)
        return fwd * (3 if sc.training.mode == "train" else 1)

    def summary(self) -> dict:
        sc = self.scenario
        hw = self.loaded.hardware
        it = self.engine.iteration_time_s
        reps = self.program.reps
        stats = self.stats
        slowest = max(reps, key=lambda r: (self.engine.traces[r].finish_s, -r))
        per_rank = []
        overflow = None
        for rank in range(self.world_size):
            rep = self.program.rep_of[rank]
            st, mem = stats[rep], self.memory[rep]
            if overflow is None and mem.total > self.capacity_bytes:
                overflow = rank
            gpu = self.gpus[rank]
            per_rank.append(
                {
                    "rank": rank,
                    "device": f"node{self.topology.node_of(gpu)}/gpu{self.topology.local_of(gpu)}",
                    "gpu": gpu,
                    "represented_by": rep,
                    "compute_busy_s": st["compute_busy_s"],
                    "comm_busy_s": st["comm_busy_s"],
                    "bytes_sent": round(st["bytes_sent"]),
                    "bytes_received": round(st["bytes_received"]),
                    "memory": mem.as_dict(),
                }
            )
        peak = max(m.total for m in self.memory.values())
        flops = self.model_flops()
        peak_flops = hw.peak_flops(sc.training.precision)
        B = sc.training.global_batch
        fwd = stats[slowest]["forward_s"]
        bwd = stats[slowest]["backward_s"]
        return {
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
            "idle_time_s": max(0.0, it - stats[slowest]["compute_busy_s"] - stats[slowest]["comm_busy_s"]),
            "fwd_per_seq_s": fwd / B,
            "bwd_per_seq_s": bwd / B,
            "throughput_seq_per_s": B / it if it > 0 else math.inf,
            "tokens_per_s": B * sc.model.seq_len / it if it > 0 else math.inf,
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
            "per_rank": per_rank,
        }


def simulate(loaded: LoadedScenario, progress: Callable[[float], None] | None = None) -> SimResult:
    """Simulate one iteration; `progress(fraction of program steps done)` is called now and then."""
    sc, hw = loaded.scenario, loaded.hardware
    topo = build_topology(hw, sc.cluster.nodes, loaded.gpus_per_node, sc.cluster.oversubscription)
    program = build_program(sc, CostModel(hw, sc.training.precision), fold=sc.simulation.fold == "auto")
    gpus = place(sc.parallelism.placement, program.layout, loaded.gpus_per_node, sc.parallelism.scheme)
    engine = Engine(
        program.steps, program.translations, gpus, topo, hw.collectives.launch_us * 1e-6, sc.network.algorithm
    )
    result = engine.run(progress)
    memory = {}
    for rep in program.reps:
        stage = program.layout.coord(rep, "pp")
        memory[rep] = rank_memory(
            sc, program.scheme, program.params_per_rank[rep], stage, program.schedules[stage]
        )
    return SimResult(loaded, topo, gpus, program, result, memory)
