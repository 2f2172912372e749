"""Cost of `simcluster run --seeds N`: GPT-3 175B on 1,024 GPUs (scenarios/gpt3_175b_1024gpu.yaml), N seeds on
this machine's process pool, wall time of a fresh `simcluster run` process (median of --repeat runs), with
the dgx-a100 preset as is (no variability: a zero-width interval) and with illustrative per-op variability
(lognormal cv 0.05 GEMM and attention, 0.10 element-wise: not measured values, a load for the benchmark).
Target (issue 26): 100 seeds in <= 60 s. Prints a table and writes benchmarks/results/seeds.json.
Usage: python benchmarks/seeds.py [--seeds N] [--repeat R] [--jobs J]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "gpt3_175b_1024gpu.yaml"
PRESET = ROOT / "simcluster" / "hardware" / "presets" / "dgx-a100.yaml"
RESULTS = ROOT / "benchmarks" / "results"
VARIABILITY = {"gemm": {"cv": 0.05}, "attention": {"cv": 0.05}, "elementwise": {"cv": 0.10}}


def one(tmp: Path, hardware: str, seeds: int, jobs: int | None) -> dict:
    out = tmp / "out"
    cmd = [sys.executable, "-m", "simcluster.cli", "run", str(SCENARIO), "--set", f"hardware={hardware}",
           "--seeds", str(seeds), "--outputs", "summary", "--quiet", "--out", str(out)]  # fmt: skip
    if jobs:
        cmd += ["--jobs", str(jobs)]
    t = time.perf_counter()
    subprocess.run(cmd, check=True, cwd=ROOT)
    wall = time.perf_counter() - t
    s = json.loads((out / "summary.json").read_text())["seeds"]
    return {"wall_s": wall, "load_avg_1min": os.getloadavg()[0], **s["iteration_time"]}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=None)
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        prof = yaml.safe_load(PRESET.read_text())
        prof["variability"] = VARIABILITY
        (tmp / "hw.yaml").write_text(yaml.safe_dump(prof))
        for label, hw in (("dgx-a100 (no variability)", "dgx-a100"), ("dgx-a100 + variability", str(tmp / "hw.yaml"))):
            runs = [one(tmp, hw, args.seeds, args.jobs) for _ in range(args.repeat)]
            walls = [r["wall_s"] for r in runs]
            rows.append({"case": label, "seeds": args.seeds, "wall_s_median": statistics.median(walls),
                         "wall_s": walls, "load_avg_1min": [r["load_avg_1min"] for r in runs],
                         **{k: runs[0][k] for k in ("p05_s", "p50_s", "p95_s", "mean_s", "stdev_s")}})  # fmt: skip
    print(f"{'case':28s} {'seeds':>5s} {'wall s (median)':>16s} {'p05 s':>10s} {'p50 s':>10s} {'p95 s':>10s}")
    for r in rows:
        print(f"{r['case']:28s} {r['seeds']:5d} {r['wall_s_median']:16.1f} {r['p05_s']:10.4f} {r['p50_s']:10.4f} "
              f"{r['p95_s']:10.4f}")  # fmt: skip
    RESULTS.mkdir(exist_ok=True)
    info = {"cpus": os.cpu_count(), "jobs": args.jobs or os.cpu_count(), "scenario": SCENARIO.name,
            "variability": VARIABILITY, "rows": rows}  # fmt: skip
    (RESULTS / "seeds.json").write_text(json.dumps(info, indent=1) + "\n")


if __name__ == "__main__":
    main()
