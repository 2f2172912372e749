"""Where the vTrain fit is off, by structure: measured vs predicted iteration time decomposed per tensor size
and micro-batch.

For the pipeline-1 rows of each (tensor, micro-batch) class, a least-squares fit of the iteration time to
    const + perL x layers + n_mb x (per_mb + layers x per_pass)
separates the per-iteration constant (const: host and fixed optimizer work; perL: the optimizer's passes over
each layer's parameters), the per-micro-batch cost (embedding, LM head, loss, step overheads) and the layer
pass (forward, recompute, backward of one layer and micro-batch). Fitting the measured and the predicted
times the same way shows which of the four the model gets wrong, class by class; docs/validation.md quotes
these tables. Micro-batch 8 is left out: its runs have too few micro-batches to separate the terms.
Prints a table and writes benchmarks/results/vtrain_structure.json. Usage: python benchmarks/vtrain_structure.py
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from simcluster.validate.cases import default_cases_path, load_cases
from simcluster.validate.runner import run_cases

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "results" / "vtrain_structure.json"
TERMS = ("const", "perL", "per_mb", "per_pass")


def _fit(rows: list[tuple[float, float, float]]) -> list[float]:
    """Least squares of ms = const + perL L + n (per_mb + L per_pass) over (L, n, ms) rows."""
    a = np.array([[1.0, L, n, n * L] for L, n, _ in rows])
    y = np.array([ms for _, _, ms in rows])
    sol, *_ = np.linalg.lstsq(a, y, rcond=None)
    return [float(x) for x in sol]


def main() -> None:
    cases = [c for c in load_cases(default_cases_path()) if c.table.startswith("vTrain")]
    outcomes = run_cases(cases)
    classes: dict[tuple[int, int], dict[str, list]] = {}
    for o in outcomes:
        s = o.case.raw_set
        t, d, p, mb = (
            int(s[k])
            for k in (
                "parallelism.tensor",
                "parallelism.data",
                "parallelism.pipeline",
                "training.micro_batch",
            )
        )
        if p != 1 or mb == 8:
            continue
        layers, gb = int(s["model.layers"]), int(s["training.global_batch"])
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
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"terms_ms": TERMS, "classes": result}, indent=2) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
