"""report.html's GEMM figures: forward efficiency vs the model, and backward layouts vs forward."""

from __future__ import annotations

from typing import Any

import numpy as np
import plotly.graph_objects as go

from calibrate.fit.gemm import GemmFit, predict_time_s
from calibrate.fit.tables import backward_pairs
from calibrate.results import ok_rows
from calibrate.shapes import BACKWARD_LAYOUTS, FORWARD

LAYOUT_LABELS = {"nn": "forward (nn)", "nt": "dgrad (nt)", "tn": "wgrad (tn)"}


def gemm_figures(rows: list[dict[str, Any]], fit: GemmFit | None, profile: dict[str, Any]) -> list[go.Figure]:
    """Forward GEMMs: efficiency vs size with the fitted model, and the model's residuals."""
    pts = [r for r in ok_rows(rows) if r["layout"] == FORWARD]
    if not pts:
        return []
    peaks = profile["gpu"]["peak_tflops"]
    eff = go.Figure()
    res = go.Figure()
    for dtype in sorted({r["dtype"] for r in pts}):
        mine = sorted(
            (r for r in pts if r["dtype"] == dtype), key=lambda r: r["m"] * r["n"] * r["k"] * r["batch"]
        )
        dim = [(r["m"] * r["n"] * r["k"]) ** (1 / 3) for r in mine]
        peak = peaks.get(dtype) or peaks.get("fp32")
        eff.add_trace(
            go.Scatter(
                x=dim,
                y=[r["tflops"] / peak for r in mine],
                mode="markers",
                name=f"{dtype} measured",
                text=[f"{r['name']} m={r['m']} n={r['n']} k={r['k']} batch={r['batch']}" for r in mine],
            )
        )
        if fit is not None and fit.asymptote_tflops.get(dtype, float("nan")) > 0:
            d = np.geomspace(min(dim), max(dim), 60)
            t = predict_time_s(d, d, d, [dtype] * len(d), fit)
            eff.add_trace(
                go.Scatter(
                    x=d,
                    y=2 * d**3 / t / 1e12 / peak,
                    mode="lines",
                    line={"dash": "dash"},
                    name=f"{dtype} model, M=N=K",
                )
            )
            single = [r for r in mine if r["batch"] == 1]
            if single:
                m, n, k = (np.array([r[c] for r in single], dtype=float) for c in ("m", "n", "k"))
                pred = predict_time_s(m, n, k, [dtype] * len(single), fit)
                meas = np.array([r["time_s"] for r in single])
                res.add_trace(
                    go.Scatter(x=(m * n * k) ** (1 / 3), y=(pred - meas) / meas, mode="markers", name=dtype)
                )
    eff.update_layout(
        title="GEMM efficiency (achieved / profile peak) vs size (cube root of m*n*k)",
        xaxis_title="size (cube root of m*n*k)",
        yaxis_title="efficiency",
        xaxis_type="log",
    )
    res.update_layout(
        title="GEMM model: relative residual (model - measured) / measured",
        xaxis_title="size (cube root of m*n*k)",
        yaxis_title="relative residual",
        xaxis_type="log",
    )
    return [eff, res]


def backward_figures(rows: list[dict[str, Any]], fit: dict[str, Any] | None) -> list[go.Figure]:
    """Throughput of each layer GEMM in its three layouts, and each backward/forward ratio with the fit."""
    pairs = backward_pairs(rows)
    if not pairs:
        return []
    forward = sorted({id(f): f for f, _ in pairs}.values(), key=lambda r: (r["dtype"], r["time_s"]))

    def label(r: dict[str, Any]) -> str:
        return f"{r['name']} {r['dtype']}"  # the full name: a run may measure two models' layers

    bars = go.Figure()
    bars.add_trace(
        go.Bar(x=[label(f) for f in forward], y=[f["tflops"] for f in forward], name="forward (nn)")
    )
    ratio = go.Figure()
    for lay in BACKWARD_LAYOUTS:
        mine = [(f, b) for f, b in pairs if b["layout"] == lay]
        mine.sort(key=lambda p: forward.index(p[0]))
        bars.add_trace(
            go.Bar(x=[label(f) for f, _ in mine], y=[b["tflops"] for _, b in mine], name=LAYOUT_LABELS[lay])
        )
        ratio.add_trace(
            go.Scatter(
                x=[label(f) for f, _ in mine],
                y=[f["time_s"] / b["time_s"] for f, b in mine],
                mode="markers",
                name=LAYOUT_LABELS[lay],
                text=[f"m={f['m']} n={f['n']} k={f['k']} batch={f['batch']}" for f, _ in mine],
            )
        )
    if fit is not None:
        ratio.add_hline(
            y=fit["backward_efficiency"],
            line_dash="dash",
            annotation_text=f"backward_efficiency = {fit['backward_efficiency']:.3g} (median)",
        )
    bars.update_layout(
        title="Layer GEMMs: throughput forward vs backward layouts", barmode="group", yaxis_title="tflops"
    )
    ratio.update_layout(
        title="Backward-layout / forward throughput per layer GEMM",
        yaxis_title="throughput ratio (forward time / backward time)",
        yaxis_type="log",
    )
    return [bars, ratio]
