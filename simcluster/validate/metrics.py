"""Ranking metrics for groups of measured runs: does the model order layouts as the hardware does?"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np


def kendall_tau(x: Sequence[float], y: Sequence[float]) -> float:
    """Kendall's tau-b between two orderings (ties counted as neither concordant nor discordant, and
    normalized as tau-b does); nan for fewer than two items or when either side is all ties."""
    a, b = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if len(a) != len(b):
        raise ValueError(f"kendall_tau needs equal lengths, got {len(a)} and {len(b)}")
    if len(a) < 2:
        return math.nan
    i, j = np.triu_indices(len(a), k=1)
    da, db = np.sign(a[i] - a[j]), np.sign(b[i] - b[j])
    n_a, n_b = np.count_nonzero(da), np.count_nonzero(db)
    if n_a == 0 or n_b == 0:
        return math.nan
    return float(np.sum(da * db) / math.sqrt(n_a * n_b))


def regret(predicted: Sequence[float], measured: Sequence[float]) -> float:
    """How much slower the layout the model picks (lowest predicted time) really is than the really fastest
    one: measured[argmin predicted] / min(measured) - 1 (0 when the model picks the best). Ties in the
    prediction are broken by position, as a search would."""
    p, m = np.asarray(predicted, dtype=float), np.asarray(measured, dtype=float)
    if len(p) == 0 or len(p) != len(m):
        raise ValueError("regret needs two equal, non-empty lists")
    return float(m[int(np.argmin(p))] / np.min(m) - 1.0)


def table_summary(outcomes: list) -> dict[str, dict[str, float]]:  # list[Outcome]
    """Per table: cases, MAPE and mean signed error (predicted / published - 1, averaged)."""
    tables: dict[str, list[float]] = {}
    for o in outcomes:
        tables.setdefault(o.case.table, []).append(o.error)
    return {
        t: {
            "cases": len(e),
            "mape": float(np.mean(np.abs(e))),
            "mean_signed_error": float(np.mean(e)),
        }
        for t, e in sorted(tables.items())
    }


def group_summary(outcomes: list) -> list[dict]:  # list[Outcome]
    """Per group of runs (cases sharing `group` in one table): Kendall tau between predicted and measured
    values, and the regret of the predicted-best run (smaller is better for time metrics)."""
    groups: dict[tuple[str, str], list] = {}
    for o in outcomes:
        if o.case.group is not None:
            groups.setdefault((o.case.table, o.case.group), []).append(o)
    out = []
    for (table, group), members in sorted(groups.items()):
        pred = [o.predicted for o in members]
        meas = [o.published for o in members]
        best_p = members[int(np.argmin(pred))].case.id
        best_m = members[int(np.argmin(meas))].case.id
        out.append(
            {
                "table": table,
                "group": group,
                "n": len(members),
                "kendall_tau": kendall_tau(pred, meas),
                "regret": regret(pred, meas),
                "predicted_best": best_p,
                "measured_best": best_m,
            }
        )
    return out
