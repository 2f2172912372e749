"""`simcluster sweep`: run every point of a sweep file, streaming results and resuming where it stopped."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from simcluster.config.loader import read_yaml_mapping
from simcluster.report.outdir import make_out
from simcluster.search.point import BREAKDOWN_COLUMNS, SUMMARY_COLUMNS, Point, run_point, scenario_hash
from simcluster.search.results import ResultStore
from simcluster.search.runner import run_points
from simcluster.search.space import with_values
from simcluster.search.sweepfile import Sweep, check_values


def point_data(sweep: Sweep, base: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    return with_values(base, {**sweep.fixed, **values})


def point_key(data: dict[str, Any]) -> str:
    """The content hash of a point's scenario (normalized with the schema's defaults where it parses)."""
    from pydantic import ValidationError

    from simcluster.config.schema import Scenario

    try:
        return scenario_hash(Scenario.model_validate(data).model_dump(mode="json"))
    except ValidationError:
        return scenario_hash(data)


def columns(sweep: Sweep) -> list[str]:
    return [
        "point",
        *sweep.axes,
        "scenario_hash",
        "error",
        *SUMMARY_COLUMNS,
        *BREAKDOWN_COLUMNS,
        "bubble_share",
        "exposed_comm_share",
    ]


def run_sweep(
    sweep: Sweep,
    out: Path,
    jobs: int | None = None,
    executor: str = "local",
    address: str | None = None,
    resume: bool = False,
    progress: Callable[[float], None] | None = None,
    fn: Callable[[Point], dict[str, Any]] = run_point,
) -> tuple[list[dict[str, Any]], int]:
    """Run the points not already done; returns every row (sorted by point) and how many were skipped."""
    base = read_yaml_mapping(sweep.base, "sweep.base")
    check_values(sweep, base)
    out = make_out(out)
    store = ResultStore(out, resume=resume, columns=columns(sweep), required=tuple(SUMMARY_COLUMNS))
    todo: list[Point] = []
    axes_of: dict[int, dict[str, Any]] = {}
    skipped = 0
    for i, values in enumerate(sweep.points):
        data = point_data(sweep, base, values)
        key = point_key(data)
        axes_of[i] = {"point": i, **values, "scenario_hash": key}
        if resume and store.done(key) and not store.rows[key].get("error"):
            store.rows[key].update(axes_of[i])  # the same scenario may sit at another index now
            skipped += 1
            continue
        pts_dir = str(out / "points" / str(i)) if sweep.timelines else None
        todo.append(Point(i, data, str(sweep.base.parent), pts_dir, "auto" if sweep.timelines else "none"))
    done = [0]

    def on_result(point: Point, result: dict[str, Any]) -> None:
        store.add({**axes_of[point.index], **result})
        done[0] += 1
        if progress is not None:
            progress(done[0] / len(todo))

    run_points(todo, on_result, jobs, executor, address, fn)
    wanted = {a["scenario_hash"] for a in axes_of.values()}
    store.rows = {k: r for k, r in store.rows.items() if k in wanted}
    rows = store.finish(columns(sweep))
    return rows, skipped
