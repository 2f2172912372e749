"""Searches that scale: pruning and estimating in chunks on workers (same rows as one process, geometries
kept whole), the shared-copy `with_values`, a search point's reused topology and scalar summary, and the
search on a local Ray cluster (same result files as the local pool)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from simcluster.cli import main
from simcluster.config.loader import apply_overrides, load_scenario, read_yaml_mapping
from simcluster.search import batch
from simcluster.search.batch import _Worker, estimate_all, geometry, make_chunks, run_chunk
from simcluster.search.point import SUMMARY_COLUMNS, Point, _Topologies, run_point
from simcluster.search.space import Space, enumerate_space, with_values
from simcluster.simulate import simulate
from simcluster.topology.graph import build_topology


def _two_nodes(write_scenario) -> Path:
    """16 A100s on 2 nodes, an 8-layer 6.4B model, global batch 16: a few hundred layouts, some out of memory."""
    return write_scenario(
        {
            "name": "two",
            "hardware": "dgx-a100",
            "cluster": {"nodes": 2},
            "parallelism": {"scheme": "megatron", "tensor": 8, "data": 2},
            "model": {"layers": 8, "hidden": 8192, "heads": 64, "seq_len": 2048, "vocab": 51200},
            "training": {"global_batch": 16, "micro_batch": 1, "precision": "bf16"},
        }
    )


def _enumerated(path: Path):  # noqa: ANN202
    loaded, raw = load_scenario(path), read_yaml_mapping(path)
    return loaded, raw, enumerate_space(loaded, raw, Space())


def test_chunks_cover_every_layout_once_and_keep_each_geometry_on_one_worker(write_scenario):
    loaded, raw, enum = _enumerated(_two_nodes(write_scenario))
    chunks = make_chunks(loaded, raw, enum.layouts, 0.0, 6)
    assert 1 < len(chunks) <= 6
    assert sorted(i for c in chunks for i, _ in c.layouts) == list(range(len(enum.layouts)))
    where: dict[tuple, set[int]] = {}
    for c in chunks:
        assert [i for i, _ in c.layouts] == sorted(i for i, _ in c.layouts)
        for _, lay in c.layouts:
            where.setdefault(geometry(lay), set()).add(c.index)
    assert len(where) > len(chunks) and all(len(v) == 1 for v in where.values())
    # largest group first onto the lightest chunk: chunks differ by at most the largest group
    sizes = sorted(len(c.layouts) for c in chunks)
    largest = max(sum(1 for lay in enum.layouts if geometry(lay) == g) for g in where)
    assert sizes[-1] - sizes[0] <= largest
    assert {c.key for c in chunks} == {batch.search_key(loaded, raw)}


def test_chunked_estimates_equal_one_process_in_any_order(write_scenario):
    """Fresh workers, chunks finishing in reverse order: every row equals the one-process row."""
    loaded, raw, enum = _enumerated(_two_nodes(write_scenario))
    serial = estimate_all(loaded, raw, enum.layouts, enum.scenarios, 0.0, None, 1)
    assert {r["status"] for r in serial} == {"estimated", "out of memory"}

    def run(chunks, on_result):  # noqa: ANN001, ANN202
        for c in reversed(chunks):
            _Worker.key = None  # a worker that has not seen this search
            on_result(c, run_chunk(c))

    seen: list[float] = []
    rows = estimate_all(loaded, raw, enum.layouts, enum.scenarios, 0.0, run, 2, seen.append)
    assert rows == serial
    assert seen[0] == 0.0 and seen[-1] == 1.0 and len(seen) == len(make_chunks(loaded, raw, enum.layouts, 0.0, 6)) + 1
    # a chunk whose worker died is done in this process, with the same rows
    died = estimate_all(
        loaded, raw, enum.layouts, enum.scenarios, 0.0, lambda cs, cb: [cb(c, {"error": "died"}) for c in cs], 2
    )
    assert died == serial


def test_memory_margin_reaches_the_workers(write_scenario):
    loaded, raw, enum = _enumerated(_two_nodes(write_scenario))
    chunks = make_chunks(loaded, raw, enum.layouts, 0.5, 4)
    rows = [r for c in chunks for r in run_chunk(c)["rows"]]
    assert rows and all(r["memory_capacity_bytes"] == round(loaded.hardware.gpu.memory_GiB * 1024**3 * 0.5) for r in rows)
    serial = estimate_all(loaded, raw, enum.layouts, enum.scenarios, 0.5, None, 1)
    assert sum(r["status"] == "out of memory" for r in rows) == sum(r["status"] == "out of memory" for r in serial) > 0


def test_with_values_shared_equals_the_deep_copy_and_leaves_raw_alone():
    raw = {"name": "x", "parallelism": {"tensor": 2, "data": 4}, "model": {"layers": [1, 2]}, "training": {}}
    values = {"parallelism.tensor": 8, "training.micro_batch": 2, "cluster.nodes": 4, "model.layers": [3]}
    before = repr(raw)
    shared = with_values(raw, values, shared=True)
    assert shared == with_values(raw, values)
    assert shared["parallelism"] == {"tensor": 8, "data": 4} and shared["cluster"] == {"nodes": 4}
    assert repr(raw) == before


def test_point_reuses_its_topology_and_gives_the_same_row(write_scenario):
    path = _two_nodes(write_scenario)
    data = apply_overrides(read_yaml_mapping(path), [])
    point = Point(index=0, scenario=data, base_dir=str(path.parent))
    _Topologies.key = None
    first = run_point(point)
    topo = _Topologies.topology
    again = run_point(point)
    assert _Topologies.topology is topo and again == first and not first["error"]
    other = run_point(Point(index=1, scenario=with_values(data, {"cluster.nodes": 4}), base_dir=str(path.parent)))
    assert _Topologies.topology is not topo and _Topologies.topology.nodes == 4 and not other["error"]
    # a fresh topology gives the same result as the reused one
    loaded = load_scenario(path)
    fresh = simulate(loaded).summary()
    reused = simulate(loaded, topology=topo).summary()
    assert fresh == reused and first["iteration_time_s"] == fresh["iteration_time_s"]
    # every summary scalar a row carries is the summary's, the blocking collectives' wait among them
    assert all(first[k] == fresh[k] for k in SUMMARY_COLUMNS) and "collective_wait_time_s" in SUMMARY_COLUMNS


def test_scalar_summary_is_the_summary_without_per_rank_rows(write_scenario):
    res = simulate(load_scenario(_two_nodes(write_scenario)))
    full, scalars = res.summary(), res.summary(detail=False)
    assert set(full) - set(scalars) == {"per_rank", "link_utilization"}
    assert all(full[k] == v for k, v in scalars.items())


def test_degraded_links_never_touch_a_shared_topology(write_scenario):
    path = _two_nodes(write_scenario)
    sets = ["variability.degraded_links.nodes=[1]", "variability.degraded_links.bandwidth_factor=0.5"]
    loaded = load_scenario(path, sets)
    topo = build_topology(loaded.hardware, 2)
    caps = list(topo.capacity_Bps)
    res = simulate(loaded, topology=topo)
    assert res.topology is not topo and topo.capacity_Bps == caps
    assert res.topology.capacity_Bps != caps  # the run's own topology got the degraded links
    assert res.summary()["iteration_time_s"] == simulate(loaded).summary()["iteration_time_s"]


def test_search_on_a_local_ray_cluster_writes_the_same_files(write_scenario, tmp_path):
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'simcluster[ray]')")
    path = _two_nodes(write_scenario)
    runner = CliRunner()
    args = [str(path), "--top", "3", "--quiet"]
    r = runner.invoke(main, ["search", *args, "--jobs", "2", "--out", str(tmp_path / "local")])
    assert r.exit_code == 0, r.output
    ray.init(num_cpus=2, include_dashboard=False, ignore_reinit_error=True)
    try:
        r = runner.invoke(main, ["search", *args, "--executor", "ray", "--out", str(tmp_path / "ray")])
    finally:
        ray.shutdown()
    assert r.exit_code == 0, r.output
    for name in ("results.parquet", "results.csv", "best.yaml"):
        assert (tmp_path / "local" / name).read_bytes() == (tmp_path / "ray" / name).read_bytes(), name
