"""Interactive timeline (timeline.html): one band per rank with compute, comm and p2p lanes, idle and
pipeline-bubble bars, and two panels on the same time axis: utilization of the busiest links and memory
in use per rank.

Self-contained (plotly.js embedded, nothing fetched) and deterministic (fixed element ids). Past a budget of
bars it shows representative ranks and merges ops (see `simcluster.report.lanes`), and says so on the page.
"""

from __future__ import annotations

import html
from pathlib import Path

import numpy as np
import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from simcluster.report.lanes import plan
from simcluster.report.series import busiest_links, link_utilization, memory_series
from simcluster.simulate import SimResult

COLORS = {
    "gemm": "#1f77b4",
    "attention": "#9467bd",
    "elementwise": "#17becf",
    "optimizer": "#8c564b",
    "allreduce": "#d62728",
    "allgather": "#ff7f0e",
    "reducescatter": "#e377c2",
    "broadcast": "#2ca02c",
    "reduce": "#bcbd22",
    "send": "#636363",
    "recv": "#a6a6a6",
    "host": "#8c564b",
    "sync": "#c49c94",
    "bubble": "#ffd92f",
    "idle": "#e5e5e5",
}
SHAPE_BUDGET = 15_000  # bars drawn at most; past it ranks are thinned and ops merged
MAX_RANKS = 32  # bands drawn at most
TOP_LINKS = 8
LANE = {"compute": 0.0, "comm": 1.0, "p2p": 2.0, "host": 3.0}  # offsets below a band's top
BAND = 5.0  # lanes per rank band (4 lanes and a spacer)
PX_PER_LANE = 13
GiB = 1024**3


def _fmt_bytes(b: float) -> str:
    for unit, div in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if b >= div:
            return f"{b / div:.2f} {unit}"
    return f"{b:.0f} B"


def _group_text(g: str) -> str:
    parts = str(g).split()
    if len(parts) <= 8:
        return " ".join(parts)
    return " ".join(parts[:8]) + f" ... ({len(parts)} ranks)"


def _values(col: pd.Series) -> list:
    """A column as a Python list (Categoricals through their categories, without pandas' per-row path)."""
    if isinstance(col.dtype, pd.CategoricalDtype):
        cats = np.asarray(col.cat.categories, dtype=object)
        return cats[col.cat.codes.to_numpy()].tolist()
    return col.to_numpy().tolist()


HOVER_COLUMNS = ("name", "kind", "rank", "stream", "layer", "microbatch", "phase", "start_s", "end_s")
HOVER_COLUMNS += ("busy_s", "ops", "flops", "bytes", "group")


def _hover(df: pd.DataFrame) -> list[str]:
    out = []
    for name, kind, rank, stream, layer, mb, phase, start, end, busy, ops, flops, nbytes, group in zip(
        *(_values(df[c]) for c in HOVER_COLUMNS)
    ):
        dur = end - start
        lines = [f"<b>{html.escape(str(name))}</b> ({kind})", f"rank {rank} · {stream} stream"]
        where = []
        if layer >= 0:
            where.append(f"layer {layer}")
        if mb >= 0:
            where.append(f"micro-batch {mb}")
        where.append(str(phase))
        lines.append(" · ".join(where))
        span = f"start {start * 1e3:.4f} ms · duration {dur * 1e3:.4f} ms"
        if ops > 1:
            span += f" · {ops} ops, busy {busy * 1e3:.4f} ms"
        lines.append(span)
        rate = []
        if flops:
            rate.append(f"{flops / 1e9:.2f} GFLOP")
            if busy > 0:
                rate.append(f"{flops / busy / 1e12:.1f} TFLOP/s")
        if nbytes:
            rate.append(_fmt_bytes(nbytes))
            if busy > 0:
                rate.append(f"{nbytes / busy / 1e9:.1f} GB/s")
        if rate:
            lines.append(" · ".join(rate))
        if group:
            lines.append(f"group {_group_text(group)}")
        out.append("<br>".join(lines))
    return out


def _gap_hover(g: pd.DataFrame) -> list[str]:
    return [
        f"<b>{k}</b><br>rank {r} · compute lane<br>start {a * 1e3:.4f} ms · duration {(b - a) * 1e3:.4f} ms"
        for r, a, b, k in zip(g["rank"], g["start_s"], g["end_s"], g["kind"])
    ]


def build_timeline(
    res: SimResult, title: str, budget: int = SHAPE_BUDGET, max_ranks: int = MAX_RANKS
) -> tuple[go.Figure, list[str]]:
    """The figure and the notes on what was merged or left out to stay responsive (a validated plotly
    Figure, for tests and tools; the page is written from `_figure`'s plain data, which skips validation)."""
    fig, data, notes = _figure(res, title, budget, max_ranks)
    fig.add_traces(data)
    return fig, notes


def _figure(
    res: SimResult, title: str, budget: int = SHAPE_BUDGET, max_ranks: int = MAX_RANKS
) -> tuple[go.Figure, list[dict], list[str]]:
    """The figure's layout (a plotly Figure without traces), its traces as plain dicts, and the notes."""
    pl = plan(res, budget, max_ranks)
    ranks, df, gaps, notes = pl.ranks, pl.ops, pl.gaps, pl.notes
    ypos = {r: -k * BAND for k, r in enumerate(ranks)}
    n_lanes = len(ranks) * BAND
    top_px = max(260, int(n_lanes * PX_PER_LANE) + 60)
    panel_px = 230
    fig = make_subplots(
        rows=3,
        cols=1,
        shared_xaxes=True,
        vertical_spacing=60 / (top_px + 2 * panel_px),
        row_heights=[top_px, panel_px, panel_px],
        subplot_titles=("ops per rank", "link utilization (busiest links)", "memory in use per rank"),
    )
    data: list[dict] = []  # the traces, as plotly.js takes them
    owner: list[int | None] = []  # rank each trace belongs to (None: always shown)
    shown_legend: set[str] = set()

    def add_bars(d: pd.DataFrame, cat: str, rank: int, y: np.ndarray, width: float, hover: list[str]) -> None:
        data.append(
            {
                "type": "bar",
                "x": (d["end_s"].to_numpy(float) - d["start_s"].to_numpy(float)) * 1e3,
                "base": d["start_s"].to_numpy(float) * 1e3,
                "y": np.asarray(y, dtype=float),
                "width": width,
                "orientation": "h",
                "name": cat,
                "legendgroup": cat,
                "showlegend": cat not in shown_legend,
                "marker": {"color": COLORS.get(cat, "#444444"), "line": {"width": 0}},
                "hovertext": hover,
                "hoverinfo": "text",
                "xaxis": "x",
                "yaxis": "y",
            }
        )
        shown_legend.add(cat)
        owner.append(rank)

    for rank in ranks:
        d = df[df["rank"] == rank]
        base = ypos[rank]
        for cat, part in d.groupby("kind", sort=True):
            for blocking, sub in part.groupby("blocking", sort=True):
                stream = sub["stream"].iloc[0]
                y = base - np.array([LANE[x] for x in _values(sub["stream"])], dtype=float)
                width = 0.8
                if stream == "comm":  # blocking collectives in the lane's upper half, queued ones below
                    y = y + (0.2 if blocking else -0.2)
                    width = 0.4
                add_bars(sub, str(cat), rank, y, width, _hover(sub))
        g = gaps[gaps["rank"] == rank]
        for cat, part in g.groupby("kind", sort=True):
            add_bars(part, str(cat), rank, np.full(len(part), base - LANE["compute"]), 0.8, _gap_hover(part))

    it_ms = res.engine.iteration_time_s * 1e3
    for s in link_utilization(res, busiest_links(res, TOP_LINKS)):
        data.append(
            {
                "type": "scatter",
                "x": np.append(s.time_s, res.engine.iteration_time_s) * 1e3,
                "y": np.append(s.value, s.value[-1]) * 100,
                "mode": "lines",
                "line": {"shape": "hv", "width": 1.2},
                "name": s.name,
                "legend": "legend2",
                "hovertemplate": f"{s.name}<br>%{{x:.3f}} ms: %{{y:.1f}}%<extra></extra>",
                "xaxis": "x2",
                "yaxis": "y2",
            }
        )
        owner.append(None)
    seen_reps: dict[int, list[int]] = {}
    for rank in ranks:
        seen_reps.setdefault(res.program.rep_of[rank], []).append(rank)
    for rep, members in seen_reps.items():
        s = memory_series(res, rep)
        label = f"rank {members[0]}" + (f" (and {len(members) - 1} more)" if len(members) > 1 else "")
        data.append(
            {
                "type": "scatter",
                "x": np.append(s.time_s, res.engine.iteration_time_s) * 1e3,
                "y": np.append(s.value, s.value[-1]) / GiB,
                "mode": "lines",
                "line": {"shape": "hv", "width": 1.2},
                "name": label,
                "legend": "legend3",
                "hovertemplate": f"{label}<br>%{{x:.3f}} ms: %{{y:.2f}} GiB<extra></extra>",
                "xaxis": "x3",
                "yaxis": "y3",
            }
        )
        owner.append(None)

    full_range = [-(len(ranks) - 1) * BAND - 2.6, 0.6]
    buttons = [
        {
            "label": "all shown ranks",
            "method": "update",
            "args": [{"visible": True}, {"yaxis.range": full_range}],
        }
    ]
    for rank in ranks:
        vis = [o is None or o == rank for o in owner]
        lo = ypos[rank]
        buttons.append(
            {
                "label": f"rank {rank}",
                "method": "update",
                "args": [{"visible": vis}, {"yaxis.range": [lo - 2.6, lo + 0.6]}],
            }
        )
    dom2 = fig.layout.yaxis2.domain
    dom3 = fig.layout.yaxis3.domain
    fig.update_layout(
        barmode="overlay",
        bargap=0,
        height=top_px + 2 * panel_px + 160,
        hovermode="closest",
        legend={"title": {"text": "op category"}, "y": 1.0, "yanchor": "top", "tracegroupgap": 0},
        legend2={"title": {"text": "link"}, "y": dom2[1], "yanchor": "top", "font": {"size": 10}},
        legend3={"title": {"text": "memory"}, "y": dom3[1], "yanchor": "top", "font": {"size": 10}},
        updatemenus=[
            {
                "buttons": buttons,
                "direction": "down",
                "x": 1.0,
                "xanchor": "right",
                "y": 1.0,
                "yanchor": "bottom",
                "showactive": True,
            }
        ],
        margin={"l": 80, "r": 220, "t": 90, "b": 40},
        plot_bgcolor="white",
    )
    fig.update_yaxes(
        row=1,
        col=1,
        tickmode="array",
        tickvals=[ypos[r] - 1.0 for r in ranks],
        ticktext=[f"rank {r}" for r in ranks],
        range=full_range,
        fixedrange=True,
        showgrid=False,
        zeroline=False,
    )
    fig.update_yaxes(
        row=2, col=1, title={"text": "utilization (%)"}, range=[0, 105], fixedrange=True, gridcolor="#eee"
    )
    fig.update_yaxes(
        row=3, col=1, title={"text": "GiB"}, rangemode="tozero", fixedrange=True, gridcolor="#eee"
    )
    fig.update_xaxes(showgrid=True, gridcolor="#eee", range=[0, it_ms * 1.01])
    fig.update_xaxes(
        row=3, col=1, title={"text": "time (ms)"}, rangeslider={"visible": True, "thickness": 0.05}
    )
    return fig, data, notes


PAGE = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:sans-serif;margin:12px}} p.note{{margin:2px 0;color:#555;font-size:13px}}</style>
</head>
<body>
<h3>{title}</h3>
{notes}
<p class="note">Each rank is a band of three lanes: compute (top; idle and pipeline-bubble gaps drawn there too),
communication (middle; blocking collectives in its upper half, queued non-blocking ones in its lower half) and
pipeline send/receive (bottom). Drag to zoom in time, double-click to reset, use the slider under the memory panel
to pan, the menu at the top right to show one rank, and the legend to hide categories.</p>
{plot}
</body>
</html>
"""


def page(fig: go.Figure | dict, notes: list[str], title: str) -> str:
    """The self-contained HTML page around a timeline figure (a plotly Figure, or a dict of plain `data` and
    `layout`, written without validation)."""
    import plotly.io as pio

    plot = pio.to_html(
        fig,
        full_html=False,
        include_plotlyjs=True,
        div_id="timeline",
        config={"displaylogo": False, "scrollZoom": False},
        validate=False,
    )
    notes_html = "\n".join(f'<p class="note">{html.escape(n)}.</p>' for n in notes)
    return PAGE.format(title=html.escape(title), notes=notes_html, plot=plot)


def _page_of(res: SimResult, title: str, budget: int, max_ranks: int) -> tuple[str, list[str]]:
    fig, data, notes = _figure(res, title, budget, max_ranks)
    return page({"data": data, "layout": fig.layout.to_plotly_json()}, notes, title), notes


def timeline_html(res: SimResult, title: str, budget: int = SHAPE_BUDGET, max_ranks: int = MAX_RANKS) -> str:
    return _page_of(res, title, budget, max_ranks)[0]


def write_timeline(res: SimResult, title: str, path: Path) -> list[str]:
    """Write the page; returns the notes on what was merged or left out."""
    text, notes = _page_of(res, title, SHAPE_BUDGET, MAX_RANKS)
    path.write_text(text, encoding="utf-8")
    return notes
