"""Validation output: the terminal table, the JSON document, and the HTML page (`page.py`)."""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path

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
        tau = (
            f"Kendall tau min {min(taus):.2f} median {statistics.median(taus):.2f} (>= 0.85 in {ok_tau}/{len(taus)})"
            if taus
            else "Kendall tau n/a (no group has two runs with distinct times)"
        )
        lines.append(
            f"ranking  {table}: {len(groups)} groups; {tau}; predicted-best regret max "
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
    """Write DIR/validation.html (see `simcluster.validate.page`) through a temporary file, so a failure
    leaves nothing half-written."""
    from simcluster.report.outdir import write_file_atomic
    from simcluster.validate.page import page

    path = out / "validation.html"
    html = page(outcomes)
    write_file_atomic(path, lambda p: p.write_text(html, encoding="utf-8"))
    return path
