"""The process's place in the job (rank, world size, local rank) from torchrun's or Slurm's environment,
and timing of a benchmark loop (CUDA events on a GPU, perf_counter on a CPU)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass

import torch

from simcluster.errors import ConfigError


@dataclass(frozen=True, kw_only=True)
class Place:
    rank: int
    world_size: int
    local_rank: int


def _env_int(names: tuple[str, ...], default: int | None = None) -> int:
    for name in names:
        text = os.environ.get(name)
        if text is not None:
            try:
                return int(text)
            except ValueError:
                raise ConfigError(name, text, "must be an integer") from None
    if default is None:
        raise ConfigError(
            names[0], None, "is not set: launch with torchrun, srun or `python -m calibrate local`"
        )
    return default


def place_from_env() -> Place:
    """torchrun sets RANK/WORLD_SIZE/LOCAL_RANK; under srun the SLURM_* twins are used.

    Nodes are told apart by host name (gathered at start), so no per-node count is needed.
    """
    rank = _env_int(("RANK", "SLURM_PROCID"))
    world = _env_int(("WORLD_SIZE", "SLURM_NTASKS"))
    local = _env_int(("LOCAL_RANK", "SLURM_LOCALID"), default=0)
    os.environ.setdefault("RANK", str(rank))
    os.environ.setdefault("WORLD_SIZE", str(world))
    return Place(rank=rank, world_size=world, local_rank=local)


def time_each(step: Callable[[], object], iterations: int, device: torch.device) -> list[float]:
    """Seconds of each of `iterations` runs of `step`, back to back (CUDA events between runs on a GPU):
    their mean is what `time_loop` gives, their spread what the profile's `variability` is made of."""
    if device.type == "cuda":
        events = [torch.cuda.Event(enable_timing=True) for _ in range(iterations + 1)]
        events[0].record()
        for ev in events[1:]:
            step()
            ev.record()
        events[-1].synchronize()
        return [a.elapsed_time(b) / 1e3 for a, b in zip(events, events[1:])]
    out = []
    t0 = time.perf_counter()
    for _ in range(iterations):
        step()
        t1 = time.perf_counter()
        out.append(t1 - t0)
        t0 = t1
    return out


def warm_and_time(
    step: Callable[[], object], warmup: int, iterations: int, device: torch.device
) -> tuple[float, float | str]:
    """(mean seconds, cv) of `iterations` timed runs of `step` after `warmup` untimed ones, the device drained
    between them (`time_each`, `spread`)."""
    for _ in range(warmup):
        step()
    if device.type == "cuda":
        torch.cuda.synchronize(device)
    return spread(time_each(step, iterations, device))


def spread(times: list[float]) -> tuple[float, float | str]:
    """(mean seconds, coefficient of variation (sample stdev / mean), or "" with fewer than 2 times)."""
    mean = sum(times) / len(times)
    if len(times) < 2 or mean <= 0:
        return mean, ""
    var = sum((t - mean) ** 2 for t in times) / (len(times) - 1)
    return mean, var**0.5 / mean


def time_loop(step: Callable[[], object], iterations: int, device: torch.device) -> float:
    """Seconds per iteration of `step` run back to back (after the caller's warm-up and barrier)."""
    if device.type == "cuda":
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(iterations):
            step()
        end.record()
        end.synchronize()
        return start.elapsed_time(end) / 1e3 / iterations
    t0 = time.perf_counter()
    for _ in range(iterations):
        step()
    return (time.perf_counter() - t0) / iterations
