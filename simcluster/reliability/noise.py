"""Per-op time variability: every compute op of every rank takes its time times a factor with mean 1, drawn
from its op class's distribution in the hardware profile (`variability`), seeded by the scenario's seed.

lognormal(cv): sigma^2 = ln(1 + cv^2), mu = -sigma^2 / 2 (mean 1, std cv).
pareto(alpha > 1): x_m (1 - U)^(-1/alpha) with x_m = (alpha - 1) / alpha (mean 1); alpha <= 1 has no mean and
the profile refuses it.

Folding stays on. A simulated rank stands for `width` peers that synchronize at every collective (its
tensor-parallel group; with ZeRO-3 its data-parallel group too). Each peer gets its own draw for every op;
between two of the rank's non-compute steps (a block of compute ops) the peers run apart, and the block ends
when the slowest peer does: the block's extra time is max over peers of sum_i d_i (f_i - 1). The engine
adds it to the static run holding the block (`Engine(stretch=...)`), stretching that run's ops uniformly.
Folded data-parallel replicas are not drawn apart: they meet only at the gradient step, after thousands of
ops whose spread has averaged out (docs/reliability.md says so).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from simcluster.engine.opindex import COMPUTE, OpIndex, op_index
from simcluster.hardware.profile import HardwareProfile, OpVariability

MAX_DRAWS = 1 << 24  # draws per block of the (steps x peers) matrix at once


def active(hw: HardwareProfile) -> bool:
    return any(v.distribution == "pareto" or v.cv > 0 for v in hw.variability.values())


def draw(spec: OpVariability, rng: np.random.Generator, n: int | tuple[int, ...]) -> np.ndarray:
    """Factors with mean 1 (shape n)."""
    if spec.distribution == "lognormal":
        if spec.cv == 0:
            return np.ones(n)
        s2 = math.log1p(spec.cv * spec.cv)
        return np.exp(-s2 / 2 + math.sqrt(s2) * rng.standard_normal(n))
    xm = (spec.alpha - 1) / spec.alpha
    return xm * (1.0 - rng.random(n)) ** (-1.0 / spec.alpha)


def pareto_expected_max(alpha: float, n: int) -> float:
    """E[max of n mean-1 pareto(alpha) factors] = x_m n! Gamma(1 - 1/alpha) / Gamma(n + 1 - 1/alpha)."""
    xm = (alpha - 1) / alpha
    a = 1.0 / alpha
    return xm * math.exp(math.lgamma(n + 1) + math.lgamma(1 - a) - math.lgamma(n + 1 - a))


def rank_extras(
    steps: list,
    hw: HardwareProfile,
    rng: np.random.Generator,
    width: int,
    scale: Callable | None = None,
    idx: OpIndex | None = None,
) -> np.ndarray | None:
    """Cumulative extra seconds over a rank's steps (length len(steps) + 1), or None when nothing varies.
    `scale(op) -> float` multiplies an op's time before the draw (the fit term, `fitspread`); `idx` is the
    steps' op index when already built."""
    idx = idx if idx is not None else op_index(steps)
    classes = idx.classes
    specs = [
        hw.variability.get(op.kind) if c == COMPUTE else None for op, c in zip(idx.ops, classes.tolist())
    ]
    base = np.array([op.duration_s for op in idx.ops], dtype=float)
    if scale is not None:
        base = base * np.array([scale(op) for op in idx.ops], dtype=float)
    extra = np.zeros(len(steps) + 1)
    if scale is not None:  # the fit term alone moves every compute op, one factor per distinct op
        d_fit = base - np.array([op.duration_s for op in idx.ops], dtype=float)
        extra[1:] += np.where(classes == COMPUTE, d_fit, 0.0)[idx.of_step]
    kinds = sorted({op.kind for op, s in zip(idx.ops, specs) if s is not None and _varies(s)})
    if not kinds:
        return np.cumsum(extra) if scale is not None else None
    op_kind = np.array([op.kind if s is not None else "" for op, s in zip(idx.ops, specs)])
    step_kind = op_kind[idx.of_step]
    var_pos = np.flatnonzero(np.isin(step_kind, kinds))
    d = base[idx.of_step[var_pos]]
    e = np.empty((len(var_pos), width))
    for kind in kinds:  # classes in name order, each drawn in step order: one stream per seed
        sel = np.flatnonzero(step_kind[var_pos] == kind)
        e[sel] = d[sel, None] * (draw(hw.variability[kind], rng, (len(sel), width)) - 1.0)
    if width == 1:
        extra[var_pos + 1] += e[:, 0]
    else:
        block = np.cumsum(idx.step_classes != COMPUTE)[var_pos]  # non-compute steps seen before each op
        starts = np.flatnonzero(np.diff(block, prepend=-1))
        ends = np.append(starts[1:], len(var_pos)) - 1
        extra[var_pos[ends] + 1] += np.add.reduceat(e, starts, axis=0).max(axis=1)
    return np.cumsum(extra)


def _varies(spec: OpVariability) -> bool:
    return spec.distribution == "pareto" or spec.cv > 0


def stretch_of(extras: dict[int, np.ndarray]) -> Callable[[int, int, int], float]:
    """The engine's hook: extra seconds of rank's static run [i0, i1)."""

    def extra_s(rank: int, i0: int, i1: int) -> float:
        cs = extras.get(rank)
        return 0.0 if cs is None else float(cs[i1] - cs[i0])

    return extra_s
