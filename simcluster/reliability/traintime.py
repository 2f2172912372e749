"""Time to train: one simulated iteration, a token budget and the scenario's `reliability` section turned
into the whole run's wall time, goodput and the curves the page draws."""

from __future__ import annotations

import math

from simcluster.config.schema import ReliabilityConfig, Scenario
from simcluster.errors import ConfigError
from simcluster.model.moe import MoE
from simcluster.parallel import megatron
from simcluster.parallel.base import Dims
from simcluster.reliability import goodput as g

MAX_TOKENS = 1e18
MAX_ITERATION_S = 1e7  # one iteration of 116 days: past any real run (and the run's totals stay finite)


def model_params(sc: Scenario) -> float:
    """Parameters of the whole model from its config: the same count the simulator shards (grouped K/V heads,
    gated MLPs, latent attention, norms, biases, untied heads and every expert of the MoE layers as the model
    has them): what a checkpoint holds."""
    return megatron.model_params(Dims.of(sc), sc.model.layers, MoE.of(sc.model.moe))


def check_tokens(tokens: float) -> float:
    if not isinstance(tokens, (int, float)) or not math.isfinite(tokens) or not 0 < tokens <= MAX_TOKENS:
        raise ConfigError("tokens", tokens, f"must be a finite number > 0 and <= {MAX_TOKENS:g}")
    return float(tokens)


def plan(
    rel: ReliabilityConfig,
    gpus: int,
    params: float,
    tokens: float,
    iteration_s: float,
    tokens_per_iteration: float,
) -> dict:
    """The run's prediction (seconds, bytes, shares), checking that it can finish at all."""
    tokens = check_tokens(tokens)
    if not math.isfinite(iteration_s) or iteration_s <= 0:
        raise ConfigError("iteration_time_s", iteration_s, "must be a finite number > 0")
    ckpt_bytes = params * rel.checkpoint_bytes_per_param
    c = g.checkpoint_write_s(ckpt_bytes, rel.storage_write_GBps)
    mtbf = g.mtbf_s(rel.failures_per_gpu_hour, gpus)
    optimum = g.young_daly_interval_s(c, mtbf)
    given = rel.checkpoint_interval_s
    tau = g.check_interval(given, c) if given is not None else optimum
    share = g.goodput(tau, c, rel.restart_s, mtbf)
    if share <= 0:
        raise ConfigError(
            "reliability",
            f"one failure every {mtbf:.3g} s",
            f"the run never finishes: a restart ({rel.restart_s:g} s) plus the work lost per failure "
            f"({g.expected_lost_s(min(tau, 1e300), c):.3g} s) outlast the time between failures",
        )
    iterations = math.ceil(tokens / tokens_per_iteration)
    train_s = iterations * iteration_s
    wall_s = train_s / share
    failures = wall_s / mtbf if math.isfinite(mtbf) else 0.0
    checkpoints = train_s / tau if math.isfinite(tau) else 0.0
    return {
        "tokens": tokens,
        "iterations": iterations,
        "iteration_time_s": iteration_s,
        "gpus": gpus,
        "model_params": params,
        "checkpoint_bytes": ckpt_bytes,
        "checkpoint_write_s": c,
        "mtbf_s": mtbf if math.isfinite(mtbf) else None,
        "checkpoint_interval_s": tau if math.isfinite(tau) else None,
        "young_daly_interval_s": optimum if math.isfinite(optimum) else None,
        "interval_source": "given" if rel.checkpoint_interval_s is not None else "young-daly",
        "goodput": share,
        "training_time_s": train_s,
        "wall_time_s": wall_s,
        "wall_time_days": wall_s / 86400.0,
        "expected_failures": failures,
        "expected_checkpoints": checkpoints,
        "time_checkpointing_s": checkpoints * c,
        "time_restarting_s": failures * rel.restart_s,
        "time_lost_s": failures * g.expected_lost_s(tau, c) if failures else 0.0,
        "reliability": rel.model_dump(),
    }


def interval_curve(rel: ReliabilityConfig, gpus: int, checkpoint_s: float, points: int = 61) -> list[dict]:
    """Goodput against the checkpoint interval, log-spaced from one checkpoint write to 100x Young's optimum."""
    mtbf = g.mtbf_s(rel.failures_per_gpu_hour, gpus)
    opt = g.young_daly_interval_s(checkpoint_s, mtbf)
    lo = max(checkpoint_s, 1.0)
    hi = max(100.0 * opt if math.isfinite(opt) else 1e6, 10.0 * lo)
    out = []
    for k in range(points):
        tau = lo * (hi / lo) ** (k / (points - 1))
        out.append(
            {"checkpoint_interval_s": tau, "goodput": g.goodput(tau, checkpoint_s, rel.restart_s, mtbf)}
        )
    return out


def size_curve(rel: ReliabilityConfig, gpus: int, checkpoint_s: float) -> list[dict]:
    """Goodput against cluster size (powers of two from 1/64 to 16x this one), each at its own Young optimum
    (or at the given interval), with the same checkpoint write time (the storage bandwidth is the job's)."""
    out = []
    for k in range(-6, 5):
        n = max(1, round(gpus * 2.0**k))
        mtbf = g.mtbf_s(rel.failures_per_gpu_hour, n)
        tau = rel.checkpoint_interval_s or g.young_daly_interval_s(checkpoint_s, mtbf)
        out.append(
            {"gpus": n, "goodput": g.goodput(max(tau, checkpoint_s), checkpoint_s, rel.restart_s, mtbf)}
        )
    return out
