"""How well the GEMM model's form predicts measured H100 GEMMs it was not fitted on (measured tables off).

Reads ../shared/calibration/h100-gemm/gemm_sm90.csv (bf16 rows), fits the form's constants (efficiency_max,
half_efficiency_dim, launch_us; log-time least squares) on the even-indexed shapes and scores the odd ones,
then the reverse, for each form: `smooth` (the `dgx-h100` curve, no tiles) and `tiles` (tile and wave
quantization over the H100's 132 SMs, the tile shapes the A100 presets list, each wave's epilogue, split-K
with its reduction kernel); then fits the tiles form on every shape (`tiles_fitted_on_all`: the A100 presets'
half_efficiency_dim) and prints its residuals by shape class (reduction depth k, short output side, batch).
The model is simcluster's own CostModel.gemm with the profile's measured tables removed. Prints MAPE and
worst error per split and form; writes benchmarks/results/gemm_form.json.
Usage: python benchmarks/gemm_form.py [path/to/gemm_sm90.csv]
"""

from __future__ import annotations

import csv
import json
import math
import sys
from pathlib import Path

import numpy as np
from scipy.optimize import least_squares

from simcluster.hardware.profile import load_profile
from simcluster.model.costs import CostModel

ROOT = Path(__file__).resolve().parent.parent
CSV = ROOT.parent / "shared" / "calibration" / "h100-gemm" / "gemm_sm90.csv"
OUT = ROOT / "benchmarks" / "results" / "gemm_form.json"
H100_SMS = 132  # H100 SXM
TILES = [[256, 128], [128, 256], [128, 128], [256, 64], [64, 256], [128, 64], [64, 128], [64, 64]]
PARAMS = (("efficiency_max", 0.3, 1.0), ("half_efficiency_dim", 1.0, 2048.0), ("launch_us", 0.5, 50.0))


def read(path: Path) -> list[tuple[int, int, int, int, float]]:
    rows = []
    with path.open() as f:
        for r in csv.DictReader(f):
            if r["dtype"].startswith("bf16"):
                rows.append((int(r["b"]), int(r["m"]), int(r["n"]), int(r["k"]), float(r["time_us"]) * 1e-6))
    return rows


def predict(form: str, values: np.ndarray, rows: list) -> np.ndarray:
    base = load_profile("dgx-h100")
    gemm = {p: float(v) for (p, _, _), v in zip(PARAMS, values)}
    if form == "tiles":
        gemm.update(sm_count=H100_SMS, tiles=TILES)
    gpu = base.gpu.model_copy(update={"gemm": base.gpu.gemm.model_copy(update={**gemm, "measured": []})})
    hw = base.model_copy(update={"gpu": gpu})
    if hasattr(hw, "tables"):
        hw = hw.model_copy(update={"tables": None})
    cost = CostModel(hw, "bf16")
    return np.array([cost.gemm(m, n, k, batch=b)[0] for b, m, n, k, _ in rows])


def fit(form: str, rows: list) -> np.ndarray:
    meas = np.log([r[4] for r in rows])
    lo, hi = np.log([p[1] for p in PARAMS]), np.log([p[2] for p in PARAMS])
    x0 = np.log([0.8, 48.0, 5.0])
    sol = least_squares(
        lambda x: np.log(predict(form, np.exp(x), rows)) - meas, x0, bounds=(lo, hi), diff_step=0.01
    )
    return np.exp(sol.x)


def by_class(rows: list, err: np.ndarray) -> dict:
    """MAPE and mean signed error of each shape class: reduction depth k, short output side, batch."""
    keys = {"k": lambda r: r[3], "min(m, n)": lambda r: min(r[1], r[2]), "b": lambda r: r[0]}
    out: dict = {}
    for name, key in keys.items():
        classes: dict[int, list[float]] = {}
        for r, e in zip(rows, err):
            classes.setdefault(key(r), []).append(float(e))
        out[name] = {
            str(c): {"mape": float(np.mean(np.abs(v))), "mean_signed_error": float(np.mean(v)), "n": len(v)}
            for c, v in sorted(classes.items())
        }
    return out


def main(argv: list[str]) -> None:
    rows = read(Path(argv[0]) if argv else CSV)
    if not rows:
        raise SystemExit(f"gemm_form: no bf16 rows in {argv[0] if argv else CSV}")
    doc: dict = {"shapes": len(rows), "forms": {}}
    for form in ("smooth", "tiles"):
        splits = {}
        for name, fit_on, score in (("fit even, score odd", 0, 1), ("fit odd, score even", 1, 0)):
            train, test = rows[fit_on::2], rows[score::2]
            values = fit(form, train)
            err = predict(form, values, test) / np.array([r[4] for r in test]) - 1
            splits[name] = {
                "constants": {p: round(float(v), 4) for (p, _, _), v in zip(PARAMS, values)},
                "mape": float(np.mean(np.abs(err))),
                "worst": float(np.max(np.abs(err))),
                "mean_signed_error": float(np.mean(err)),
            }
            print(
                f"{form:7s} {name}: MAPE {splits[name]['mape']:.1%}, worst {splits[name]['worst']:.1%}, "
                f"signed {splits[name]['mean_signed_error']:+.1%}  {splits[name]['constants']}"
            )
        doc["forms"][form] = splits
    # the tiles form's constants fitted on every shape: the A100 presets take half_efficiency_dim from here
    # (the form's shape factor; their efficiency_max is their own, fitted on Korthikanti Table 4)
    values = fit("tiles", rows)
    doc["tiles_fitted_on_all"] = {p: round(float(v), 4) for (p, _, _), v in zip(PARAMS, values)}
    print(f"tiles fitted on all {len(rows)} shapes: {doc['tiles_fitted_on_all']}")
    err = predict("tiles", values, rows) / np.array([r[4] for r in rows]) - 1
    doc["tiles_residuals_by_class"] = by_class(rows, err)
    for name, classes in doc["tiles_residuals_by_class"].items():
        cells = [f"{c} {v['mape']:.1%} ({v['mean_signed_error']:+.1%})" for c, v in classes.items()]
        print(f"  by {name}: " + ", ".join(cells))
    OUT.write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n")
    assert all(math.isfinite(s["mape"]) for f in doc["forms"].values() for s in f.values())


if __name__ == "__main__":
    main(sys.argv[1:])
