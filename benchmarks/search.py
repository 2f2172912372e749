"""Layout search speed: GPT-3 175B on 1,024 A100s, a 530B model on 2,240 A100s, a 1T-class dense model on
16,384 H100s (issue 28) and Llama 3 70B on 1,024 H100s over the new axes (issue 25: tensor, pipeline,
data, context, ZeRO sharding, virtual stages, micro-batch); the 1T search also on a local Ray cluster that
this benchmark starts with 1 and 2 worker CPUs (the speed-up per worker).

For each case: layouts enumerated / invalid / out of memory / estimated / simulated, the wall and CPU time of
each stage and in all (medians of `--repeats` runs, each in a fresh process), and the best layout. Also
checks the PTD-P observation (Narayanan et al. 2021, Section 5.4): for GPT-3 on DGX A100 nodes the best
layout with tensor 8 (inside a node) beats the best with tensor 16 (across two nodes), both simulated event
by event (outside the timed search). Prints a table and writes benchmarks/results/search.json.
Usage: python benchmarks/search.py [--jobs N] [--repeats 3] [--only gpt3|530b|1t|70b|ray] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from simcluster.config.loader import LoadedScenario, apply_overrides, load_scenario, read_yaml_mapping
from simcluster.search.driver import run_search
from simcluster.search.space import Space, enumerate_space, load_space
from simcluster.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
GPT3 = ROOT / "scenarios" / "gpt3_175b_1024gpu.yaml"
# MT-NLG 530B (Smith et al. 2022): 105 layers, hidden 20480, 128 heads, batch 1920, on 280 DGX A100 nodes.
MT_NLG = [
    "name=mtnlg_530b_2240gpu",
    "cluster.nodes=280",
    "model.layers=105",
    "model.hidden=20480",
    "model.heads=128",
    "parallelism.pipeline=35",
    "training.global_batch=1920",
]
DENSE_1T = ROOT / "scenarios" / "dense_1t_16k.yaml"  # 128 layers, hidden 25,600, 2,048 DGX H100 nodes
LLAMA_70B = ROOT / "scenarios" / "llama3_70b_h100.yaml"
# 128 DGX H100 nodes, 1,024 sequences of 8,192 tokens (8M tokens) per iteration
LLAMA_70B_SETS = ["cluster.nodes=128", "training.global_batch=1024", "training.micro_batch=1"]
NEW_AXES = ROOT / "benchmarks" / "spaces" / "llama3_70b_1024.yaml"
# key: (case, scenario, --set overrides, --space file, --top, target wall seconds)
CASES = {
    "gpt3": ("gpt3-175b 1024 A100, batch 1536", GPT3, [], None, 10, 60.0),
    "530b": ("530b 2240 A100, batch 1920", GPT3, MT_NLG, None, 5, 120.0),
    "1t": ("1t dense 16384 H100, batch 4096", DENSE_1T, [], None, 10, 60.0),
    "70b": ("llama3-70b 1024 H100, batch 1024, new axes", LLAMA_70B, LLAMA_70B_SETS, NEW_AXES, 10, 60.0),
}
RAY_CASE = "1t"
RAY_WORKERS = (1, 2)  # worker CPUs of the local Ray cluster (this machine has 2 cores)


def _cpu_s() -> float:
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def run_case(key: str, jobs: int, ray_cpus: int | None = None) -> dict:
    """One timed search (in this process; the parent runs each in a fresh one)."""
    name, path, sets, space_file, top, target_s = CASES[key]
    executor, ray_start = "local", None
    if ray_cpus is not None:
        import ray

        t = time.perf_counter()
        ray.init(num_cpus=ray_cpus, include_dashboard=False, log_to_driver=False)
        ray_start = time.perf_counter() - t
        executor = "ray"
    t0 = time.perf_counter()
    cpu0 = _cpu_s()
    loaded = load_scenario(path, sets)
    raw = apply_overrides(read_yaml_mapping(path), sets)
    space = load_space(space_file, raw) if space_file else Space()
    res = run_search(loaded, raw, space, top=top, jobs=jobs, executor=executor)
    wall = time.perf_counter() - t0
    cpu = _cpu_s() - cpu0
    sim = res.counts["simulated"]
    best = res.best or {}
    workers = ray_cpus if ray_cpus is not None else jobs
    out = {
        "case": name if ray_cpus is None else f"{name}, Ray {ray_cpus} worker CPU{'s' if ray_cpus > 1 else ''}",
        "executor": executor,
        "workers": workers,
        "wall_s": wall,
        "target_s": target_s,
        # this process and its pool workers: what the search costs, whatever else runs (Ray's workers are
        # Ray's processes, not ours: not counted)
        "cpu_s": cpu if ray_cpus is None else None,
        "ray_start_s": ray_start,
        "load_average_1min": os.getloadavg()[0],
        **res.counts,
        "invalid_by_rule": dict(sorted(res.invalid.items())),
        **res.seconds,
        "simulate_wall_s_per_layout": res.seconds["simulate_s"] * workers / sim if sim else None,
        "best_layout": best.get("label"),
        "best_iteration_time_s": best.get("iteration_time_s"),
        "best_est_iteration_time_s": best.get("est_iteration_time_s"),
        "best_mfu": best.get("mfu"),
        "top10": [(r["label"], r.get("iteration_time_s", r.get("est_iteration_time_s"))) for r in res.rows[:10]],
    }
    if key == "gpt3" and ray_cpus is None:
        out["ptdp_tensor8_vs_16"] = ptdp_check(res.rows, loaded, raw)
    if ray_cpus is not None:
        import ray

        ray.shutdown()
    return out


def ptdp_check(rows: list[dict], loaded: LoadedScenario, raw: dict) -> dict:
    """Simulate the best-estimated layout with tensor 8 and with tensor 16 (GPT-3 case)."""
    enum = enumerate_space(loaded, raw, Space())
    out = {}
    for t in (8, 16):
        cands = [r for r in rows if r["parallelism.tensor"] == t and "est_iteration_time_s" in r]
        r = min(cands, key=lambda r: (r["est_iteration_time_s"], r["layout"]))
        sc = enum.scenarios[r["layout"]]
        s = simulate(LoadedScenario(sc, loaded.hardware, loaded.base_dir)).summary()
        out[f"tensor{t}"] = {"layout": r["label"], "iteration_time_s": s["iteration_time_s"]}
    out["tensor8_faster"] = out["tensor8"]["iteration_time_s"] < out["tensor16"]["iteration_time_s"]
    return out


def fresh_runs(key: str, jobs: int, repeats: int, ray_cpus: int | None = None) -> dict:
    """`repeats` runs of one case, each in a fresh process; the median run's details, every run's times."""
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", key, "--jobs", str(jobs)]
    if ray_cpus is not None:
        cmd += ["--ray-cpus", str(ray_cpus)]
    runs = []
    for _ in range(repeats):
        done = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=ROOT)
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    walls = [r["wall_s"] for r in runs]
    mid = sorted(runs, key=lambda r: r["wall_s"])[len(runs) // 2]
    row = dict(mid)
    row["wall_s"] = statistics.median(walls)
    row["wall_s_runs"] = walls
    row["within_target"] = row["wall_s"] <= row["target_s"]
    if runs[0]["cpu_s"] is not None:
        row["cpu_s"] = statistics.median(r["cpu_s"] for r in runs)
        row["cpu_s_runs"] = [r["cpu_s"] for r in runs]
    row["load_average_1min_runs"] = [r["load_average_1min"] for r in runs]
    row["same_top10_every_run"] = all(r["top10"] == runs[0]["top10"] for r in runs)
    if "ptdp_tensor8_vs_16" not in row and any("ptdp_tensor8_vs_16" in r for r in runs):
        row["ptdp_tensor8_vs_16"] = next(r["ptdp_tensor8_vs_16"] for r in runs if "ptdp_tensor8_vs_16" in r)
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--only", choices=[*CASES, "ray"], default=None)
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "search.json")
    ap.add_argument("--child", choices=list(CASES), default=None, help=argparse.SUPPRESS)
    ap.add_argument("--ray-cpus", type=int, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:  # one run, in a fresh process: its row as the last line of stdout
        print(json.dumps(run_case(args.child, args.jobs, args.ray_cpus)))
        return
    results = []
    for key in CASES:
        if args.only in (None, key):
            results.append(fresh_runs(key, args.jobs, args.repeats))
    if args.only in (None, "ray"):
        ray_rows = [fresh_runs(RAY_CASE, args.jobs, args.repeats, n) for n in RAY_WORKERS]
        base = ray_rows[0]["wall_s"]
        for r in ray_rows:
            r["speedup_vs_1_worker"] = base / r["wall_s"]
        results += ray_rows
    head = (
        f"{'case':52s} {'wall_s':>7s} {'cpu_s':>6s} {'target':>6s} {'enum':>6s} {'invalid':>7s} {'oom':>6s} "
        f"{'estim':>6s} {'sim':>4s} {'s/sim':>6s}  best"
    )
    print(head)
    for r in results:
        per = r["simulate_wall_s_per_layout"]
        cpu = f"{r['cpu_s']:6.1f}" if r["cpu_s"] is not None else f"{'-':>6s}"
        print(
            f"{r['case']:52s} {r['wall_s']:7.1f} {cpu} {r['target_s']:6.0f} {r['enumerated']:6d} "
            f"{r['invalid']:7d} {r['out_of_memory']:6d} {r['estimated']:6d} {r['simulated']:4d} {per or 0:6.2f}  "
            f"{r['best_layout']} ({r['best_iteration_time_s']:.3f} s)"
            + (f"  speed-up {r['speedup_vs_1_worker']:.2f}x" if "speedup_vs_1_worker" in r else "")
        )
        if "ptdp_tensor8_vs_16" in r:
            p = r["ptdp_tensor8_vs_16"]
            print(
                f"{'':52s} PTD-P: tensor 8 {p['tensor8']['iteration_time_s']:.3f} s vs tensor 16 "
                f"{p['tensor16']['iteration_time_s']:.3f} s -> tensor 8 faster: {p['tensor8_faster']}"
            )
    out = args.out.resolve()
    if args.only and out.exists():  # keep the other cases' last results
        names = {r["case"] for r in results}
        results = [c for c in json.loads(out.read_text())["cases"] if c["case"] not in names] + results
        order = [CASES[k][0] for k in CASES]
        results.sort(key=lambda c: (order.index(c["case"].split(", Ray")[0]), c["workers"] if "Ray" in c["case"] else 0))
    doc = {
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "jobs": args.jobs,
        "repeats": args.repeats,
        "cases": results,
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(doc, indent=2) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
