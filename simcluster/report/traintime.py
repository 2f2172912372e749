"""The time-to-train page: goodput against the checkpoint interval and against cluster size."""

from __future__ import annotations

import html
import json

import plotly.graph_objects as go

from simcluster.report.figures import figures_html


def traintime_json(doc: dict) -> str:
    return json.dumps(doc, indent=2, sort_keys=True, allow_nan=False) + "\n"


def _interval_fig(doc: dict) -> go.Figure:
    pts = doc["goodput_vs_interval"]
    fig = go.Figure(
        go.Scatter(
            x=[p["checkpoint_interval_s"] for p in pts],
            y=[p["goodput"] * 100 for p in pts],
            mode="lines",
            name="goodput",
        )
    )
    run = doc["run"]
    if run["checkpoint_interval_s"] is not None:
        fig.add_trace(
            go.Scatter(
                x=[run["checkpoint_interval_s"]],
                y=[run["goodput"] * 100],
                mode="markers",
                marker={"size": 11},
                name=f"this run ({run['interval_source']})",
            )
        )
    fig.update_layout(
        title="Goodput against checkpoint interval",
        xaxis={"title": "training time between checkpoints (s)", "type": "log"},
        yaxis={"title": "goodput (% of wall time training)"},
        template="plotly_white",
        height=420,
    )
    return fig


def _size_fig(doc: dict) -> go.Figure:
    pts = doc["goodput_vs_gpus"]
    fig = go.Figure(
        go.Scatter(
            x=[p["gpus"] for p in pts],
            y=[p["goodput"] * 100 for p in pts],
            mode="lines+markers",
            name="goodput",
        )
    )
    fig.update_layout(
        title="Goodput against cluster size (same checkpoint write time)",
        xaxis={"title": "GPUs", "type": "log"},
        yaxis={"title": "goodput (% of wall time training)"},
        template="plotly_white",
        height=420,
    )
    return fig


def traintime_html(doc: dict) -> str:
    run = doc["run"]
    rows = [
        ("tokens", f"{run['tokens']:.4g}"),
        ("GPUs", f"{run['gpus']}"),
        ("iteration", f"{run['iteration_time_s']:.4g} s x {run['iterations']} iterations"),
        (
            "checkpoint",
            f"{run['checkpoint_bytes'] / 1e12:.3g} TB, written in {run['checkpoint_write_s']:.3g} s",
        ),
        ("mean time between failures", "none" if run["mtbf_s"] is None else f"{run['mtbf_s'] / 3600:.3g} h"),
        (
            "checkpoint interval",
            "never"
            if run["checkpoint_interval_s"] is None
            else f"{run['checkpoint_interval_s']:.4g} s ({run['interval_source']})",
        ),
        ("goodput", f"{run['goodput'] * 100:.2f}%"),
        ("training time", f"{run['training_time_s'] / 86400:.3g} days"),
        ("wall time", f"{run['wall_time_days']:.3g} days"),
        ("expected failures", f"{run['expected_failures']:.4g}"),
    ]
    table = "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>" for k, v in rows)
    plots = figures_html([("0", _interval_fig(doc)), ("1", _size_fig(doc))], "traintime")
    return f"""<!DOCTYPE html>
<html>
<head><meta charset="utf-8"><title>time to train: {html.escape(doc["name"])}</title>
<style>body{{font-family:sans-serif;margin:2em}} th{{text-align:left;padding-right:1em}}
.note{{color:#555;max-width:60em}}</style></head>
<body>
<h1>Time to train: {html.escape(doc["name"])}</h1>
<table>{table}</table>
<p class="note">goodput = tau / (tau + C) x (1 - (R + (tau + C) / 2) / M): tau training seconds between blocking
checkpoints of C seconds, R seconds to restart, M = 3600 / (failures per GPU-hour x GPUs). Young's optimum
tau = sqrt(2 C M). See docs/reliability.md.</p>
{plots}
</body>
</html>
"""
