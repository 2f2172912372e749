"""The figures of the validation page, one table at a time, each in the table's own units.

- parity: predicted against published for absolute metrics (log axes when the values span more than 20x);
- ratios: predicted and published side by side as bars for cases that are ratios (`relative_to`, `baseline`);
- errors: signed error per case, sorted, with the +-5% and +-10% bands; misses (beyond 10%) are labelled with
  their note, once per distinct note (every point's hover has its own);
- ranking (tables that group runs): predicted rank against measured rank within each group, and Kendall's
  tau and the predicted-best regret per group.
"""

from __future__ import annotations

import html
import math

import numpy as np
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from simcluster.validate.runner import Outcome

MISS = 0.10  # the validation target: a case beyond it is a miss and carries a note
CLOSE = 0.05
LABELS = 12  # miss notes written on the strip chart at most (the rest are in the hover and the table)
HEIGHT_PX = 380
COLORS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22")

# metric -> (quantity, unit kind); unit kinds are scaled to a readable unit per table
QUANTITY = {
    "iteration_time_s": ("iteration time", "time"),
    "forward_time_s": ("forward time", "time"),
    "backward_time_s": ("backward time", "time"),
    "fwd_per_seq_s": ("forward time per sequence", "time"),
    "bwd_per_seq_s": ("backward time per sequence", "time"),
    "layer_forward_time_s": ("layer forward time", "time"),
    "layer_backward_time_s": ("layer backward time", "time"),
    "moe_forward_time_s": ("MoE block forward time", "time"),
    "moe_backward_time_s": ("MoE block backward time", "time"),
    "throughput_seq_per_s": ("throughput", "seq/s"),
    "train_seq_per_s": ("training throughput", "seq/s"),
    "inference_seq_per_s": ("inference throughput", "seq/s"),
    "tokens_per_s": ("throughput", "tokens/s"),
    "tokens_per_s_per_gpu": ("throughput per GPU", "tokens/s"),
    "mfu": ("MFU", "%"),
    "model_tflops_per_gpu": ("model TFLOP/s per GPU", "TFLOP/s"),
    "model_tflops_per_gpu_causal": ("model TFLOP/s per GPU (causal count)", "TFLOP/s"),
    "hardware_tflops_per_gpu": ("hardware TFLOP/s per GPU", "TFLOP/s"),
    "peak_memory_bytes": ("peak memory", "bytes"),
    "activation_bytes_per_layer": ("activation memory per layer", "bytes"),
    "max_global_batch": ("largest global batch", "sequences"),
}


def is_ratio(o: Outcome) -> bool:
    return o.case.relative_to is not None or o.case.baseline is not None


def unit_of(rows: list[Outcome]) -> tuple[str, float]:
    """A unit for the absolute cases in `rows` and the factor that converts their values into it."""
    kinds = {QUANTITY.get(o.case.metric, (o.case.metric, ""))[1] for o in rows}
    top = max(max(o.published, o.predicted) for o in rows)
    if kinds == {"time"}:
        for unit, f in (("s", 1.0), ("ms", 1e3), ("us", 1e6)):
            if top * f >= 1.0:
                return unit, f
        return "us", 1e6
    if kinds == {"bytes"}:
        for unit, f in (("GiB", 1 / 1024**3), ("MiB", 1 / 1024**2), ("KiB", 1 / 1024)):
            if top * f >= 1.0:
                return unit, f
        return "bytes", 1.0
    if kinds == {"%"}:
        return "%", 100.0
    return (kinds.pop() if len(kinds) == 1 else "mixed units"), 1.0


def quantity(metrics: list[str]) -> str:
    names = sorted({QUANTITY.get(m, (m, ""))[0] for m in metrics})
    return " / ".join(names)


def title_of(table: str, rows: list[Outcome]) -> str:
    err = np.array([o.error for o in rows])
    return (
        f"{table}: MAPE {np.mean(np.abs(err)) * 100:.1f}%, mean signed error {np.mean(err) * 100:+.1f}% "
        f"({len(rows)} cases)"
    )


def _hover(o: Outcome, unit: str, f: float) -> str:
    v = f"{o.published * f:.4g} / {o.predicted * f:.4g} {unit}"
    return (
        f"<b>{o.case.id}</b><br>{o.case.metric}{' (ratio)' if is_ratio(o) else ''}<br>published / predicted "
        f"{v}<br>error {o.error * 100:+.1f}%" + (f"<br>{_wrap(o.case.note)}" if o.case.note else "")
    )


def _wrap(text: str, width: int = 70) -> str:
    words, lines, cur = text.split(), [], ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    return "<br>".join([*lines, cur]) if cur else ""


def _layout(fig: go.Figure, title: str, **kw: object) -> go.Figure:
    base: dict = {
        "title": {"text": title, "font": {"size": 14}},
        "height": HEIGHT_PX,
        "margin": {"l": 70, "r": 20, "t": 50, "b": 60},
        "plot_bgcolor": "white",
        "legend": {"orientation": "h", "y": -0.2},
    }
    fig.update_layout({**base, **kw})
    fig.update_xaxes(gridcolor="#eee", zeroline=False)
    fig.update_yaxes(gridcolor="#eee", zeroline=False)
    return fig


def parity(rows: list[Outcome]) -> go.Figure:
    """Predicted against published, in the cases' own unit, with the exact line and the +-10% band."""
    unit, f = unit_of(rows)
    vals = [v * f for o in rows for v in (o.published, o.predicted)]
    lo, hi = min(vals), max(vals)
    log = lo > 0 and hi / lo > 20
    if log:
        pad = (hi / lo) ** 0.05
        a, b = lo / pad, hi * pad
    else:  # a range of at least 30% of the largest value, so a single case still shows the band
        span = max(hi - lo, 0.3 * hi, 1e-12)
        mid = (hi + lo) / 2
        a, b = max(0.0, mid - 0.6 * span), mid + 0.6 * span
    fig = go.Figure()
    line = [a, b]
    fig.add_trace(go.Scatter(x=line, y=line, mode="lines", name="exact", line={"color": "#777"}))
    for k, band in enumerate((1 - MISS, 1 + MISS)):
        fig.add_trace(
            go.Scatter(
                x=line,
                y=[a * band, b * band],
                mode="lines",
                name="+-10%",
                legendgroup="band",
                showlegend=k == 0,
                line={"color": "#bbb", "dash": "dot"},
                hoverinfo="skip",
            )
        )
    metrics = sorted({o.case.metric for o in rows})
    for k, m in enumerate(metrics):
        sel = [o for o in rows if o.case.metric == m]
        fig.add_trace(
            go.Scatter(
                x=[round(o.published * f, 9) for o in sel],
                y=[round(o.predicted * f, 9) for o in sel],
                mode="markers",
                name=QUANTITY.get(m, (m, ""))[0],
                marker={
                    "size": 7 if len(sel) > 100 else 9,
                    "color": COLORS[k % len(COLORS)],
                    "symbol": ["circle-open" if o.case.fitting else "circle" for o in sel],
                },
                hovertext=[_hover(o, unit, f) for o in sel],
                hoverinfo="text",
            )
        )
    axis: dict = {
        "type": "log" if log else "linear",
        "range": [math.log10(a), math.log10(b)] if log else [a, b],
    }
    if log:
        axis["dtick"] = 1 if b / a > 100 else "D2"
    q = quantity(metrics)
    return _layout(
        fig,
        f"predicted vs published {q} ({unit})",
        xaxis={**axis, "title": {"text": f"published ({unit})"}},
        yaxis={**axis, "title": {"text": f"predicted ({unit})"}},
    )


def ratios(rows: list[Outcome]) -> go.Figure:
    """Predicted and published ratios side by side, one pair of bars per case."""
    ids = _short_ids([o.case.id for o in rows])
    fig = go.Figure()
    for name, vals, color in (
        ("published", [o.published for o in rows], "#999"),
        ("predicted", [o.predicted for o in rows], "#1f77b4"),
    ):
        fig.add_trace(
            go.Bar(
                x=ids,
                y=[round(v, 6) for v in vals],
                name=name,
                marker={"color": color},
                hovertext=[_hover(o, "", 1.0) for o in rows],
                hoverinfo="text",
            )
        )
    metrics = sorted({o.case.metric for o in rows})
    return _layout(
        fig,
        f"ratios: predicted vs published ({quantity(metrics)} over its reference)",
        barmode="group",
        xaxis={"tickangle": 20, "tickfont": {"size": 9}, "automargin": True},
        yaxis={"title": {"text": "ratio"}, "rangemode": "tozero"},
    )


def _short_ids(ids: list[str]) -> list[str]:
    """Case ids without the prefix they all share (whole dash-separated words only)."""
    if len(ids) < 2:
        return ids
    parts = [i.split("-") for i in ids]
    k = 0
    while all(len(p) > k + 1 for p in parts) and len({p[k] for p in parts}) == 1:
        k += 1
    return ["-".join(p[k:]) for p in parts]


def errors(rows: list[Outcome]) -> go.Figure:
    """Signed error per case, sorted, with the +-5% and +-10% bands; misses labelled with their note."""
    order = sorted(rows, key=lambda o: (o.error, o.case.id))
    x = list(range(1, len(order) + 1))
    err = [o.error * 100 for o in order]
    color = [
        "#2ca02c" if abs(e) <= CLOSE * 100 else "#ff7f0e" if abs(e) <= MISS * 100 else "#d62728" for e in err
    ]
    fig = go.Figure()
    for lim, fill in ((MISS, "rgba(255,165,0,0.12)"), (CLOSE, "rgba(44,160,44,0.15)")):
        fig.add_shape(
            type="rect",
            xref="paper",
            x0=0,
            x1=1,
            y0=-lim * 100,
            y1=lim * 100,
            fillcolor=fill,
            line={"width": 0},
            layer="below",
        )
    fig.add_trace(
        go.Scatter(
            x=x,
            y=[round(e, 3) for e in err],
            mode="markers",
            name="signed error",
            marker={
                "size": 5 if len(order) > 100 else 8,
                "color": color,
                "symbol": ["circle-open" if o.case.fitting else "circle" for o in order],
            },
            hovertext=[_hover(o, *_unit_pair(o, rows)) for o in order],
            hoverinfo="text",
            showlegend=False,
        )
    )
    # one label per distinct note among the misses, at its worst case; the worst notes first
    worst: dict[str, tuple[float, int]] = {}
    for i, o in enumerate(order):
        if abs(o.error) > MISS:
            note = o.case.note.removeprefix("fitting row; ") or "(no note)"
            if note not in worst or abs(o.error) > worst[note][0]:
                worst[note] = (abs(o.error), i)
    picked = sorted(worst.items(), key=lambda kv: (-kv[1][0], kv[0]))[:LABELS]
    # each labelled case gets a short number next to it (numbers this short, alternating above and below
    # the point and staggered, never overlap), and the notes are listed under the chart, one per line
    legend = []
    for n, (note, (_, i)) in enumerate(sorted(picked, key=lambda kv: kv[1][1])):
        up = err[i] > 0
        fig.add_annotation(
            x=x[i],
            y=err[i],
            text=f"[{n + 1}]",
            showarrow=True,
            arrowhead=0,
            arrowcolor="#999",
            ay=(-14 - 12 * (n % 4)) if up else (14 + 12 * (n % 4)),
            ax=10 * (n % 2) - 5,
            font={"size": 9, "color": "#a00"},
            bgcolor="rgba(255,255,255,0.8)",
        )
        legend.append(f"[{n + 1}] {html.escape(_short(note, 95))}")  # one line in a half-width panel
    if legend:
        fig.add_annotation(
            x=0,
            y=0,
            xref="paper",
            yref="paper",
            yshift=-48,
            xanchor="left",
            yanchor="top",
            align="left",
            showarrow=False,
            text="<br>".join(legend),
            font={"size": 10, "color": "#a00"},
        )
    top = max([abs(e) for e in err] + [MISS * 100]) * 1.5
    return _layout(
        fig,
        "signed error per case, sorted (bands: +-5% and +-10%; open markers: fitting rows)",
        xaxis={"title": {"text": "case (sorted by error)"}, "range": [0.5, len(x) + 0.5]},
        yaxis={"title": {"text": "predicted / published - 1 (%)"}, "range": [-top, top]},
        height=HEIGHT_PX + 15 * len(legend),
        margin={"l": 70, "r": 20, "t": 50, "b": 60 + 15 * len(legend)},
    )


def _unit_pair(o: Outcome, rows: list[Outcome]) -> tuple[str, float]:
    if is_ratio(o):
        return "", 1.0
    return unit_of([r for r in rows if not is_ratio(r)])


def _short(note: str, width: int = 60) -> str:
    return note if len(note) <= width else note[: width - 3].rstrip() + "..."


def ranks_within(values: list[float]) -> list[int]:
    """1-based rank of each value within its list (smallest first; ties by position)."""
    order = sorted(range(len(values)), key=lambda i: (values[i], i))
    out = [0] * len(values)
    for r, i in enumerate(order):
        out[i] = r + 1
    return out


def rank_scatter(rows: list[Outcome]) -> go.Figure:
    """Predicted rank against measured rank of every run within its group (1 = fastest), one bubble per
    (measured, predicted) pair sized by how many runs fall on it: on the diagonal when the model orders the
    layouts as the hardware does."""
    groups: dict[str, list[Outcome]] = {}
    for o in rows:
        if o.case.group is not None:
            groups.setdefault(o.case.group, []).append(o)
    pairs: dict[tuple[int, int], int] = {}
    for g in groups.values():
        for p, m in zip(ranks_within([o.predicted for o in g]), ranks_within([o.published for o in g])):
            pairs[(m, p)] = pairs.get((m, p), 0) + 1
    keys = sorted(pairs)
    counts = [pairs[k] for k in keys]
    n = max(max(k) for k in keys)
    on_diag = sum(c for (m, p), c in pairs.items() if m == p)
    tick = 1 if n <= 12 else 5
    fig = go.Figure()
    fig.add_trace(
        go.Scatter(
            x=[0.5, n + 0.5],
            y=[0.5, n + 0.5],
            mode="lines",
            line={"color": "#aaa", "dash": "dot"},
            name="same rank",
            hoverinfo="skip",
        )
    )
    fig.add_trace(
        go.Scatter(
            x=[k[0] for k in keys],
            y=[k[1] for k in keys],
            mode="markers",
            name="runs",
            marker={
                "size": [4 + 3.0 * math.sqrt(c) for c in counts],
                "color": ["#2ca02c" if m == p else "#1f77b4" for m, p in keys],
                "opacity": 0.75,
                "line": {"width": 0},
            },
            customdata=counts,
            cliponaxis=False,
            hovertemplate="measured rank %{x}, predicted rank %{y}: %{customdata} runs<extra></extra>",
        )
    )
    return _layout(
        fig,
        f"rank within its group, predicted vs measured ({on_diag} of {sum(counts)} runs on the diagonal)",
        xaxis={"title": {"text": "measured rank (1 = fastest)"}, "range": [0.5, n + 0.5], "dtick": tick},
        yaxis={"title": {"text": "predicted rank"}, "range": [0.5, n + 0.5], "dtick": tick},
        showlegend=False,
    )


def group_bars(groups: list[dict]) -> go.Figure:
    """Kendall tau (top) and the regret of the predicted-best layout (bottom) per group, in the order of `group_summary` (by name)."""
    x = list(range(1, len(groups) + 1))
    tau = [
        None if g["kendall_tau"] is None or math.isnan(g["kendall_tau"]) else g["kendall_tau"] for g in groups
    ]
    hover = [
        f"<b>group {k}: {g['group']}</b><br>{g['n']} runs<br>Kendall tau "
        + ("n/a" if t is None else f"{t:.2f}")
        + f"<br>regret {g['regret'] * 100:.1f}%<br>predicted best: {g['predicted_best']}"
        f"<br>measured best: {g['measured_best']}"
        for k, g, t in zip(x, groups, tau)
    ]
    fig = make_subplots(rows=2, cols=1, shared_xaxes=True, vertical_spacing=0.08, row_heights=[0.6, 0.4])
    fig.add_trace(
        go.Bar(
            x=x,
            y=[None if t is None else round(t, 4) for t in tau],
            name="Kendall tau",
            marker={"color": ["#2ca02c" if t is not None and t >= 0.85 else "#ff7f0e" for t in tau]},
            hovertext=hover,
            hoverinfo="text",
        ),
        row=1,
        col=1,
    )
    fig.add_trace(
        go.Bar(
            x=x,
            y=[round(g["regret"] * 100, 3) for g in groups],
            name="regret (%)",
            marker={"color": ["#2ca02c" if g["regret"] <= 0.03 else "#d62728" for g in groups]},
            hovertext=hover,
            hoverinfo="text",
        ),
        row=2,
        col=1,
    )
    fig = _layout(
        fig,
        "per group: Kendall tau (green: >= 0.85) and regret of the predicted-best layout (green: <= 3%)",
        showlegend=False,
        bargap=0.15,
    )
    fig.update_yaxes(
        row=1,
        col=1,
        title={"text": "Kendall tau"},
        range=[min([0.0, *(t for t in tau if t is not None)]) - 0.05, 1.05],
    )
    fig.update_yaxes(row=2, col=1, title={"text": "regret (%)"}, rangemode="tozero")
    fig.update_xaxes(
        row=2, col=1, title={"text": "group (by name, as in the table below; hover for its runs)"}
    )
    return fig
