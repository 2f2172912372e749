"""Interactive Plotly timeline (timeline.html): one lane per rank with compute, comm and p2p sub-lanes.

Self-contained: plotly.js is embedded, nothing is fetched, so it opens offline.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
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
    "send": "#7f7f7f",
    "recv": "#c7c7c7",
}
SHAPE_BUDGET = 60_000
STREAMS = ("compute", "comm", "p2p")


def build_timeline(events: pd.DataFrame, title: str, max_ranks: int = 64) -> tuple[go.Figure, str]:
    """The figure and a note on what was left out to stay responsive."""
    ranks = sorted(events["rank"].unique())
    note = ""
    if len(ranks) > max_ranks:
        step = len(ranks) / max_ranks
        keep = sorted({ranks[int(i * step)] for i in range(max_ranks)})
        note = f"showing {len(keep)} of {len(ranks)} ranks (evenly spaced)"
        events = events[events["rank"].isin(keep)]
        ranks = keep
    if len(events) > SHAPE_BUDGET:
        events = events.nlargest(SHAPE_BUDGET, "end_s", keep="first").sort_index()
        note = (note + "; " if note else "") + f"showing the last {SHAPE_BUDGET} ops"
    lane = {}
    for r in ranks:
        for s in STREAMS:
            lane[(r, s)] = f"rank {r} · {s}"
    fig = go.Figure()
    for kind, df in events.groupby("kind", sort=True):
        dur = df["end_s"] - df["start_s"]
        y = [lane[(r, s)] for r, s in zip(df["rank"], df["stream"])]
        hover = [
            f"{n}<br>layer {ly} · micro-batch {mb} · {ph}<br>{d * 1e3:.3f} ms · {b / 1e6:.2f} MB · {f / 1e9:.2f} GFLOP"
            for n, ly, mb, ph, d, b, f in zip(
                df["name"], df["layer"], df["microbatch"], df["phase"], dur, df["bytes"], df["flops"]
            )
        ]
        fig.add_trace(
            go.Bar(
                x=dur * 1e3,
                base=df["start_s"] * 1e3,
                y=y,
                orientation="h",
                name=str(kind),
                marker_color=COLORS.get(str(kind), "#444"),
                hovertext=hover,
                hoverinfo="text",
            )
        )
    order = [lane[(r, s)] for r in ranks for s in STREAMS]
    fig.update_layout(
        title=title + (f" — {note}" if note else ""),
        barmode="overlay",
        xaxis={"title": "time (ms)", "rangeslider": {"visible": True}},
        yaxis={"categoryorder": "array", "categoryarray": order[::-1], "autorange": True},
        height=max(400, 22 * len(order) + 200),
        legend={"title": "op kind"},
    )
    return fig, note


def write_timeline(events: pd.DataFrame, title: str, path: Path) -> None:
    fig, _ = build_timeline(events, title)
    fig.write_html(path, include_plotlyjs=True, full_html=True)
