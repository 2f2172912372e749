"""Attention kernel rates from attention.csv: one fit per (backend, dtype, direction) of the simulator's own
form for a fused attention kernel, time = launch + flops / rate (`OpFactory.fused_attention`), and the
kernel the profile takes."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import numpy as np

from calibrate.fit.line import MIN_POINTS, fit_line
from calibrate.fit.tables import quality
from calibrate.results import ok_rows

# The kernel the profile's FlashAttention rates come from: FlashAttention where it ran (what PyTorch's SDPA
# picks for 16-bit causal attention on Ampere and Hopper, and what torchtitan runs), else the next that did.
PROFILE_BACKENDS = ("flash", "cudnn", "efficient", "math")
PROFILE_DTYPES = ("bf16", "fp16", "fp32")


def fit_attention_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One fit per (backend, dtype, direction) with at least two measured shapes: the kernel's sustained
    rate (1 / slope of time against FLOPs) and its fixed cost, with the quality numbers of every fit."""
    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in ok_rows(rows):
        if r["flops"] == r["flops"] and r["flops"] > 0:
            groups[(r["backend"], r["dtype"], r["direction"])].append(r)
    out = []
    for (backend, dtype, direction), pts in sorted(groups.items()):
        if len({p["flops"] for p in pts}) < MIN_POINTS:
            continue
        fit = fit_line(
            np.array([p["flops"] for p in pts]),
            np.array([p["time_s"] for p in pts]),
            what=f"attention {backend} {dtype} {direction}",
        )
        if fit.beta_s_per_unit > 0:
            rate, launch = 1.0 / fit.beta_s_per_unit, fit.alpha_s
        else:  # no FLOP-proportional term (a cache-bound CPU kernel): the best point's rate, no fixed cost
            best = max(pts, key=lambda p: p["flops"] / p["time_s"])
            rate, launch = best["flops"] / best["time_s"], 0.0
        out.append(
            {
                "backend": backend,
                "dtype": dtype,
                "direction": direction,
                "tflops": rate / 1e12,
                "launch_us": launch * 1e6,
                "max_seq": max(p["seq"] for p in pts),
                **quality(fit),
            }
        )
    return out


def profile_kernel(
    fits: list[dict[str, Any]], backend: str | None = None
) -> tuple[dict[str, Any], dict[str, Any] | None] | None:
    """(forward fit, backward fit or None) of the kernel the profile takes (`backend`, else the first of
    PROFILE_BACKENDS with a forward fit); None without one."""
    for kernel in (backend,) if backend else PROFILE_BACKENDS:
        for dtype in PROFILE_DTYPES:
            found = {f["direction"]: f for f in fits if f["backend"] == kernel and f["dtype"] == dtype}
            if "forward" in found:
                return found["forward"], found.get("backward")
    return None


ATTENTION_TABLE_FILE = "attention_table.csv"
# The fused kernels a scenario can name (`model.attention`): each measured one gets its table, the profile's
# kernel in ATTENTION_TABLE_FILE, another in its own file.
FUSED_KERNELS = ("flash", "cudnn")


def attention_table_file(kernel: str, profile_kernel_name: str) -> str:
    """The CSV `calibrate analyze` writes `kernel`'s table to, beside profile.yaml."""
    return ATTENTION_TABLE_FILE if kernel == profile_kernel_name else f"attention_table_{kernel}.csv"


def table_rows(rows: list[dict[str, Any]], backend: str) -> list[tuple[str, int, int, str, float]]:
    """`backend`'s measured rates as the profile's attention table rows (dtype, seq, head_dim, direction,
    TFLOP/s): the median over repeated shapes, one row per (dtype, seq, head dim, direction), for each dtype
    whose rows form a full grid of sequence x head dim in every direction measured, the forward among them."""
    groups: dict[tuple[str, int, int, str], list[float]] = defaultdict(list)
    for r in ok_rows(rows):
        if r["backend"] == backend and r["flops"] == r["flops"] and r["flops"] > 0:
            groups[(r["dtype"], int(r["seq"]), int(r["head_dim"]), r["direction"])].append(r["flops"] / r["time_s"])
    out = []
    for dtype in sorted({k[0] for k in groups}):
        keys = [k for k in groups if k[0] == dtype]
        directions = {k[3] for k in keys}
        seqs, hds = {k[1] for k in keys}, {k[2] for k in keys}
        if "forward" not in directions or len(keys) != len(directions) * len(seqs) * len(hds):
            continue
        for k in sorted(keys, key=lambda k: (k[3] != "forward", k[2], k[1])):
            out.append((*k, float(np.median(groups[k])) / 1e12))
    return out


def anchored_rows(
    rows: list[tuple[str, int, int, str, float]], seq: int, tflops: dict[str, float]
) -> list[tuple[str, int, int, str, float]]:
    """Table rows (dtype, seq, head_dim, direction, TFLOP/s) of one GPU carried to another of the same processor:
    each direction's curve scaled so its rate at `seq` is `tflops[direction]`, the other GPU's measured rate
    there (a direction without an anchor is left out). How dgx-h100's FlashAttention table takes an H200's
    measured curve at the H100's published 16K rates (docs/calibration.md)."""
    at = {(r[0], r[2], r[3]): r[4] for r in rows if r[1] == seq}
    out = []
    for dtype, s, hd, direction, rate in rows:
        if direction in tflops and (dtype, hd, direction) in at:
            out.append((dtype, s, hd, direction, rate * tflops[direction] / at[(dtype, hd, direction)]))
    return out
