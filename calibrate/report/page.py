"""report.html: measured points against fitted curves (Plotly, plotly.js embedded, one self-contained file)."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import numpy as np
import plotly.graph_objects as go

from calibrate.fit.gemm import GemmFit
from calibrate.ops import OPS, busbw_factor
from calibrate.report.gemm import backward_figures, gemm_figures
from calibrate.results import ok_rows

LOG_AXES = {"xaxis_type": "log", "yaxis_type": "log"}


def _series(rows: list[dict[str, Any]], op: str) -> dict[str, list[dict[str, Any]]]:
    """The ok points of one op, per group, sorted by size."""
    out: dict[str, list[dict[str, Any]]] = {}
    for r in sorted(ok_rows(rows), key=lambda r: r["size_bytes"]):
        if r["op"] == op:
            out.setdefault(r["group"], []).append(r)
    return dict(sorted(out.items()))


def _collective_figures(fits: dict[str, Any], rows: list[dict[str, Any]]) -> list[go.Figure]:
    figures = []
    fit_of = {(f["op"], f["group"]): f for f in fits["collectives"]}
    residuals = go.Figure()
    for op in OPS:
        fig = go.Figure()
        for group, pts in _series(rows, op).items():
            size = np.array([r["size_bytes"] for r in pts], dtype=float)
            time_us = np.array([r["time_s"] for r in pts]) * 1e6
            label = f"{group} ({pts[0]['link_class']}, n={pts[0]['n_ranks']})"
            fig.add_trace(go.Scatter(x=size, y=time_us, mode="markers", name=f"{label} measured"))
            fit = fit_of.get((op, group))
            if fit is None:
                continue
            factor = busbw_factor(op, fit["n_ranks"])
            pred_us = fit["alpha_us"] + fit["beta_s_per_byte"] * size * factor * 1e6
            fig.add_trace(
                go.Scatter(
                    x=size,
                    y=pred_us,
                    mode="lines",
                    line={"dash": "dash"},
                    name=f"{label} fit: {fit['alpha_us']:.3g} us + S/{fit['busbw_GBps'] or 0:.3g} GB/s",
                )
            )
            residuals.add_trace(
                go.Scatter(
                    x=size, y=(pred_us - time_us) / time_us, mode="markers+lines", name=f"{op} {group}"
                )
            )
        fig.update_layout(
            title=f"{op}: time per call vs size (nccl-tests size convention)",
            xaxis_title="size_bytes",
            yaxis_title="time_us",
            **LOG_AXES,
        )
        figures.append(fig)
    residuals.update_layout(
        title="Collective fits: relative residual (fit - measured) / measured",
        xaxis_title="size_bytes",
        yaxis_title="relative residual",
        xaxis_type="log",
    )
    busbw = go.Figure()
    for op in OPS:
        for group, pts in _series(rows, op).items():
            busbw.add_trace(
                go.Scatter(
                    x=[r["size_bytes"] for r in pts],
                    y=[r["busbw_GBps"] for r in pts],
                    mode="markers+lines",
                    name=f"{op} {group}",
                )
            )
    busbw.update_layout(
        title="Bus bandwidth (nccl-tests busbw)",
        xaxis_title="size_bytes",
        yaxis_title="busbw_GBps",
        xaxis_type="log",
    )
    return [*figures, busbw, residuals]


def _memory_figure(rows: list[dict[str, Any]], fit: dict[str, Any] | None) -> list[go.Figure]:
    pts = sorted(ok_rows(rows), key=lambda r: r["size_bytes"])
    if not pts:
        return []
    fig = go.Figure(
        go.Scatter(
            x=[r["size_bytes"] for r in pts],
            y=[r["copy_bandwidth_GBps"] for r in pts],
            mode="markers",
            name="measured",
        )
    )
    if fit and fit["bandwidth_GBps"]:
        size = np.array([r["size_bytes"] for r in pts], dtype=float)
        t = fit["launch_us"] * 1e-6 + 2 * size / (fit["bandwidth_GBps"] * 1e9)
        fig.add_trace(
            go.Scatter(x=size, y=2 * size / t / 1e9, mode="lines", line={"dash": "dash"}, name="fit")
        )
    fig.update_layout(
        title="Device copy bandwidth (bytes read + written)",
        xaxis_title="size_bytes",
        yaxis_title="copy_bandwidth_GBps",
        xaxis_type="log",
    )
    return [fig]


def _attention_figure(rows: list[dict[str, Any]], fits: list[dict[str, Any]] | None) -> list[go.Figure]:
    """Measured TFLOP/s of each attention kernel against its sequence length, with the fitted form's."""
    pts = [r for r in ok_rows(rows) if r["flops"] == r["flops"]]
    if not pts:
        return []
    fig = go.Figure()
    by_fit = {(f["backend"], f["dtype"], f["direction"]): f for f in fits or []}
    series: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    for r in sorted(pts, key=lambda r: (r["seq"], r["flops"])):
        series.setdefault((r["backend"], r["dtype"], r["direction"]), []).append(r)
    for key, rs in sorted(series.items()):
        name = " ".join(key)
        fig.add_trace(
            go.Scatter(x=[r["seq"] for r in rs], y=[r["tflops"] for r in rs], mode="markers", name=name)
        )
        f = by_fit.get(key)
        if f:
            t = np.array([f["launch_us"] * 1e-6 + r["flops"] / (f["tflops"] * 1e12) for r in rs])
            fig.add_trace(
                go.Scatter(
                    x=[r["seq"] for r in rs],
                    y=[r["flops"] / ti / 1e12 for r, ti in zip(rs, t, strict=True)],
                    mode="lines",
                    line={"dash": "dash"},
                    name=f"{name} fit",
                )
            )
    fig.update_layout(
        title="Causal attention kernels (FLOPs a fused kernel executes: 2 b h s^2 d forward, 2.5x backward)",
        xaxis_title="sequence length",
        yaxis_title="TFLOP/s",
        xaxis_type="log",
    )
    return [fig]


def _fmt(x: Any) -> str:
    if isinstance(x, float):
        return f"{x:.4g}"
    return html.escape(str(x)) if x is not None else "-"


def _table(rows: list[dict[str, Any]], cols: list[str]) -> str:
    head = "".join(f"<th>{c}</th>" for c in cols)
    body = "".join("<tr>" + "".join(f"<td>{_fmt(r.get(c))}</td>" for c in cols) + "</tr>" for r in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def write_report(
    path: Path,
    fits: dict[str, Any],
    collectives: list[dict[str, Any]],
    gemm_rows: list[dict[str, Any]],
    memory_rows: list[dict[str, Any]],
    gemm_fit: GemmFit | None,
    profile: dict[str, Any],
    attention_rows: list[dict[str, Any]] | None = None,
) -> None:
    figures = [
        *_collective_figures(fits, collectives),
        *gemm_figures(gemm_rows, gemm_fit, profile),
        *backward_figures(gemm_rows, fits.get("gemm_backward")),
        *_memory_figure(memory_rows, fits.get("memory")),
        *_attention_figure(attention_rows or [], fits.get("attention")),
    ]
    plots = [fig.to_html(full_html=False, include_plotlyjs=(i == 0)) for i, fig in enumerate(figures)]
    cols = [
        "op",
        "group",
        "link_class",
        "n_ranks",
        "alpha_us",
        "busbw_GBps",
        "r2",
        "mape",
        "holdout_mape",
        "n_points",
        "n_outliers",
        "verdict",
    ]
    other = [{"fit": name, **(fits.get(name) or {})} for name in ("gemm", "gemm_backward", "memory")]
    run = fits["run"]
    parts = [
        "<html><head><meta charset='utf-8'><title>simcluster calibration</title>",
        "<style>body{font-family:sans-serif;margin:2em} td,th{border:1px solid #ccc;padding:2px 6px}"
        " table{border-collapse:collapse;margin:1em 0}</style></head><body>",
        f"<h1>Calibration of {html.escape(str(run.get('device_name')))} ({run.get('world_size')} ranks, "
        f"backend {html.escape(str(run.get('backend')))})</h1>",
        f"<p>Base preset: {html.escape(fits['base'])}. Status counts: {html.escape(str(fits['status_counts']))}</p>",
        "<h2>Collective fits</h2>",
        _table(fits["collectives"], cols),
        "<h2>GEMM, backward-layout and memory fits</h2>",
        _table(
            other,
            [
                "fit",
                "launch_us",
                "half_efficiency_dim",
                "bandwidth_GBps",
                "backward_efficiency",
                "r2",
                "mape",
                "holdout_mape",
                "n_points",
                "verdict",
            ],
        ),
        "<h2>Attention kernel fits (time = launch + FLOPs / rate)</h2>",
        _table(
            fits.get("attention") or [],
            ["backend", "dtype", "direction", "tflops", "launch_us", "max_seq", "r2", "mape", "holdout_mape",
             "n_points", "verdict"],
        ),
        "<h2>Profile fields measured here</h2>",
        _table([{"field": k, "from": v} for k, v in fits["profile_fields"].items()], ["field", "from"]),
        *plots,
        "</body></html>",
    ]
    path.write_text("\n".join(parts))
