"""Where a rank's iteration goes: parts that add up to its iteration time, and their stacked-bar chart
(shared by `compare` and `search`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # kept light: search workers import PARTS without plotly or the engine
    import plotly.graph_objects as go

    from simcluster.simulate import SimResult

PARTS = [
    ("forward_compute_s", "forward compute", "#1f77b4"),
    ("backward_compute_s", "backward compute", "#2ca02c"),
    ("recompute_compute_s", "recompute", "#98df8a"),
    ("optimizer_s", "optimizer", "#8c564b"),
    ("exposed_comm_s", "exposed communication", "#d62728"),
    ("bubble_idle_s", "bubble / idle", "#ffd92f"),
]


def breakdown(res: SimResult, rep: int) -> dict[str, float]:
    """Where representative rank `rep`'s iteration goes; the parts sum to the iteration time."""
    tr = res.engine.traces[rep]
    out = {k: 0.0 for k, _, _ in PARTS}
    key = {
        "forward": "forward_compute_s",
        "backward": "backward_compute_s",
        "recompute": "recompute_compute_s",
    }
    start = tr.busy_start_s()  # a blocking collective's wait for its group's last member is idle, not communication
    for i, (op, _layer, _mb) in enumerate(res.program.steps[rep]):
        d = tr.end_s[i] - start[i]
        if op.is_compute:
            out[key.get(op.phase, "optimizer_s")] += d
        elif op.kind == "wait" or (op.kind not in ("send", "recv") and op.blocking):
            out["exposed_comm_s"] += d
    busy = sum(out.values())
    out["bubble_idle_s"] = max(0.0, res.engine.iteration_time_s - busy)
    return out


FAMILY_NAMES = {
    "tp": "tensor parallel", "cp": "context parallel", "ep": "expert parallel (all-to-all)",
    "dp": "data-parallel gradients", "fsdp-ag": "FSDP weight gathers", "fsdp-rs": "FSDP gradient reduce-scatters",
    "param-ag": "sharded optimizer's weight gathers",
    "pp": "pipeline sends", "pp-edge": "tied embedding", "mp": "optimizer checks", "dp-loss": "loss",
}  # fmt: skip


def exposed_by_family(res: SimResult, rep: int) -> dict[str, float]:
    """`breakdown`'s exposed communication of rank `rep` split by what it moves (FAMILY_NAMES; a wait counts
    for the family it waits on), seconds, largest first, zeros left out."""
    tr = res.engine.traces[rep]
    start = tr.busy_start_s()
    out: dict[str, float] = {}
    for i, (op, _layer, _mb) in enumerate(res.program.steps[rep]):
        if op.is_compute or not (op.kind == "wait" or (op.kind not in ("send", "recv") and op.blocking)):
            continue
        d = float(tr.end_s[i] - start[i])
        if d > 0:
            name = FAMILY_NAMES.get(op.family, op.family or "other")
            out[name] = out.get(name, 0.0) + d
    return dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0])))


def breakdown_figure(
    labels: Sequence[str],
    parts: Sequence[Mapping[str, float]],
    title: str,
    height: int,
    ms: bool = False,
) -> go.Figure:
    """One stacked bar per label of its PARTS (seconds in `parts`; drawn in ms when `ms`)."""
    import plotly.graph_objects as go

    scale, unit, fmt = (1e3, "ms", ".2f") if ms else (1.0, "s", ".3f")
    fig = go.Figure()
    for key, name, color in PARTS:
        fig.add_trace(
            go.Bar(
                x=list(labels),
                y=[p[key] * scale for p in parts],
                name=name,
                marker_color=color,
                hovertemplate=f"{name}: %{{y:{fmt}}} {unit}<extra>%{{x}}</extra>",
            )
        )
    layout: dict = {
        "barmode": "stack",
        "title": {"text": title},
        "yaxis": {"title": {"text": f"time per iteration ({unit})"}},
        "height": height,
    }
    if ms:
        layout["legend"] = {"traceorder": "normal"}
    fig.update_layout(**layout)
    return fig
