"""Fit of the backward GEMM efficiency: throughput of dgrad/wgrad layouts relative to forward (numpy only).

A backward-layout GEMM does the flops of its forward GEMM (2mnk), so the throughput ratio of a pair is
forward time / backward time. The fit is the median ratio over every (shape, dtype, layout) pair, clamped to
(0, 1] as the profile requires; the simulator then predicts backward time = forward time / ratio.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from calibrate.fit.line import MIN_POINTS, huber_weights, mape, r2_score


@dataclass(frozen=True, kw_only=True)
class BackwardFit:
    backward_efficiency: float  # clamped to (0, 1]
    median_ratio: float  # before clamping
    r2: float
    mape: float
    holdout_mape: float | None
    n_points: int
    n_shapes: int
    n_outliers: int


def _median_ratio(forward_s: np.ndarray, backward_s: np.ndarray) -> float:
    return float(np.median(forward_s / backward_s))


def _clamp(ratio: float) -> float:
    return min(ratio, 1.0)


def fit_backward(
    shapes: Sequence[str], forward_s: Sequence[float], backward_s: Sequence[float]
) -> BackwardFit:
    """Fit from pairs: `shapes[i]` names the forward GEMM (shape family) of pair i, timed both ways.

    holdout_mape fits on every other shape family (in order of forward time) and predicts the others' pairs.
    """
    fwd = np.asarray(forward_s, dtype=float)
    bwd = np.asarray(backward_s, dtype=float)
    if not (len(shapes) == len(fwd) == len(bwd)):
        raise ValueError("backward fit: shapes, forward_s and backward_s must have equal lengths")
    if len(fwd) < MIN_POINTS:
        raise ValueError(f"backward fit: n_points={len(fwd)} must be >= {MIN_POINTS}")
    for what, t in (("forward_s", fwd), ("backward_s", bwd)):
        if not np.all(np.isfinite(t)) or np.any(t <= 0):
            raise ValueError(f"backward fit: every {what} must be finite and > 0")
    raw = _median_ratio(fwd, bwd)
    ratio = _clamp(raw)
    pred = fwd / ratio
    family = np.array(shapes)
    mean_fwd = {s: float(np.mean(fwd[family == s])) for s in set(shapes)}
    ordered = sorted(mean_fwd, key=lambda s: (mean_fwd[s], s))
    holdout = None
    if len(ordered) >= 2:
        train = np.isin(family, ordered[0::2])
        held_ratio = _clamp(_median_ratio(fwd[train], bwd[train]))
        holdout = mape(bwd[~train], fwd[~train] / held_ratio)
    return BackwardFit(
        backward_efficiency=ratio,
        median_ratio=raw,
        r2=r2_score(bwd, pred),
        mape=mape(bwd, pred),
        holdout_mape=holdout,
        n_points=len(fwd),
        n_shapes=len(ordered),
        n_outliers=int(np.sum(huber_weights(np.log(fwd / bwd) - np.log(raw)) < 0.5)),
    )
