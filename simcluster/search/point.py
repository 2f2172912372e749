"""One point of a search or sweep: a scenario simulated in a worker, its summary flattened to a row.

A point travels to its worker as plain data (the scenario as a dict, the folder its relative paths start
from), so the local process pool and Ray run the same function. A point that fails returns its one-line
error instead of raising: one bad point never stops a sweep.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simcluster.report.breakdown import PARTS

# The summary's scalar keys that become result columns (units in the names, as in summary.json).
SUMMARY_COLUMNS = (
    "iteration_time_s",
    "throughput_seq_per_s",
    "tokens_per_s",
    "mfu",
    "model_tflops_per_gpu",
    "hardware_tflops_per_gpu",
    "forward_time_s",
    "backward_time_s",
    "optimizer_time_s",
    "pipeline_wait_time_s",
    "collective_wait_time_s",
    "idle_time_s",
    "peak_memory_bytes",
    "memory_capacity_bytes",
    "fits_in_memory",
    "world_size",
    "microbatches",
)
BREAKDOWN_COLUMNS = tuple(key for key, _, _ in PARTS)
SEED_STATS = ("p05", "p50", "p95", "mean", "stdev")
SEED_COLUMNS = tuple(f"iteration_time_{k}_s" for k in SEED_STATS)  # with Point.seeds > 1  # the slowest rank's parts (compare's breakdown)


@dataclass(frozen=True)
class Point:
    """What a worker needs: the scenario (as validated data), where its relative paths start, and where
    to write per-point outputs (None: none)."""

    index: int
    scenario: dict[str, Any]
    base_dir: str
    out_dir: str | None = None
    events: str = "none"
    # above 1: also the iteration time's percentiles over that many seeds (`SEED_COLUMNS`); None: the
    # scenario's simulation.seeds decides (sweeps)
    seeds: int | None = None


def scenario_hash(data: dict[str, Any]) -> str:
    """Content hash of a scenario: the same scenario always gets the same key, whatever produced it."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class _Topologies:
    """The cluster topology of the last point this process simulated, reused while the next point's cluster
    and hardware are the same (a search's layouts share one cluster; building 16,384 GPUs' graph takes ~1 s).
    A cache only: the simulation reads the topology and fills its route cache, the same routes every time."""

    key: str | None = None
    topology: Any = None

    @classmethod
    def of(cls, sc: Any, hw: Any) -> Any:
        from simcluster.topology.graph import build_topology

        c = sc.cluster
        gpn = c.gpus_per_node or hw.node.gpus_per_node
        shape = [c.nodes, gpn, c.oversubscription, c.nics_per_node, c.rail_optimized, hw.model_dump(mode="json")]
        key = hashlib.sha256(json.dumps(shape, sort_keys=True, default=str).encode()).hexdigest()
        if key != cls.key:
            cls.key = None  # a failed build leaves no stale entry
            cls.topology = build_topology(hw, c.nodes, gpn, c.oversubscription, c.nics_per_node, c.rail_optimized)
            cls.key = key
        return cls.topology


def run_point(point: Point) -> dict[str, Any]:
    """Simulate one point; returns its summary columns, the breakdown of its slowest rank, and `error`
    (empty on success, else the one-line message)."""
    from simcluster.config.loader import LoadedScenario, check_semantics, check_size, parse_scenario
    from simcluster.errors import SimclusterError
    from simcluster.hardware.profile import load_profile
    from simcluster.report.breakdown import breakdown
    from simcluster.simulate import simulate

    row: dict[str, Any] = {"point": point.index, "error": ""}
    try:
        sc = parse_scenario(point.scenario)
        base = Path(point.base_dir)
        hw = load_profile(sc.hardware, base_dir=base)
        check_semantics(sc, hw)
        check_size(sc, hw)  # the limits `run` applies: a point is refused, not a MemoryError
        res = simulate(LoadedScenario(sc, hw, base), topology=_Topologies.of(sc, hw))
        summary = res.summary(detail=False)  # the scalars: no per-rank rows or link utilization
        n_seeds = point.seeds if point.seeds is not None else sc.simulation.seeds
        if n_seeds > 1:
            from simcluster.reliability.seedrun import seed_interval

            iv = seed_interval(LoadedScenario(sc, hw, base), n_seeds)
            row.update({f"iteration_time_{k}": v for k, v in iv.items()})
        if point.out_dir is not None:
            from simcluster.report.outputs import write_outputs

            write_outputs(res, Path(point.out_dir), point.events)
        parts = breakdown(res, summary["slowest_rank"])
    except SimclusterError as exc:
        row["error"] = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return row
    except Exception as exc:  # noqa: BLE001 - a point's bug is recorded, the sweep goes on
        row["error"] = f"{type(exc).__name__}: {exc}".splitlines()[0]
        return row
    for key in SUMMARY_COLUMNS:
        row[key] = summary[key]
    for key in BREAKDOWN_COLUMNS:
        row[key] = parts[key]
    it = summary["iteration_time_s"]
    row["bubble_share"] = parts["bubble_idle_s"] / it if it > 0 else 0.0
    row["exposed_comm_share"] = parts["exposed_comm_s"] / it if it > 0 else 0.0
    return row
