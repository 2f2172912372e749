"""End-to-end time of `simcluster trace export-chakra` (fresh processes, outputs written): one scenario's every
rank as Chakra .et files. Prints each repeat and the median, and writes benchmarks/results/chakra_export.json
(wall seconds, bytes and files written, the command's own size estimate). Each repeat writes into a fresh
temporary folder, removed afterwards.
Usage: python benchmarks/chakra_export.py [--scenario scenarios/gpt3_175b_1024gpu.yaml] [--repeats 3]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def once(scenario: Path) -> dict:
    """One export in a fresh process: wall seconds, files and bytes written."""
    tmp = Path(tempfile.mkdtemp(prefix="chakra-bench-"))
    out = tmp / "et"
    try:
        t0 = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "simcluster.cli", "trace", "export-chakra", str(scenario), "--out", str(out)],
            capture_output=True,
            text=True,
        )
        wall = time.perf_counter() - t0
        if done.returncode != 0:
            raise SystemExit(f"export failed ({done.returncode}): {done.stderr.strip()[-300:]}")
        files = list(out.glob("*.et"))
        return {"wall_s": wall, "files": len(files), "bytes": sum(p.stat().st_size for p in files)}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    from simcluster.config.loader import load_scenario
    from simcluster.traces.chakra import export_estimate

    ap = argparse.ArgumentParser()
    ap.add_argument("--scenario", type=Path, default=ROOT / "scenarios" / "gpt3_175b_1024gpu.yaml")
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    nodes, size = export_estimate(load_scenario(args.scenario).scenario)
    runs = []
    for i in range(args.repeats):
        r = once(args.scenario)
        runs.append(r)
        print(f"  run {i + 1}: {r['wall_s']:7.1f} s  {r['files']:5d} files  {r['bytes'] / 1e9:6.2f} GB", flush=True)
    med = statistics.median(r["wall_s"] for r in runs)
    print(f"{args.scenario.name}: median {med:.1f} s over {len(runs)} fresh processes "
          f"(estimate {nodes / 1e6:.1f} M nodes, {size / 1e9:.1f} GB; written {runs[0]['bytes'] / 1e9:.2f} GB)")  # fmt: skip
    doc = {"scenario": args.scenario.name, "median_wall_s": med, "estimate_nodes": nodes, "estimate_bytes": size,
           "runs": runs}  # fmt: skip
    (ROOT / "benchmarks" / "results").mkdir(exist_ok=True)
    (ROOT / "benchmarks" / "results" / "chakra_export.json").write_text(json.dumps(doc, indent=1) + "\n")


if __name__ == "__main__":
    main()
