"""The cross-validated vTrain figure (benchmarks/crossval.py's committed JSON) against its ratchet in
docs/validation.md: the fidelity figure is the error on layout classes the fit never saw."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOC = json.loads((ROOT / "benchmarks" / "results" / "crossval.json").read_text())


def crossval_ratchet() -> dict[str, float]:
    text = (ROOT / "docs" / "validation.md").read_text()
    block = re.search(r"```crossval-ratchet\n(.*?)```", text, re.S)
    assert block, "docs/validation.md must hold a ```crossval-ratchet block"
    out = {}
    for line in block.group(1).strip().splitlines():
        column, pct = line.rsplit(":", 1)
        out[column.strip()] = float(pct.strip().rstrip("%")) / 100
    return out


def test_every_row_is_left_out_once_per_column_and_the_pooled_figures_add_up():
    rows = DOC["in_sample"]["rows"]
    assert rows == 720
    for column, c in DOC["columns"].items():
        folds = c["folds"].values()
        assert sum(f["rows"] for f in folds) == rows, column
        pooled = sum(f["mape"] * f["rows"] for f in folds) / rows
        assert c["overall"]["mape"] == pytest.approx(pooled, rel=1e-9), column
        signed = sum(f["mean_signed_error"] * f["rows"] for f in folds) / rows
        assert c["overall"]["mean_signed_error"] == pytest.approx(signed, rel=1e-9, abs=1e-12), column
        assert all(f["fitted_on"] < 180 for f in folds), column  # a fold never fits on what it leaves out


def test_cross_validated_mape_stays_under_the_ratchet():
    limits = crossval_ratchet()
    assert set(limits) == set(DOC["columns"]), "every fold column needs a ratchet line"
    for column, c in DOC["columns"].items():
        mape = c["overall"]["mape"]
        assert mape <= limits[column] + 1e-9, f"{column}: cross-validated MAPE {mape:.2%} above {limits[column]:.2%}"
        # left out, a class is predicted no better than in-sample: the figure is honest
        assert mape >= DOC["in_sample"]["mape"] - 0.002, column
