"""Pruning and estimating layouts in chunks: in this process, or spread over the executor's workers.

Layouts are grouped by their rank geometry (scheme, tensor, pipeline, data, context, placement and any
extra axis): a collective's shape depends on that alone, so a group's shapes are built on one worker only. Groups are packed into chunks (largest first onto the lightest chunk), and a chunk travels as plain
data: the loaded scenario, its raw data and the layouts with their enumeration indexes. Each worker keeps
the `Estimator` of the last search it served (its topology, routes and collective shapes), so its later
chunks reuse them. Every value computed depends on its layout alone, so the rows are the same whatever
ran them, and in the same order (by enumeration index).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from simcluster.config.loader import LoadedScenario
from simcluster.search.estimate import Estimator
from simcluster.search.prune import capacity_bytes, peak_memory_fast, scheme_key, scheme_of
from simcluster.search.space import AXES, SCHEME, Layout, scenario_of

CHUNKS_PER_WORKER = 3  # more chunks than workers: the pool balances what the packing could not foresee
GEOMETRY = (
    SCHEME,
    "parallelism.tensor",
    "parallelism.pipeline",
    "parallelism.data",
    "parallelism.context",
    "parallelism.placement",
)


@dataclass(frozen=True)
class Chunk:
    """What a worker needs to prune and estimate some layouts of one search."""

    index: int
    loaded: LoadedScenario
    raw: dict[str, Any]
    margin: float
    layouts: tuple[tuple[int, Layout], ...]  # (enumeration index, layout)
    key: str  # identifies the search (scenario, hardware): a worker reuses its Estimator for equal keys


class _Worker:
    """The per-process state a worker keeps between chunks of one search: the estimator and the schemes
    (caches only: nothing computed depends on which chunks came before)."""

    key: str | None = None
    estimator: Estimator | None = None
    schemes: dict[tuple, Any] = {}

    @classmethod
    def of(cls, chunk: Chunk) -> tuple[Estimator, dict[tuple, Any]]:
        if cls.key != chunk.key or cls.estimator is None:
            cls.key, cls.estimator, cls.schemes = chunk.key, Estimator(chunk.loaded), {}
        return cls.estimator, cls.schemes

    @classmethod
    def clear(cls) -> None:
        cls.key, cls.estimator, cls.schemes = None, None, {}


def search_key(loaded: LoadedScenario, raw: dict[str, Any]) -> str:
    """A content key of one search's base (scenario data, hardware profile, base folder)."""
    text = json.dumps(
        [raw, loaded.hardware.model_dump(mode="json"), str(loaded.base_dir)], sort_keys=True, default=str
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def prune_and_estimate(
    loaded: LoadedScenario,
    raw: dict[str, Any],
    layouts: tuple[tuple[int, Layout], ...],
    margin: float,
    est: Estimator,
    schemes: dict[tuple, Any],
    scenarios: list[Any] | None = None,
) -> list[dict[str, Any]]:
    """Per layout: its memory model peak and, if it fits, its estimate (the row fields the search writes).
    `scenarios` (by enumeration index) saves rebuilding the layouts' scenarios in this process."""
    hw = loaded.hardware
    cap = capacity_bytes(hw, margin)
    factories = schemes.setdefault(("op factories",), {})  # one per precision, shared by the schemes
    out = []
    for i, lay in layouts:
        sc = scenarios[i] if scenarios is not None else scenario_of(loaded, raw, lay)
        key = scheme_key(sc)
        scheme = schemes.get(key)
        if scheme is None:
            scheme = schemes[key] = scheme_of(sc, hw, factories)
        mem = peak_memory_fast(sc, hw, scheme)
        row: dict[str, Any] = {"memory_model_peak_bytes": round(mem.total), "memory_capacity_bytes": round(cap)}
        if mem.total > cap:
            row["status"] = "out of memory"
        else:
            e = est.estimate(sc, scheme)
            row["status"] = "estimated"
            row["est_iteration_time_s"] = e.iteration_time_s
            row["est_throughput_seq_per_s"] = sc.training.global_batch / e.iteration_time_s
            row["est_bubble_share"] = e.bubble_share
            row["est_exposed_comm_share"] = e.exposed_comm_share
        out.append(row)
    return out


def run_chunk(chunk: Chunk) -> dict[str, Any]:
    """A worker's task: the rows of one chunk (`rows`, in the chunk's order)."""
    est, schemes = _Worker.of(chunk)
    return {"rows": prune_and_estimate(chunk.loaded, chunk.raw, chunk.layouts, chunk.margin, est, schemes)}


def geometry(lay: Layout) -> tuple:
    """What a layout's collective groups depend on (layouts that share it share collective shapes)."""
    return tuple(repr(lay.get(k)) for k in GEOMETRY) + tuple(
        f"{k}={lay[k]!r}" for k in sorted(lay) if k not in AXES
    )


def make_chunks(
    loaded: LoadedScenario, raw: dict[str, Any], layouts: list[Layout], margin: float, n_chunks: int
) -> list[Chunk]:
    """Layouts grouped by geometry, the groups packed into at most `n_chunks` chunks of about equal size
    (largest group first onto the lightest chunk; ties by enumeration order, so the packing is fixed)."""
    groups: dict[tuple, list[tuple[int, Layout]]] = {}
    for i, lay in enumerate(layouts):
        groups.setdefault(geometry(lay), []).append((i, lay))
    bins: list[list[tuple[int, Layout]]] = [[] for _ in range(max(1, min(n_chunks, len(groups))))]
    for members in sorted(groups.values(), key=lambda g: (-len(g), g[0][0])):
        min(bins, key=lambda b: (len(b), bins.index(b))).extend(members)
    key = search_key(loaded, raw)
    return [
        Chunk(k, loaded, raw, margin, tuple(sorted(b, key=lambda x: x[0])), key) for k, b in enumerate(bins) if b
    ]


def estimate_all(
    loaded: LoadedScenario,
    raw: dict[str, Any],
    layouts: list[Layout],
    scenarios: list[Any],
    margin: float,
    run: Callable[[list[Chunk], Callable[[Chunk, dict[str, Any]], None]], None] | None,
    workers: int,
    progress: Callable[[float], None] | None = None,
    forked: bool = True,
) -> list[dict[str, Any]]:
    """The pruning and estimate fields of every layout, in enumeration order. `run(chunks, on_result)` runs
    the chunks on the executor's workers; None (or one worker): everything in this process. `forked`: the
    workers are forked from this process (the local pool), so they can start with its topology."""
    if run is None or workers <= 1 or len(layouts) < 2:
        est, schemes = Estimator(loaded), {}
        out: list[dict[str, Any]] = []
        step = 512
        for k in range(0, len(layouts), step):
            if progress is not None:
                progress(k / len(layouts))
            part = tuple((i, layouts[i]) for i in range(k, min(k + step, len(layouts))))
            out += prune_and_estimate(loaded, raw, part, margin, est, schemes, scenarios)
        return out
    chunks = make_chunks(loaded, raw, layouts, margin, workers * CHUNKS_PER_WORKER)
    rows: list[dict[str, Any] | None] = [None] * len(layouts)
    done = [0]

    def on_result(chunk: Chunk, result: dict[str, Any]) -> None:
        got = result.get("rows")
        if got is None:  # the worker died (killed for memory): this process does the chunk
            got = prune_and_estimate(loaded, raw, chunk.layouts, margin, Estimator(loaded), {}, scenarios)
        for (i, _), r in zip(chunk.layouts, got):
            rows[i] = r
        done[0] += len(chunk.layouts)
        if progress is not None:
            progress(done[0] / len(layouts))

    if progress is not None:
        progress(0.0)
    # Workers forked from this process start with its estimator and the cluster's topology built (Ray's
    # workers build their own); this process lets go of them afterwards.
    if forked:
        est, _ = _Worker.of(chunks[0])
        est.topology(loaded.scenario)
    try:
        run(chunks, on_result)
    finally:
        _Worker.clear()
    return [r for r in rows if r is not None]
