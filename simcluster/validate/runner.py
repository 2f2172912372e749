"""Run validation cases: simulate each distinct (scenario, overrides) once, compare with published."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from simcluster.config.loader import load_scenario
from simcluster.errors import ConfigError, SimclusterError
from simcluster.memory.maxbatch import max_batch
from simcluster.simulate import simulate
from simcluster.validate.cases import Case


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


def run_cases(cases: list[Case], progress: Callable[[int, int], None] | None = None) -> list[Outcome]:
    summaries: dict[tuple, dict] = {}
    raw: dict[str, float] = {}

    def measure(scenario, overrides: tuple[str, ...], metric: str) -> float:
        key = (str(scenario), overrides)
        loaded = load_scenario(scenario, list(overrides))
        if key not in summaries:
            summaries[key] = simulate(loaded).summary()
        if metric == "max_global_batch":
            return float(max_batch(loaded))
        value = summaries[key][metric]
        return math.nan if value is None else float(value)

    def checked(case: Case, scenario, overrides: tuple[str, ...], what: str) -> float:
        try:
            value = measure(scenario, overrides, case.metric)
        except SimclusterError as exc:
            raise ConfigError(f"case {case.id}{what}", None, str(exc)) from None
        if not math.isfinite(value):
            raise ConfigError(f"case {case.id}{what}", None, f"predicted {case.metric} is not finite")
        return value

    for i, case in enumerate(cases):
        raw[case.id] = checked(case, case.scenario, case.overrides, "")
        if case.baseline is not None:
            base = checked(case, case.baseline[0], case.baseline[1], ".baseline")
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
        summary = summaries[(str(case.scenario), case.overrides)]
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
