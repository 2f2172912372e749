"""Validation output: the terminal table, the JSON document, and an HTML parity report."""

from __future__ import annotations

import html
import json
import math
import statistics
from pathlib import Path

import plotly.graph_objects as go

from simcluster.validate.metrics import group_summary, table_summary
from simcluster.validate.runner import Outcome, mape_by_table


def as_json(outcomes: list[Outcome]) -> str:
    doc = {
        "cases": [
            {
                "id": o.case.id,
                "source": o.case.source,
                "table": o.case.table,
                "metric": o.case.metric + (f" / {o.case.relative_to}" if o.case.relative_to else ""),
                "published": o.published,
                "predicted": o.predicted,
                "error": o.error,
                "breakdown": o.breakdown,
                "group": o.case.group,
                "fitting": o.case.fitting,
            }
            for o in outcomes
        ],
        "mape": sum(abs(o.error) for o in outcomes) / len(outcomes),
        "mape_by_table": mape_by_table(outcomes),
        "tables": table_summary(outcomes),
        "groups": [_finite(g) for g in group_summary(outcomes)],
    }
    return json.dumps(doc, indent=2) + "\n"


def _finite(g: dict) -> dict:
    """A group's record with nan (a group of one, or all ties) as null, so the document is valid JSON."""
    return {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in g.items()}


def ranking_lines(outcomes: list[Outcome]) -> list[str]:
    """Per table with grouped runs: how often the model orders layouts right and picks the best one."""
    lines = []
    by_table: dict[str, list[dict]] = {}
    for g in group_summary(outcomes):
        by_table.setdefault(g["table"], []).append(g)
    for table, groups in by_table.items():
        taus = [g["kendall_tau"] for g in groups if not math.isnan(g["kendall_tau"])]
        regrets = [g["regret"] for g in groups]
        ok_tau = sum(t >= 0.85 for t in taus)
        ok_regret = sum(r <= 0.03 for r in regrets)
        lines.append(
            f"ranking  {table}: {len(groups)} groups; Kendall tau min {min(taus):.2f} median "
            f"{statistics.median(taus):.2f} (>= 0.85 in {ok_tau}/{len(taus)}); predicted-best regret max "
            f"{max(regrets) * 100:.1f}% median {statistics.median(regrets) * 100:.1f}% "
            f"(<= 3% in {ok_regret}/{len(regrets)})"
        )
    return lines


def as_text(outcomes: list[Outcome]) -> str:
    lines = [f"{'case':44s} {'metric':22s} {'published':>12s} {'predicted':>12s} {'error':>8s}"]
    for o in outcomes:
        metric = o.case.metric if not o.case.relative_to else "ratio"
        lines.append(
            f"{o.case.id:44s} {metric:22s} {o.published:12.4g} {o.predicted:12.4g} {o.error * 100:+7.1f}%"
        )
    lines.append("")
    for table, t in table_summary(outcomes).items():
        lines.append(
            f"MAPE {t['mape'] * 100:5.1f}%  signed {t['mean_signed_error'] * 100:+5.1f}%  {table} "
            f"({t['cases']} cases)"
        )
    lines.extend(ranking_lines(outcomes))
    lines.append(
        f"MAPE {sum(abs(o.error) for o in outcomes) / len(outcomes) * 100:5.1f}%  all {len(outcomes)} cases"
    )
    return "\n".join(lines)


def write_report(outcomes: list[Outcome], out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    fig = go.Figure()
    lo = min(min(o.published, o.predicted) for o in outcomes)
    hi = max(max(o.published, o.predicted) for o in outcomes)
    fig.add_trace(go.Scatter(x=[lo, hi], y=[lo, hi], mode="lines", name="exact", line={"color": "#999"}))
    for band in (0.9, 1.1):
        fig.add_trace(
            go.Scatter(
                x=[lo, hi],
                y=[lo * band, hi * band],
                mode="lines",
                name=f"{band:.0%} of published",
                line={"color": "#ccc", "dash": "dot"},
                showlegend=band == 0.9,
            )
        )
    tables: dict[str, list[Outcome]] = {}
    for o in outcomes:
        tables.setdefault(o.case.table, []).append(o)
    for table, rows in tables.items():
        fig.add_trace(
            go.Scatter(
                x=[o.published for o in rows],
                y=[o.predicted for o in rows],
                mode="markers",
                name=table,
                text=[f"{o.case.id}<br>{o.case.metric}<br>error {o.error * 100:+.1f}%" for o in rows],
                hoverinfo="text",
                marker={"size": 10},
            )
        )
    fig.update_layout(
        title="simcluster: predicted vs published",
        xaxis={"type": "log", "title": "published"},
        yaxis={"type": "log", "title": "predicted"},
        height=700,
    )
    rows = "".join(
        f"<tr><td>{html.escape(o.case.id)}</td><td>{html.escape(o.case.table)}</td>"
        f"<td>{html.escape(o.case.metric + (' / ' + o.case.relative_to if o.case.relative_to else ''))}</td>"
        f"<td>{o.published:.4g}</td><td>{o.predicted:.4g}</td><td>{o.error * 100:+.1f}%</td>"
        f"<td>{o.breakdown['compute']:.0%} / {o.breakdown['communication']:.0%} / {o.breakdown['idle']:.0%}</td>"
        f"<td>{html.escape(o.case.note)}</td></tr>"
        for o in outcomes
    )
    mape = "".join(f"<li>{html.escape(t)}: {m * 100:.1f}%</li>" for t, m in mape_by_table(outcomes).items())
    page = (
        "<!doctype html><html><head><meta charset='utf-8'><title>simcluster validation</title>"
        "<style>body{font-family:sans-serif;margin:2em}td,th{padding:2px 8px;border-bottom:1px solid #ddd}"
        "</style></head><body><h1>Validation against published measurements</h1>"
        f"<h2>Mean absolute error per table</h2><ul>{mape}</ul>"
        + fig.to_html(include_plotlyjs=True, full_html=False)
        + "<h2>Cases</h2><table><tr><th>case</th><th>table</th><th>metric</th><th>published</th>"
        f"<th>predicted</th><th>error</th><th>predicted time: compute / exposed comm / idle</th><th>note</th></tr>"
        f"{rows}</table><p>Where a case misses, the breakdown says which part of the model dominates its "
        "prediction; docs/validation.md says which part we believe is off and why.</p></body></html>"
    )
    path = out / "validation.html"
    path.write_text(page)
    return path
