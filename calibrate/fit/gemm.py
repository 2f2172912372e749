"""Fit of the simulator's GEMM model to measured GEMMs (numpy only).

time_s = launch_s + flops / (asymptote_flops[dtype] * prod_{d in m,n,k} d / (d + half_efficiency_dim))

asymptote = peak * efficiency_max is the throughput of an infinitely large GEMM of that dtype. For a fixed
half_efficiency_dim the model is linear in (launch_s, 1/asymptote per dtype), so we grid-search the dimension
(0 and a log grid up to the largest measured dimension, then a finer grid around the best) and solve the rest by the Huber-IRLS relative fit of `fit.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from calibrate.fit.line import holdout_mape, irls, mape, r2_score


@dataclass(frozen=True, kw_only=True)
class GemmFit:
    launch_us: float
    half_efficiency_dim: float
    asymptote_tflops: dict[str, float]
    r2: float
    mape: float
    holdout_mape: float | None
    n_points: int


def min_points(n_dtypes: int) -> int:
    """Points needed for a fit with one degree of freedom left."""
    return n_dtypes + 3


def shape_factor(m: np.ndarray, n: np.ndarray, k: np.ndarray, half_dim: float) -> np.ndarray:
    return (m / (m + half_dim)) * (n / (n + half_dim)) * (k / (k + half_dim))


def predict_time_s(
    m: np.ndarray, n: np.ndarray, k: np.ndarray, dtypes: Sequence[str], fit: GemmFit
) -> np.ndarray:
    flops = 2.0 * m * n * k
    asym = np.array([fit.asymptote_tflops[d] * 1e12 for d in dtypes])
    return fit.launch_us * 1e-6 + flops / (asym * shape_factor(m, n, k, fit.half_efficiency_dim))


def _design(m, n, k, codes: np.ndarray, n_dtypes: int, half_dim: float) -> np.ndarray:
    work = 2.0 * m * n * k / shape_factor(m, n, k, half_dim)
    cols = [np.ones_like(work)] + [np.where(codes == j, work, 0.0) for j in range(n_dtypes)]
    return np.column_stack(cols)


def _robust_loss(design: np.ndarray, y: np.ndarray) -> tuple[float, np.ndarray]:
    """IRLS fit; a negative launch time is not physical, so then launch is pinned to 0 and the rest refitted."""
    coef, w = irls(design, y)
    if coef[0] < 0:
        rest, w = irls(design[:, 1:], y)
        coef = np.concatenate([[0.0], rest])
    rel = design @ coef / y - 1.0
    return float(np.sum(w * rel**2)), coef


def _solve(m, n, k, codes, n_dtypes, y) -> tuple[float, np.ndarray]:
    """Best half_efficiency_dim on [0, largest measured dimension] (beyond it the data says nothing)."""

    def loss_at(h: float) -> tuple[float, np.ndarray]:
        return _robust_loss(_design(m, n, k, codes, n_dtypes, h), y)

    top = float(max(np.max(m), np.max(n), np.max(k)))
    coarse = np.concatenate([[0.0], np.geomspace(1.0, top, 61)])
    losses = [loss_at(h)[0] for h in coarse]
    i = int(np.argmin(losses))
    lo, hi = coarse[max(i - 1, 0)], coarse[min(i + 1, len(coarse) - 1)]
    fine = np.linspace(lo, hi, 101)
    best_h = min(fine, key=lambda h: loss_at(h)[0])
    return float(best_h), loss_at(best_h)[1]


def fit_gemm(
    m: Sequence[int], n: Sequence[int], k: Sequence[int], dtypes: Sequence[str], time_s: Sequence[float]
) -> GemmFit:
    """Fit launch, half_efficiency_dim and one asymptote per dtype to measured single GEMMs."""
    M, N, K = (np.asarray(v, dtype=float) for v in (m, n, k))
    y = np.asarray(time_s, dtype=float)
    if not (len(M) == len(N) == len(K) == len(y) == len(dtypes)):
        raise ValueError("gemm fit: m, n, k, dtype and time_s must have equal lengths")
    if np.any(M <= 0) or np.any(N <= 0) or np.any(K <= 0) or np.any(y <= 0) or not np.all(np.isfinite(y)):
        raise ValueError("gemm fit: every m, n, k and time_s must be > 0")
    names = sorted(set(dtypes))
    codes = np.array([names.index(d) for d in dtypes])
    if len(y) < min_points(len(names)):
        raise ValueError(
            f"gemm fit: n_points={len(y)} must be >= {min_points(len(names))} "
            "(launch, half_efficiency_dim and one asymptote per dtype, plus one)"
        )
    half_dim, coef = _solve(M, N, K, codes, len(names), y)
    design = _design(M, N, K, codes, len(names), half_dim)
    pred = design @ coef

    def fit_and_predict(train: np.ndarray, test: np.ndarray) -> np.ndarray:
        h, c = _solve(M[train], N[train], K[train], codes[train], len(names), y[train])
        return _design(M[test], N[test], K[test], codes[test], len(names), h) @ c

    order = np.lexsort(
        (2.0 * M * N * K, codes)
    )  # by dtype, then size: alternation keeps every dtype in both halves

    def ordered(train: np.ndarray, test: np.ndarray) -> np.ndarray:
        return fit_and_predict(order[train], order[test])

    asym = {
        d: (float(1.0 / coef[1 + j] / 1e12) if coef[1 + j] > 0 else float("nan")) for j, d in enumerate(names)
    }
    return GemmFit(
        launch_us=float(coef[0]) * 1e6,
        half_efficiency_dim=half_dim,
        asymptote_tflops=asym,
        r2=r2_score(y, pred),
        mape=mape(y, pred),
        holdout_mape=holdout_mape(len(y), ordered, y[order]),
        n_points=len(y),
    )
