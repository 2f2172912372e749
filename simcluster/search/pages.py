"""search.html and sweep.html: Plotly pages of a search's layouts and a sweep's points."""

from __future__ import annotations

import html
import math
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from simcluster.report.breakdown import breakdown_figure
from simcluster.report.figures import figures_html

GiB = 1024**3
PAGE = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>simcluster {kind}</title>
<style>body{{font-family:sans-serif;margin:12px}} table{{border-collapse:collapse}}
td,th{{border:1px solid #ccc;padding:3px 8px;text-align:right}} p.note{{color:#555;font-size:13px}}
p.warn{{color:#a15c00;font-weight:bold}}</style>
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


def _throughput(r: dict[str, Any]) -> float | None:
    if r["status"] == "simulated":
        return r.get("throughput_seq_per_s")
    return r.get("est_throughput_seq_per_s")


CLIP = 1.5  # the memory axis ends at this multiple of the capacity: past it, a layout does not fit anyway


def _scatter(rows: list[dict[str, Any]]) -> go.Figure:
    """Throughput against peak memory. Layouts far out of memory would squash the chart: the axis ends at
    CLIP x capacity and those layouts sit on its right edge (their real peak in the hover)."""
    fig = go.Figure()
    caps = [r["memory_capacity_bytes"] / GiB for r in rows if r.get("memory_capacity_bytes")]
    cap = min(caps) if caps else None  # with --memory-margin, the estimated rows hold the reduced limit
    right = CLIP * cap if cap else None
    clipped = 0
    for status, color in STATUS_COLORS.items():
        sel = [r for r in rows if r["status"] == status]
        if not sel:
            continue
        ys = [_throughput(r) for r in sel]
        peaks = [r["memory_model_peak_bytes"] / GiB for r in sel]
        xs = [min(x, right) if right else x for x in peaks]
        clipped += sum(x != p for x, p in zip(xs, peaks))
        fig.add_trace(
            go.Scattergl(
                x=xs,
                y=[y if y is not None else 0.0 for y in ys],
                customdata=peaks,
                mode="markers",
                name=status
                + (" (not estimated; on the axis' edge past it)" if status == "out of memory" else ""),
                marker={"color": color, "size": 9 if status == "simulated" else 5, "opacity": 0.8},
                text=[r["label"] for r in sel],
                hovertemplate="%{text}<br>peak %{customdata:.1f} GiB, %{y:.2f} seq/s<extra></extra>",
            )
        )
    if cap is not None:
        fig.add_vline(x=cap, line_dash="dash", line_color="#444", annotation_text=f"memory {cap:.0f} GiB")
    title = "throughput vs peak memory (simulated where simulated, else estimated)"
    if clipped:
        title += f"; {clipped} layouts beyond {right:.0f} GiB drawn at the right edge"
    fig.update_layout(
        title={"text": title},
        xaxis={
            "title": {"text": "peak rank memory (GiB, memory model)"},
            "range": [0, right * 1.02] if right else None,
        },
        yaxis={"title": {"text": "throughput (sequences/s)"}},
        height=480,
    )
    return fig


def headline(rows: list[dict[str, Any]]) -> str:
    """One sentence: the best layout, its figures, its margin over the runner-up, and where its time goes."""
    fits = [r for r in rows if r["status"] == "simulated" and r.get("fits_in_memory")]
    if not fits:
        return "No simulated layout fits in memory: nothing to recommend (see the out-of-memory points)."
    best = min(fits, key=lambda r: (r.get("rank", 0), r["iteration_time_s"]))  # ranked first (--rank-by)
    text = (
        f"Best: {best['label']}: {best['iteration_time_s']:.4g} s per iteration, "
        f"{best['throughput_seq_per_s']:.4g} seq/s, MFU {best['mfu'] * 100:.1f}%, peak "
        f"{best['peak_memory_bytes'] / GiB:.1f} of {best['memory_capacity_bytes'] / GiB:.0f} GiB"
    )
    if isinstance(best.get("iteration_time_p05_s"), float):
        text += (
            f" (over seeds: p05 {best['iteration_time_p05_s']:.4g}, p50 {best['iteration_time_p50_s']:.4g}, "
            f"p95 {best['iteration_time_p95_s']:.4g} s)"
        )
    others = sorted((r for r in fits if r is not best), key=lambda r: r["iteration_time_s"])
    if others:
        gain = others[0]["iteration_time_s"] / best["iteration_time_s"] - 1
        text += (
            f"; {gain * 100:.1f}% faster than the next simulated layout ({others[0]['label']})"
            if gain >= 0.001
            else f"; within 0.1% of the next simulated layout ({others[0]['label']}): either will do"
        )
    parts = []
    for key, what in (("bubble_share", "pipeline bubble"), ("exposed_comm_share", "exposed communication")):
        if isinstance(best.get(key), int | float):
            parts.append(f"{best[key] * 100:.1f}% {what}")
    if parts:
        text += "; its slowest rank spends " + " and ".join(parts)
    return text + "."


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


def intervals_figure(labels: list[str], rows: list[dict[str, Any]], title: str) -> go.Figure:
    """Iteration time p05-p95 over seeds (bar: the interval, marker: p50, cross: the single seed's time) per
    row that has `iteration_time_p05_s` etc. (search rows; compare records carry the same keys)."""
    y = [lab for lab, r in zip(labels, rows)]
    p05 = [r["iteration_time_p05_s"] for r in rows]
    p50 = [r["iteration_time_p50_s"] for r in rows]
    p95 = [r["iteration_time_p95_s"] for r in rows]
    fig = go.Figure()
    fig.add_trace(
        go.Scatter(
            x=p50,
            y=y,
            mode="markers",
            name="p50 (bar: p05 to p95)",
            marker={"color": "#d62728", "size": 9},
            error_x={
                "type": "data",
                "symmetric": False,
                "array": [b - a for a, b in zip(p50, p95)],
                "arrayminus": [a - b for a, b in zip(p50, p05)],
                "thickness": 3,
            },
            hovertemplate="%{y}<br>p50 %{x:.4g} s<extra></extra>",
        )
    )
    fig.add_trace(
        go.Scatter(
            x=[r["iteration_time_s"] for r in rows],
            y=y,
            mode="markers",
            name="the scenario's own seed",
            marker={"symbol": "x", "color": "#444", "size": 8},
        )
    )
    fig.update_layout(
        title={"text": title},
        xaxis={"title": {"text": "iteration time (s)"}},
        yaxis={"autorange": "reversed"},
        height=max(260, 60 + 34 * len(rows)),
    )
    return fig


def search_html(title: str, rows: list[dict[str, Any]], counts: dict[str, int]) -> str:
    figs = [("scatter", _scatter(rows)), ("heatmap", _heatmap(rows)), ("breakdown", _breakdown(rows))]
    seeded = [r for r in rows if r["status"] == "simulated" and isinstance(r.get("iteration_time_p05_s"), float)]
    if seeded:
        figs.insert(
            1,
            (
                "intervals",
                intervals_figure(
                    [f"#{r['rank']} {r['label']}" for r in seeded],
                    seeded,
                    "iteration time over seeds (simulated layouts, in rank order): p05 to p95",
                ),
            ),
        )
    note = ", ".join(f"{v} {k.replace('_', ' ')}" for k, v in counts.items())
    body = (
        f"<p class='headline'><b>{html.escape(headline(rows))}</b></p>\n"
        f"<p class='note'>{html.escape(note)}</p>\n" + figures_html(figs, "search")
    )
    return PAGE.format(kind="search", title=html.escape(title), body=body)


def _num(v: Any) -> float | None:
    return float(v) if isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) else None


def sweep_warnings(rows: list[dict[str, Any]]) -> list[str]:
    ok = [r for r in rows if not r.get("error")]
    sizes = sorted({r["world_size"] for r in ok if isinstance(r.get("world_size"), int)})
    if len(sizes) > 1:
        return [
            f"the points use different GPU counts ({', '.join(map(str, sizes))}): compare per-GPU figures "
            "(MFU, tokens/s per GPU), not throughput"
        ]
    return []


def sweep_html(title: str, rows: list[dict[str, Any]], axes: list[str]) -> str:
    """One row of panels per swept axis (throughput, iteration time, peak memory against the axis). Points
    are labelled with their other axes' values and joined by lines along the axis (one line per combination
    of the other axes); the memory panels draw the capacity."""
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
    caps = [c for r in ok if (c := _num(r.get("memory_capacity_bytes")))]
    for i, a in enumerate(axes):
        others = [b for b in axes if b != a]
        lines: dict[str, list[dict[str, Any]]] = {}
        for r in ok:
            lines.setdefault(", ".join(f"{b}={r.get(b)}" for b in others), []).append(r)
        for k, (label, pts) in enumerate(sorted(lines.items())):
            order = sorted(pts, key=lambda r: (_num(r.get(a)) is None, _num(r.get(a)) or 0, str(r.get(a))))
            for j, (key, name, scale) in enumerate(metrics):
                ys = [_num(r.get(key)) for r in order]
                fig.add_trace(
                    go.Scatter(
                        x=[str(r.get(a)) for r in order],
                        y=[None if y is None else y * scale for y in ys],
                        mode="lines+markers+text" if len(order) <= 12 else "lines+markers",
                        text=[f"{(y or 0) * scale:.3g}" for y in ys],
                        textposition="top center",
                        textfont={"size": 9},
                        name=label or a,
                        legendgroup=label or a,
                        showlegend=j == 0 and i == 0 and bool(label),
                        marker={"color": _palette(k)},
                        line={"color": _palette(k), "width": 1},
                        hovertemplate=f"{html.escape(label or a)}<br>{a}=%{{x}}<br>{name}: %{{y:.4g}}<extra></extra>",
                    ),
                    row=i + 1,
                    col=j + 1,
                )
            fig.update_xaxes(type="category", title_text=a, row=i + 1, col=j + 1)
        if caps:
            fig.add_hline(
                y=max(caps) / GiB, line_dash="dash", line_color="#d62728", row=i + 1, col=len(metrics),
                annotation_text=f"memory {max(caps) / GiB:.0f} GiB", annotation_position="top left",
            )  # fmt: skip
    fig.update_layout(height=320 * len(axes) + 80)
    failed = len(rows) - len(ok)
    note = f"{len(rows)} points, {failed} failed."
    warn = "".join(f"<p class='warn'>warning: {html.escape(w)}</p>\n" for w in sweep_warnings(rows))
    body = warn + f"<p class='note'>{html.escape(note)}</p>\n" + figures_html([("axes", fig)], "sweep")
    return PAGE.format(kind="sweep", title=html.escape(title), body=body)


def _palette(k: int) -> str:
    colors = [
        "#1f77b4",
        "#ff7f0e",
        "#2ca02c",
        "#9467bd",
        "#8c564b",
        "#e377c2",
        "#7f7f7f",
        "#bcbd22",
        "#17becf",
    ]
    return colors[k % len(colors)]
