"""Interactive timeline (timeline.html): one band per rank with compute, comm and p2p lanes, idle and
pipeline-bubble bars, and two panels on the same time axis: utilization of the busiest links and memory
in use per rank.

Self-contained (plotly.js embedded, nothing fetched) and deterministic (fixed element ids). Past a budget of
bars it shows representative ranks and merges ops (see `simcluster.report.lanes`), and says so on the page.
"""

from __future__ import annotations

import base64
import html
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from simcluster.report.lanes import _codes, plan
from simcluster.report.linkpanel import SCRIPT as LINK_SCRIPT
from simcluster.report.linkpanel import TITLE as LINK_TITLE
from simcluster.report.linkpanel import class_note, link_traces, retitle
from simcluster.report.series import memory_series
from simcluster.simulate import SimResult

if TYPE_CHECKING:  # plotly is imported where a figure is built: the run's parent process never needs it
    import plotly.graph_objects as go

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
    "alltoall": "#7f7f00",
    "sendrecv": "#17a589",
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
    head: dict[tuple, str] = {}  # the first line of each (name, kind), the group line of each group
    group_line: dict[str, str] = {}
    for name, kind, rank, stream, layer, mb, phase, start, end, busy, ops, flops, nbytes, group in zip(
        *(_values(df[c]) for c in HOVER_COLUMNS)
    ):
        dur = end - start
        first = head.get((name, kind))
        if first is None:
            first = head[(name, kind)] = f"<b>{html.escape(str(name))}</b> ({kind})"
        lines = [first, f"rank {rank} · {stream} stream"]
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
            g = group_line.get(group)
            if g is None:
                g = group_line[group] = f"group {_group_text(group)}"
            lines.append(g)
        out.append("<br>".join(lines))
    return out


def _gap_hover(g: pd.DataFrame) -> list[str]:
    return [
        f"<b>{k}</b><br>rank {r} · compute lane<br>start {a * 1e3:.4f} ms · duration {(b - a) * 1e3:.4f} ms"
        for r, a, b, k in zip(g["rank"], g["start_s"], g["end_s"], g["kind"])
    ]


DETAIL_ZOOM = 0.25  # detail is drawn when the visible span is under this fraction of the iteration
DETAIL_MAX = 20_000  # and it holds at most this many bars
DETAIL_ROWS = int(DETAIL_MAX / DETAIL_ZOOM)  # level-1 rows the page carries at most (lanes.detail_ranks)
PLAN_RANKS = (SHAPE_BUDGET, MAX_RANKS, False)  # plan's (budget, max_ranks, prefer_detail) here


def _b64(a: np.ndarray, dtype: str) -> str:
    return base64.b64encode(np.ascontiguousarray(a, dtype=dtype).tobytes()).decode("ascii")


def _detail_payload(det: pd.DataFrame, ypos: dict[int, float], first: int, full_ms: float) -> dict:
    """The level-1 rows of the shown ranks, as base64 typed arrays for the page's zoom handler: start (ms,
    float64) and duration (ms, float32), lane position and whether the bar is a half-height comm bar, codes
    for category, name and phase; rank, layer, micro-batch and merged op count for the hover."""
    stream = np.asarray(_values(det["stream"]), dtype=object)
    rank = det["rank"].to_numpy(np.int64)
    blocking = det["blocking"].to_numpy(bool)
    y = np.array([ypos[int(r)] for r in rank], dtype=float) - np.array([LANE[x] for x in stream], dtype=float)
    comm = stream == "comm"
    y = y + np.where(comm, np.where(blocking, 0.2, -0.2), 0.0)
    width = np.where(comm, 0.4, 0.8)
    c, cats = _codes(det["kind"])
    n, names = _codes(det["name"])
    ph, phases = _codes(det["phase"])
    # only the categories that occur (each gets a trace)
    used = np.unique(c)
    c = np.searchsorted(used, c)
    cats = [cats[i] for i in used]
    start = det["start_s"].to_numpy(float) * 1e3
    return {
        "first": first,
        "full": full_ms,
        "zoom": DETAIL_ZOOM,
        "max": DETAIL_MAX,
        "cats": [str(x) for x in cats],
        "names": [html.escape(str(x)) for x in names],
        "phases": [str(x) for x in phases],
        "s": _b64(start, "<f8"),
        "d": _b64(det["end_s"].to_numpy(float) * 1e3 - start, "<f4"),
        "y": _b64(y, "<f4"),
        "w": _b64(width == 0.4, "u1"),
        "c": _b64(c.reshape(-1), "u1"),
        "n": _b64(n.reshape(-1), "<i4"),
        "p": _b64(ph.reshape(-1), "u1"),
        "r": _b64(rank, "<i4"),
        "l": _b64(det["layer"].to_numpy(np.int64), "<i4"),
        "m": _b64(det["microbatch"].to_numpy(np.int64), "<i4"),
        "o": _b64(det["ops"].to_numpy(np.int64), "<i4"),
    }


def build_timeline(
    res: SimResult, title: str, budget: int = SHAPE_BUDGET, max_ranks: int = MAX_RANKS
) -> tuple[go.Figure, list[str]]:
    """The figure and the notes on what was merged or left out to stay responsive (a validated plotly
    Figure, for tests and tools; the page is written from `_figure`'s plain data, which skips validation)."""
    fig, data, notes = _figure(res, title, budget, max_ranks)
    fig.add_traces(data)
    return fig, notes


class _Traces:
    """The timeline's traces as plain dicts (what plotly.js takes), each with the rank it belongs to (None:
    always shown), so the rank menu can show one rank's bars."""

    def __init__(self) -> None:
        self.data: list[dict] = []
        self.owner: list[int | None] = []
        self.shown_legend: set[str] = set()

    def add(self, trace: dict, rank: int | None = None) -> None:
        self.data.append(trace)
        self.owner.append(rank)

    def bars(
        self,
        start: np.ndarray,
        end: np.ndarray,
        cat: str,
        rank: int,
        y: np.ndarray,
        width: float,
        hover: list[str],
    ) -> None:
        trace = {
            "type": "bar",
            "x": (end - start) * 1e3,
            "base": start * 1e3,
            "y": np.asarray(y, dtype=float),
            "width": width,
            "orientation": "h",
            "name": cat,
            "legendgroup": cat,
            "showlegend": cat not in self.shown_legend,
            "marker": {"color": COLORS.get(cat, "#444444"), "line": {"width": 0}},
            "hovertext": hover,
            "hoverinfo": "text",
            "xaxis": "x",
            "yaxis": "y",
        }
        self.shown_legend.add(cat)
        self.add(trace, rank)


def _op_bars(
    tr: _Traces, ranks: list[int], ypos: dict[int, float], df: pd.DataFrame, gaps: pd.DataFrame
) -> None:
    """Each shown rank's op bars (compute, comm and host lanes), one trace per kind and blocking flag in
    kind order (the columns read once, the rows split by one stable sort), then its idle and bubble gaps."""
    kind = df["kind"]
    if isinstance(kind.dtype, pd.CategoricalDtype):
        kc, kinds = kind.cat.codes.to_numpy().astype(np.int64), [str(x) for x in kind.cat.categories]
    else:
        kc, uniq = pd.factorize(kind, sort=True)
        kinds = [str(x) for x in uniq]
    pos = {r: i for i, r in enumerate(ranks)}
    rpos = np.array([pos.get(r, -1) for r in df["rank"].to_numpy(np.int64).tolist()], dtype=np.int64)
    blocking = df["blocking"].to_numpy(bool)
    streams = _values(df["stream"])
    lane = np.array([LANE[x] for x in streams], dtype=float)
    start, end = df["start_s"].to_numpy(float), df["end_s"].to_numpy(float)
    hover = _hover(df)
    keep = np.flatnonzero((rpos >= 0) & (kc >= 0))
    order = keep[np.lexsort((blocking[keep], kc[keep], rpos[keep]))]  # stable: rows keep their order
    key = np.stack([rpos[order], kc[order], blocking[order].astype(np.int64)])
    cut = np.flatnonzero((key[:, 1:] != key[:, :-1]).any(axis=0)) + 1
    groups: dict[int, list[np.ndarray]] = {}
    for idx in np.split(order, cut) if len(order) else []:
        groups.setdefault(int(rpos[idx[0]]), []).append(idx)
    for i, rank in enumerate(ranks):
        base = ypos[rank]
        for idx in groups.get(i, []):
            cat, blk = kinds[int(kc[idx[0]])], bool(blocking[idx[0]])
            y = base - lane[idx]
            width = 0.8
            if streams[idx[0]] == "comm":  # blocking collectives in the lane's upper half, queued ones below
                y = y + (0.2 if blk else -0.2)
                width = 0.4
            tr.bars(start[idx], end[idx], cat, rank, y, width, [hover[j] for j in idx.tolist()])
        g = gaps[gaps["rank"] == rank]
        for cat, part in g.groupby("kind", sort=True):
            y = np.full(len(part), base - LANE["compute"])
            a, b = part["start_s"].to_numpy(float), part["end_s"].to_numpy(float)
            tr.bars(a, b, str(cat), rank, y, 0.8, _gap_hover(part))


def warm(res: SimResult) -> None:
    """What the page's writer needs first, for a process that forks the writer off to compute before it
    forks: plotly imported and the plan's op tables (`lanes._Tables`, merged at every level it needs)."""
    import plotly.io  # noqa: F401
    import plotly.subplots  # noqa: F401

    plan(res, SHAPE_BUDGET, MAX_RANKS, detail_rows=DETAIL_ROWS)


def _detail_traces(
    tr: _Traces, res: SimResult, detail: pd.DataFrame | None, ypos: dict[int, float]
) -> dict | None:
    """Empty bar traces the page fills with single ops when zoomed in (merged bars), and their payload."""
    if detail is None or not len(detail):
        return None
    first = len(tr.data)
    meta = {"detail": _detail_payload(detail, ypos, first, res.engine.iteration_time_s * 1e3)}
    for cat in meta["detail"]["cats"]:
        tr.add(
            {
                "type": "bar",
                "orientation": "h",
                "x": [],
                "base": [],
                "y": [],
                "name": cat,
                "legendgroup": cat,
                "showlegend": False,
                "marker": {"color": COLORS.get(cat, "#444444"), "line": {"width": 0}},
                "hoverinfo": "text",
                "xaxis": "x",
                "yaxis": "y",
            }
        )
    return meta


def _memory_traces(tr: _Traces, res: SimResult, ranks: list[int]) -> None:
    """Memory in use over the iteration, one line per simulated rank among those shown."""
    seen_reps: dict[int, list[int]] = {}
    for rank in ranks:
        seen_reps.setdefault(res.program.rep_of[rank], []).append(rank)
    for rep, members in seen_reps.items():
        s = memory_series(res, rep)
        label = f"rank {members[0]}" + (f" (and {len(members) - 1} more)" if len(members) > 1 else "")
        tr.add(
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


def _figure(
    res: SimResult, title: str, budget: int = SHAPE_BUDGET, max_ranks: int = MAX_RANKS
) -> tuple[go.Figure, list[dict], list[str]]:
    """The figure's layout (a plotly Figure without traces), its traces as plain dicts, and the notes."""
    from plotly.subplots import make_subplots

    pl = plan(res, budget, max_ranks, detail_rows=DETAIL_ROWS)
    ranks, df, gaps, notes = pl.ranks, pl.ops, pl.gaps, pl.notes
    ypos = {r: -k * BAND for k, r in enumerate(ranks)}
    notes = [*notes, class_note(res)]  # per link class, as summary.json's link_utilization
    n_lanes = len(ranks) * BAND
    top_px = max(260, int(n_lanes * PX_PER_LANE) + 60)
    panel_px = 230
    fig = make_subplots(
        rows=3,
        cols=1,
        shared_xaxes=True,
        vertical_spacing=60 / (top_px + 2 * panel_px),
        row_heights=[top_px, panel_px, panel_px],
        subplot_titles=("ops per rank", LINK_TITLE, "memory in use per rank"),
    )
    tr = _Traces()
    _op_bars(tr, ranks, ypos, df, gaps)
    meta = _detail_traces(tr, res, pl.detail, ypos)
    for trace in link_traces(res, TOP_LINKS):  # windowed averages that follow the zoom (linkpanel.py)
        tr.add(trace)
    retitle(fig, res)
    _memory_traces(tr, res, ranks)
    _layout(fig, ranks, ypos, tr.owner, meta, top_px + 2 * panel_px + 160, res.engine.iteration_time_s * 1e3)
    return fig, tr.data, notes


def _layout(
    fig: go.Figure,
    ranks: list[int],
    ypos: dict[int, float],
    owner: list[int | None],
    meta: dict | None,
    height: int,
    it_ms: float,
) -> None:
    """Axes, legends and the rank menu (each entry shows one rank's traces and the shared panels)."""
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
        height=height,
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
        meta=meta,
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


# Zoomed in far enough (DETAIL_ZOOM of the iteration), the merged bars fade and the ops inside the visible
# range are drawn from layout.meta.detail (at most DETAIL_MAX); zoomed out again, they go. `#t=A,B` in the
# address opens the page zoomed to A..B ms. body[data-detail] says how many detail bars are drawn.
DETAIL_JS = """
(function () {
  var gd = document.getElementById("timeline");
  var D = gd && gd.layout && gd.layout.meta && gd.layout.meta.detail;
  document.body.setAttribute("data-detail", "0");
  if (!D || !window.Plotly) return;
  function dec(b64, T) {
    var bin = atob(b64), u = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) u[i] = bin.charCodeAt(i);
    return new T(u.buffer);
  }
  var s = dec(D.s, Float64Array), d = dec(D.d, Float32Array), y = dec(D.y, Float32Array);
  var w = dec(D.w, Uint8Array), c = dec(D.c, Uint8Array), n = dec(D.n, Int32Array);
  var p = dec(D.p, Uint8Array), r = dec(D.r, Int32Array), l = dec(D.l, Int32Array);
  var m = dec(D.m, Int32Array), o = dec(D.o, Int32Array);
  var nc = D.cats.length, merged = [], det = [], busy = false;
  for (var t = 0; t < D.first; t++) if (gd.data[t].type === "bar") merged.push(t);
  for (var k = 0; k < nc; k++) det.push(D.first + k);
  function hover(i) {
    var where = [];
    if (l[i] >= 0) where.push("layer " + l[i]);
    if (m[i] >= 0) where.push("micro-batch " + m[i]);
    where.push(D.phases[p[i]]);
    var span = "start " + s[i].toFixed(4) + " ms · duration " + d[i].toFixed(4) + " ms";
    if (o[i] > 1) span += " · " + o[i] + " ops";
    return "<b>" + D.names[n[i]] + "</b> (" + D.cats[c[i]] + ")<br>rank " + r[i] + "<br>" +
      where.join(" · ") + "<br>" + span;
  }
  function draw() {
    var xr = gd.layout.xaxis.range, a = +xr[0], b = +xr[1];
    var want = b - a < D.full * D.zoom, cols = [], count = 0;
    for (var k = 0; k < nc; k++) cols.push({x: [], base: [], y: [], width: [], hovertext: []});
    if (want) {
      for (var i = 0; i < s.length && count <= D.max; i++) {
        if (s[i] + d[i] < a || s[i] > b) continue;
        count++;
        var q = cols[c[i]];
        q.x.push(d[i]); q.base.push(s[i]); q.y.push(y[i]); q.width.push(w[i] ? 0.4 : 0.8); q.hovertext.push(hover(i));
      }
      if (count > D.max) { want = false; }
    }
    if (!want) {
      count = 0;
      cols = [];
      for (var k2 = 0; k2 < nc; k2++) cols.push({x: [], base: [], y: [], width: [], hovertext: []});
    }
    busy = true;
    function col(f) { return cols.map(function (q) { return q[f]; }); }
    Plotly.restyle(gd, {x: col("x"), base: col("base"), y: col("y"), width: col("width"),
                        hovertext: col("hovertext")}, det)
      .then(function () { return Plotly.restyle(gd, {opacity: want ? 0.2 : 1}, merged); })
      .then(function () {
        busy = false;
        document.body.setAttribute("data-detail", String(count));
      });
  }
  gd.on("plotly_relayout", function (ev) {
    if (busy || !ev) return;
    for (var key in ev) if (key.indexOf("xaxis") === 0) { draw(); return; }
  });
  var h = /(?:^|[#&])t=([0-9.eE+-]+),([0-9.eE+-]+)/.exec(location.hash);
  if (h) Plotly.relayout(gd, {"xaxis.range": [+h[1], +h[2]]});
})();
"""

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
to pan, the menu at the top right to show one rank, and the legend to hide categories. Where ops are merged,
zooming in to less than a quarter of the iteration draws the single ops of the visible range over the merged bars
(add <code>#t=A,B</code> to the address to open the page zoomed to A..B ms).</p>
{plot}
<script>{detail_js}</script>
</body>
</html>
"""


CONFIG = {"displaylogo": False, "scrollZoom": False}  # plotly.js' config for the page


def page(fig: go.Figure | dict, notes: list[str], title: str) -> str:
    """The self-contained HTML page around a timeline figure (a plotly Figure, or a dict of plain `data` and
    `layout`, written without validation)."""
    if isinstance(fig, dict):
        return "".join(page_parts(fig, notes, title))
    import plotly.io as pio

    plot = pio.to_html(
        fig, full_html=False, include_plotlyjs=True, div_id="timeline", config=dict(CONFIG), validate=False
    )
    return "".join(_around(plot, notes, title))


def page_parts(fig: dict, notes: list[str], title: str) -> list[str]:
    """`page` of a dict figure as pieces to write one after the other (the same text): the figure's data
    and layout JSON and plotly.js are never copied into one page-sized string."""
    return _around(_plot_parts(fig), notes, title)


def _around(plot: str | list[str], notes: list[str], title: str) -> list[str]:
    """The page's pieces around the plot's (PAGE, the link panel's script after the plot)."""
    head, tail = PAGE.split("{plot}")
    notes_html = "\n".join(f'<p class="note">{html.escape(n)}.</p>' for n in notes)
    plot_parts = [plot] if isinstance(plot, str) else plot
    return [
        head.format(title=html.escape(title), notes=notes_html),
        *plot_parts,
        LINK_SCRIPT,  # recomputes the link panel's windows on zoom
        tail.format(detail_js=DETAIL_JS),
    ]


def _plot_parts(fig: dict) -> list[str]:
    """`pio.to_html(fig, full_html=False, include_plotlyjs=True, div_id="timeline", config=CONFIG,
    validate=False)` in pieces, the same text: plotly's own output for a figure of no data and the same size,
    with this figure's data and layout JSON where that one's are."""
    import plotly.io as pio
    from plotly.io.json import to_json_plotly

    layout = fig.get("layout", {})
    size = {k: layout[k] for k in ("width", "height") if k in layout}
    tmpl = layout.get("template", {}).get("layout", {}) if isinstance(layout.get("template"), dict) else {}
    tmpl_size = {k: tmpl[k] for k in ("width", "height") if k in tmpl}
    empty_layout = {**size, **({"template": {"layout": tmpl_size}} if tmpl_size else {})}
    shell = pio.to_html(
        {"data": [], "layout": empty_layout},
        full_html=False,
        include_plotlyjs=True,
        div_id="timeline",
        config=dict(CONFIG),
        validate=False,
    )
    call = shell.rindex("Plotly.newPlot(")
    d = shell.index(to_json_plotly([]), call)
    empty = to_json_plotly(empty_layout)
    lo = shell.index(empty, d + 2)
    return [
        shell[:d],
        to_json_plotly(fig.get("data", [])),
        shell[d + 2 : lo],
        to_json_plotly(layout),
        shell[lo + len(empty) :],
    ]


def _page_of(res: SimResult, title: str, budget: int, max_ranks: int) -> tuple[list[str], list[str]]:
    fig, data, notes = _figure(res, title, budget, max_ranks)
    return page_parts({"data": data, "layout": fig.layout.to_plotly_json()}, notes, title), notes


def timeline_html(res: SimResult, title: str, budget: int = SHAPE_BUDGET, max_ranks: int = MAX_RANKS) -> str:
    return "".join(_page_of(res, title, budget, max_ranks)[0])


def write_timeline(res: SimResult, title: str, path: Path) -> list[str]:
    """Write the page, piece by piece; returns the notes on what was merged or left out."""
    parts, notes = _page_of(res, title, SHAPE_BUDGET, MAX_RANKS)
    with open(path, "w", encoding="utf-8") as f:
        for part in parts:
            f.write(part)
    return notes
