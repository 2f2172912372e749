"""Per-op time variability: every compute op of every rank takes its time times a factor with mean 1, drawn
from its op class's distribution in the hardware profile (`variability`), seeded by the scenario's seed.

lognormal(cv): sigma^2 = ln(1 + cv^2), mu = -sigma^2 / 2 (mean 1, std cv).
pareto(alpha > 1): x_m (1 - U)^(-1/alpha) with x_m = (alpha - 1) / alpha (mean 1); alpha <= 1 has no mean and
the profile refuses it. Draws differ per rank, so folding is off while any class varies (`can_fold`).
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np

from simcluster.hardware.profile import HardwareProfile, OpVariability


def active(hw: HardwareProfile) -> bool:
    return any(v.distribution == "pareto" or v.cv > 0 for v in hw.variability.values())


def draw(spec: OpVariability, rng: np.random.Generator, n: int) -> np.ndarray:
    """n factors with mean 1."""
    if spec.distribution == "lognormal":
        if spec.cv == 0:
            return np.ones(n)
        s2 = math.log1p(spec.cv * spec.cv)
        return rng.lognormal(-s2 / 2, math.sqrt(s2), n)
    xm = (spec.alpha - 1) / spec.alpha
    return xm * (1.0 - rng.random(n)) ** (-1.0 / spec.alpha)


def pareto_expected_max(alpha: float, n: int) -> float:
    """E[max of n mean-1 pareto(alpha) factors] = x_m n! Gamma(1 - 1/alpha) / Gamma(n + 1 - 1/alpha)."""
    xm = (alpha - 1) / alpha
    a = 1.0 / alpha
    return xm * math.exp(math.lgamma(n + 1) + math.lgamma(1 - a) - math.lgamma(n + 1 - a))


def apply(steps: dict, hw: HardwareProfile, seed: int) -> None:
    """Multiply each compute op of each rank by its own draw (ranks in order, one stream per seed)."""
    rng = np.random.default_rng([seed, 26])
    for rank in sorted(steps):
        out = []
        for op, layer, mb in steps[rank]:
            spec = hw.variability.get(op.kind) if op.is_compute else None
            if spec is not None:
                op = dataclasses.replace(op, duration_s=op.duration_s * float(draw(spec, rng, 1)[0]))
            out.append((op, layer, mb))
        steps[rank] = out
