"""The process's place in the job (rank, world size, local rank) from torchrun's or Slurm's environment,
and timing of a benchmark loop (CUDA events on a GPU, perf_counter on a CPU)."""

from __future__ import annotations

import math
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


TARGET_REPLAY_S = 2e-3  # a replay long enough that event resolution (~0.5 us) and graph launch do not matter
MAX_REPS = 200


def time_kernels(step: Callable[[], object], device: torch.device, replays: int) -> tuple[list[float], int, str]:
    """(seconds per call in each of `replays` replays, calls per replay, method): kernels back to back without
    the host between them. On a GPU `reps` calls (as many as fill TARGET_REPLAY_S) are captured in a CUDA graph
    and replayed ('graph'; 'eager' between CUDA events where capture fails), so a host slower to launch a GEMM
    than the GPU is to run it does not read as a slow GPU; on a CPU, wall-clock over `reps` calls."""
    for _ in range(2):
        step()
    if device.type != "cuda":
        t0 = time.perf_counter()
        step()
        once = max(time.perf_counter() - t0, 1e-7)
        reps = max(1, min(MAX_REPS, math.ceil(TARGET_REPLAY_S / once)))
        times = []
        for _ in range(replays):
            t0 = time.perf_counter()
            for _ in range(reps):
                step()
            times.append((time.perf_counter() - t0) / reps)
        return times, reps, "eager"
    torch.cuda.synchronize(device)
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(3):
        step()
    end.record()
    end.synchronize()
    once = max(start.elapsed_time(end) / 1e3 / 3, 1e-7)  # an upper bound: launches included
    reps = max(1, min(MAX_REPS, math.ceil(TARGET_REPLAY_S / once)))
    try:
        replay = _graph(step, reps, device)
        method = "graph"
    except RuntimeError:
        torch.cuda.synchronize(device)

        def replay() -> None:
            for _ in range(reps):
                step()

        method = "eager"
    replay()
    times = []
    for _ in range(replays):
        start.record()
        replay()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) / 1e3 / reps)
    return times, reps, method


def _graph(step: Callable[[], object], reps: int, device: torch.device) -> Callable[[], None]:
    side = torch.cuda.Stream(device)
    side.wait_stream(torch.cuda.current_stream(device))
    with torch.cuda.stream(side):
        step()  # warm on a side stream, as capture asks
    torch.cuda.current_stream(device).wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for _ in range(reps):
            step()
    return graph.replay
