"""search.html and sweep.html: Plotly pages of a search's layouts and a sweep's points."""

from __future__ import annotations

import html
import math
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from simcluster.report.breakdown import breakdown_figure

GiB = 1024**3
PAGE = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>simcluster {kind}</title>
<style>body{{font-family:sans-serif;margin:12px}} table{{border-collapse:collapse}}
td,th{{border:1px solid #ccc;padding:3px 8px;text-align:right}} p.note{{color:#555;font-size:13px}}</style>
</head>
<body>
<h3>{title}</h3>
{body}
</body>
</html>
"""
STATUS_COLORS = {
    "simulated": "#d62728",
    "estimated": "#1f77b4",
    "out of memory": "#bbbbbb",
    "failed": "#000000",
}


def _html(figs: list[tuple[str, go.Figure]], prefix: str) -> str:
    return "\n".join(
        fig.to_html(
            full_html=False,
            include_plotlyjs=(k == 0),
            div_id=f"{prefix}-{name}",
            config={"displaylogo": False},
        )
        for k, (name, fig) in enumerate(figs)
    )


def _throughput(r: dict[str, Any]) -> float | None:
    if r["status"] == "simulated":
        return r.get("throughput_seq_per_s")
    return r.get("est_throughput_seq_per_s")


def _scatter(rows: list[dict[str, Any]]) -> go.Figure:
    fig = go.Figure()
    cap = None
    for status, color in STATUS_COLORS.items():
        sel = [r for r in rows if r["status"] == status]
        if not sel:
            continue
        cap = sel[0]["memory_capacity_bytes"] / GiB
        ys = [_throughput(r) for r in sel]
        fig.add_trace(
            go.Scattergl(
                x=[r["memory_model_peak_bytes"] / GiB for r in sel],
                y=[y if y is not None else 0.0 for y in ys],
                mode="markers",
                name=status + (" (estimate: 0 when out of memory)" if status == "out of memory" else ""),
                marker={"color": color, "size": 9 if status == "simulated" else 5, "opacity": 0.8},
                text=[r["label"] for r in sel],
                hovertemplate="%{text}<br>peak %{x:.1f} GiB, %{y:.2f} seq/s<extra></extra>",
            )
        )
    if cap is not None:
        fig.add_vline(x=cap, line_dash="dash", line_color="#444", annotation_text=f"memory {cap:.0f} GiB")
    fig.update_layout(
        title={"text": "throughput vs peak memory (simulated where simulated, else estimated)"},
        xaxis={"title": {"text": "peak rank memory (GiB, memory model)"}},
        yaxis={"title": {"text": "throughput (sequences/s)"}},
        height=480,
    )
    return fig


def _heatmap(rows: list[dict[str, Any]]) -> go.Figure:
    best: dict[tuple[int, int], tuple[float, str]] = {}
    for r in rows:
        y = _throughput(r)
        if (
            r["status"] == "out of memory"
            or y is None
            or (r["status"] == "simulated" and not r.get("fits_in_memory"))
        ):
            continue
        k = (r["parallelism.tensor"], r["parallelism.pipeline"])
        if k not in best or y > best[k][0]:
            best[k] = (y, r["label"])
    ts = sorted({k[0] for k in best})
    ps = sorted({k[1] for k in best})
    z = [[best.get((t, p), (math.nan, ""))[0] for t in ts] for p in ps]
    text = [[best.get((t, p), (0.0, "nothing fits"))[1] for t in ts] for p in ps]
    fig = go.Figure(
        go.Heatmap(
            x=[str(t) for t in ts],
            y=[str(p) for p in ps],
            z=z,
            text=text,
            colorscale="Viridis",
            colorbar={"title": {"text": "seq/s"}},
            hovertemplate="tensor %{x}, pipeline %{y}: %{z:.2f} seq/s<br>%{text}<extra></extra>",
        )
    )
    fig.update_layout(
        title={"text": "best throughput per tensor x pipeline size (layouts that fit)"},
        xaxis={"title": {"text": "tensor"}, "type": "category"},
        yaxis={"title": {"text": "pipeline"}, "type": "category"},
        height=420,
    )
    return fig


def _breakdown(rows: list[dict[str, Any]]) -> go.Figure:
    sel = [r for r in rows if r["status"] == "simulated"]
    return breakdown_figure(
        [f"#{r['rank']} {r['label']}" for r in sel],
        sel,
        "where the slowest rank's iteration goes (simulated layouts)",
        height=520,
    )


def search_html(title: str, rows: list[dict[str, Any]], counts: dict[str, int]) -> str:
    figs = [("scatter", _scatter(rows)), ("heatmap", _heatmap(rows)), ("breakdown", _breakdown(rows))]
    note = ", ".join(f"{v} {k.replace('_', ' ')}" for k, v in counts.items())
    body = f"<p class='note'>{html.escape(note)}</p>\n" + _html(figs, "search")
    return PAGE.format(kind="search", title=html.escape(title), body=body)


def sweep_html(title: str, rows: list[dict[str, Any]], axes: list[str]) -> str:
    metrics = [
        ("throughput_seq_per_s", "throughput (seq/s)", 1.0),
        ("iteration_time_s", "iteration time (s)", 1.0),
        ("peak_memory_bytes", "peak memory (GiB)", 1 / GiB),
    ]
    ok = [r for r in rows if not r.get("error")]
    axes = axes or ["point"]
    fig = make_subplots(
        rows=len(axes),
        cols=len(metrics),
        subplot_titles=[f"{m[1]} vs {a}" for a in axes for m in metrics],
        vertical_spacing=min(0.3, 0.5 / max(1, len(axes))),
    )
    hover = [", ".join(f"{a}={r.get(a)}" for a in axes) for r in ok]
    for i, a in enumerate(axes):
        for j, (key, name, scale) in enumerate(metrics):
            fig.add_trace(
                go.Scatter(
                    x=[str(r.get(a)) for r in ok],
                    y=[(r.get(key) or 0) * scale for r in ok],
                    mode="markers",
                    showlegend=False,
                    text=hover,
                    hovertemplate=f"%{{text}}<br>{name}: %{{y:.4g}}<extra></extra>",
                ),
                row=i + 1,
                col=j + 1,
            )
            fig.update_xaxes(type="category", title_text=a, row=i + 1, col=j + 1)
    fig.update_layout(height=320 * len(axes) + 80)
    failed = len(rows) - len(ok)
    note = f"{len(rows)} points, {failed} failed."
    body = f"<p class='note'>{html.escape(note)}</p>\n" + _html([("axes", fig)], "sweep")
    return PAGE.format(kind="sweep", title=html.escape(title), body=body)
