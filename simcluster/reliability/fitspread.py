"""Fit uncertainty: how far the profile's GEMM model may be off, from its residuals, bootstrapped.

A profile that stores measured GEMMs (`gpu.gemm.measured` points, `tables.gemm` grids) carries the
residuals of its model: r_j = ln(measured_j / model_j), the model taken without the measured points. One
seed's fit draw resamples the residuals with replacement and takes their mean r*: every GEMM whose time comes
from the model (not from a measured table) takes exp(r*) times longer in that seed, one factor for
the whole class (the fit's level is uncertain, and all GEMMs share it), so folded ranks stay symmetric.
Over seeds the factors spread as the bootstrap distribution of the mean residual. A profile without measured
GEMMs has no fit term (the summary says so); other op classes have none either (no residuals to draw).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from simcluster.hardware.profile import HardwareProfile
from simcluster.model.costs import BYTES_PER_ELEMENT, CostModel
from simcluster.model.ops import OpSpec

MIN_POINTS = 3  # fewer residuals say nothing about a spread


@dataclass(frozen=True)
class FitSpread:
    residuals: np.ndarray  # ln(measured / model) of each measured GEMM
    # (a GEMM matching a `gpu.gemm.measured` point exactly is not flagged measured, so it takes the factor too)

    def factor(self, seed: int) -> float:
        """One seed's GEMM-class factor: exp(mean of a bootstrap resample of the residuals)."""
        rng = np.random.default_rng([seed, 26, 2])
        r = self.residuals
        return math.exp(float(r[rng.integers(0, len(r), len(r))].mean()))

    def scale_of(self, seed: int) -> Callable[[OpSpec], float]:
        """`scale(op)` for the engine's extras: the seed's factor on model-timed GEMMs, 1 elsewhere."""
        f = self.factor(seed)
        return lambda op: f if op.kind == "gemm" and not op.measured else 1.0

    def describe(self) -> str:
        r = self.residuals
        return (
            f"gemm: mean of {len(r)} measured GEMM residuals bootstrapped (residual mean {r.mean():+.4f}, "
            f"sd {r.std(ddof=1):.4f} in ln(measured/model)); other op classes: no residuals"
        )


NO_FIT = "none: the profile stores no measured GEMMs (gpu.gemm.measured, tables.gemm), so no fit residuals"


def fit_spread(hw: HardwareProfile) -> FitSpread | None:
    """The profile's GEMM residuals, or None with fewer than MIN_POINTS measured GEMMs."""
    gemm = hw.gpu.gemm
    model_hw = hw.model_copy(
        update={"gpu": hw.gpu.model_copy(update={"gemm": gemm.model_copy(update={"measured": []})})}
    )
    models: dict[str, CostModel] = {}

    def model_s(dtype: str, b: int, m: int, n: int, k: int) -> float:
        cm = models.get(dtype) or models.setdefault(dtype, CostModel(model_hw, dtype))
        return cm.gemm(m, n, k, batch=b)[0]

    res = []
    for p in gemm.measured:
        if p.dtype not in BYTES_PER_ELEMENT:
            continue
        measured = gemm.launch_us * 1e-6 + 2.0 * p.m * p.n * p.k / (p.tflops * 1e12)
        res.append(math.log(measured / model_s(p.dtype, 1, p.m, p.n, p.k)))
    for table in hw.tables.gemm if hw.tables is not None else []:
        if table.dtype not in BYTES_PER_ELEMENT:
            continue
        for b, m, n, k, t_us in table.times():
            res.append(math.log(t_us * 1e-6 / model_s(table.dtype, b, m, n, k)))
    if len(res) < MIN_POINTS:
        return None
    return FitSpread(np.asarray(res, dtype=float))
