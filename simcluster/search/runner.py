"""Executors: run points in this process, in a local process pool, or as Ray tasks, handing each result
back as it finishes.

Every executor runs the same pure function on the same data, so a point's result does not depend on the
executor or on the number of workers; only the order results arrive in does (callers sort).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from simcluster.errors import ConfigError
from simcluster.search.point import Point, run_point

EXECUTORS = ("local", "ray")
WORKER_DIED = "the worker process died (killed by the system, most likely out of memory)"
OnResult = Callable[[Point, dict[str, Any]], None]


def default_jobs() -> int:
    return max(1, os.cpu_count() or 1)


def _quiet_worker() -> None:
    """A pool worker leaves Ctrl-C to the main process (which stops the pool: `abort_pool`) and dies silently
    when stopped, instead of inheriting the CLI's handlers and printing a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def make_pool(workers: int) -> ProcessPoolExecutor:
    """A local process pool of `workers` quiet workers."""
    return ProcessPoolExecutor(max_workers=workers, initializer=_quiet_worker)


def abort_pool(pool: ProcessPoolExecutor) -> None:
    """Stop a pool now (Ctrl-C, an internal error): its workers killed, queued work dropped. Shut down alone,
    the interpreter's exit would join workers still running their simulations (or, one that took the
    interrupt, wait on it for good)."""
    procs = getattr(pool, "_processes", None) or {}  # Python 3.14 has pool.kill_workers()
    for proc in list(procs.values()):
        proc.kill()
    pool.shutdown(wait=False, cancel_futures=True)


def workers(jobs: int | None, executor: str = "local", address: str | None = None) -> int:
    """How many points run at once: `jobs` (default the cores) locally, the cluster's CPUs on Ray (which
    this connects to, or starts locally, as `run_points` would)."""
    if executor == "ray":
        ray = _ray_session(address)
        return max(1, int(ray.cluster_resources().get("CPU", 1)))
    return jobs or default_jobs()


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
    """A process pool. If the OS kills a worker (out of memory), the pool breaks and every unfinished point
    runs again alone in its own process: the one that kills its process again is recorded with that error,
    the others finish normally."""
    pool = make_pool(min(jobs, len(points)))
    pending = {pool.submit(fn, p): p for p in points}
    suspects: list[Point] = []
    try:
        while pending and not suspects:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in sorted(done, key=lambda f: pending[f].index):
                if isinstance(fut.exception(), BrokenProcessPool):
                    suspects = sorted(pending.values(), key=lambda q: q.index)
                    break
                on_result(pending.pop(fut), fut.result())
    except BaseException:  # Ctrl-C or a failing callback: drop what has not started, do not wait
        abort_pool(pool)
        raise
    pool.shutdown(wait=not suspects, cancel_futures=bool(suspects))
    for point in suspects:
        with make_pool(1) as alone:
            try:
                row = alone.submit(fn, point).result()
            except BrokenProcessPool:
                row = {"point": point.index, "error": WORKER_DIED}
        on_result(point, row)


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ConfigError(
            "--executor", "ray", "needs Ray, which is not installed: pip install 'simcluster[ray]'"
        ) from None
    return ray


def _ray_session(address: str | None) -> Any:
    ray = import_ray()
    if not ray.is_initialized():
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    return ray


def _run_ray(
    points: Sequence[Point], on_result: OnResult, address: str | None, fn: Callable[[Point], dict[str, Any]]
) -> None:
    ray = _ray_session(address)
    task = ray.remote(fn)
    refs = {task.remote(p): p for p in points}
    while refs:
        done, _ = ray.wait(list(refs), num_returns=1)
        for ref in done:
            on_result(refs.pop(ref), ray.get(ref))
