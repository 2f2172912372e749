"""Real gloo runs with local processes (--quick): outputs, profile loading, failure and --resume."""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("torch")

from calibrate.launch import run_local  # noqa: E402
from calibrate.ops import OPS, busbw_factor  # noqa: E402
from calibrate.results import GEMM  # noqa: E402
from simcluster.hardware.profile import load_profile  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
QUICK_SIZES = 11  # 4 KiB .. 4 MiB by 2


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open() as f:
        return list(csv.DictReader(f))


@pytest.fixture(scope="module")
def two_ranks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("calib2")
    assert run_local(2, "gloo", out, quick=True, resume=False, base="auto") == 0
    return out


def test_two_rank_run_writes_every_output_and_a_loadable_profile(two_ranks: Path) -> None:
    for name in (
        "collectives.csv",
        "gemm.csv",
        "memory.csv",
        "attention.csv",
        "fits.json",
        "profile.yaml",
        "report.html",
        "run.json",
    ):
        assert (two_ranks / name).stat().st_size > 0, name
    profile = load_profile(str(two_ranks / "profile.yaml"))
    assert profile.name.startswith("calibrated-")
    assert profile.node.gpus_per_node == 2
    assert profile.node.interconnect == "pcie"  # auto base on a CPU: frontera-rtx
    assert profile.gpu.model == "cpu"
    assert "measured on" in profile.sources[0] and "'frontera-rtx'" in profile.sources[0]
    assert {p.dtype for p in profile.gpu.gemm.measured} == {"fp32", "bf16"}
    fits = json.loads((two_ranks / "fits.json").read_text())
    assert 0 < profile.gpu.gemm.backward_efficiency <= 1
    assert profile.gpu.gemm.backward_efficiency == pytest.approx(
        fits["gemm_backward"]["backward_efficiency"], rel=1e-3
    )
    assert "gpu.gemm.backward_efficiency" in fits["profile_fields"]
    assert fits["gemm_backward"]["n_points"] == 24  # 6 layer GEMMs x 2 dtypes x (dgrad, wgrad)
    gemm = _rows(two_ranks / "gemm.csv")
    forward = {(r["m"], r["n"], r["k"]) for r in gemm if r["layout"] == "nn" and r["batch"] == "1"}
    assert {(str(p.m), str(p.n), str(p.k)) for p in profile.gpu.gemm.measured} == forward
    assert (two_ranks / "report.html").stat().st_size > 1_000_000  # plotly.js embedded


def test_attention_kernels_are_measured_and_their_rates_land_in_the_profile(two_ranks: Path) -> None:
    rows = _rows(two_ranks / "attention.csv")
    # CPU kernels (FlashAttention's CPU kernel, the math reference) x fp32 x 3 shapes x 2 directions
    assert {(r["backend"], r["dtype"]) for r in rows} == {("flash", "fp32"), ("math", "fp32")}
    assert len(rows) == 12 and {r["status"] for r in rows} == {"ok"}
    fits = json.loads((two_ranks / "fits.json").read_text())
    assert fits["status_counts"]["attention"] == {"ok": 12}
    flash = {f["direction"]: f for f in fits["attention"] if f["backend"] == "flash"}
    profile = load_profile(str(two_ranks / "profile.yaml"))
    peak = profile.gpu.peak_tflops["fp32"]
    assert profile.gpu.flash_attention_efficiency == pytest.approx(
        min(1.0, flash["forward"]["tflops"] / peak), rel=1e-3
    )
    assert profile.gpu.flash_attention_backward_efficiency == pytest.approx(
        min(1.0, flash["backward"]["tflops"] / peak), rel=1e-3
    )
    assert "attention.csv flash fp32 forward" in fits["profile_fields"]["gpu.flash_attention_efficiency"]
    assert "Attention kernel fits" in (two_ranks / "report.html").read_text()


def test_collective_rows_follow_nccl_tests_conventions(two_ranks: Path) -> None:
    rows = _rows(two_ranks / "collectives.csv")
    ok = [r for r in rows if r["status"] == "ok"]
    assert len(ok) == len(OPS) * QUICK_SIZES
    assert {r["group"] for r in ok} == {"intra_pair"}
    for r in ok:
        size, t = int(r["size_bytes"]), float(r["time_s"])
        assert 0 < t < 1.0
        assert float(r["algbw_GBps"]) == pytest.approx(size / t / 1e9, rel=1e-6)
        assert float(r["busbw_GBps"]) == pytest.approx(
            float(r["algbw_GBps"]) * busbw_factor(r["op"], 2), rel=1e-6
        )
    skipped = {(r["op"], r["group"]): r["status"] for r in rows if r["status"].startswith("skipped")}
    assert skipped[("all_reduce", "inter_pair")] == "skipped: needs 2 nodes (single-node run)"
    assert skipped[("sendrecv", "all")] == "skipped: same ranks as intra_pair"
    assert len(skipped) == len(OPS) * 6


def test_fits_carry_quality_numbers_and_gemm_rows_cover_the_layer(two_ranks: Path) -> None:
    fits = json.loads((two_ranks / "fits.json").read_text())
    assert {f["op"] for f in fits["collectives"]} == set(OPS)
    for f in [*fits["collectives"], fits["gemm"], fits["memory"]]:
        assert {"r2", "mape", "holdout_mape"} <= set(f)
        assert f["mape"] >= 0 and f["holdout_mape"] >= 0
    gemm = _rows(two_ranks / "gemm.csv")
    names = {r["name"].split("_h")[0] for r in gemm}
    layouts = {name: {r["layout"] for r in gemm if r["name"].startswith(name)} for name in ("fc1", "square")}
    assert layouts == {"fc1": {"nn", "nt", "tn"}, "square": {"nn"}}
    assert {"qkv", "proj", "fc1", "fc2", "attn_scores", "attn_values"} <= names
    fc1 = next(r for r in gemm if r["name"].startswith("fc1"))
    assert (int(fc1["m"]), int(fc1["n"]), int(fc1["k"])) == (64, 1024, 256)  # seq 64, 4h, h=256
    assert all(float(r["tflops"]) > 0 for r in gemm if r["status"] == "ok")


def test_a_dead_rank_keeps_what_was_measured_and_resume_finishes_without_repeating(tmp_path: Path) -> None:
    out = tmp_path / "run"
    env = {**os.environ, "CALIBRATE_FAULT": "exit:all_gather:65536:1", "PYTHONPATH": str(REPO)}
    cmd = [
        sys.executable,
        "-m",
        "calibrate",
        "local",
        "--nproc",
        "2",
        "--backend",
        "gloo",
        "--quick",
        "--out",
        str(out),
    ]
    first = subprocess.run(cmd, env=env, cwd=REPO, capture_output=True, text=True, timeout=120)
    assert first.returncode == 1, first.stderr
    assert "rank 1 exited with code 3" in first.stderr
    before = _rows(out / "collectives.csv")
    kept = {(r["op"], r["group"], r["size_bytes"]): r for r in before if r["status"] == "ok"}
    assert len(kept) == QUICK_SIZES + 4  # all_reduce, then all_gather up to 32 KiB
    failed = [r for r in before if r["status"].startswith("error")]
    assert [(r["op"], r["size_bytes"]) for r in failed] == [("all_gather", "65536")]
    assert load_profile(str(out / "profile.yaml")).gpu.model  # partial results are still fitted
    assert json.loads((out / "run.json").read_text())["runs"][0]["status"].startswith("failed")

    env.pop("CALIBRATE_FAULT")
    second = subprocess.run(
        [*cmd, "--resume"], env=env, cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert second.returncode == 0, second.stderr
    after = _rows(out / "collectives.csv")
    ok = [r for r in after if r["status"] == "ok"]
    keys = [(r["op"], r["group"], r["size_bytes"]) for r in ok]
    assert len(keys) == len(set(keys)) == len(OPS) * QUICK_SIZES  # nothing measured twice
    for key, row in kept.items():  # finished points kept their first measurement
        assert next(r for r in ok if (r["op"], r["group"], r["size_bytes"]) == key) == row
    assert sum(r["run_id"] == "2" for r in ok) == len(OPS) * QUICK_SIZES - len(kept)
    assert {r["run_id"] for r in _rows(out / "gemm.csv")} == {"2"}
    assert [r["status"] for r in json.loads((out / "run.json").read_text())["runs"]][1] == "ok"


def test_resume_does_not_measure_finished_backward_layout_points_again(
    two_ranks: Path, tmp_path: Path
) -> None:
    out = tmp_path / "run"
    shutil.copytree(two_ranks, out)
    lines = (out / "gemm.csv").read_text().splitlines(keepends=True)
    cut = next(i for i, line in enumerate(lines) if line.startswith("fc1_") and ",tn,bf16," in line)
    (out / "gemm.csv").write_text("".join(lines[: cut + 1]) + "fc2_h256,64,256,")  # killed mid-row
    kept = _rows(out / "gemm.csv")[:-1]
    assert {r["layout"] for r in kept if r["name"].startswith("fc1")} == {"nn", "nt", "tn"}
    assert run_local(2, "gloo", out, quick=True, resume=True, base="auto") == 0
    after = _rows(out / "gemm.csv")
    keys = [tuple(r[c] for c in GEMM.key) for r in after]
    assert len(keys) == len(set(keys)) == len(_rows(two_ranks / "gemm.csv"))  # nothing measured twice
    assert after[: len(kept)] == kept  # finished points kept their first measurement
    new = after[len(kept) :]
    assert {r["run_id"] for r in new} == {"2"} and {r["layout"] for r in new} == {"nn", "nt", "tn"}
    assert all(r["name"].startswith("fc2_") for r in new)  # fc2 is the last shape: all that was cut


def test_four_ranks_measure_the_whole_node_and_the_mesh(tmp_path: Path) -> None:
    assert run_local(4, "gloo", tmp_path, quick=True, resume=False, base="frontera-rtx") == 0
    ok = [r for r in _rows(tmp_path / "collectives.csv") if r["status"] == "ok"]
    per_group = {
        g: sum(r["group"] == g for r in ok) for g in ("intra_pair", "intra_node", "mesh_row", "mesh_col")
    }
    assert per_group == dict.fromkeys(per_group, len(OPS) * QUICK_SIZES)
    assert {r["n_concurrent_groups"] for r in ok if r["group"].startswith("mesh")} == {"2"}
    assert {r["n_ranks"] for r in ok if r["group"] == "intra_node"} == {"4"}
    profile = load_profile(str(tmp_path / "profile.yaml"))
    assert profile.node.gpus_per_node == 4


def test_bad_backend_from_the_command_line_has_no_traceback(tmp_path: Path) -> None:
    cmd = [
        sys.executable,
        "-m",
        "calibrate",
        "local",
        "--nproc",
        "2",
        "--backend",
        "mpi",
        "--out",
        str(tmp_path / "o"),
    ]
    done = subprocess.run(
        cmd, cwd=REPO, capture_output=True, text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(REPO)}
    )
    assert done.returncode == 2
    assert done.stderr == "error: backend='mpi': must be one of gloo, nccl\n"


def test_rank_placement_from_slurm_when_torchrun_variables_are_absent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from calibrate.runtime import Place, place_from_env
    from simcluster.errors import ConfigError

    monkeypatch.setattr(os, "environ", {"SLURM_PROCID": "3", "SLURM_NTASKS": "8", "SLURM_LOCALID": "1"})
    assert place_from_env() == Place(rank=3, world_size=8, local_rank=1)
    assert (os.environ["RANK"], os.environ["WORLD_SIZE"]) == ("3", "8")  # for torch's env:// rendezvous
    monkeypatch.setattr(
        os, "environ", {"RANK": "0", "WORLD_SIZE": "2", "LOCAL_RANK": "0", "SLURM_PROCID": "5"}
    )
    assert place_from_env().rank == 0  # torchrun's variables win
    monkeypatch.setattr(os, "environ", {"WORLD_SIZE": "x"})
    with pytest.raises(ConfigError, match="RANK: is not set: launch with torchrun, srun or"):
        place_from_env()


def test_host_costs_are_measured_and_land_in_the_profile(two_ranks: Path) -> None:
    from calibrate.bench.host import simulated_ops_per_layer

    rows = {r["name"]: r for r in _rows(two_ranks / "host.csv")}
    assert set(rows) == {"op_dispatch", "backward_dispatch", "collective_dispatch", "sync", "optimizer", "multi_tensor"}
    assert {r["status"] for r in rows.values()} == {"ok"}
    n_fwd, n_bwd = simulated_ops_per_layer()
    assert int(rows["op_dispatch"]["units"]) == n_fwd >= 10
    assert int(rows["backward_dispatch"]["units"]) == n_bwd >= 10
    profile = load_profile(str(two_ranks / "profile.yaml"))
    op_us = float(rows["op_dispatch"]["time_s"]) * 1e6
    bwd_us = float(rows["backward_dispatch"]["time_s"]) * 1e6
    assert profile.host.op_dispatch_us == pytest.approx(op_us, rel=1e-3)
    assert profile.host.backward_dispatch_us == pytest.approx(bwd_us, rel=1e-3)
    assert 0.5 < op_us < 20000 and 0.5 < bwd_us < 20000  # microseconds per op: eager PyTorch on a CPU
    assert profile.host.collective_dispatch_us == pytest.approx(
        float(rows["collective_dispatch"]["time_s"]) * 1e6, rel=1e-3
    )
    fits = json.loads((two_ranks / "fits.json").read_text())
    assert fits["profile_fields"]["host.op_dispatch_us"].startswith("host.csv op_dispatch")
    assert fits["profile_fields"]["host.backward_dispatch_us"].startswith("host.csv backward_dispatch")
    # torch's foreach AdamW: the 84 bytes a parameter the simulator counts, over its measured time, against
    # the profile's bandwidth (this CPU's measured copy rate)
    multi = rows["multi_tensor"]
    assert int(multi["units"]) == 1 << 18
    eff = 84.0 / float(multi["time_s"]) / (profile.gpu.memory_bandwidth_GBps * 1e9)
    if 0 < eff <= 1:
        assert profile.gpu.multi_tensor_efficiency == pytest.approx(eff, rel=1e-3)
        assert fits["profile_fields"]["gpu.multi_tensor_efficiency"].startswith("host.csv multi_tensor")
    else:
        assert profile.gpu.multi_tensor_efficiency is None
        assert fits["profile_fields"]["gpu.multi_tensor_efficiency"].startswith("not set: measured")
    # the optimizer step: seconds per parameter at the calibrated memory rate, as bytes per parameter
    opt = rows["optimizer"]
    rate = profile.gpu.memory_bandwidth_GBps * profile.gpu.memory_efficiency * 1e9
    per_param = float(opt["time_s"]) * rate
    assert int(opt["units"]) == 1 << 18
    assert per_param > 4  # Megatron's passes move 54 bytes; a CPU runs them at about its copy rate
    if per_param > 1024:  # a machine busy with other work slowed the step past the profile's range
        assert profile.host.optimizer_bytes_per_param is None
        assert fits["profile_fields"]["host.optimizer_bytes_per_param"].startswith("not set: measured")
        return
    assert profile.host.optimizer_bytes_per_param == pytest.approx(per_param, rel=1e-3)
    assert fits["profile_fields"]["host.optimizer_bytes_per_param"].startswith("host.csv optimizer")


def test_spreads_of_repeated_measurements_land_in_the_profile(two_ranks: Path) -> None:
    """gemm.csv and memory.csv record each point's time_cv; the profile's `variability` holds each class's
    median cv as a mean-1 lognormal, with its provenance; the measured GEMMs give `run --seeds` a fit term."""
    import statistics

    from simcluster.reliability.fitspread import fit_spread

    profile = load_profile(str(two_ranks / "profile.yaml"))
    fits = json.loads((two_ranks / "fits.json").read_text())
    for table, cls in (("gemm", "gemm"), ("memory", "elementwise")):
        cvs = [float(r["time_cv"]) for r in _rows(two_ranks / f"{table}.csv") if r["status"] == "ok"]
        assert cvs and all(c >= 0 for c in cvs)
        assert fits["variability"][cls]["cv_median"] == pytest.approx(statistics.median(cvs))
        spec = profile.variability[cls]
        assert spec.distribution == "lognormal"
        assert spec.cv == pytest.approx(min(10.0, statistics.median(cvs)), rel=1e-3)
        assert f"variability.{cls}" in fits["profile_fields"]
    spread = fit_spread(profile)
    assert spread is not None and len(spread.residuals) == len(profile.gpu.gemm.measured)
