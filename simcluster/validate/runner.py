"""Run validation cases: simulate each distinct (scenario, overrides) once, compare with published."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from simcluster.config.loader import load_scenario
from simcluster.simulate import simulate
from simcluster.validate.cases import Case


@dataclass(frozen=True)
class Outcome:
    case: Case
    published: float
    predicted: float

    @property
    def error(self) -> float:
        """Signed relative error: predicted / published - 1."""
        return self.predicted / self.published - 1.0


def run_cases(cases: list[Case], progress: Callable[[int, int], None] | None = None) -> list[Outcome]:
    summaries: dict[tuple, dict] = {}
    raw: dict[str, float] = {}
    for i, case in enumerate(cases):
        key = (str(case.scenario), case.overrides)
        if key not in summaries:
            summaries[key] = simulate(load_scenario(case.scenario, list(case.overrides))).summary()
        raw[case.id] = float(summaries[key][case.metric])
        if progress is not None:
            progress(i + 1, len(cases))
    out = []
    for case in cases:
        predicted = raw[case.id]
        if case.relative_to is not None:
            predicted /= raw[case.relative_to]
        out.append(Outcome(case, case.published, predicted))
    return out


def mape_by_table(outcomes: list[Outcome]) -> dict[str, float]:
    tables: dict[str, list[float]] = {}
    for o in outcomes:
        tables.setdefault(o.case.table, []).append(abs(o.error))
    return {t: sum(v) / len(v) for t, v in sorted(tables.items())}
