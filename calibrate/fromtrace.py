"""Calibrate from a measured PyTorch profiler trace: fit the profile's GEMM curve, host dispatch cost and
list measured collectives, from the kernels the trace recorded.

    python -m calibrate.fromtrace TRACE... --base PRESET_OR_YAML --out DIR

Writes DIR/profile.yaml (the base profile with gpu.gemm.{efficiency_max, half_efficiency_dim, launch_us,
measured} and host.op_dispatch_us replaced by the fit) and DIR/fits.json (fit quality as `calibrate`
reports it: r2, MAPE, hold-out MAPE, points; and the measured collective points). One GEMM point is one
GEMM call: the kernels one aten op launched (a split-K GEMM's reduction kernel included), with the op's
recorded shape and input type; calls of the same shape and dtype are merged to their median time. A
shape's measured point stores flops / (time - launch_us), as the simulator adds launch_us back.
The base profile's measured tables are kept, inline (profile.yaml needs no CSV beside it).
Collectives: one point per NCCL kernel whose size the trace recorded (newer PyTorch); measured
collective tables would take these points (see `collective_points`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
import yaml

from calibrate.fit.gemm import fit_gemm, min_points
from simcluster.errors import SimclusterError
from simcluster.hardware.profile import load_profile, profile_from_dict
from simcluster.network.collectives import bus_factor
from simcluster.traces.kineto import RankTrace, read_trace

DTYPES = {"float": "fp32", "c10::bfloat16": "bf16", "bfloat16": "bf16", "c10::half": "fp16", "half": "fp16"}


def gemm_points(traces: list[RankTrace]) -> list[tuple[int, int, int, str, float]]:
    """(m, n, k, dtype, median seconds) per distinct GEMM shape and dtype, over every rank's GEMM calls."""
    calls: dict[tuple, float] = {}
    shape: dict[tuple, tuple[int, int, int, str]] = {}
    for t in traces:
        for k in t.kernels:
            dtype = DTYPES.get(k.dtype.lower())
            if k.cls == "gemm" and k.gemm_mnk and k.op_id >= 0 and dtype:
                key = (t.rank, k.op_id)
                calls[key] = calls.get(key, 0.0) + k.dur_s
                shape[key] = (*k.gemm_mnk, dtype)
    by_shape: dict[tuple, list[float]] = {}
    for key, s in calls.items():
        by_shape.setdefault(shape[key], []).append(s)
    return [(*sh, float(np.median(v))) for sh, v in sorted(by_shape.items()) if min(sh[:3]) > 0]


def collective_points(traces: list[RankTrace]) -> list[dict]:
    """One row per NCCL kernel with a recorded size: op, bytes, ranks, seconds and nccl-tests busbw."""
    rows = []
    for t in traces:
        for k in t.kernels:
            if k.cls in ("collective", "p2p") and k.bytes > 0 and k.dur_s > 0:
                n = max(k.group_size, 2)
                kind = k.coll if k.coll != "sendrecv" else "sendrecv"
                busbw = k.bytes / k.dur_s * bus_factor(kind, n) / 1e9 if kind != "alltoall" else None
                rows.append({"rank": t.rank, "op": kind, "bytes": k.bytes, "n_ranks": n, "group": k.group,
                             "time_s": k.dur_s, "busbw_GBps": busbw})  # fmt: skip
    return rows


def fit_from_traces(traces: list[RankTrace], base: str) -> tuple[dict, dict]:
    """(profile dict, fits dict) from the traces and the base profile."""
    hw = load_profile(base, field="--base")
    data = hw.model_dump(mode="json", exclude_none=True)
    fits: dict = {"traces": [t.path for t in traces]}
    warnings: list[str] = []
    pts = gemm_points(traces)
    dtypes = sorted({p[3] for p in pts})
    if len(pts) >= min_points(max(len(dtypes), 1)):
        m, n, k, dt, y = zip(*pts)
        f = fit_gemm(m, n, k, dt, y)
        effs = [f.asymptote_tflops[d] / hw.gpu.peak_tflops[d] for d in dtypes if d in hw.gpu.peak_tflops]
        for d in dtypes:
            if d in hw.gpu.peak_tflops and f.asymptote_tflops[d] > hw.gpu.peak_tflops[d]:
                warnings.append(
                    f"GEMM {d} asymptote {f.asymptote_tflops[d]:.1f} TFLOP/s exceeds the base profile's peak "
                    f"{hw.gpu.peak_tflops[d]:g}: the trace ran TF32 math or another GPU; efficiency_max capped at 1"
                )
        eff = float(min(1.0, max(effs))) if effs else None
        fits["gemm"] = {
            "r2": f.r2, "mape": f.mape, "holdout_mape": f.holdout_mape, "n_points": f.n_points,
            "launch_us": f.launch_us, "half_efficiency_dim": f.half_efficiency_dim,
            "asymptote_tflops": f.asymptote_tflops, "efficiency_max": eff,
            "verdict": "good" if f.r2 >= 0.9 and f.mape <= 0.25 else "poor",
        }  # fmt: skip
        g = data["gpu"]["gemm"]
        if eff is not None and eff > 0:
            g["efficiency_max"] = eff
        g["half_efficiency_dim"] = f.half_efficiency_dim
        g["launch_us"] = launch_us = max(f.launch_us, 0.0)
        g["measured"] = [  # the simulator adds launch_us to a measured shape's flops / tflops
            {"m": a, "n": b, "k": c, "dtype": d, "tflops": 2.0 * a * b * c / (s - launch_us * 1e-6) / 1e12}
            for a, b, c, d, s in pts
            if s > launch_us * 1e-6 * 1.01
        ]
    else:
        fits["gemm"] = {"n_points": len(pts), "verdict": "not fitted: too few GEMM calls with recorded shapes "
                        "(record the trace with record_shapes=True)"}  # fmt: skip
    intervals = [t.launch_interval_us for t in traces if t.launch_interval_us == t.launch_interval_us]
    if intervals:
        data.setdefault("host", {})["op_dispatch_us"] = float(np.median(intervals))
        fits["host"] = {"op_dispatch_us": float(np.median(intervals)), "per_rank_us": intervals}
    fits["collective_points"] = collective_points(traces)
    for entries in (data.get("tables") or {}).values():  # the base's measured tables, kept inline
        for entry in entries if isinstance(entries, list) else ():
            if isinstance(entry, dict):
                entry.pop("file", None)
    if (data.get("tables") or {}).get("gemm"):
        warnings.append("the base profile's measured GEMM tables still answer the shapes they cover")
    fits["warnings"] = warnings
    data["name"] = f"{hw.name}-from-trace"
    profile_from_dict(data, field="profile")  # what is written must load
    return data, fits


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m calibrate.fromtrace", description=__doc__.split("\n\n")[0])
    ap.add_argument("traces", nargs="+", type=Path)
    ap.add_argument("--base", required=True, help="preset name or profile YAML that fills what is not fitted")
    ap.add_argument("--out", required=True, help="a new or simcluster-written folder (an empty path is refused)")
    a = ap.parse_args(argv)
    from simcluster.report.outdir import AtomicDir, check_out

    try:
        d = AtomicDir(check_out(str(a.out)))
        try:
            profile, fits = fit_from_traces([read_trace(t) for t in a.traces], a.base)
            (d.path / "profile.yaml").write_text(yaml.safe_dump(profile, sort_keys=False))
            (d.path / "fits.json").write_text(json.dumps(fits, indent=1, allow_nan=False) + "\n")
            d.commit()
        finally:
            if not d.done:
                d.discard()
    except (SimclusterError, ValueError) as exc:
        print(f"error: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - a bug, said in one line as simcluster's commands do, no traceback
        text = (str(exc).splitlines() or [""])[0][:300]
        print(f"error: internal error, please report it: {type(exc).__name__}: {text}", file=sys.stderr)
        return 1
    g = fits["gemm"]
    if "r2" in g:
        print(f"  {'good fit' if g['verdict'] == 'good' else 'POOR FIT'}: GEMM curve: r2 {g['r2']:.3f}, "
              f"MAPE {g['mape'] * 100:.1f}% ({g['n_points']} shapes)")  # fmt: skip
    else:
        print(f"  GEMM curve: {g['verdict']}")
    if "host" in fits:
        print(f"  host: op_dispatch_us {fits['host']['op_dispatch_us']:.1f} (median launch interval)")
    for w in fits["warnings"]:
        print(f"warning: {w}", file=sys.stderr)
    print(f"  collectives with recorded sizes: {len(fits['collective_points'])}")
    print(f"wrote {Path(a.out) / 'profile.yaml'} and fits.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
