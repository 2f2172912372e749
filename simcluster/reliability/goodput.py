"""Closed-form checkpoint/restart arithmetic (Young 1974, Daly 2006), in seconds. Pure functions, no I/O.

A run of N GPUs fails at `rate` per GPU-hour, so the job's mean time between failures is M = 3600 / (rate N).
Work is cut into segments of tau seconds of training, each followed by a blocking checkpoint write of C
seconds. A failure lands uniformly in a segment of tau + C seconds, so on average (tau + C) / 2 of it is lost;
then the job restarts (re-queue, reload) in R seconds. Over wall time W there are W / M failures, each costing
R + (tau + C) / 2; the rest of the time splits between training and checkpoints as tau : C, so

    goodput = tau / (tau + C) * (1 - (R + (tau + C) / 2) / M)

(first order: failures during a restart are not counted, which holds while R << M). Minimizing the waste
C / tau + tau / (2 M) gives Young's interval tau* = sqrt(2 C M).
"""

from __future__ import annotations

import math

from simcluster.errors import ConfigError

SECONDS_PER_HOUR = 3600.0


def _finite(field: str, value: float, lower: float, strict: bool) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        raise ConfigError(field, value, "must be a finite number")
    if value < lower or (strict and value == lower):
        raise ConfigError(field, value, f"must be {'>' if strict else '>='} {lower:g}")
    return float(value)


def mtbf_s(failures_per_gpu_hour: float, gpus: int) -> float:
    """The job's mean time between failures, seconds (infinite when nothing fails)."""
    rate = _finite("failures_per_gpu_hour", failures_per_gpu_hour, 0.0, strict=False)
    if gpus <= 0:
        raise ConfigError("gpus", gpus, "must be > 0")
    return math.inf if rate == 0 else SECONDS_PER_HOUR / (rate * gpus)


def checkpoint_write_s(checkpoint_bytes: float, storage_write_GBps: float) -> float:
    """Seconds to write one checkpoint of `checkpoint_bytes` at the storage's sustained write bandwidth."""
    size = _finite("checkpoint_bytes", checkpoint_bytes, 0.0, strict=False)
    bw = _finite("storage_write_GBps", storage_write_GBps, 0.0, strict=True)
    return size / (bw * 1e9)


def young_daly_interval_s(checkpoint_s: float, mtbf: float) -> float:
    """Young's optimum training time between checkpoints, sqrt(2 C M); infinite when nothing fails."""
    c = _finite("checkpoint_write_s", checkpoint_s, 0.0, strict=False)
    if math.isnan(mtbf) or mtbf <= 0:
        raise ConfigError("mtbf_s", mtbf, "must be > 0")
    return math.inf if math.isinf(mtbf) else math.sqrt(2.0 * c * mtbf)


def expected_lost_s(interval_s: float, checkpoint_s: float) -> float:
    """Training time lost to one failure on average: half a segment, (tau + C) / 2."""
    return 0.5 * (interval_s + checkpoint_s)


def goodput(interval_s: float, checkpoint_s: float, restart_s: float, mtbf: float) -> float:
    """Share of wall time spent on training that is kept (see the module docstring); 0 when failures come
    faster than the run can make progress."""
    tau = (
        _finite("checkpoint_interval_s", interval_s, 0.0, strict=True)
        if not math.isinf(interval_s)
        else interval_s
    )
    c = _finite("checkpoint_write_s", checkpoint_s, 0.0, strict=False)
    r = _finite("restart_s", restart_s, 0.0, strict=False)
    if math.isinf(mtbf):
        return 1.0 if math.isinf(tau) else tau / (tau + c)
    if math.isinf(tau):
        return 0.0
    kept = 1.0 - (r + expected_lost_s(tau, c)) / mtbf
    return max(0.0, tau / (tau + c) * kept)


def check_interval(interval_s: float, checkpoint_s: float) -> float:
    """A checkpoint interval the user gave: finite, > 0 and longer than one checkpoint write."""
    tau = _finite("checkpoint_interval_s", interval_s, 0.0, strict=True)
    if tau < checkpoint_s:
        raise ConfigError(
            "checkpoint_interval_s",
            interval_s,
            f"is shorter than one checkpoint write ({checkpoint_s:.3g} s): the run would spend more time "
            "checkpointing than training",
        )
    return tau
