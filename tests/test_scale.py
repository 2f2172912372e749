"""The size limit (issue 28): 262,144 GPUs accepted when memory allows, one more refused in one line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from simcluster.config import limits
from simcluster.config.loader import load_scenario
from simcluster.errors import ConfigError

ROOT = Path(__file__).resolve().parent.parent
DENSE_1T = ROOT / "scenarios" / "dense_1t_131k.yaml"
AT_LIMIT = ["cluster.nodes=32768", "parallelism.data=1024", "training.global_batch=65536"]


def test_limit_is_262144_gpus():
    assert limits.MAX_CLUSTER_GPUS == 262144
    limits.check_cluster(262144, 1, 262144)
    limits.check_cluster(32768, 8, 262144)
    with pytest.raises(ConfigError, match=r"cluster.nodes=262145: gives 262145 GPUs \(262145 x 1\); at most 262144"):
        limits.check_cluster(262145, 1, 262145)


def test_the_1t_scenario_loads_at_131072_and_262144_gpus():
    assert load_scenario(str(DENSE_1T)).scenario.world_size == 131072
    assert load_scenario(str(DENSE_1T), AT_LIMIT).scenario.world_size == 262144


def _check(*sets: str) -> subprocess.CompletedProcess:
    args = [a for s in sets for a in ("--set", s)]
    return subprocess.run(
        [sys.executable, "-m", "simcluster.cli", "check", str(DENSE_1T), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


def test_check_accepts_262144_gpus_and_refuses_more_in_one_line():
    ok = _check(*AT_LIMIT)
    assert ok.returncode == 0, ok.stderr
    assert "world size 262144 on 262144 GPUs" in ok.stdout
    assert "peak memory 34.5 of 80 GiB" in ok.stdout
    bad = _check("cluster.nodes=32769", "parallelism.data=1024", "training.global_batch=65536")
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr == (
        "error: cluster.nodes=32769: gives 262152 GPUs (32769 x 8); at most 262144 GPUs can be simulated\n"
    )
    assert "Traceback" not in bad.stderr


# -- folding at scale: translations computed, not stored ----------------------------------------------------


def _reference_translations(layout, axes):  # noqa: ANN001, ANN202 - the tuples build_program used to store
    import itertools

    out = []
    for shifts in itertools.product(*(range(layout.size(a)) for a in axes)):
        perm = list(range(layout.world_size))
        for r in range(layout.world_size):
            for a, k in zip(axes, shifts):
                perm[r] = layout.shift(perm[r], a, k)
        out.append(tuple(perm))
    return out


def _computed(lay, axes):  # noqa: ANN001, ANN202 - the layout's axes, each shifted by 1, 2, ...
    from simcluster.parallel.groups import Translations

    return Translations(lay.world_size, [(lay.strides[a], lay.size(a), 1) for a in axes])


@pytest.mark.parametrize("order", ["tp-cp-ep-dp-pp", "dp-tp-pp", "pp-dp-tp"])
def test_translations_equal_the_stored_tuples(order):
    from simcluster.parallel.groups import RankLayout

    lay = RankLayout(tp=4, dp=3, pp=2, order=order)
    axes = ("tp", "dp")
    tr = _computed(lay, axes)
    ref = _reference_translations(lay, axes)
    assert len(tr) == len(ref) == 12
    assert [tuple(t) for t in tr] == ref
    assert [tr[i][r] for i in range(12) for r in range(24)] == [p[r] for p in ref for r in range(24)]
    group = lay.group(5, "dp")
    assert tr.images(group).tolist() == [[p[r] for r in group] for p in ref]
    for src in range(24):
        for dst in range(24):
            hit = tr.between(src, dst)
            want = next((p for p in ref if p[src] == dst), None)
            assert (hit is None) == (want is None)
            if hit is not None:
                assert tuple(hit) == want
    one = _computed(lay, ())
    assert len(one) == 1 and tuple(one[0]) == tuple(range(24))
    assert one.images((3, 1)).tolist() == [[3, 1]]
    with pytest.raises(IndexError):
        tr[12]


def test_engine_instances_are_the_same_from_tuples_and_from_computed_translations():
    from simcluster.engine.executor import _distinct_images
    from simcluster.parallel.groups import RankLayout

    lay = RankLayout(tp=4, dp=4, pp=2)
    tr = _computed(lay, ("tp", "dp"))
    ref = _reference_translations(lay, ("tp", "dp"))
    groups = (lay.group(0, "tp"), lay.group(0, "dp"), (0, 16), (16, 0), (0,), (0, 2), (2, 0, 8, 10), (5, 1, 13))
    for group in groups:
        fast = _distinct_images(tr, group)
        assert fast == _distinct_images(ref, group)
        assert fast[0] == group
    assert len(_distinct_images(tr, lay.group(0, "tp"))) == 4  # the 4 data-parallel replicas' copies
    assert len(_distinct_images(tr, (0, 16))) == 16


def test_translations_with_steps_equal_the_stored_tuples():
    """Expert parallel folds the data axis in parts and by steps (shifts by multiples of k only)."""
    import itertools

    from simcluster.engine.executor import _distinct_images
    from simcluster.parallel.groups import Translations

    world, axes = 48, [(1, 4, 2), (4, 3, 1), (12, 2, 1)]  # (stride, size, step)
    tr = Translations(world, axes)
    ref = []
    for shifts in itertools.product(*(range(0, size, k) for _, size, k in axes)):
        perm = []
        for r in range(world):
            for (stride, size, _), k in zip(axes, shifts):
                c = (r // stride) % size
                r += ((c + k) % size - c) * stride
            perm.append(r)
        ref.append(tuple(perm))
    assert len(tr) == len(ref) == 12 and [tuple(t) for t in tr] == ref
    for group in ((0, 1), (0, 2), (1, 5, 9), (0, 12), (3, 2, 1, 0), (0, 4, 8, 12, 16, 20)):
        assert tr.images(group).tolist() == [[p[r] for r in group] for p in ref]
        assert _distinct_images(tr, group) == _distinct_images(ref, group)
    for src, dst in itertools.product(range(world), repeat=2):
        hit, want = tr.between(src, dst), next((p for p in ref if p[src] == dst), None)
        assert (None if hit is None else tuple(hit)) == want


def test_program_memory_does_not_grow_with_translations_times_ranks():
    """32,768 ranks folded 1,024 ways: the program holds no per-translation, per-rank table."""
    import tracemalloc

    from simcluster.model.costs import CostModel
    from simcluster.parallel.program import build_program

    sets = ["cluster.nodes=4096", "parallelism.data=128", "model.layers=32", "training.global_batch=4096"]
    loaded = load_scenario(str(DENSE_1T), sets)
    tracemalloc.start()
    prog = build_program(loaded.scenario, CostModel(loaded.hardware, "bf16"), fold=True)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert len(prog.translations) == 1024 and len(prog.reps) == 32
    assert peak < 150 * 2**20, peak  # 1,024 x 32,768 stored integers were ~1.2 GB
    assert prog.translations.between(0, 32767 - 31 * 1024) is not None


# -- outputs at scale ----------------------------------------------------------------------------------------

SMALL = ROOT / "scenarios" / "gpt3_175b_1024gpu.yaml"
SMALL_SETS = ["cluster.nodes=4", "parallelism.data=2", "parallelism.pipeline=2", "model.layers=4",
              "training.global_batch=8"]


@pytest.fixture(scope="module")
def small_run():
    from simcluster.simulate import simulate

    return simulate(load_scenario(str(SMALL), SMALL_SETS))


def test_summary_lists_ranks_up_to_the_limit_then_stages_and_classes(small_run, monkeypatch):
    from simcluster import simulate

    full = small_run.summary()
    assert len(full["per_rank"]) == 32 and "per_stage" not in full and "per_class" not in full
    monkeypatch.setattr(simulate, "PER_RANK_MAX_RANKS", 31)
    s = small_run.summary()
    assert s["per_rank"] is None
    classes, stages = s["per_class"], s["per_stage"]
    assert [c["represented_by"] for c in classes] == [0, 16] and [c["stage"] for c in classes] == [0, 1]
    assert [c["ranks"] for c in classes] == [16, 16] and [c["last_rank"] for c in classes] == [15, 31]
    by_rank = full["per_rank"]
    for c in classes:
        mine = [r for r in by_rank if r["represented_by"] == c["represented_by"]]
        assert len(mine) == c["ranks"]
        for key in ("compute_busy_s", "comm_busy_s", "bytes_sent", "bytes_received", "memory"):
            assert all(r[key] == c[key] for r in mine)
    assert [st["stage"] for st in stages] == [0, 1] and [st["ranks"] for st in stages] == [16, 16]
    for st in stages:
        mine = [r for r in by_rank if r["rank"] // 16 == st["stage"]]
        assert st["bytes_sent"] == sum(r["bytes_sent"] for r in mine) > 0
        assert st["bytes_received"] == sum(r["bytes_received"] for r in mine)
        assert st["max_compute_busy_s"] == max(r["compute_busy_s"] for r in mine) > 0
        assert st["peak_memory_bytes"] == max(r["memory"]["total"] for r in mine) > 0
    rest = {k: v for k, v in s.items() if k not in ("per_rank", "per_stage", "per_class")}
    assert rest == {k: v for k, v in full.items() if k != "per_rank"}


def test_events_only_when_asked_past_the_limit(small_run, monkeypatch, tmp_path):
    from simcluster import simulate
    from simcluster.report.outputs import write_outputs

    monkeypatch.setattr(simulate, "PER_RANK_MAX_RANKS", 31)
    _, written = write_outputs(small_run, tmp_path / "a", "auto", ["summary", "events"])
    assert (tmp_path / "a" / "events.csv").exists()  # named in --outputs: asked
    _, written = write_outputs(small_run, tmp_path / "b", "auto", None)
    assert sorted(p.name for p in (tmp_path / "b").iterdir()) == [
        ".simcluster-outputs", "summary.json", "timeline.html", "trace.json.gz"
    ]
    assert [w.file for w in written if w.file.startswith("(")] == ["(no events)"]
    assert "only when asked" in next(w.why for w in written if w.file == "(no events)")
    write_outputs(small_run, tmp_path / "c", "auto", None, events_asked=True)
    assert (tmp_path / "c" / "events.csv").exists()
    monkeypatch.setattr(simulate, "PER_RANK_MAX_RANKS", 32)
    write_outputs(small_run, tmp_path / "d", "auto", None)
    assert (tmp_path / "d" / "events.csv").exists()


def test_the_1t_scenario_runs_on_131072_gpus_with_small_outputs(tmp_path):
    """131,072 GPUs end to end through the CLI (4 layers per stage cut to 1: the shapes of every collective
    over the 4,096 folded copies are what scale); summary per stage and class, no events unless asked."""
    out = tmp_path / "out"
    sets = ["model.layers=32", "training.global_batch=16384"]
    proc = subprocess.run(
        [sys.executable, "-m", "simcluster.cli", "run", str(DENSE_1T), "--out", str(out), "--quiet",
         "--outputs", "summary", *(x for s in sets for x in ("--set", s))],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    import json

    s = json.loads((out / "summary.json").read_text())
    assert s["world_size"] == 131072 and s["per_rank"] is None and s["fits_in_memory"]
    assert [c["ranks"] for c in s["per_class"]] == [4096] * 32
    assert [st["stage"] for st in s["per_stage"]] == list(range(32))
    assert sum(st["ranks"] for st in s["per_stage"]) == 131072
    assert s["events_ranks"] == [] and sorted(p.name for p in out.iterdir()) == [".simcluster-outputs", "summary.json"]
    assert 1.5 < s["iteration_time_s"] < 3.0 and 0.1 < s["mfu"] < 0.3  # 2.08 s, 19% when written
    assert (out / "summary.json").stat().st_size < 100_000


def test_events_all_past_the_row_cap_is_refused_in_one_line(small_run, monkeypatch, tmp_path):
    from simcluster.errors import ConfigError
    from simcluster.report import events
    from simcluster.report.outputs import write_outputs

    rows = events.events_rows(small_run, list(range(32)))
    monkeypatch.setattr(events, "ALL_MAX_ROWS", rows - 1)
    with pytest.raises(ConfigError) as err:
        write_outputs(small_run, tmp_path / "out", "all", ["summary", "events"])
    assert str(err.value) == (
        f"--events='all': would write {rows:,} rows, more than {rows - 1:,}; --events auto writes the 2 simulated ranks"
    )
    assert not (tmp_path / "out").exists()
    monkeypatch.setattr(events, "ALL_MAX_ROWS", rows)
    write_outputs(small_run, tmp_path / "out", "all", ["summary", "events"])
    assert (tmp_path / "out" / "events.parquet").exists() or (tmp_path / "out" / "events.csv").exists()
