"""Straggler nodes: the closed-form slowdown of a pipeline, zero variability unchanged, seeded draws."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from simcluster.config.loader import load_scenario
from simcluster.errors import SimclusterError
from simcluster.reliability import stragglers
from simcluster.simulate import simulate

ROOT = Path(__file__).resolve().parents[1]
PIPE = {  # 4 stages, one GPU per node: node k holds stage k
    "name": "pp",
    "hardware": "dgx-a100",
    "cluster": {"nodes": 4, "gpus_per_node": 1},
    "parallelism": {"tensor": 1, "pipeline": 4, "data": 1},
    "model": {"layers": 8, "hidden": 2048, "heads": 16, "seq_len": 1024, "vocab": 0},
    "training": {"global_batch": 16, "micro_batch": 1},
}


@pytest.fixture()
def pipe(tmp_path):
    p = tmp_path / "pp.yaml"
    p.write_text(yaml.safe_dump(PIPE))
    return p


def _slow(path: Path, node: int, s: float) -> float:
    sets = [f"variability.stragglers.nodes=[{node}]", f"variability.stragglers.compute_slowdown={s}"]
    return simulate(load_scenario(path, sets)).summary()["iteration_time_s"]


def test_slow_last_stage_adds_its_microbatch_compute(pipe):
    """1F1B, last stage slower by s and the bottleneck: it runs its m forwards and backwards back to back, so
    the iteration grows by (s - 1) x m (f + b) of that stage (f + b from its ops' durations)."""
    base = simulate(load_scenario(pipe, ["simulation.fold=none"]))
    t0 = base.summary()["iteration_time_s"]
    fb = sum(
        op.duration_s for op, _l, _m in base.program.steps[3] if op.is_compute and op.phase != "optimizer"
    )
    opt = sum(op.duration_s for op, _l, _m in base.program.steps[3] if op.phase == "optimizer")
    assert _slow(pipe, 3, 2.0) - t0 == pytest.approx(fb, rel=0.01)
    # off the bottleneck regime the closed form bounds it: a mildly slow stage also waits on its neighbours,
    # a very slow one's optimizer ends after stage 0's
    for s in (1.5, 3.0):
        assert 0.9 * (s - 1) * fb < _slow(pipe, 3, s) - t0 < (s - 1) * (fb + opt)


def test_zero_variability_is_byte_identical(pipe, tmp_path):
    def run(out: Path, *sets: str) -> bytes:
        args = [sys.executable, "-m", "simcluster.cli", "run", str(pipe), "--quiet", "--out", str(out)]
        for s in sets:
            args += ["--set", s]
        p = subprocess.run(args, capture_output=True, text=True, cwd=ROOT)
        assert p.returncode == 0, p.stderr
        return b"".join((out / n).read_bytes() for n in ("summary.json", "events.csv"))

    a = run(tmp_path / "a")
    assert (
        run(tmp_path / "b", "variability.stragglers.nodes=[1]", "variability.stragglers.compute_slowdown=1")
        == a
    )
    assert run(tmp_path / "c", "variability.stragglers.compute_slowdown=2") == a  # no node named, share 0
    assert (
        run(tmp_path / "d", "variability.stragglers.nodes=[1]", "variability.stragglers.compute_slowdown=2")
        != a
    )


def test_share_is_drawn_from_the_seed(pipe):
    def nodes(seed: int) -> list[int]:
        sets = ["cluster.nodes=64", "variability.stragglers.share=0.25", "variability.stragglers.nodes=[5]"]
        sc = load_scenario(pipe, [*sets, f"seed={seed}", "parallelism.data=16"]).scenario
        return stragglers.slow_nodes(sc)

    assert nodes(1) == nodes(1) and len(nodes(1)) == 1 + round(0.25 * 63) and 5 in nodes(1)
    assert nodes(1) != nodes(2)


@pytest.mark.parametrize(
    "override",
    [
        "variability.stragglers.share=1.5",
        "variability.stragglers.share=-0.1",
        "variability.stragglers.share=.nan",
        "variability.stragglers.compute_slowdown=0.5",
        "variability.stragglers.compute_slowdown=.inf",
    ],
)
def test_impossible_straggler_values(pipe, override):
    with pytest.raises(SimclusterError) as exc:
        load_scenario(pipe, [override])
    assert "variability.stragglers" in str(exc.value) and "\n" not in str(exc.value)


def test_a_node_outside_the_cluster_is_one_line(pipe):
    sets = ["variability.stragglers.nodes=[9]", "variability.stragglers.compute_slowdown=2"]
    with pytest.raises(SimclusterError, match=r"variability.stragglers.nodes=9: must name a node below"):
        simulate(load_scenario(pipe, sets))


DP = {  # two nodes of one GPU, data-parallel 2: the gradient all-reduce crosses both nodes' NIC links
    "name": "dp",
    "hardware": "dgx-a100",
    "cluster": {"nodes": 2, "gpus_per_node": 1},
    "parallelism": {"tensor": 1, "pipeline": 1, "data": 2},
    "model": {"layers": 4, "hidden": 4096, "heads": 32, "seq_len": 1024, "vocab": 0},
    "training": {"global_batch": 2, "micro_batch": 1, "grad_overlap": False},
}


@pytest.mark.parametrize("factor", [0.5, 0.25])
def test_degraded_link_slows_the_allreduce_by_its_bandwidth(tmp_path, factor):
    """Ring all-reduce over 2 ranks, 2(n-1)(alpha + S/(n bw)): one node's links at f x bw stretch the
    bandwidth term by 1/f (the latency term, 0.3% here, stays), and the exposed all-reduce the iteration."""
    p = tmp_path / "dp.yaml"
    p.write_text(yaml.safe_dump(DP))
    base = simulate(load_scenario(p, ["simulation.fold=none"])).summary()
    sets = ["variability.degraded_links.nodes=[1]", f"variability.degraded_links.bandwidth_factor={factor}"]
    slow = simulate(load_scenario(p, sets)).summary()
    c0, c1 = base["per_rank"][0]["comm_busy_s"], slow["per_rank"][0]["comm_busy_s"]
    assert c1 - c0 == pytest.approx((1 / factor - 1) * c0, rel=0.01)
    assert slow["iteration_time_s"] - base["iteration_time_s"] == pytest.approx(c1 - c0, rel=1e-3)
    same = ["variability.degraded_links.nodes=[1]", "variability.degraded_links.bandwidth_factor=1"]
    assert simulate(load_scenario(p, same)).summary() == simulate(load_scenario(p, [])).summary()


@pytest.mark.parametrize(
    "override",
    ["variability.degraded_links.bandwidth_factor=0", "variability.degraded_links.bandwidth_factor=1.5"],
)
def test_impossible_link_factor(pipe, override):
    with pytest.raises(SimclusterError, match="variability.degraded_links.bandwidth_factor"):
        load_scenario(pipe, [override])


# -- the spread of the GPUs' own speeds (variability.gpu_speed_cv) ------------------------------------------

DATA = {  # DP's layout at data parallel 4 on one node (gradients reduced after the backward, nothing overlapped)
    **DP,
    "cluster": {"nodes": 1, "gpus_per_node": 4},
    "parallelism": {"tensor": 1, "pipeline": 1, "data": 4},
    "training": {"global_batch": 8, "micro_batch": 1, "grad_overlap": False},
}


def test_gpu_factors_are_a_mean_one_lognormal_of_the_cv():
    """20,000 GPUs' factors at cv 0.03: mean 1 and coefficient of variation 0.03 (to sampling error), the same
    for the same seed, others for another; cv 0 breaks no symmetry."""
    import statistics

    sc = load_scenario(ROOT / "scenarios" / "megatron_tp_16gpu.yaml", ["variability.gpu_speed_cv=0.03"]).scenario
    f = stragglers.gpu_factors(sc, 20_000)
    mean, sd = statistics.fmean(f), statistics.pstdev(f)
    assert mean == pytest.approx(1.0, abs=0.001) and sd / mean == pytest.approx(0.03, rel=0.03)
    assert f == stragglers.gpu_factors(sc, 20_000) and all(x > 0 for x in f)
    assert f != stragglers.gpu_factors(sc.model_copy(update={"seed": 1}), 20_000)
    assert not load_scenario(ROOT / "scenarios" / "megatron_tp_16gpu.yaml").scenario.variability.breaks_symmetry()


def test_a_synchronous_step_waits_for_its_slowest_gpu(tmp_path):
    """Closed form: data parallel with the gradient all-reduce after the backward; each rank's compute (its
    layers and optimizer, C) takes its GPU's factor, the all-reduce starts when the slowest is done and every
    optimizer ends after it, so the iteration grows by C x (max factor - 1) (the all-reduce itself unchanged)."""
    p = tmp_path / "dp.yaml"
    p.write_text(yaml.safe_dump(DATA))
    base = simulate(load_scenario(p))
    compute = sum(s.op.duration_s for s in base.program.steps[0] if s.op.is_compute)
    for seed in (0, 3):
        loaded = load_scenario(p, ["variability.gpu_speed_cv=0.05", f"seed={seed}"])
        slowest = max(stragglers.gpu_factors(loaded.scenario, 4))
        t = simulate(loaded).engine.iteration_time_s
        assert slowest > 1.0
        assert t - base.engine.iteration_time_s == pytest.approx(compute * (slowest - 1.0), rel=0.02)


def test_variability_at_scale_is_refused_before_anything_is_built():
    """A speed spread (or a straggler) turns folding off; on 131,072 GPUs that is refused at load, one line
    saying why, where before the unfolded program was built until memory ran out."""
    for sets in (["variability.gpu_speed_cv=0.02"], ["variability.stragglers.share=0.01",
                                                     "variability.stragglers.compute_slowdown=1.2"]):
        with pytest.raises(SimclusterError) as e:
            load_scenario(ROOT / "scenarios" / "deepseek_v3_131k.yaml", sets)
        msg = str(e.value)
        assert "\n" not in msg and "gpu_speed_cv simulate every rank" in msg, msg
    load_scenario(ROOT / "scenarios" / "deepseek_v3_131k.yaml")  # folded, it loads
