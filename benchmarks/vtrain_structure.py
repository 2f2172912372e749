"""Where the vTrain fit is off, by structure: measured vs predicted iteration time decomposed per tensor size
and micro-batch.

For the pipeline-1 rows of each (tensor, micro-batch) class, a least-squares fit of the iteration time to
    const + perL x layers + n_mb x (per_mb + layers x per_pass)
separates the per-iteration constant (const: host and fixed optimizer work; perL: the optimizer's passes over
each layer's parameters), the per-micro-batch cost (embedding, LM head, loss, step overheads) and the layer
pass (forward, recompute, backward of one layer and micro-batch). Fitting the measured and the predicted
times the same way shows which of the four the model gets wrong, class by class; docs/validation.md quotes
these tables. Micro-batch 8 is left out: its runs have too few micro-batches to separate the terms.

It also checks what kind of data this is: fitted per layout class (tensor, micro-batch, pipeline, data), the
same four terms reproduce every measured time to within microseconds, and the per-layer pass is not
monotone in the work (a doubled micro-batch sometimes takes less time per layer): per-layout scatter that
no mechanism whose time grows with work can produce (docs/validation.md). And it reads the optimizer's
cost per layer off the data-parallel-1 classes: one sweep of ~28 bytes per parameter plus a few microseconds
per parameter tensor, which `vtrain-a100`'s `host.optimizer_bytes_per_param` and
`host.param_tensor_overhead_us` take from here. Last, it fits a model that cannot fall when work is added
(a non-negative sum of work counts) on every row, in sample, and scores its ranking as validate does: the
ceiling for any such mechanism on these groups.
Prints the tables and writes benchmarks/results/vtrain_structure.json.
Usage: python benchmarks/vtrain_structure.py
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from simcluster.hardware.profile import load_profile
from simcluster.parallel.program import LAYER_PARAM_TENSORS
from simcluster.validate.cases import default_cases_path, load_cases
from simcluster.validate.metrics import kendall_tau, regret
from simcluster.validate.runner import run_cases

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "results" / "vtrain_structure.json"
TERMS = ("const", "perL", "per_mb", "per_pass")
PRESET = "vtrain-a100"
HIDDEN = 1024  # every vTrain row (single_node_h1024)


def _fit(rows: list[tuple[float, float, float]]) -> list[float]:
    """Least squares of ms = const + perL L + n (per_mb + L per_pass) over (L, n, ms) rows."""
    a = np.array([[1.0, L, n, n * L] for L, n, _ in rows])
    y = np.array([ms for _, _, ms in rows])
    sol, *_ = np.linalg.lstsq(a, y, rcond=None)
    return [float(x) for x in sol]


def _separable(rows: list[tuple[float, float, float]]) -> bool:
    """Whether a class's (layers, n_mb, ms) rows separate the four terms: two depths, two micro-batch
    counts and more rows than terms."""
    return len({r[0] for r in rows}) >= 2 and len({r[1] for r in rows}) >= 2 and len(rows) > len(TERMS)


def _layout(o) -> tuple[int, int, int, int, int, int]:
    """(tensor, data, pipeline, micro-batch, layers, global batch) of a vTrain outcome."""
    s = o.case.raw_set
    keys = (
        "parallelism.tensor",
        "parallelism.data",
        "parallelism.pipeline",
        "training.micro_batch",
        "model.layers",
        "training.global_batch",
    )
    t, d, p, mb, layers, gb = (int(s[k]) for k in keys)
    return t, d, p, mb, layers, gb


def exactness(outcomes: list) -> dict:
    """Largest residual of the four-term fit per layout class (tensor, data, pipeline, micro-batch), in us:
    measured iterations that are independent runs scatter by ~0.1% of their time; these do not."""
    groups: dict[tuple[int, int, int, int], list[tuple[float, float, float]]] = {}
    for o in outcomes:
        t, d, p, mb, layers, gb = _layout(o)
        groups.setdefault((t, d, p, mb), []).append((layers, gb / (mb * d), o.published * 1e3))
    worst, fitted = 0.0, 0
    for rows in groups.values():
        if not _separable(rows):
            continue
        sol = _fit(rows)
        res = [ms - (sol[0] + sol[1] * L + n * (sol[2] + L * sol[3])) for L, n, ms in rows]
        worst = max(worst, max(abs(r) for r in res))
        fitted += 1
    return {"classes": fitted, "max_residual_us": worst * 1e3}


def optimizer_sweep(outcomes: list, hidden: int, memory_rate_GBps: float) -> dict:
    """The optimizer's cost per layer, read off the data-parallel-1, pipeline-1 classes (no gradient
    all-reduce in them): the per-layer term `perL` of each (tensor, micro-batch) class, averaged over
    micro-batches, fitted as a + b / tensor. b is one sweep over a layer's 12h^2 + 13h parameters (bytes per
    parameter at the element-wise memory rate); a is per-layer host work, i.e. per parameter tensor (12)."""
    groups: dict[tuple[int, int], list[tuple[float, float, float]]] = {}
    for o in outcomes:
        t, d, p, mb, layers, gb = _layout(o)
        if d == 1 and p == 1:
            groups.setdefault((t, mb), []).append((layers, gb / mb, o.published * 1e3))
    per_t: dict[int, list[float]] = {}
    for (t, _), rows in groups.items():
        if _separable(rows):
            per_t.setdefault(t, []).append(_fit(rows)[1])
    ts = sorted(per_t)
    per_layer = [float(np.mean(per_t[t])) for t in ts]
    (a, b), *_ = np.linalg.lstsq(np.array([[1.0, 1.0 / t] for t in ts]), np.array(per_layer), rcond=None)
    params = 12 * hidden**2 + 13 * hidden
    ps_per_param = b * 1e9 / params
    return {
        "tensor": ts,
        "per_layer_ms": per_layer,
        "sweep_ps_per_param": float(ps_per_param),
        "bytes_per_param": float(ps_per_param * 1e-3 * memory_rate_GBps),
        "host_us_per_layer": float(a * 1e3),
        "host_us_per_tensor": float(a * 1e3 / LAYER_PARAM_TENSORS),
    }


def non_monotone(result: list[dict]) -> list[dict]:
    """Pairs where doubling the micro-batch (twice the GPU work per layer pass) lowers the measured
    per-layer pass, with the model's per-layer pass for the same pair (it drops only where a kernel rule
    switches, e.g. the fused softmax)."""
    by = {(r["tensor"], r["micro_batch"]): r for r in result}
    out = []
    for (t, mb), r in sorted(by.items()):
        nxt = by.get((t, 2 * mb))
        if nxt is not None and nxt["measured_ms"]["per_pass"] < r["measured_ms"]["per_pass"]:
            out.append(
                {
                    "tensor": t,
                    "micro_batch": [mb, 2 * mb],
                    "per_pass_ms": [r["measured_ms"]["per_pass"], nxt["measured_ms"]["per_pass"]],
                    "predicted_per_pass_ms": [r["predicted_ms"]["per_pass"], nxt["predicted_ms"]["per_pass"]],
                }
            )
    return out


def _work_features(t: int, d: int, p: int, mb: int, layers: int, gb: int) -> list[float]:
    """Work counts of one layout, each a time that only grows with work: per micro-batch on the critical
    path (n + p - 1 of them) the layer GEMMs, per-layer host work, tensor-parallel all-reduce calls and bytes,
    the logits, a constant, the tensor-parallel embedding and loss, the pipeline's sends; per iteration the
    optimizer, the gradient all-reduce, a constant."""
    n = gb / (mb * d)
    lp, tp = layers / p, float(t > 1)
    per_mb = [lp * mb / t, lp, lp * tp, lp * mb * (t - 1) / t, mb / t, 1.0, tp, mb * float(p > 1), tp * mb]
    per_it = [lp / t, lp / t * (d - 1) / d, 1.0, (d - 1) / d / t, 1.0 / t]
    return [(n + p - 1) * v for v in per_mb] + per_it


def work_model_ceiling(outcomes: list) -> dict:
    """The best a model whose time never falls when work is added can rank this set: a non-negative
    combination of 14 work counts (`_work_features`) fitted on every row (least relative squares, in sample,
    so more generous than any blind prediction), scored as `simcluster validate` scores the model."""
    from scipy.optimize import nnls  # benchmarks only; scipy comes with the fit scripts' environment

    x = np.array([_work_features(*_layout(o)) for o in outcomes])
    y = np.array([o.published for o in outcomes])
    coef, _ = nnls(x / y[:, None], np.ones(len(y)))
    pred = x @ coef
    err = pred / y - 1
    groups: dict[str, list[tuple[float, float]]] = {}
    for o, q in zip(outcomes, pred):
        groups.setdefault(o.case.group, []).append((float(q), o.published))
    taus, regrets = [], []
    for rows in groups.values():
        if len(rows) >= 2:
            taus.append(kendall_tau([a for a, _ in rows], [b for _, b in rows]))
            regrets.append(regret([a for a, _ in rows], [b for _, b in rows]))
    return {
        "terms": len(coef),
        "mape": float(np.abs(err).mean()),
        "mean_signed": float(err.mean()),
        "groups": len(taus),
        "tau_at_least_0.85": int(sum(t >= 0.85 for t in taus)),
        "tau_median": float(np.median(taus)),
        "regret_at_most_3pct": int(sum(r <= 0.03 for r in regrets)),
        "regret_max": float(max(regrets)),
    }


def main() -> None:
    cases = [c for c in load_cases(default_cases_path()) if c.table.startswith("vTrain")]
    outcomes = run_cases(cases)
    classes: dict[tuple[int, int], dict[str, list]] = {}
    for o in outcomes:
        t, d, p, mb, layers, gb = _layout(o)
        if p != 1 or mb == 8:
            continue
        n = gb / (mb * d)
        row = classes.setdefault((t, mb), {"measured": [], "predicted": []})
        row["measured"].append((layers, n, o.published * 1e3))
        row["predicted"].append((layers, n, o.predicted * 1e3))
    result = []
    print(f"{'tensor':>6} {'mb':>3} {'runs':>4}  " + "  ".join(f"{k:>17}" for k in TERMS))
    print(f"{'':>15}  " + "  ".join(f"{'meas':>8} {'pred':>8}" for _ in TERMS))
    for (t, mb), rows in sorted(classes.items()):
        meas, pred = _fit(rows["measured"]), _fit(rows["predicted"])
        result.append(
            {
                "tensor": t,
                "micro_batch": mb,
                "runs": len(rows["measured"]),
                "measured_ms": dict(zip(TERMS, meas)),
                "predicted_ms": dict(zip(TERMS, pred)),
            }
        )
        cells = "  ".join(f"{m:8.2f} {q:8.2f}" for m, q in zip(meas, pred))
        print(f"{t:>6} {mb:>3} {len(rows['measured']):>4}  {cells}")
    exact, drops = exactness(outcomes), non_monotone(result)
    hw = load_profile(PRESET)
    sweep = optimizer_sweep(outcomes, HIDDEN, hw.gpu.memory_bandwidth_GBps * hw.gpu.memory_efficiency)
    print(
        "\nper-layer term at data 1, pipeline 1, tensor "
        + ", ".join(f"{t}: {v:.3f} ms" for t, v in zip(sweep["tensor"], sweep["per_layer_ms"]))
        + f" = {sweep['host_us_per_layer']:.0f} us + {sweep['sweep_ps_per_param']:.1f} ps per parameter"
        f" / tensor: {sweep['bytes_per_param']:.1f} bytes per parameter at {PRESET}'s memory rate (one Adam"
        f" sweep is 28), {sweep['host_us_per_tensor']:.1f} us per parameter tensor"
    )
    print(
        f"\nper layout class (tensor, data, pipeline, micro-batch; {exact['classes']} classes): the four terms "
        f"reproduce every measured time within {exact['max_residual_us']:.0f} us"
    )
    for x in drops:
        (m0, m1), (a, b), (c, e) = x["micro_batch"], x["per_pass_ms"], x["predicted_per_pass_ms"]
        print(
            f"tensor {x['tensor']}: micro-batch {m0} -> {m1} lowers the measured layer pass {a:.2f} -> {b:.2f} ms"
            f" (model: {c:.2f} -> {e:.2f})"
        )
    ceiling = work_model_ceiling(outcomes)
    print(
        f"\na monotone work model fitted on all {len(outcomes)} rows ({ceiling['terms']} non-negative terms, in"
        f" sample): MAPE {100 * ceiling['mape']:.1f}%, Kendall tau >= 0.85 in {ceiling['tau_at_least_0.85']} of"
        f" {ceiling['groups']} groups (median {ceiling['tau_median']:.2f}), regret <= 3% in"
        f" {ceiling['regret_at_most_3pct']} (worst {100 * ceiling['regret_max']:.1f}%)"
    )
    OUT.parent.mkdir(parents=True, exist_ok=True)
    doc = {
        "terms_ms": TERMS,
        "classes": result,
        "exactness": exact,
        "non_monotone": drops,
        "optimizer_sweep": sweep,
        "work_model_ceiling": ceiling,
    }
    OUT.write_text(json.dumps(doc, indent=2) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
