"""Time to train: closed-form checkpoint/restart arithmetic, the Llama 3 405B published check, the CLI."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

from simcluster.config.loader import load_scenario
from simcluster.config.schema import ReliabilityConfig
from simcluster.errors import ConfigError, SimclusterError
from simcluster.reliability import goodput as g
from simcluster.reliability import traintime as tt

ROOT = Path(__file__).resolve().parents[1]
LLAMA3 = ROOT / "scenarios" / "llama3_405b_16k.yaml"


def test_mtbf_of_llama3_rate():
    # 419 interruptions in 54 days on 16,384 GPUs is 1.97e-5 per GPU-hour: one every 3.09 hours
    rate = 419 / (54 * 24 * 16384)
    assert rate == pytest.approx(1.973e-5, rel=1e-3)
    assert g.mtbf_s(rate, 16384) == pytest.approx(54 * 86400 / 419, rel=1e-12)
    assert g.mtbf_s(0.0, 8) == math.inf


def test_young_daly_interval():
    assert g.young_daly_interval_s(10.0, 20000.0) == pytest.approx(math.sqrt(2 * 10 * 20000), rel=1e-12)
    assert g.young_daly_interval_s(10.0, 20000.0) == pytest.approx(632.4555, rel=1e-6)
    assert g.young_daly_interval_s(10.0, math.inf) == math.inf


def test_young_interval_is_near_goodput_optimum():
    c, m, r = 30.0, 36000.0, 600.0
    opt = g.young_daly_interval_s(c, m)
    grid = [opt * 10 ** (k / 200) for k in range(-200, 201)]
    best = max(grid, key=lambda tau: g.goodput(tau, c, r, m))
    assert best == pytest.approx(opt, rel=0.05)  # first-order optimum; exact optimum sqrt(2C(M-R)) - ...
    assert g.goodput(opt, c, r, m) > g.goodput(opt / 3, c, r, m)
    assert g.goodput(opt, c, r, m) > g.goodput(opt * 3, c, r, m)


def test_expected_lost_work_and_goodput_closed_form():
    assert g.expected_lost_s(600.0, 20.0) == 310.0
    # tau 600, C 20, R 300, M 10000: 600/620 * (1 - (300 + 310) / 10000)
    assert g.goodput(600.0, 20.0, 300.0, 10000.0) == pytest.approx(600 / 620 * (1 - 610 / 10000), rel=1e-12)
    assert g.goodput(600.0, 20.0, 300.0, math.inf) == pytest.approx(600 / 620, rel=1e-12)
    assert g.goodput(600.0, 20.0, 30000.0, 10000.0) == 0.0  # restarts outlast the time between failures


def test_goodput_matches_a_monte_carlo_run():
    """Simulate exponential failures against checkpoint segments; the share of wall time kept matches."""
    tau, c, r, m = 500.0, 25.0, 200.0, 20000.0
    rng = random.Random(7)
    wall = work = 0.0
    for _ in range(200000):  # segments
        while True:
            t = rng.expovariate(1 / m)
            if t >= tau + c:
                wall += tau + c
                work += tau
                break
            wall += t + r  # lost the partial segment, then restart (no failures during restart: first order)
    assert work / wall == pytest.approx(g.goodput(tau, c, r, m), abs=0.003)


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: g.mtbf_s(-1e-5, 8), "failures_per_gpu_hour"),
        (lambda: g.mtbf_s(float("nan"), 8), "failures_per_gpu_hour"),
        (lambda: g.checkpoint_write_s(1e12, 0.0), "storage_write_GBps"),
        (lambda: g.check_interval(5.0, 10.0), "checkpoint_interval_s"),
        (lambda: g.check_interval(float("nan"), 10.0), "checkpoint_interval_s"),
        (lambda: tt.check_tokens(float("inf")), "tokens"),
        (lambda: tt.check_tokens(-1.0), "tokens"),
    ],
)
def test_impossible_values_are_one_line_errors(call, field):
    with pytest.raises(ConfigError) as exc:
        call()
    assert exc.value.field == field and "\n" not in str(exc.value)


@pytest.mark.parametrize(
    "override",
    [
        "reliability.failures_per_gpu_hour=-1e-5",
        "reliability.failures_per_gpu_hour=1.5",
        "reliability.failures_per_gpu_hour=.nan",
        "reliability.restart_s=-1",
        "reliability.storage_write_GBps=0",
        "reliability.checkpoint_interval_s=0",
    ],
)
def test_scenario_rejects_impossible_rates(override):
    with pytest.raises(SimclusterError) as exc:
        load_scenario(LLAMA3, [override])
    assert "reliability" in str(exc.value) and "\n" not in str(exc.value)


def test_llama3_405b_published_goodput():
    """Llama 3 405B (126 layers, hidden 16384, 8 K/V heads, SwiGLU ffn 53248, untied vocab 128256) on 16,384
    H100 with the default rates (1.97e-5 failures per GPU-hour, 10-minute restarts, 2 TB/s checkpoint writes,
    Young's interval): Meta reports more than 90% effective training time."""
    sc = load_scenario(LLAMA3, []).scenario
    params = tt.model_params(sc)
    # closed form: per layer q and o 2h^2, k and v 2 x 8 x 128 x h, three MLP matrices 3hf, two RMSNorms 2h;
    # untied embedding and head 2Vh; the final norm h
    h, f, V = 16384, 53248, 128256
    assert params == 126 * (2 * h * h + 2 * 1024 * h + 3 * h * f + 2 * h) + 2 * V * h + h == 405_853_388_800
    run = tt.plan(
        sc.reliability, sc.world_size, params, 15.6e12, 6.2, sc.training.global_batch * sc.model.seq_len
    )
    assert run["checkpoint_bytes"] == pytest.approx(14 * params)
    assert run["checkpoint_write_s"] == pytest.approx(14 * params / 2e12, rel=1e-12)
    assert run["mtbf_s"] == pytest.approx(3600 / (2e-5 * 16384), rel=1e-12)
    assert 0.90 < run["goodput"] < 0.97
    assert run["goodput"] == pytest.approx(0.9234, abs=0.001)


def test_checkpoints_of_moe_models_hold_every_expert():
    """A MoE model's checkpoint holds all its experts: DeepSeek-V3's scenario counts 671B parameters (its 37B
    active are what the dense count without experts came to), Mixtral 8x7B 46.7B, so the checkpoint write and
    Young's interval follow the whole model."""
    cases = [
        (ROOT / "scenarios" / "deepseek_v3_2048gpu.yaml", 671e9, 0.01),
        (ROOT / "simcluster" / "validate" / "cases" / "scenarios" / "mixtral_8x7b_mcore.yaml", 46.7e9, 0.005),
    ]
    for path, published, rel in cases:
        sc = load_scenario(path, []).scenario
        params = tt.model_params(sc)
        assert params == pytest.approx(published, rel=rel)
        run = tt.plan(sc.reliability, sc.world_size, params, 1e12, 10.0, sc.training.global_batch * sc.model.seq_len)
        write_s = params * sc.reliability.checkpoint_bytes_per_param / (sc.reliability.storage_write_GBps * 1e9)
        assert run["checkpoint_write_s"] == pytest.approx(write_s, rel=1e-12)


def test_plan_refuses_a_run_that_never_finishes():
    rel = ReliabilityConfig(failures_per_gpu_hour=1e-3, restart_s=3600.0)
    with pytest.raises(ConfigError, match="never finishes"):
        tt.plan(rel, 16384, 1e9, 1e9, 1.0, 1e6)


def test_interval_shorter_than_a_checkpoint_is_refused():
    rel = ReliabilityConfig(checkpoint_interval_s=1.0)
    with pytest.raises(ConfigError, match="shorter than one checkpoint write"):
        tt.plan(rel, 16384, 405e9, 1e12, 6.0, 1.6e7)


def test_curves_peak_at_the_optimum_and_fall_with_size():
    rel = ReliabilityConfig()
    c = 20.0
    pts = tt.interval_curve(rel, 4096, c)
    best = max(pts, key=lambda p: p["goodput"])
    opt = g.young_daly_interval_s(c, g.mtbf_s(rel.failures_per_gpu_hour, 4096))
    assert best["checkpoint_interval_s"] == pytest.approx(opt, rel=0.25)
    sizes = tt.size_curve(rel, 4096, c)
    assert [p["gpus"] for p in sizes][0] == 64 and sizes[-1]["gpus"] == 65536
    assert all(a["goodput"] > b["goodput"] for a, b in zip(sizes, sizes[1:]))


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "simcluster.cli", *args], capture_output=True, text=True, cwd=ROOT
    )


def test_cli_writes_json_and_page(tmp_path):
    out = tmp_path / "tt"
    p = _cli("train-time", str(LLAMA3), "--tokens", "15.6e12", "--iteration-time-s", "6.2", "--out", str(out))
    assert p.returncode == 0, p.stderr
    assert "goodput            92.34%" in p.stdout
    doc = json.loads((out / "train_time.json").read_text())
    assert doc["run"]["iterations"] == math.ceil(15.6e12 / (2048 * 8192))
    assert doc["run"]["wall_time_s"] == pytest.approx(doc["run"]["training_time_s"] / doc["run"]["goodput"])
    page = (out / "train_time.html").read_text()
    assert "Goodput against checkpoint interval" in page and "Goodput against cluster size" in page
    again = tmp_path / "tt2"
    _cli("train-time", str(LLAMA3), "--tokens", "15.6e12", "--iteration-time-s", "6.2", "--out", str(again))
    assert (again / "train_time.json").read_bytes() == (out / "train_time.json").read_bytes()


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--tokens", "nan"], "tokens"),
        (["--tokens", "-5"], "tokens"),
        (["--tokens", "1e12", "--set", "reliability.checkpoint_interval_s=0.5"], "checkpoint_interval_s"),
        (["--tokens", "1e12", "--iteration-time-s", "inf"], "iteration_time_s"),
    ],
)
def test_cli_bad_input_is_one_line(tmp_path, args, needle):
    out = tmp_path / "o"
    p = _cli("train-time", str(LLAMA3), "--iteration-time-s", "6.2", *args, "--out", str(out))
    assert p.returncode == 2
    assert p.stderr.count("\n") == 1 and needle in p.stderr and "Traceback" not in p.stderr
    assert not out.exists()


def test_cli_simulates_the_iteration(tmp_path):
    p = _cli("train-time", str(ROOT / "scenarios" / "megatron_tp_16gpu.yaml"), "--tokens", "1e9", "--quiet")
    assert p.returncode == 0, p.stderr


def test_search_ranks_by_time_to_train(tmp_path):
    import pyarrow.parquet as pq
    import yaml

    scen = tmp_path / "s.yaml"
    scen.write_text(
        yaml.safe_dump(
            {
                "name": "tiny",
                "hardware": "dgx-a100",
                "cluster": {"nodes": 1},
                "parallelism": {"tensor": 2, "pipeline": 2, "data": 2},
                "model": {"layers": 4, "hidden": 1024, "heads": 16, "seq_len": 512, "vocab": 0},
                "training": {"global_batch": 8, "micro_batch": 1},
                "reliability": {"failures_per_gpu_hour": 1e-3, "storage_write_GBps": 1.0},
            }
        )
    )
    space = tmp_path / "space.yaml"
    space.write_text(yaml.safe_dump({"parallelism.scheme": ["megatron"], "training.recompute": ["none"]}))
    out = tmp_path / "o"
    p = _cli(
        "search",
        str(scen),
        "--space",
        str(space),
        "--top",
        "3",
        "--tokens",
        "1e9",
        "--out",
        str(out),
        "--quiet",
    )
    assert p.returncode == 0, p.stderr
    rows = pq.read_table(out / "results.parquet").to_pylist()
    sim = [r for r in rows if r["status"] == "simulated"]
    assert len(sim) == 3 and rows[: len(sim)] == sim
    times = [r["train_time_s"] for r in sim]
    assert times == sorted(times)
    sc = load_scenario(scen).scenario
    for r in sim:
        run = tt.plan(sc.reliability, 8, tt.model_params(sc), 1e9, r["iteration_time_s"], 8 * 512)
        assert r["train_time_s"] == pytest.approx(run["wall_time_s"], rel=1e-12)
        assert r["goodput"] == pytest.approx(run["goodput"], rel=1e-12) and r["goodput"] < 0.999
    bad = _cli("search", str(scen), "--tokens", "-1", "--out", str(tmp_path / "b"), "--quiet")
    assert bad.returncode == 2 and "--tokens" in bad.stderr and bad.stderr.count("\n") == 1
