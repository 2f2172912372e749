"""`simcluster search`: enumerate layouts, prune the invalid and out-of-memory ones, estimate the rest,
simulate the best estimates event by event and rank them."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from simcluster.config.loader import LoadedScenario
from simcluster.hardware.profile import preset_names
from simcluster.search.batch import estimate_all, run_chunk
from simcluster.search.estimate import Estimator
from simcluster.search.point import Point, run_point, scenario_hash
from simcluster.search.prune import capacity_bytes, peak_memory_fast, scheme_of
from simcluster.search.runner import run_points, workers
from simcluster.search.space import AXES, Layout, Space, enumerate_space, with_values

DEFAULT_TOP = 10
SHORT = {  # axis -> how the layout label writes it
    "parallelism.tensor": "t",
    "parallelism.pipeline": "p",
    "parallelism.data": "d",
    "training.micro_batch": "mb",
    "parallelism.virtual_stages": "v",
}


def layout_label(lay: Layout) -> str:
    """A short readable name: `megatron-sp t8 p8 d16 mb1 interleaved-1f1b v6 recompute=none overlap`, with
    `c4` after the data size under context parallel, `e8` under expert parallel and `zero=full` where the
    state is sharded."""
    parts = [str(lay["parallelism.scheme"])]
    for k, short in SHORT.items():
        if k == "parallelism.virtual_stages" and lay[k] == 1:
            continue
        parts.append(f"{short}{lay[k]}")
        if k == "parallelism.data" and lay.get("parallelism.context", 1) > 1:
            parts.append(f"c{lay['parallelism.context']}")
        if k == "parallelism.data" and lay.get("parallelism.expert", 1) > 1:
            parts.append(f"e{lay['parallelism.expert']}")
        if k == "training.micro_batch":
            parts.append(str(lay["parallelism.schedule"]))
    parts.append(f"recompute={lay['training.recompute']}")
    if lay["parallelism.placement"] != "naive":
        parts.append(str(lay["parallelism.placement"]))
    if lay["training.grad_overlap"]:
        parts.append("overlap")
    if lay.get("parallelism.zero", "none") != "none":
        parts.append(f"zero={lay['parallelism.zero']}")
    parts += [f"{k}={v}" for k, v in lay.items() if k not in AXES]
    return " ".join(parts)


def overrides_of(lay: Layout) -> list[str]:
    """The layout as `--set` overrides (values as JSON, which YAML reads back unchanged)."""
    import json

    return [f"{k}={json.dumps(v)}" for k, v in lay.items()]


@dataclass
class SearchOutcome:
    rows: list[dict[str, Any]]  # every valid layout, ranked
    invalid: dict[str, int]
    counts: dict[str, int]
    best: dict[str, Any] | None
    best_scenario: dict[str, Any] | None
    seconds: dict[str, float] = field(default_factory=dict)


def predicted_best(loaded: LoadedScenario, candidates: list[Any], simulate_top: int = 0) -> int:
    """Index of the candidate (a Scenario of `loaded`'s hardware) the search picks among exactly these
    layouts: the fastest estimate that fits in memory (the first candidate if none fits), or with
    `simulate_top` = k > 0 the fastest of the k best estimates simulated event by event (as `search`)."""
    from simcluster.simulate import simulate

    est = Estimator(loaded)
    cap = capacity_bytes(loaded.hardware)
    ranked: list[tuple[float, int]] = []
    for i, sc in enumerate(candidates):
        scheme = scheme_of(sc, loaded.hardware)
        if peak_memory_fast(sc, loaded.hardware, scheme).total > cap:
            continue
        ranked.append((est.estimate(sc, scheme).iteration_time_s, i))
    if not ranked:
        return 0
    ranked.sort()
    if simulate_top <= 0:
        return ranked[0][1]
    sims = []
    for _, i in ranked[:simulate_top]:
        res = simulate(LoadedScenario(candidates[i], loaded.hardware, loaded.base_dir))
        sims.append((res.engine.iteration_time_s, i))
    return min(sims)[1]


def run_search(
    loaded: LoadedScenario,
    raw: dict[str, Any],
    space: Space,
    top: int = DEFAULT_TOP,
    jobs: int | None = None,
    executor: str = "local",
    address: str | None = None,
    progress: Callable[[float], None] | None = None,
    estimating: Callable[[float], None] | None = None,
    memory_margin: float = 0.0,
    tokens: float | None = None,
    seeds: int = 1,
    rank_by: str = "time",
) -> SearchOutcome:
    """`estimating(fraction)` follows pruning and estimating, `progress(fraction)` the simulations;
    `memory_margin` is the fraction of device memory kept free (`capacity_bytes`); with `tokens`, every
    layout also gets its expected time to train (`train_time_s`, docs/reliability.md) and is ranked by it;
    with `seeds` > 1 every simulated layout also gets its iteration time percentiles over that many seeds
    (`SEED_COLUMNS`), and `rank_by` (p05, p50, p95, mean) ranks the simulated layouts by one of them."""
    t0 = time.perf_counter()
    enum = enumerate_space(loaded, raw, space)
    t1 = time.perf_counter()
    n_workers = workers(jobs, executor, address)

    def run_chunks(chunks: list, on_result: Callable) -> None:
        run_points(chunks, on_result, jobs, executor, address, run_chunk)

    fields = estimate_all(
        loaded, raw, enum.layouts, enum.scenarios, memory_margin, run_chunks, n_workers, estimating,
        forked=executor == "local",
    )  # fmt: skip
    rows: list[dict[str, Any]] = []
    for i, (lay, f) in enumerate(zip(enum.layouts, fields)):
        row: dict[str, Any] = {"layout": i, **lay, "label": layout_label(lay)}
        row["memory_model_peak_bytes"] = f["memory_model_peak_bytes"]
        row["memory_capacity_bytes"] = f["memory_capacity_bytes"]
        row.update((k, v) for k, v in f.items() if k not in row)
        rows.append(row)
    t2 = time.perf_counter()
    fitting = sorted(
        (r for r in rows if r["status"] == "estimated"),
        key=lambda r: (r["est_iteration_time_s"], r["layout"]),
    )
    chosen = fitting[: max(0, top)]
    points = []
    for r in chosen:
        data = with_values(raw, enum.layouts[r["layout"]])
        points.append(Point(index=r["layout"], scenario=data, base_dir=str(loaded.base_dir), seeds=seeds))
    by_layout = {r["layout"]: r for r in rows}
    done = [0]

    def on_result(point: Point, result: dict[str, Any]) -> None:
        row = by_layout[point.index]
        result = dict(result)
        result.pop("point", None)
        row["status"] = "failed" if result.get("error") else "simulated"
        row.update(result)
        done[0] += 1
        if progress is not None:
            progress(done[0] / len(points))

    if progress is not None and points:
        progress(0.0)
    run_points(points, on_result, jobs, executor, address, run_point)
    t3 = time.perf_counter()
    if tokens is not None:
        _add_train_time(rows, enum.scenarios, tokens)
    ranked = _rank(rows, rank_by)
    best = next((r for r in ranked if r["status"] == "simulated" and r.get("fits_in_memory")), None)
    best_data = None
    if best is not None:
        best_data = with_values(raw, enum.layouts[best["layout"]])
    counts = {
        "enumerated": enum.total,
        "invalid": sum(enum.invalid.values()),
        "out_of_memory": sum(r["status"] == "out of memory" for r in rows),
        "estimated": len(fitting),
        "simulated": sum(r["status"] == "simulated" for r in rows),
        "failed": sum(r["status"] == "failed" for r in rows),
    }
    for r in rows:
        r["scenario_hash"] = scenario_hash(with_values(raw, enum.layouts[r["layout"]], shared=True))
    seconds = {"enumerate_s": t1 - t0, "prune_estimate_s": t2 - t1, "simulate_s": t3 - t2}
    return SearchOutcome(ranked, enum.invalid, counts, best, best_data, seconds)


def _add_train_time(rows: list[dict[str, Any]], scenarios: list[Any], tokens: float) -> None:
    """Expected wall time to train on `tokens` (failures, checkpoints, restarts) from the simulated
    iteration time (`train_time_s`) or the estimate (`est_train_time_s`), and the goodput."""
    from simcluster.reliability import traintime as tt

    for r in rows:
        sc = scenarios[r["layout"]]
        per_it = sc.training.global_batch * sc.model.seq_len
        for src, dst in (("iteration_time_s", "train_time_s"), ("est_iteration_time_s", "est_train_time_s")):
            it = r.get(src)
            if isinstance(it, float) and it > 0:
                run = tt.plan(sc.reliability, sc.world_size, tt.model_params(sc), tokens, it, per_it)
                r[dst], r["goodput"] = run["wall_time_s"], run["goodput"]


def _rank(rows: list[dict[str, Any]], rank_by: str = "time") -> list[dict[str, Any]]:
    """Simulated layouts that fit by simulated time (or train time, or a percentile over seeds: `rank_by`),
    then the rest by estimate, then out of memory."""
    stat = None if rank_by == "time" else f"iteration_time_{rank_by}_s"

    def key(r: dict[str, Any]) -> tuple:
        if r["status"] == "simulated" and r.get("fits_in_memory"):
            if stat is not None:
                return (0, r[stat], r["layout"])
            return (0, r.get("train_time_s", r["iteration_time_s"]), r["layout"])
        if r["status"] in ("estimated", "simulated", "failed"):
            return (1, r.get("est_train_time_s", r.get("est_iteration_time_s", 0.0)), r["layout"])
        return (2, r["memory_model_peak_bytes"], r["layout"])

    out = sorted(rows, key=key)
    for i, r in enumerate(out):
        r["rank"] = i + 1
    return out


def best_yaml(data: dict[str, Any], scenario_dir: Path, out: Path) -> str:
    """best.yaml's text: the scenario with the winning layout; a hardware profile given as a relative path
    is rewritten relative to the output folder so `simcluster run DIR/best.yaml` finds it."""
    data = dict(data)
    name = f"{data.get('name', 'scenario')}-best"
    data["name"] = name if len(name) <= 100 else name[:95] + "-best"  # its own out/<name>, not the base's
    hw = str(data.get("hardware", ""))
    if hw not in preset_names() and not Path(hw).is_absolute():
        data["hardware"] = os.path.relpath((scenario_dir / hw).resolve(), out.resolve())
    head = (
        "# The fastest layout simcluster search found; run it with `simcluster run best.yaml` (its name has\n"
        "# -best added, so its outputs go to out/<name>-best, not over the searched scenario's).\n"
    )
    return head + yaml.safe_dump(data, sort_keys=False)
