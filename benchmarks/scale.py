"""Simulator speed at growing GPU counts: wall time, simulated events, transfers and peak memory.

Each case runs in a fresh process (so peak RSS is its own). Prints a table and writes
benchmarks/results/scale.json. Usage: python benchmarks/scale.py [--repeat N] [--quick]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "gpt3_175b_1024gpu.yaml"

CHILD = r"""
import json, resource, sys, time
from simcluster.config.loader import load_scenario
from simcluster.simulate import simulate
t0 = time.perf_counter()
res = simulate(load_scenario(sys.argv[1], sys.argv[2:]))
wall = time.perf_counter() - t0
print(json.dumps({"wall_s": wall, "iteration_time_s": res.engine.iteration_time_s,
  "sim_events": res.engine.sim_events, "transfers": res.engine.transfers,
  "simulated_ranks": len(res.program.reps), "ops": sum(len(s) for s in res.program.steps.values()),
  "peak_rss_MiB": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def cases(quick: bool) -> list[tuple[str, list[str]]]:
    """GPT-3 175B (TP 8, PP 16) with data parallelism growing from 1 to 8 replicas: 128 to 1,024 GPUs."""
    out = []
    for dp in (1, 2, 4, 8):
        nodes = 16 * dp
        out.append(
            (
                f"gpt3-175b {nodes * 8} GPUs",
                [f"cluster.nodes={nodes}", f"parallelism.data={dp}", f"training.global_batch={192 * dp}"],
            )
        )
    out.append(
        (
            "gpt3-175b 128 GPUs, no folding",
            ["cluster.nodes=16", "parallelism.data=1", "training.global_batch=192", "simulation.fold=none"],
        )
    )
    if quick:
        out = [(n, o + ["model.layers=16"]) for n, o in out]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="16 layers instead of 96")
    args = ap.parse_args()
    rows = []
    for name, overrides in cases(args.quick):
        runs = []
        for _ in range(args.repeat):
            out = subprocess.run(
                [sys.executable, "-c", CHILD, str(SCENARIO), *overrides],
                check=True,
                capture_output=True,
                text=True,
                cwd=ROOT,
            )
            runs.append(json.loads(out.stdout))
        row = {
            "case": name,
            "overrides": overrides,
            **runs[0],
            "wall_s": statistics.median(r["wall_s"] for r in runs),
            "wall_s_runs": [r["wall_s"] for r in runs],
        }
        rows.append(row)
        print(
            f"{name:34s} wall {row['wall_s']:7.2f} s  ops {row['ops']:>9,}  events {row['sim_events']:>9,}  "
            f"transfers {row['transfers']:>7,}  ranks {row['simulated_ranks']:>4}  RSS {row['peak_rss_MiB']:6.0f} MiB  "
            f"iteration {row['iteration_time_s']:.3f} s",
            flush=True,
        )
    path = ROOT / "benchmarks" / "results" / "scale.json"
    path.write_text(json.dumps({"repeat": args.repeat, "quick": args.quick, "rows": rows}, indent=2) + "\n")
    print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
