"""Issue 29 target: 8 jobs of 128 GPUs each on a 1,024-GPU fat tree, end to end in <= 30 s.

Runs `simcluster cluster benchmarks/cluster8/cluster.yaml` (together and each job alone) in 3 fresh processes
and prints the median wall time.  Usage: python benchmarks/cluster_jobs.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).parent


def main() -> None:
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(3):
            cmd = [
                sys.executable,
                "-m",
                "simcluster.cli",
                "cluster",
                str(HERE / "cluster8" / "cluster.yaml"),
                "--out",
                f"{tmp}/o{k}",
                "--quiet",
            ]
            t = time.perf_counter()
            subprocess.run(cmd, check=True)
            times.append(time.perf_counter() - t)
    med = statistics.median(times)
    print(
        f"8 x 128 GPUs on 1,024 GPUs: median {med:.2f} s of {[round(x, 2) for x in times]} (target <= 30 s)"
    )
    sys.exit(0 if med <= 30 else 1)


if __name__ == "__main__":
    main()
