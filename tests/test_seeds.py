"""Many seeds (`run --seeds`): closed-form E[max] and percentiles, folded == unfolded in the mean, seed i ==
a single run with seed i, zero variability gives a zero-width interval, one-line errors, the fit term,
stragglers now and then."""

from __future__ import annotations

import json
import math
from pathlib import Path
from statistics import NormalDist

import numpy as np
import pytest
import yaml
from click.testing import CliRunner

from simcluster.cli import main
from simcluster.config.loader import load_scenario
from simcluster.hardware.profile import OpVariability
from simcluster.model.ops import OpSpec
from simcluster.reliability import noise, stragglers
from simcluster.reliability.fitspread import fit_spread
from simcluster.reliability.seedrun import SeedRunner, interval
from simcluster.simulate import simulate

PRESET = Path(__file__).resolve().parents[1] / "simcluster" / "hardware" / "presets" / "dgx-a100.yaml"
SCENARIO = {
    "name": "tp",
    "cluster": {"nodes": 1},
    "parallelism": {"tensor": 4, "pipeline": 2, "data": 1},
    "model": {"layers": 4, "hidden": 1024, "heads": 16, "seq_len": 512, "vocab": 0},
    "training": {"global_batch": 8, "micro_batch": 1},
}


def _files(tmp_path: Path, variability: dict | None, measured: list | None = None) -> Path:
    prof = yaml.safe_load(PRESET.read_text())
    if variability is not None:
        prof["variability"] = variability
    if measured is not None:
        prof["gpu"]["gemm"]["measured"] = measured
    (tmp_path / "hw.yaml").write_text(yaml.safe_dump(prof))
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump({**SCENARIO, "hardware": str(tmp_path / "hw.yaml")}))
    return p


def _run(args: list[str]) -> tuple[int, list[str]]:
    res = CliRunner().invoke(main, args)
    return res.exit_code, res.output.strip().splitlines()


class _Hw:  # the two fields rank_extras reads
    def __init__(self, spec: OpVariability) -> None:
        self.variability = {"gemm": spec}


def _blocks(k: int, d: float) -> list:
    gemm = OpSpec(kind="gemm", name="g", phase="forward", duration_s=d)
    ar = OpSpec(kind="allreduce", name="ar", phase="forward", group=(0, 1), bytes=1.0)
    return [(gemm, 0, 0), (ar, 0, 0)] * k


@pytest.mark.parametrize(("alpha", "width"), [(3.0, 8), (2.5, 4)])
def test_expected_max_over_folded_peers_matches_closed_form(alpha, width):
    """A folded rank standing for `width` peers that meet after every op: each block costs d x max of
    `width` draws, E = d x x_m n! Gamma(1 - 1/alpha) / Gamma(n + 1 - 1/alpha)."""
    k, d = 200_000, 1e-3
    hw = _Hw(OpVariability(distribution="pareto", alpha=alpha))
    cs = noise.rank_extras(_blocks(k, d), hw, np.random.default_rng(3), width)
    mean_block = d + cs[-1] / k
    assert mean_block == pytest.approx(d * noise.pareto_expected_max(alpha, width), rel=0.02)
    one = noise.rank_extras(_blocks(k, d), hw, np.random.default_rng(3), 1)
    assert d + one[-1] / k == pytest.approx(d, rel=0.02)  # one peer: mean 1


def test_two_ops_between_collectives_take_the_max_of_their_sum():
    """Peers drift apart over a block and meet at its end: max over peers of the block's sum, not the sum of
    per-op maxima (lognormal, 2 peers: E[max(X1, X2)] of X = sum of two mean-1 lognormals)."""
    spec = OpVariability(cv=0.2)
    gemm = OpSpec(kind="gemm", name="g", phase="forward", duration_s=1.0)
    ar = OpSpec(kind="allreduce", name="ar", phase="forward", group=(0, 1), bytes=1.0)
    k = 100_000
    cs = noise.rank_extras([(gemm, 0, 0), (gemm, 0, 0), (ar, 0, 0)] * k, _Hw(spec), np.random.default_rng(5), 2)
    x = noise.draw(spec, np.random.default_rng(9), (400_000, 2, 2)).sum(axis=2).max(axis=1)
    assert 2.0 + cs[-1] / k == pytest.approx(x.mean(), rel=2e-3)
    assert x.mean() < 2 * noise.draw(spec, np.random.default_rng(9), (400_000, 2)).max(axis=1).mean()


def test_percentiles_of_a_known_lognormal():
    """One op of d seconds per iteration, one peer: iteration extra = d (F - 1); the interval's p05/p50/p95
    are d exp(mu + sigma z_q)."""
    spec = OpVariability(cv=0.3)
    s2 = math.log1p(0.09)
    mu, sigma = -s2 / 2, math.sqrt(s2)
    d = 2.0
    times = [
        d + float(noise.rank_extras(_blocks(1, d), _Hw(spec), np.random.default_rng([s, 26]), 1)[-1])
        for s in range(20_000)
    ]
    got = interval(times)
    for q in (5, 50, 95):
        want = d * math.exp(mu + sigma * NormalDist().inv_cdf(q / 100))
        assert got[f"p{q:02d}_s"] == pytest.approx(want, rel=0.01)
    assert got["mean_s"] == pytest.approx(d, rel=0.01) and got["stdev_s"] == pytest.approx(0.3 * d, rel=0.03)
    assert interval([1.5]) == {"p05_s": 1.5, "p50_s": 1.5, "p95_s": 1.5, "mean_s": 1.5, "stdev_s": 0.0}


def test_folded_mean_matches_every_rank_simulated(tmp_path):
    """Folding stays on under variability: its mean over seeds matches simulating every tensor peer (within
    a tenth of what variability adds; folding neglects nothing but the data axis, here 1)."""
    p = _files(tmp_path, {"gemm": {"cv": 0.1}, "attention": {"cv": 0.1}, "elementwise": {"cv": 0.1}})
    det = simulate(load_scenario(p, ["hardware=dgx-a100"])).engine.iteration_time_s

    def mean(fold: str) -> float:
        runner = SeedRunner(load_scenario(p, [f"simulation.fold={fold}"]))
        return float(np.mean([runner(s) for s in range(30)]))

    folded, every = mean("auto"), mean("none")
    assert len(simulate(load_scenario(p)).program.reps) == 2  # one per stage: folded
    assert every > det * 1.005
    assert folded == pytest.approx(every, abs=0.1 * (every - det))


def test_seed_i_of_a_run_is_a_single_run_and_executors_agree(tmp_path):
    p = _files(tmp_path, {"gemm": {"cv": 0.05}, "elementwise": {"distribution": "pareto", "alpha": 3.0}})
    code, lines = _run(["run", str(p), "--seeds", "6", "--jobs", "2", "--out", str(tmp_path / "a"), "--quiet"])
    assert code == 0, lines
    code, _ = _run(["run", str(p), "--seeds", "6", "--jobs", "1", "--out", str(tmp_path / "b"), "--quiet"])
    assert (tmp_path / "a" / "seeds.csv").read_bytes() == (tmp_path / "b" / "seeds.csv").read_bytes()
    rows = (tmp_path / "a" / "seeds.csv").read_text().splitlines()
    assert rows[0] == "seed,iteration_time_s" and len(rows) == 7
    times = [float(r.split(",")[1]) for r in rows[1:]]
    assert len(set(times)) == 6
    for seed in (0, 4):
        single = simulate(load_scenario(p, [f"seed={seed}"])).engine.iteration_time_s
        assert times[seed] == single  # exactly
    s = json.loads((tmp_path / "a" / "summary.json").read_text())
    assert s["iteration_time_s"] == times[0]
    assert s["seeds"]["count"] == 6 and s["seeds"]["first_seed"] == 0
    t = s["seeds"]["iteration_time"]
    assert t["p05_s"] < t["p50_s"] < t["p95_s"] and min(times) <= t["p05_s"] and t["p95_s"] <= max(times)
    assert s["seeds"]["variability_only"] is None and s["seeds"]["fit_term"].startswith("none")
    # the scenario field does the same
    code, _ = _run(["run", str(p), "--set", "simulation.seeds=6", "--out", str(tmp_path / "c"), "--quiet"])
    assert code == 0 and (tmp_path / "c" / "seeds.csv").read_bytes() == (tmp_path / "a" / "seeds.csv").read_bytes()


def test_zero_variability_gives_a_zero_width_interval_and_identical_outputs(tmp_path):
    p = _files(tmp_path, {"gemm": {"cv": 0.0}})
    assert _run(["run", str(p), "--seeds", "5", "--out", str(tmp_path / "a"), "--quiet"])[0] == 0
    assert _run(["run", str(p), "--out", str(tmp_path / "b"), "--quiet"])[0] == 0
    rows = (tmp_path / "a" / "seeds.csv").read_text().splitlines()[1:]
    assert len({r.split(",")[1] for r in rows}) == 1
    a = json.loads((tmp_path / "a" / "summary.json").read_text())
    t = a.pop("seeds")["iteration_time"]
    assert t["p05_s"] == t["p50_s"] == t["p95_s"] == t["mean_s"] == a["iteration_time_s"] and t["stdev_s"] == 0
    assert json.dumps(a) == json.dumps(json.loads((tmp_path / "b" / "summary.json").read_text()))
    for name in ("events.csv", "timeline.html"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    assert not (tmp_path / "b" / "seeds.csv").exists()


@pytest.mark.parametrize(
    ("args", "parts"),
    [
        (["--seeds", "0"], ["--seeds=0", "from 1 to 10000"]),
        (["--seeds", "-3"], ["--seeds=-3", "from 1 to 10000"]),
        (["--seeds", "10001"], ["--seeds=10001"]),
        (["--seeds", str(2**70)], ["--seeds=", "from 1 to 10000"]),
        (["--seeds", "3", "--set", f"seed={2**63 - 2}"], ["--seeds=3", "largest seed"]),
        (["--seeds", "10000", "--set", "model.layers=4096"], ["--seeds=10000", "hours"]),
        (["--set", "simulation.seeds=0"], ["simulation.seeds"]),
        (["--set", "variability.stragglers.probability=1.5"], ["probability"]),
        (["--seeds", "2", "--jobs", "0"], ["--jobs"]),
    ],
)
def test_bad_seeds_get_one_line(tmp_path, args, parts):
    p = _files(tmp_path, None)
    code, lines = _run(["run", str(p), "--out", str(tmp_path / "o"), *args])
    assert code == 2, lines
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
    for part in parts:
        assert part in lines[0], lines[0]
    assert not (tmp_path / "o").exists()


def _measured(rel: list[float]) -> list[dict]:
    """Measured GEMM points off the smooth model by the given relative factors (bf16, square shapes)."""
    from simcluster.hardware.profile import load_profile
    from simcluster.model.costs import CostModel

    cm = CostModel(load_profile("dgx-a100"), "bf16")
    out = []
    for i, f in enumerate(rel):
        m = 1024 * (i + 1)
        t = cm.gemm(m, m, m)[0] * f
        launch = cm.hw.gpu.gemm.launch_us * 1e-6
        out.append({"m": m, "n": m, "k": m, "dtype": "bf16", "tflops": 2.0 * m**3 / (t - launch) / 1e12})
    return out


def test_fit_term_bootstraps_the_residuals(tmp_path):
    rel = [0.9, 1.0, 1.1, 1.05, 0.95, 1.2]
    p = _files(tmp_path, None, _measured(rel))
    loaded = load_scenario(p)
    spread = fit_spread(loaded.hardware)
    assert spread is not None
    assert spread.residuals == pytest.approx(np.log(rel), abs=1e-9)
    r = np.log(rel)
    f = np.log([spread.factor(s) for s in range(4000)])
    assert f.mean() == pytest.approx(r.mean(), abs=0.003)
    assert f.std() == pytest.approx(r.std(ddof=0) / math.sqrt(len(r)), rel=0.08)  # the bootstrap of a mean
    assert spread.factor(7) == spread.factor(7)
    assert fit_spread(load_scenario(_files(tmp_path / "..", None)).hardware) is None
    code, lines = _run(["run", str(p), "--seeds", "8", "--out", str(tmp_path / "o"), "--quiet"])
    assert code == 0, lines
    s = json.loads((tmp_path / "o" / "summary.json").read_text())["seeds"]
    assert s["fit_term"].startswith("gemm: mean of 6 measured GEMM residuals")
    assert s["variability_only"]["stdev_s"] == 0.0  # no variability in this profile: the fit term alone
    assert s["iteration_time"]["stdev_s"] > 0
    head = (tmp_path / "o" / "seeds.csv").read_text().splitlines()[0]
    assert head == "seed,iteration_time_s,iteration_time_with_fit_s"


def test_stragglers_now_and_then(tmp_path):
    base = {**SCENARIO, "hardware": "dgx-a100", "cluster": {"nodes": 4, "gpus_per_node": 1}}
    base["parallelism"] = {"tensor": 1, "pipeline": 4, "data": 1}
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(base))
    sets = ["variability.stragglers.nodes=[1, 2]", "variability.stragglers.compute_slowdown=2"]
    slow = [
        stragglers.slow_nodes(load_scenario(p, [*sets, "variability.stragglers.probability=0.5", f"seed={s}"]).scenario)
        for s in range(400)
    ]
    share = np.mean([[1 in s, 2 in s] for s in slow], axis=0)
    assert share == pytest.approx([0.5, 0.5], abs=0.07)
    assert any(s == [] for s in slow) and any(s == [1, 2] for s in slow)
    never = load_scenario(p, [*sets, "variability.stragglers.probability=0"])
    assert not stragglers.active(never.scenario)
    assert simulate(never).engine.iteration_time_s == simulate(load_scenario(p)).engine.iteration_time_s
    runner = SeedRunner(load_scenario(p, [*sets, "variability.stragglers.probability=0.5"]))
    times = {runner(s) for s in range(12)}
    assert len(times) >= 3  # none, one or both nodes slow


def test_search_ranks_by_a_percentile_and_draws_the_intervals(tmp_path):
    import pandas as pd

    p = _files(tmp_path, {"gemm": {"cv": 0.1}, "elementwise": {"distribution": "pareto", "alpha": 2.5}})
    (tmp_path / "space.yaml").write_text(yaml.safe_dump({"parallelism.tensor": [2, 4], "parallelism.pipeline": [1, 2]}))
    args = ["search", str(p), "--space", str(tmp_path / "space.yaml"), "--top", "3", "--jobs", "1"]
    code, lines = _run([*args, "--seeds", "4", "--rank-by", "p95", "--out", str(tmp_path / "a")])
    assert code == 0, lines
    rows = pd.read_csv(tmp_path / "a" / "results.csv")
    sim = rows[rows["status"] == "simulated"].sort_values("rank")
    assert len(sim) == 3
    assert list(sim["iteration_time_p95_s"]) == sorted(sim["iteration_time_p95_s"])
    assert (sim["iteration_time_p05_s"] <= sim["iteration_time_p95_s"]).all()
    page = (tmp_path / "a" / "search.html").read_text()
    assert "search-intervals" in page and "p05 to p95" in page
    # a layout's p95 is the interval of its own scenario run with --seeds 4
    best = yaml.safe_load((tmp_path / "a" / "best.yaml").read_text())
    best["hardware"] = str(tmp_path / "hw.yaml")
    (tmp_path / "best.yaml").write_text(yaml.safe_dump(best))
    assert _run(["run", str(tmp_path / "best.yaml"), "--seeds", "4", "--out", str(tmp_path / "b"), "--quiet"])[0] == 0
    t = json.loads((tmp_path / "b" / "summary.json").read_text())["seeds"]["iteration_time"]
    assert t["p95_s"] == pytest.approx(sim["iteration_time_p95_s"].iloc[0], rel=1e-12)
    # without seeds there is no percentile to rank by; one line
    code, lines = _run([*args, "--rank-by", "p95", "--out", str(tmp_path / "c")])
    assert code == 2 and len(lines) == 1 and "--seeds 2 or more" in lines[0]
    assert not (tmp_path / "c").exists()


def test_compare_draws_intervals_where_scenarios_have_seeds(tmp_path):
    p = _files(tmp_path, {"gemm": {"cv": 0.1}})
    q = tmp_path / "q.yaml"
    q.write_text(yaml.safe_dump({**yaml.safe_load(p.read_text()), "name": "tp2", "simulation": {"seeds": 5}}))
    code, lines = _run(["compare", str(p), str(q), "--out", str(tmp_path / "o"), "--quiet"])
    assert code == 0, lines
    doc = json.loads((tmp_path / "o" / "compare.json").read_text())
    a, b = doc["scenarios"]
    assert a["seeds"] is None and "iteration_time_p95_s" not in a
    assert b["seeds"] == 5 and b["iteration_time_p05_s"] < b["iteration_time_p95_s"]
    single = SeedRunner(load_scenario(q))
    assert b["iteration_time_p50_s"] == interval([single(s) for s in range(5)])["p50_s"]
    assert "compare-intervals" in (tmp_path / "o" / "compare.html").read_text()


def test_a_sweep_point_with_seeds_gets_its_percentiles(tmp_path):
    import pandas as pd

    p = _files(tmp_path, {"gemm": {"cv": 0.1}})
    sweep = {"base": str(p), "set": {"simulation.seeds": 3}, "grid": {"training.micro_batch": [1, 2]}}
    (tmp_path / "sw.yaml").write_text(yaml.safe_dump(sweep))
    code, lines = _run(["sweep", str(tmp_path / "sw.yaml"), "--jobs", "1", "--out", str(tmp_path / "o"), "--quiet"])
    assert code == 0, lines
    rows = pd.read_csv(tmp_path / "o" / "results.csv")
    assert len(rows) == 2 and (rows["iteration_time_p05_s"] < rows["iteration_time_p95_s"]).all()
    one = SeedRunner(load_scenario(p, ["training.micro_batch=2"]))
    row = rows[rows["training.micro_batch"] == 2].iloc[0]
    assert row["iteration_time_p50_s"] == pytest.approx(interval([one(s) for s in range(3)])["p50_s"], rel=1e-12)


def test_engine_rendezvous_takes_the_expected_max_over_ranks():
    """Simulated, not sampled: 8 ranks, each running a GEMM of d seconds then an all-reduce of them all, K
    times, every GEMM drawn from pareto(alpha) per rank. The engine's rendezvous waits for the slowest rank,
    so the iteration grows by exactly the mean over blocks of d (max of the 8 draws - 1), and that by
    K d (E[max of 8] - 1), E in closed form (to 3%: the sampling error of 3,000 blocks is about 1%)."""
    from simcluster.engine.executor import Engine
    from simcluster.hardware.profile import load_profile
    from simcluster.model.ops import Step
    from simcluster.topology.graph import build_topology

    hw = load_profile("dgx-a100")
    alpha, n, k, d = 5.0, 8, 3000, 1e-3
    group = tuple(range(n))
    gemm = OpSpec(kind="gemm", name="g", phase="forward", duration_s=d)
    ar = OpSpec(kind="allreduce", name="ar", phase="forward", bytes=1024.0, group=group)
    steps = {r: [Step(gemm, 0, i) if j == 0 else Step(ar, 0, i) for i in range(k) for j in (0, 1)] for r in group}

    def run(stretch=None) -> float:
        topo = build_topology(hw, nodes=1)
        launch = hw.collectives.launch_us * 1e-6
        return Engine(steps, [group], list(range(8)), topo, launch, algorithm="ring", stretch=stretch).run_time()

    spec = _Hw(OpVariability(distribution="pareto", alpha=alpha))
    rng = np.random.default_rng(11)
    extras = {r: noise.rank_extras(steps[r], spec, rng, 1) for r in group}
    grown = (run(noise.stretch_of(extras)) - run()) / (k * d)
    drawn = np.max([np.diff(extras[r])[0::2] for r in group], axis=0).mean() / d  # each GEMM's extra
    assert grown == pytest.approx(drawn, rel=1e-9)
    assert grown == pytest.approx(noise.pareto_expected_max(alpha, n) - 1, rel=0.03)
