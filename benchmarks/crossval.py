"""Cross-validate the vTrain fit of benchmarks/fit_profiles.py on folds that leave a whole layout class out.

For each class column (tensor, micro-batch, depth, pipeline) and each of its values, the `vtrain-a100` fit's
parameters are refitted on the fitting rows (every 4th) outside that class, and the model predicts every row
inside it (fitted on none of them). Reported per fold and overall per column (each row is left out exactly
once per column): MAPE, mean signed error, Kendall tau per group (the group's left-out rows) and the regret of
the predicted-best left-out layout.

The refit is linearized (one Gauss-Newton model around the shipped fit): the log error of every row and its
derivative in each log parameter are simulated once (a forward difference of 2% in log space, the step the fit
itself uses), then each fold solves the same soft-L1 least squares on its rows of that linear model, within the
fit's bounds. Each fold also scores its rows at the shipped fit (`at_shipped_fit`, the last column): a fold's
error beyond that is the refit's; what the shipped fit already misses on those rows is the model's structure. It is exact at the shipped fit and first-order away from it; the folds move the parameters by a
few percent, where the simulated log errors are close to linear (the script prints the largest move).
`--exact` refits each fold by simulation instead (the fit_profiles solver, about an hour per fold on one core).
Writes benchmarks/results/crossval.json (or --out FILE). Usage:
python benchmarks/crossval.py [--jobs N] [--exact] [--columns tensor,micro_batch,...] [--out FILE]
"""

from __future__ import annotations

import json
import math
import sys
import tempfile
from multiprocessing import Pool
from pathlib import Path

import numpy as np
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fit_profiles import F_SCALE, FITS, PRESETS, _get, _set, fit_least_squares, objective  # noqa: E402

from simcluster.validate.cases import default_cases_path, load_cases  # noqa: E402
from simcluster.validate.metrics import kendall_tau, regret  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "results" / "crossval.json"
STEP = 0.02  # forward-difference step in log parameter space (fit_profiles' diff_step)
COLUMNS = {  # fold column -> the override that sets it
    "tensor": "parallelism.tensor",
    "micro_batch": "training.micro_batch",
    "layers": "model.layers",
    "pipeline": "parallelism.pipeline",
}


def _spec():
    (spec,) = [f for f in FITS if f.preset == "vtrain-a100"]
    return spec


def _profile() -> dict:
    profile = yaml.safe_load((PRESETS / "vtrain-a100.yaml").read_text())
    for table in [t for ts in (profile.get("tables") or {}).values() for t in ts if t.get("file")]:
        table["file"] = str(PRESETS / table["file"])
    return profile


def _cases() -> list:
    return [c for c in load_cases(default_cases_path()) if c.table.startswith(_spec().table)]


def _value(case, key: str) -> int:
    for o in case.overrides:
        k, v = o.split("=", 1)
        if k == key:
            return int(v)
    raise KeyError(f"{case.id}: no {key}")


def _log_errors(k: int) -> list[float]:
    """Log errors of every vTrain row with parameter k (or none, k = -1) stepped up by STEP in log space."""
    profile = _profile()
    if k >= 0:
        path = _spec().params[k][0]
        _set(profile, path, round(_get(profile, path) * math.exp(STEP), 4))
    _spec().apply(profile)
    with tempfile.TemporaryDirectory() as d:
        _, errs = objective(profile, _cases(), Path(d))
    return [math.log1p(e) for e in errs.values()]


def _refit_linear(r0: np.ndarray, jac: np.ndarray, rows: np.ndarray, x0: np.ndarray) -> np.ndarray:
    from scipy.optimize import least_squares

    spec = _spec()
    lo = np.log([p[1] for p in spec.params]) - x0
    hi = np.log([p[2] for p in spec.params]) - x0
    sol = least_squares(
        lambda dx: r0[rows] + jac[rows] @ dx,
        np.zeros(len(x0)),
        bounds=(lo, hi),
        loss=spec.loss,
        f_scale=F_SCALE,
    )
    return sol.x


def _refit_exact(rows: list[int]) -> np.ndarray:
    """Refit by simulation on the given rows; returns the log-space move of each parameter."""
    spec, profile, cases = _spec(), _profile(), _cases()
    with tempfile.TemporaryDirectory() as d:
        fitted = fit_least_squares(profile, spec, [cases[i] for i in rows], Path(d))
    return np.array([math.log(_get(fitted, p) / _get(profile, p)) for p, _, _ in spec.params])


def _scores(cases: list, idx: list[int], log_err: np.ndarray) -> dict:
    err = np.expm1(log_err[idx])
    groups: dict[str, list[int]] = {}
    for i in idx:
        groups.setdefault(cases[i].group, []).append(i)
    taus, regrets = [], []
    for members in groups.values():
        if len(members) < 2:
            continue
        meas = [cases[i].published for i in members]
        pred = [cases[i].published * math.exp(log_err[i]) for i in members]
        tau = kendall_tau(pred, meas)
        if not math.isnan(tau):
            taus.append(tau)
        regrets.append(regret(pred, meas))
    return {
        "rows": len(idx),
        "mape": float(np.mean(np.abs(err))),
        "mean_signed_error": float(np.mean(err)),
        "groups": len(regrets),
        "tau_median": float(np.median(taus)) if taus else None,
        "tau_ge_0.85": int(sum(t >= 0.85 for t in taus)),
        "regret_le_3pct": int(sum(r <= 0.03 for r in regrets)),
        "regret_worst": float(max(regrets)) if regrets else 0.0,
    }


def main(argv: list[str]) -> None:
    exact = "--exact" in argv
    jobs = int(argv[argv.index("--jobs") + 1]) if "--jobs" in argv else 2
    columns = argv[argv.index("--columns") + 1].split(",") if "--columns" in argv else list(COLUMNS)
    out_path = Path(argv[argv.index("--out") + 1]) if "--out" in argv else OUT
    spec, cases = _spec(), _cases()
    x0 = np.log([_get(_profile(), p) for p, _, _ in spec.params])
    with Pool(jobs) as pool:
        cols = pool.map(_log_errors, range(-1, len(spec.params)))
    r0 = np.array(cols[0])
    jac = np.array([(np.array(c) - r0) / STEP for c in cols[1:]]).T
    fitting = np.array([c.fitting for c in cases])
    doc: dict = {
        "method": "exact refit" if exact else "linearized refit (one Gauss-Newton model around the shipped fit)",
        "parameters": [p for p, _, _ in spec.params],
        "in_sample": _scores(cases, list(range(len(cases))), r0),
        "in_sample_not_fitted": _scores(cases, [i for i in range(len(cases)) if not fitting[i]], r0),
        "columns": {},
    }
    largest_move = 0.0
    for column, key in COLUMNS.items():
        if column not in columns:
            continue
        values = np.array([_value(c, key) for c in cases])
        pooled = np.zeros(len(cases))
        folds = {}
        for v in sorted(set(values.tolist())):
            out = values == v
            rows = np.flatnonzero(fitting & ~out)
            dx = _refit_exact(rows.tolist()) if exact else _refit_linear(r0, jac, rows, x0)
            largest_move = max(largest_move, float(np.max(np.abs(dx))))
            pred = r0 + jac @ dx if not exact else None
            if exact:  # simulate the left-out rows at the refitted parameters
                profile = _profile()
                for (path, _, _), m in zip(spec.params, dx):
                    _set(profile, path, round(_get(profile, path) * math.exp(m), 4))
                _spec().apply(profile)
                with tempfile.TemporaryDirectory() as d:
                    _, errs = objective(profile, cases, Path(d))
                pred = np.log1p(np.array(list(errs.values())))
            idx = np.flatnonzero(out).tolist()
            pooled[idx] = pred[idx]
            folds[str(v)] = {
                **_scores(cases, idx, pred),
                # the same rows at the shipped fit (fitted on every class): what the fold adds beyond it is the
                # refit's doing; what the shipped fit already misses there is the model's structure
                "at_shipped_fit": _scores(cases, idx, r0),
                "fitted_on": len(rows),
                "parameters": {p: round(float(math.exp(x + m)), 4) for (p, _, _), x, m in zip(spec.params, x0, dx)},
            }
        doc["columns"][column] = {"overall": _scores(cases, list(range(len(cases))), pooled), "folds": folds}
    doc["largest_log_parameter_move"] = largest_move
    out_path.write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n")
    _print(doc)


def _print(doc: dict) -> None:
    head = (
        f"{'fold':22s} {'rows':>5s} {'MAPE':>6s} {'signed':>7s} {'groups':>6s} {'tau>=.85':>8s} {'regret<=3%':>10s} "
        f"{'worst':>6s} {'shipped fit':>11s}"
    )

    def line(name: str, s: dict) -> str:
        shipped = s.get("at_shipped_fit")
        return (
            f"{name:22s} {s['rows']:5d} {s['mape'] * 100:5.1f}% {s['mean_signed_error'] * 100:+6.1f}% "
            f"{s['groups']:6d} {s['tau_ge_0.85']:8d} {s['regret_le_3pct']:10d} {s['regret_worst'] * 100:5.1f}%"
            + (f" {shipped['mape'] * 100:10.1f}%" if shipped else "")
        )

    print(f"vTrain cross-validation ({doc['method']})")
    print(head)
    print(line("in-sample (all rows)", doc["in_sample"]))
    print(line("in-sample (not fitted)", doc["in_sample_not_fitted"]))
    for column, c in doc["columns"].items():
        for v, s in c["folds"].items():
            print(line(f"  {column}={v} left out", s))
        print(line(f"{column}: overall", c["overall"]))
    print(f"largest parameter move in a fold: {math.exp(doc['largest_log_parameter_move']) - 1:+.1%}")


if __name__ == "__main__":
    main(sys.argv[1:])
