"""Layout search speed: GPT-3 175B on 1,024 A100s and a 530B model on 2,240 A100s, default search space.

For each case: layouts enumerated / invalid / out of memory / estimated / simulated, the wall time of each
stage and in all, and the best layout. Also checks the PTD-P observation (Narayanan et al. 2021, Section
5.4): for GPT-3 on DGX A100 nodes the best layout with tensor 8 (inside a node) beats the best with tensor
16 (across two nodes), both simulated event by event (outside the timed search).
Prints a table and writes benchmarks/results/search.json. Usage: python benchmarks/search.py [--jobs N]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import time
from pathlib import Path

from simcluster.config.loader import LoadedScenario, apply_overrides, load_scenario, read_yaml_mapping
from simcluster.search.driver import run_search
from simcluster.search.space import Space, enumerate_space
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
CASES = [
    ("gpt3-175b 1024 A100, batch 1536", GPT3, [], 10, 60.0),
    ("530b 2240 A100, batch 1920", GPT3, MT_NLG, 5, 120.0),
]


def _cpu_s() -> float:
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def run_case(name: str, path: Path, sets: list[str], top: int, target_s: float, jobs: int) -> dict:
    t0 = time.perf_counter()
    cpu0 = _cpu_s()
    loaded = load_scenario(path, sets)
    raw = apply_overrides(read_yaml_mapping(path), sets)
    res = run_search(loaded, raw, Space(), top=top, jobs=jobs)
    wall = time.perf_counter() - t0
    cpu = _cpu_s() - cpu0
    sim = res.counts["simulated"]
    best = res.best or {}
    return {
        "case": name,
        "wall_s": wall,
        "target_s": target_s,
        "within_target": wall <= target_s,
        "cpu_s": cpu,  # this process and its workers: what the search costs, whatever else runs
        "load_average_1min": os.getloadavg()[0],
        **res.counts,
        "invalid_by_rule": dict(sorted(res.invalid.items())),
        **res.seconds,
        "simulate_wall_s_per_layout": res.seconds["simulate_s"] * jobs / sim if sim else None,
        "best_layout": best.get("label"),
        "best_iteration_time_s": best.get("iteration_time_s"),
        "best_est_iteration_time_s": best.get("est_iteration_time_s"),
        "best_mfu": best.get("mfu"),
        "_rows": res.rows,
        "_loaded": loaded,
        "_raw": raw,
    }


def ptdp_check(case: dict) -> dict:
    """Simulate the best-estimated layout with tensor 8 and with tensor 16 (GPT-3 case)."""
    loaded, raw = case["_loaded"], case["_raw"]
    enum = enumerate_space(loaded, raw, Space())
    out = {}
    for t in (8, 16):
        rows = [r for r in case["_rows"] if r["parallelism.tensor"] == t and "est_iteration_time_s" in r]
        r = min(rows, key=lambda r: (r["est_iteration_time_s"], r["layout"]))
        sc = enum.scenarios[r["layout"]]
        s = simulate(LoadedScenario(sc, loaded.hardware, loaded.base_dir)).summary()
        out[f"tensor{t}"] = {"layout": r["label"], "iteration_time_s": s["iteration_time_s"]}
    out["tensor8_faster"] = out["tensor8"]["iteration_time_s"] < out["tensor16"]["iteration_time_s"]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--only", choices=["gpt3", "530b"], default=None)
    args = ap.parse_args()
    results = []
    for name, path, sets, top, target in CASES:
        if args.only and not name.startswith(args.only):
            continue
        case = run_case(name, path, sets, top, target, args.jobs)
        if name.startswith("gpt3"):
            case["ptdp_tensor8_vs_16"] = ptdp_check(case)
        results.append({k: v for k, v in case.items() if not k.startswith("_")})
    head = (
        f"{'case':34s} {'wall_s':>7s} {'cpu_s':>6s} {'target':>6s} {'enum':>6s} {'invalid':>7s} {'oom':>6s} {'estim':>6s} "
        f"{'sim':>4s} {'s/sim':>6s}  best"
    )
    print(head)
    for r in [r for r in results if not args.only or r["case"].startswith(args.only)]:
        per = r["simulate_wall_s_per_layout"]
        print(
            f"{r['case']:34s} {r['wall_s']:7.1f} {r['cpu_s']:6.1f} {r['target_s']:6.0f} {r['enumerated']:6d} {r['invalid']:7d} "
            f"{r['out_of_memory']:6d} {r['estimated']:6d} {r['simulated']:4d} {per or 0:6.2f}  "
            f"{r['best_layout']} ({r['best_iteration_time_s']:.3f} s)"
        )
        if "ptdp_tensor8_vs_16" in r:
            p = r["ptdp_tensor8_vs_16"]
            print(
                f"{'':34s} PTD-P: tensor 8 {p['tensor8']['iteration_time_s']:.3f} s vs tensor 16 "
                f"{p['tensor16']['iteration_time_s']:.3f} s -> tensor 8 faster: {p['tensor8_faster']}"
            )
    out = ROOT / "benchmarks" / "results" / "search.json"
    if args.only and out.exists():  # keep the other case's last result
        old = [
            c for c in json.loads(out.read_text())["cases"] if c["case"] not in {r["case"] for r in results}
        ]
        results = sorted(old + results, key=lambda c: [n for n, *_ in CASES].index(c["case"]))
    doc = {
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "jobs": args.jobs,
        "cases": results,
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(doc, indent=2) + "\n")
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
