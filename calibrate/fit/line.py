"""Robust straight-line fits `time = alpha + beta * x` (numpy only) and the quality numbers of any fit.

Times of a geometric size sweep span orders of magnitude, so the fit minimises *relative* residuals
(each row weighted by 1/time) with Huber weights by iteratively reweighted least squares (IRLS): small sizes
pin alpha (latency), large sizes pin beta (inverse bandwidth), and one outlier cannot drag either.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

HUBER_C = 1.345  # 95% efficiency under Gaussian noise
IRLS_ITERATIONS = 50
MIN_POINTS = 2
MIN_HOLDOUT_POINTS = 4


@dataclass(frozen=True, kw_only=True)
class LineFit:
    """time_s = alpha_s + beta_s_per_unit * x, with its quality on the measured points."""

    alpha_s: float
    beta_s_per_unit: float
    r2: float
    mape: float
    holdout_mape: float | None
    n_points: int
    n_outliers: int


def huber_weights(residuals: np.ndarray, c: float = HUBER_C) -> np.ndarray:
    """Huber weights of residuals scaled by their median absolute deviation."""
    mad = float(np.median(np.abs(residuals - np.median(residuals))))
    scale = 1.4826 * mad if mad > 0 else float(np.max(np.abs(residuals))) or 1.0
    u = np.abs(residuals) / (c * scale)
    return np.where(u <= 1.0, 1.0, 1.0 / np.maximum(u, 1e-300))


def irls(
    design: np.ndarray, y: np.ndarray, iterations: int = IRLS_ITERATIONS
) -> tuple[np.ndarray, np.ndarray]:
    """Huber-IRLS solution of design @ coef ~ y in relative terms (rows scaled by 1/y); returns coef, weights."""
    rel = design / y[:, None]
    ones = np.ones_like(y)
    coef = np.linalg.lstsq(rel, ones, rcond=None)[0]
    w = huber_weights(rel @ coef - ones)
    for _ in range(iterations):
        sw = np.sqrt(w)
        coef_new = np.linalg.lstsq(rel * sw[:, None], ones * sw, rcond=None)[0]
        w = huber_weights(rel @ coef_new - ones)
        converged = np.allclose(coef_new, coef, rtol=1e-10, atol=0.0)
        coef = coef_new
        if converged:
            break
    return coef, w


def r2_score(y: np.ndarray, pred: np.ndarray) -> float:
    total = float(np.sum((y - np.mean(y)) ** 2))
    if total == 0.0:
        return 1.0 if np.allclose(y, pred) else 0.0
    return 1.0 - float(np.sum((y - pred) ** 2)) / total


def mape(y: np.ndarray, pred: np.ndarray) -> float:
    """Mean absolute relative error, as a fraction (0.05 = 5%)."""
    return float(np.mean(np.abs(pred - y) / np.abs(y)))


def holdout_mape(
    n: int, fit_and_predict: Callable[[np.ndarray, np.ndarray], np.ndarray], y: np.ndarray
) -> float | None:
    """Fit on every other point (sorted order), predict the others; None with too few points."""
    if n < MIN_HOLDOUT_POINTS:
        return None
    idx = np.arange(n)
    train, test = idx[idx % 2 == 0], idx[idx % 2 == 1]
    return mape(y[test], fit_and_predict(train, test))


def _check(x: np.ndarray, y: np.ndarray, what: str) -> None:
    if x.shape != y.shape or x.ndim != 1:
        raise ValueError(f"{what}: x and time_s must be 1-D of equal length (got {x.shape} and {y.shape})")
    if len(x) < MIN_POINTS:
        raise ValueError(f"{what}: n_points={len(x)} must be >= {MIN_POINTS}")
    if not np.all(np.isfinite(y)) or np.any(y <= 0):
        raise ValueError(f"{what}: every time_s must be finite and > 0")


def fit_line(x: np.ndarray, time_s: np.ndarray, what: str = "fit") -> LineFit:
    """Robust fit of time_s = alpha + beta * x (x in bytes, bus bytes, ...), sorted by x."""
    x = np.asarray(x, dtype=float)
    y = np.asarray(time_s, dtype=float)
    _check(x, y, what)
    order = np.argsort(x, kind="stable")
    x, y = x[order], y[order]
    design = np.column_stack([np.ones_like(x), x])
    coef, w = irls(design, y)
    pred = design @ coef

    def fit_and_predict(train: np.ndarray, test: np.ndarray) -> np.ndarray:
        c, _ = irls(design[train], y[train])
        return design[test] @ c

    return LineFit(
        alpha_s=float(coef[0]),
        beta_s_per_unit=float(coef[1]),
        r2=r2_score(y, pred),
        mape=mape(y, pred),
        holdout_mape=holdout_mape(len(x), fit_and_predict, y),
        n_points=len(x),
        n_outliers=int(np.sum(w < 0.5)),
    )
