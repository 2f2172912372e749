"""Executors: run points in this process, in a local process pool, or as Ray tasks, handing each result
back as it finishes.

Every executor runs the same pure function on the same data, so a point's result does not depend on the
executor or on the number of workers; only the order results arrive in does (callers sort).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any

from simcluster.errors import ConfigError
from simcluster.search.point import Point, run_point

EXECUTORS = ("local", "ray")
OnResult = Callable[[Point, dict[str, Any]], None]


def default_jobs() -> int:
    return max(1, os.cpu_count() or 1)


def run_points(
    points: Sequence[Point],
    on_result: OnResult,
    jobs: int | None = None,
    executor: str = "local",
    address: str | None = None,
    fn: Callable[[Point], dict[str, Any]] = run_point,
) -> None:
    """Run `fn` on every point; `on_result(point, row)` is called in this process as each one finishes."""
    if executor not in EXECUTORS:
        raise ConfigError("--executor", executor, f"must be one of {', '.join(EXECUTORS)}")
    jobs = jobs or default_jobs()
    if jobs < 1:
        raise ConfigError("--jobs", jobs, "must be at least 1")
    if not points:
        return
    if executor == "ray":
        _run_ray(points, on_result, address, fn)
    elif jobs == 1 or len(points) == 1:
        for p in points:
            on_result(p, fn(p))
    else:
        _run_pool(points, on_result, jobs, fn)


def _run_pool(
    points: Sequence[Point], on_result: OnResult, jobs: int, fn: Callable[[Point], dict[str, Any]]
) -> None:
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(points)))
    pending = {pool.submit(fn, p): p for p in points}
    try:
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in sorted(done, key=lambda f: pending[f].index):
                on_result(pending.pop(fut), fut.result())
    except BaseException:  # Ctrl-C or a failing callback: drop what has not started, do not wait
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ConfigError(
            "--executor", "ray", "needs Ray, which is not installed: pip install 'simcluster[ray]'"
        ) from None
    return ray


def _run_ray(
    points: Sequence[Point], on_result: OnResult, address: str | None, fn: Callable[[Point], dict[str, Any]]
) -> None:
    ray = import_ray()
    if not ray.is_initialized():
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    task = ray.remote(fn)
    refs = {task.remote(p): p for p in points}
    while refs:
        done, _ = ray.wait(list(refs), num_returns=1)
        for ref in done:
            on_result(refs.pop(ref), ray.get(ref))
