"""Cost of simulating a DeepSeek-V3-size mixture-of-experts model end to end (issue 25's target: <= 30 s):
scenarios/deepseek_v3_2048gpu.yaml (671B, 256 experts top 8, 2,048 H100, expert parallel 64 across 8 nodes),
`simcluster run` with its default outputs in a fresh process, wall time and peak RSS (median of --repeat runs),
for NCCL's all-to-all and for DeepEP's dispatcher; and the same model on 131,072 GPUs (issue 28's target:
<= 60 s, <= 8 GB). Prints a table and writes benchmarks/results/moe.json.
Usage: python benchmarks/moe.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "deepseek_v3_2048gpu.yaml"
LARGE = ROOT / "scenarios" / "deepseek_v3_131k.yaml"  # the same model on 131,072 GPUs (issue 28)
RESULTS = ROOT / "benchmarks" / "results"


def one(out: Path, dispatcher: str, scenario: Path = SCENARIO) -> dict:
    cmd = [sys.executable, "-m", "simcluster.cli", "run", str(scenario), "--quiet", "--out", str(out),
           "--set", f"parallelism.expert_dispatcher={dispatcher}"]  # fmt: skip
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t = time.perf_counter()
    subprocess.run(cmd, check=True, cwd=ROOT)
    wall = time.perf_counter() - t
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KiB, the largest child so far
    s = json.loads((out / "summary.json").read_text())
    return {
        "wall_s": wall,
        "max_rss_GiB_so_far": max(rss, before) / 2**20,
        "load_avg_1min": os.getloadavg()[0],
        "iteration_time_s": s["iteration_time_s"],
        "model_tflops_per_gpu": s["model_tflops_per_gpu"],
        "peak_memory_GiB": s["peak_memory_bytes"] / 2**30,
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as d:
        for scenario, dispatcher in ((SCENARIO, "alltoall"), (SCENARIO, "deepep"), (LARGE, "alltoall")):
            runs = [one(Path(d) / f"{scenario.stem}{dispatcher}{i}", dispatcher, scenario) for i in range(args.repeat)]
            walls = [r["wall_s"] for r in runs]
            row = {"scenario": scenario.name, "dispatcher": dispatcher, "wall_s_median": statistics.median(walls),
                   "wall_s": walls, "load_avg_1min": [r["load_avg_1min"] for r in runs],
                   "max_rss_GiB": max(r["max_rss_GiB_so_far"] for r in runs),
                   **{k: runs[0][k] for k in ("iteration_time_s", "model_tflops_per_gpu", "peak_memory_GiB")}}  # fmt: skip
            rows.append(row)
            print(f"{scenario.stem:<22} {dispatcher:<9} wall median {row['wall_s_median']:6.1f} s  {walls}  RSS <= {row['max_rss_GiB']:.2f} GiB"
                  f"  iteration {row['iteration_time_s']:.3f} s  {row['model_tflops_per_gpu']:.1f} TFLOP/s/GPU",
                  flush=True)  # fmt: skip
    RESULTS.mkdir(exist_ok=True)
    targets = {"deepseek_v3_2048gpu.yaml": 30, "deepseek_v3_131k.yaml": 60}
    (RESULTS / "moe.json").write_text(json.dumps({"target_s": targets, "rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
