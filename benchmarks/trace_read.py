"""Read time of a large synthetic Kineto trace (target: a 100 MB trace in <= 30 s).

Builds a trace of HTA's sampled rank 0 events repeated (shifted in time, fresh ids) to --mb megabytes of
JSON, then times `read_trace` on it. Usage: python benchmarks/trace_read.py [--mb 100]
"""

from __future__ import annotations

import argparse
import gzip
import json
import tempfile
import time
from pathlib import Path

from simcluster.traces.kineto import read_trace

SRC = Path(__file__).parents[1] / "tests" / "data" / "kineto" / "sampled_rank-0.json.gz"


def build(path: Path, mb: float) -> int:
    base = json.loads(gzip.decompress(SRC.read_bytes()))
    events = [e for e in base["traceEvents"] if e.get("ph") == "X"]
    span = max(e["ts"] + e.get("dur", 0) for e in events) - min(e["ts"] for e in events)
    out, size, rep = [], 0, 0
    per = len(json.dumps(events))
    while size < mb * 1e6:
        for e in events:
            e2 = dict(e, ts=e["ts"] + rep * span * 1.01)
            args = dict(e2.get("args", {}))
            for key in ("External id", "correlation"):
                if key in args:
                    args[key] = args[key] + rep * 10**8
            e2["args"] = args
            out.append(e2)
        size += per
        rep += 1
    path.write_text(json.dumps({**{k: v for k, v in base.items() if k != "traceEvents"}, "traceEvents": out}))
    return len(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=float, default=100)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "big.pt.trace.json"
        n = build(p, a.mb)
        t = time.perf_counter()
        tr = read_trace(p)
        dt = time.perf_counter() - t
        print(f"{p.stat().st_size / 1e6:.1f} MB, {n} events, {len(tr.kernels)} GPU kernels: read in {dt:.2f} s")


if __name__ == "__main__":
    main()
