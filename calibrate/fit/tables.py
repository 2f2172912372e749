"""Fits of every measured table (collectives per op and group, GEMM, memory) with their quality numbers."""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any

import numpy as np

from calibrate.fit.backward import fit_backward
from calibrate.fit.gemm import GemmFit, fit_gemm, min_points
from calibrate.fit.line import MIN_POINTS, fit_line
from calibrate.ops import busbw_factor
from calibrate.results import ok_rows
from calibrate.shapes import BACKWARD_LAYOUTS, FORWARD

GEMM_FIT_DTYPES = ("fp32", "tf32", "fp16", "bf16")
GOOD_MAPE = 0.15  # a fit is 'good' when its mean relative error is within 15%
GOOD_HOLDOUT_MAPE = 0.25  # ... and it predicts held-out sizes within 25%


def verdict(mape: float, holdout: float | None) -> str:
    ok = mape <= GOOD_MAPE and (holdout is None or holdout <= GOOD_HOLDOUT_MAPE)
    return "good" if ok else "poor"


def quality(fit: Any) -> dict[str, Any]:
    """The quality numbers every fit stores: r2, mape, holdout_mape, point counts and the verdict."""
    out = {"r2": fit.r2, "mape": fit.mape, "holdout_mape": fit.holdout_mape, "n_points": fit.n_points}
    if hasattr(fit, "n_outliers"):
        out["n_outliers"] = fit.n_outliers
    out["verdict"] = verdict(fit.mape, fit.holdout_mape)
    return out


def bandwidth_GBps(beta_s_per_byte: float) -> float | None:
    """Bandwidth from a fitted inverse bandwidth (None when the fit found no bandwidth term)."""
    return 1.0 / beta_s_per_byte / 1e9 if beta_s_per_byte > 0 else None


def fit_collective_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One alpha-beta fit per (op, group): time_s = alpha + beta * size_bytes * busbw_factor."""
    by_key: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for row in ok_rows(rows):
        by_key[(row["op"], row["group"])].append(row)
    fits = []
    for (op, group), pts in sorted(by_key.items()):
        if len(pts) < 2:
            continue
        n = pts[0]["n_ranks"]
        bus_bytes = np.array([r["size_bytes"] * busbw_factor(op, n) for r in pts], dtype=float)
        fit = fit_line(bus_bytes, np.array([r["time_s"] for r in pts]), what=f"{op}/{group}")
        fits.append(
            {
                "op": op,
                "group": group,
                "link_class": pts[0]["link_class"],
                "n_ranks": n,
                "n_concurrent_groups": pts[0]["n_concurrent_groups"],
                "alpha_us": fit.alpha_s * 1e6,
                "beta_s_per_byte": fit.beta_s_per_unit,
                "busbw_GBps": bandwidth_GBps(fit.beta_s_per_unit),
                **quality(fit),
            }
        )
    return fits


def gemm_fit_points(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Single (unbatched) forward GEMMs of the dtypes the profile knows: what the GEMM model is fitted to."""
    return [r for r in gemm_measured_points(rows) if r["dtype"] in GEMM_FIT_DTYPES]


def gemm_measured_points(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The single forward GEMMs the profile lists as measured (`gpu.gemm.measured`, taken by the simulator for
    those exact shapes): the fitted dtypes' and FP8's, which the curve fit leaves out (its rate is a share of
    another peak, and its kernel only runs the TN layout)."""
    return [r for r in ok_rows(rows) if r["batch"] == 1 and r["layout"] == FORWARD and r["dtype"] in (*GEMM_FIT_DTYPES, "fp8")]


def backward_pairs(rows: list[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(forward row, backward-layout row) of the same name, m, n, k, batch and dtype, both measured ok."""
    ok = [r for r in ok_rows(rows) if r["dtype"] in GEMM_FIT_DTYPES]
    forward = {_family(r) + (r["dtype"],): r for r in ok if r["layout"] == FORWARD}
    return [
        (forward[_family(r) + (r["dtype"],)], r)
        for r in ok
        if r["layout"] in BACKWARD_LAYOUTS and _family(r) + (r["dtype"],) in forward
    ]


def _family(row: dict[str, Any]) -> tuple:
    return (row["name"], row["m"], row["n"], row["k"], row["batch"])


def fit_backward_rows(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """backward_efficiency = median (forward time / backward-layout time) over the measured pairs."""
    pairs = backward_pairs(rows)
    if len(pairs) < MIN_POINTS:
        return None
    fit = fit_backward(
        ["/".join(map(str, _family(f))) for f, _ in pairs],
        [f["time_s"] for f, _ in pairs],
        [b["time_s"] for _, b in pairs],
    )
    by_layout = {
        lay: float(np.median([f["time_s"] / b["time_s"] for f, b in pairs if b["layout"] == lay]))
        for lay in BACKWARD_LAYOUTS
        if any(b["layout"] == lay for _, b in pairs)
    }
    return {
        "backward_efficiency": fit.backward_efficiency,
        "median_ratio": fit.median_ratio,
        "median_ratio_by_layout": by_layout,
        "n_shapes": fit.n_shapes,
        **quality(fit),
    }


def fit_gemm_rows(rows: list[dict[str, Any]]) -> tuple[GemmFit | None, dict[str, Any] | None]:
    pts = gemm_fit_points(rows)
    if len(pts) < min_points(len({r["dtype"] for r in pts})):
        return None, None
    fit = fit_gemm(
        [r["m"] for r in pts],
        [r["n"] for r in pts],
        [r["k"] for r in pts],
        [r["dtype"] for r in pts],
        [r["time_s"] for r in pts],
    )
    summary = {
        "launch_us": fit.launch_us,
        "half_efficiency_dim": fit.half_efficiency_dim,
        "asymptote_tflops": {d: (t if t == t else None) for d, t in fit.asymptote_tflops.items()},
        **quality(fit),
    }
    return fit, summary


def fit_memory_rows(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """time_s = launch + 2 * size_bytes / bandwidth (a copy reads and writes every byte)."""
    pts = ok_rows(rows)
    if len(pts) < 2:
        return None
    fit = fit_line(
        np.array([2.0 * r["size_bytes"] for r in pts]),
        np.array([r["time_s"] for r in pts]),
        what="memory copy",
    )
    return {
        "launch_us": fit.alpha_s * 1e6,
        "bandwidth_GBps": bandwidth_GBps(fit.beta_s_per_unit),
        **quality(fit),
    }


HOST_FIELDS = {
    "op_dispatch": "op_dispatch_us",
    "backward_dispatch": "backward_dispatch_us",
    "collective_dispatch": "collective_dispatch_us",
    "sync": "sync_us",
    "optimizer": "optimizer_bytes_per_param",  # seconds per parameter; bytes at the memory rate (profile)
    "multi_tensor": "multi_tensor_efficiency",  # seconds per parameter; gpu.multi_tensor_efficiency (profile)
}


def fit_host_rows(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """host.csv rows measured ok -> {profile field: {"us": microseconds per unit, "units": units}} (the
    last row of a name wins: a resumed run's newer measurement), or None when nothing was measured. The
    optimizer's unit is one parameter; the profile turns its time into bytes at the memory rate."""
    out: dict[str, Any] = {}
    for row in rows:
        if row["status"] == "ok" and row["name"] in HOST_FIELDS:
            out[HOST_FIELDS[row["name"]]] = {"us": row["time_s"] * 1e6, "units": row["units"]}
    return out or None


VARIABILITY_CLASSES = (("gemm", "gemm"), ("memory", "elementwise"))  # measured table -> profile op class


def fit_variability(gemm_rows: list[dict[str, Any]], memory_rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Per profile op class, the spread of its repeated measurements: the median over measured points of each
    point's coefficient of variation (sample stdev / mean of its iterations' times), with the point count
    and the quartiles. GEMMs give `gemm`, device copies `elementwise`; classes without spreads are absent."""
    out: dict[str, Any] = {}
    for (table, cls), rows in zip(VARIABILITY_CLASSES, (gemm_rows, memory_rows)):
        cvs = np.array(
            [r["time_cv"] for r in rows if r["status"] == "ok" and r.get("time_cv", math.nan) >= 0]
        )
        if len(cvs):
            q1, med, q3 = (float(x) for x in np.percentile(cvs, [25, 50, 75]))
            out[cls] = {"table": table, "points": len(cvs), "cv_median": med, "cv_q1": q1, "cv_q3": q3}
    return out
