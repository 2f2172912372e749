"""cluster.html: several jobs on one cluster. Jobs as groups on one timeline (each job's slowest rank: compute
and exposed communication), the slowdown matrix (pairs of jobs run alone together) and the shared links
(utilization of each link split by job, over the shared run's makespan)."""

from __future__ import annotations

import html

import plotly.graph_objects as go

from simcluster.report.figures import figures_html

PAGE = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>simcluster cluster</title>
<style>body{{font-family:sans-serif;margin:12px}} table{{border-collapse:collapse}}
td,th{{border:1px solid #ccc;padding:3px 8px;text-align:right}} p.note{{color:#555;font-size:13px}}</style>
</head>
<body>
<h3>simcluster: {n} jobs on {gpus} GPUs ({hardware})</h3>
{table}
<p class="note">Slowdown = iteration time together / iteration time alone on the same nodes. Exposed
communication: blocking collectives and waits on the slowest rank's compute stream.</p>
{plots}
</body>
</html>
"""


def _table(doc: dict) -> str:
    head = (
        "job",
        "placement",
        "nodes",
        "GPUs",
        "start (s)",
        "alone (s)",
        "together (s)",
        "slowdown",
        "exposed comm alone (s)",
        "together (s)",
        "shares links with",
    )
    rows = ["<tr>" + "".join(f"<th>{h}</th>" for h in head) + "</tr>"]
    for j in doc["jobs"]:
        nodes = j["nodes"]
        shown = ", ".join(map(str, nodes[:8])) + (" ..." if len(nodes) > 8 else "")
        cells = (
            j["name"],
            j["placement"],
            shown,
            j["gpus"],
            f"{j['start_s']:.4g}",
            f"{j['iteration_time_alone_s']:.4g}",
            f"{j['iteration_time_together_s']:.4g}",
            f"{j['slowdown']:.3f}x",
            f"{j['exposed_comm_alone_s']:.4g}",
            f"{j['exposed_comm_together_s']:.4g}",
            ", ".join(f"{k} ({v} links)" for k, v in j["shared_links_with"].items()) or "none",
        )
        rows.append("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in cells) + "</tr>")
    return "<table>" + "".join(rows) + "</table>"


def _timeline_fig(doc: dict, timeline: dict) -> go.Figure:
    fig = go.Figure()
    colors = {"compute": "#4c78a8", "communication": "#e45756"}
    for kind, color in colors.items():
        ys, bases, widths = [], [], []
        for j in doc["jobs"]:
            for a, b in timeline[j["name"]][kind]:
                ys.append(j["name"])
                bases.append(a)
                widths.append(b - a)
        fig.add_trace(
            go.Bar(
                y=ys,
                x=widths,
                base=bases,
                orientation="h",
                name=kind,
                marker_color=color,
                hovertemplate="%{y}: %{base:.4g} s + %{x:.3g} s<extra>" + kind + "</extra>",
            )
        )
    fig.update_layout(
        barmode="overlay",
        title="jobs on one timeline (slowest rank of each)",
        xaxis_title="time (s)",
        height=120 + 40 * len(doc["jobs"]),
    )
    return fig


def _matrix_fig(m: dict) -> go.Figure:
    fig = go.Figure(
        go.Heatmap(
            z=m["slowdown"],
            x=m["jobs"],
            y=m["jobs"],
            colorscale="Reds",
            zmin=1.0,
            hovertemplate="%{y} beside %{x}: %{z:.3f}x<extra></extra>",
        )
    )
    fig.update_layout(
        title="slowdown matrix (row: the job slowed, column: the one job beside it)",
        xaxis_title="beside",
        yaxis_title="slowed",
        height=200 + 30 * len(m["jobs"]),
    )
    return fig


def _links_fig(doc: dict, limit: int = 60) -> go.Figure:
    links = sorted(doc["shared_links"], key=lambda lk: -sum(lk["utilization_by_job"].values()))[:limit]
    fig = go.Figure()
    for j in doc["jobs"]:
        fig.add_trace(
            go.Bar(
                x=[lk["link"] for lk in links],
                y=[lk["utilization_by_job"].get(j["name"], 0.0) for lk in links],
                name=j["name"],
            )
        )
    fig.update_layout(
        barmode="stack",
        title=f"shared links (busiest {len(links)}): utilization by job",
        yaxis_title="utilization",
        height=420,
    )
    return fig


def cluster_html(doc: dict, timeline: dict) -> str:
    figs = [("timeline", _timeline_fig(doc, timeline))]
    if doc.get("slowdown_matrix"):
        figs.append(("matrix", _matrix_fig(doc["slowdown_matrix"])))
    if doc["shared_links"]:
        figs.append(("links", _links_fig(doc)))
    return PAGE.format(
        n=len(doc["jobs"]),
        gpus=doc["gpus"],
        hardware=html.escape(doc["hardware"]),
        table=_table(doc),
        plots=figures_html(figs, "cluster"),
    )
