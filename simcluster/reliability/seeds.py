"""Many seeds of one scenario: iteration time percentiles under the profile's variability, the scenario's
stragglers and degraded links, and the profile's fit uncertainty (docs/reliability.md).

Seed i of a run of N is the scenario's seed + i and gives exactly what a single run with that seed gives.
Seeds are cut into chunks, one task each, on the process pool or Ray (search/runner.py); a chunk builds the
program and the engine once and re-runs only the engine per seed (`Engine.again`) unless the seed changes
the program itself (stragglers and degraded links are drawn per seed). Results are sorted by seed, so they
do not depend on what ran them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simcluster.config.loader import LoadedScenario
from simcluster.reliability.fitspread import NO_FIT, fit_spread
from simcluster.reliability.seedrun import SeedRunner, interval
from simcluster.search.runner import run_points


@dataclass(frozen=True)
class SeedChunk:
    """One task: seeds seed + start .. seed + stop - 1 of a scenario (as validated data)."""

    index: int
    scenario: dict[str, Any]
    base_dir: str
    start: int
    stop: int


@dataclass(frozen=True)
class SeedTimes:
    seeds: list[int]
    iteration_time_s: list[float]  # variability only: what a single run with that seed prints
    with_fit_s: list[float] | None  # the same seeds with the fit term (None: the profile has no residuals)
    fit_term: str


def chunks(n: int, jobs: int) -> list[range]:
    """Seed indices in contiguous chunks, two per worker (balance against each chunk's build, ~1 s for GPT-3)."""
    k = max(1, min(n, 2 * jobs))
    size = math.ceil(n / k)
    return [range(i, min(n, i + size)) for i in range(0, n, size)]


def run_seeds(
    loaded: LoadedScenario,
    n: int,
    jobs: int | None = None,
    executor: str = "local",
    address: str | None = None,
    progress: Callable[[float], None] | None = None,
) -> SeedTimes:
    """Iteration time of seeds seed, seed + 1, ..., seed + n - 1 of `loaded`'s scenario; `progress(fraction
    of seeds done)` as chunks finish."""
    from simcluster.search.runner import default_jobs

    sc = loaded.scenario
    data = sc.model_dump(mode="json")
    parts = chunks(n, jobs or default_jobs())
    points = [SeedChunk(i, data, str(loaded.base_dir), r.start, r.stop) for i, r in enumerate(parts)]
    rows: dict[int, dict[str, Any]] = {}

    def on_result(chunk: SeedChunk, row: dict[str, Any]) -> None:
        rows[chunk.index] = row
        if progress is not None:
            progress(sum(parts[i].stop - parts[i].start for i in rows) / n)

    run_points(points, on_result, jobs, executor, address, run_chunk)  # type: ignore[arg-type]
    times: list[float] = []
    fits: list[float] = []
    for i in range(len(parts)):
        row = rows[i]
        if row.get("error"):
            from simcluster.errors import SimclusterError

            raise SimclusterError(row["error"])
        times += row["iteration_time_s"]
        fits += row["with_fit_s"] or []
    spread = fit_spread(loaded.hardware)
    return SeedTimes(
        seeds=[sc.seed + i for i in range(n)],
        iteration_time_s=times,
        with_fit_s=fits if spread is not None else None,
        fit_term=spread.describe() if spread is not None else NO_FIT,
    )


def run_chunk(point: SeedChunk) -> dict[str, Any]:
    """One task: the seeds [start, stop) (as offsets from the scenario's seed) of the chunk's scenario."""
    from simcluster.config.loader import parse_scenario
    from simcluster.errors import SimclusterError
    from simcluster.hardware.profile import load_profile

    data, start, stop = point.scenario, point.start, point.stop
    row: dict[str, Any] = {"point": point.index, "error": ""}
    try:
        sc = parse_scenario(data)
        hw = load_profile(sc.hardware, base_dir=Path(point.base_dir))
        loaded = LoadedScenario(sc, hw, Path(point.base_dir))
        spread = fit_spread(hw)
        times = SeedRunner(loaded)
        row["iteration_time_s"] = [times(sc.seed + i) for i in range(start, stop)]
        row["with_fit_s"] = (
            [times(sc.seed + i, spread.scale_of(sc.seed + i)) for i in range(start, stop)] if spread else None
        )
    except SimclusterError as exc:
        row["error"] = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return row


def summary_block(st: SeedTimes) -> dict[str, Any]:
    """summary.json's `seeds` (docs/outputs.md): the interval with the fit term where the profile has one."""
    var = interval(st.iteration_time_s)
    return {
        "count": len(st.seeds),
        "first_seed": st.seeds[0],
        "iteration_time": interval(st.with_fit_s) if st.with_fit_s is not None else var,
        "variability_only": var if st.with_fit_s is not None else None,
        "fit_term": st.fit_term,
    }


def seeds_csv(st: SeedTimes) -> str:
    """One row per seed (exact floats): seed, iteration_time_s[, iteration_time_with_fit_s]."""
    head = "seed,iteration_time_s" + (",iteration_time_with_fit_s" if st.with_fit_s is not None else "")
    rows = [head]
    for i, seed in enumerate(st.seeds):
        row = f"{seed},{st.iteration_time_s[i]!r}"
        if st.with_fit_s is not None:
            row += f",{st.with_fit_s[i]!r}"
        rows.append(row)
    return "\n".join(rows) + "\n"
