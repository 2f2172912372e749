"""Run validation cases: simulate each distinct (scenario, overrides) once, compare with published.

The distinct simulations run in this process or, with `jobs` above 1, on a local process pool; each is a
pure function of its scenario, so the outcomes do not depend on how many run at once."""

from __future__ import annotations

import math
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path

from simcluster.config.loader import load_scenario
from simcluster.errors import ConfigError, SimclusterError
from simcluster.memory.maxbatch import max_batch
from simcluster.nccl_tests import run_collective
from simcluster.search.runner import abort_pool, make_pool
from simcluster.simulate import simulate
from simcluster.validate.cases import COLLECTIVE_KEYS, Case, Collective

# (scenario path, overrides), or a collective case's collective: one simulation, whichever cases and metrics
# read it
_Key = tuple[str, tuple[str, ...]] | Collective
# its summary and, where a case asks for it, the largest global batch that fits; or the one-line error
_Result = tuple[dict | None, float | None, str | None]


@dataclass(frozen=True)
class Outcome:
    case: Case
    published: float
    predicted: float
    breakdown: dict[str, float]  # fractions of the slowest rank's iteration: compute, communication, idle

    @property
    def error(self) -> float:
        """Signed relative error: predicted / published - 1."""
        return self.predicted / self.published - 1.0


def _evaluate(key: _Key, max_global_batch: bool) -> _Result:
    """One distinct simulation (a worker's task): its summary, the largest global batch if asked, or the
    one-line error of a scenario that does not load or run."""
    try:
        if isinstance(key, Collective):
            return _collective_summary(key), None, None
        scenario, overrides = key
        loaded = load_scenario(Path(scenario), list(overrides))
        summary = simulate(loaded).summary()
        return summary, float(max_batch(loaded)) if max_global_batch else None, None
    except SimclusterError as exc:
        return None, None, str(exc)


def _key(case: Case) -> _Key:
    """The simulation a case reads."""
    return case.collective or (str(case.scenario), tuple(case.overrides))


def _baseline_key(case: Case) -> _Key:
    """The simulation a case's baseline reads (a case with a `baseline`)."""
    assert case.baseline is not None
    return str(case.baseline[0]), tuple(case.baseline[1])


def _collective_summary(c: Collective) -> dict:
    """A collective case's simulation as a summary: its time, and all of it communication."""
    names = {k: f"collective.{k}" for k in COLLECTIVE_KEYS}
    out = run_collective(c.op, c.hardware, c.nodes, c.gpus, c.size, c.algorithm, names)
    t = float(out["time_s"])
    return {
        "time_s": t,
        "iteration_time_s": t,
        "slowest_rank": 0,
        "per_rank": [{"compute_busy_s": 0.0, "comm_busy_s": t}],
    }


def _evaluate_pool(tasks: dict[_Key, bool], jobs: int) -> dict[_Key, _Result]:
    """The tasks (key -> whether a case asks its largest batch) on `jobs` processes; what a killed worker
    (out of memory) left unfinished is missing, and the caller runs it in this process."""
    out: dict[_Key, _Result] = {}
    pool = make_pool(min(jobs, len(tasks)))
    try:
        futures = {key: pool.submit(_evaluate, key, want) for key, want in tasks.items()}
        for key, fut in futures.items():
            out[key] = fut.result()
    except BrokenProcessPool:
        pass
    except BaseException:  # Ctrl-C or an internal error: stop the workers, drop what has not started
        abort_pool(pool)
        raise
    # every future has its result, or the pool broke: join its manager thread now, since one left running races
    # the interpreter's exit hook for the pool's wakeup pipe ("Exception ignored ... Bad file descriptor")
    pool.shutdown(wait=True, cancel_futures=True)
    return out


def run_cases(
    cases: list[Case], progress: Callable[[int, int], None] | None = None, jobs: int = 1
) -> list[Outcome]:
    if jobs < 1:
        raise ConfigError("--jobs", jobs, "must be at least 1")
    tasks: dict[_Key, bool] = {}
    for case in cases:
        for key in (_key(case), *([_baseline_key(case)] if case.baseline else [])):
            tasks[key] = tasks.get(key, False) or case.metric == "max_global_batch"
    # one at a time, each when a case first needs it (a bad case stops the run there); or all at once
    results = _evaluate_pool(tasks, jobs) if jobs > 1 and len(tasks) > 1 else {}

    def result(key: _Key) -> _Result:
        if key not in results:
            results[key] = _evaluate(key, tasks[key])
        return results[key]

    raw: dict[str, float] = {}

    def checked(case: Case, key: _Key, what: str) -> float:
        summary, batch, error = result(key)
        if error is not None:
            raise ConfigError(f"case {case.id}{what}", None, error)
        assert summary is not None
        value = batch if case.metric == "max_global_batch" else summary[case.metric]
        if value is None and case.metric.startswith("moe_"):
            raise ConfigError(f"case {case.id}{what}", None, f"{case.metric} needs a MoE layer on the slowest rank")
        value = math.nan if value is None else float(value)
        if not math.isfinite(value):
            raise ConfigError(f"case {case.id}{what}", None, f"predicted {case.metric} is not finite")
        return value

    for i, case in enumerate(cases):
        raw[case.id] = checked(case, _key(case), "")
        if case.baseline is not None:
            base = checked(case, _baseline_key(case), ".baseline")
            if base == 0:
                raise ConfigError(
                    f"case {case.id}.baseline",
                    None,
                    f"predicted {case.metric} is 0, so no ratio can be taken",
                )
            raw[case.id] /= base
        if progress is not None:
            progress(i + 1, len(cases))
    out = []
    for case in cases:
        predicted = raw[case.id]
        if case.relative_to is not None:
            if raw[case.relative_to] == 0:
                raise ConfigError(
                    f"case {case.id}.relative_to",
                    case.relative_to,
                    f"that case's predicted {case.metric} is 0, so no ratio can be taken",
                )
            predicted /= raw[case.relative_to]
        summary = results[_key(case)][0]
        assert summary is not None
        out.append(Outcome(case, case.published, predicted, breakdown(summary)))
    return out


def breakdown(summary: dict) -> dict[str, float]:
    """Where the slowest rank's iteration goes: the part of the model a miss most likely lives in."""
    it = summary["iteration_time_s"]
    rank = summary["per_rank"][summary["slowest_rank"]]
    compute = rank["compute_busy_s"] / it if it else 0.0
    comm = rank["comm_busy_s"] / it if it else 0.0
    return {
        "compute": round(compute, 4),
        "communication": round(comm, 4),
        "idle": round(max(0.0, 1 - compute - comm), 4),
    }


def mape_by_table(outcomes: list[Outcome]) -> dict[str, float]:
    tables: dict[str, list[float]] = {}
    for o in outcomes:
        tables.setdefault(o.case.table, []).append(abs(o.error))
    return {t: sum(v) / len(v) for t, v in sorted(tables.items())}
