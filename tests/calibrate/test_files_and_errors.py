"""Measurement and profile files: analysis of synthetic CSVs end to end, and one-line errors for bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from calibrate.__main__ import main
from calibrate.analyze import analyze
from calibrate.launch import validate_local
from calibrate.ops import busbw_factor
from calibrate.results import COLLECTIVES, GEMM, MEMORY, CsvLog, read_table
from calibrate.runinfo import check_out_dir, write_runs
from simcluster.errors import ConfigError
from simcluster.hardware.profile import load_profile

RUN = {
    "run_id": 1,
    "world_size": 2,
    "backend": "gloo",
    "quick": False,
    "device_name": "cpu",
    "nodes": 1,
    "gpus_per_node": 2,
    "hostnames": ["box"],
    "torch_version": "2.13.0",
    "base": "frontera-rtx",
    "host_memory_GiB": 16.0,
    "status": "ok",
}
ALPHA_S, BUSBW_Bps = 40e-6, 4e9
LAYER_SHAPES = ((256, 768, 256), (256, 256, 256), (256, 1024, 256), (256, 256, 1024), (64, 64, 512))
BACKWARD_RATIO = 0.85


def _synthetic_dir(out: Path) -> None:
    """CSVs as a run writes them, from known parameters (1% deterministic ripple)."""
    write_runs(out, [RUN])
    log = CsvLog(out, COLLECTIVES)
    for op in ("all_reduce", "all_gather"):
        for i, size in enumerate(8 * 2**j for j in range(20)):
            t = (ALPHA_S + size * busbw_factor(op, 2) / BUSBW_Bps) * (1 + 0.01 * (-1) ** i)
            log.write(
                op=op,
                group="intra_pair",
                n_ranks=2,
                size_bytes=size,
                time_s=t,
                algbw_GBps=size / t / 1e9,
                busbw_GBps=size / t / 1e9 * busbw_factor(op, 2),
                link_class="pcie",
                status="ok",
                n_concurrent_groups=1,
                iterations=20,
                backend="gloo",
                run_id=1,
            )
    log.write(
        op="all_reduce",
        group="inter_pair",
        n_ranks=0,
        size_bytes=0,
        link_class="nic",
        status="skipped: needs 2 nodes (single-node run)",
        n_concurrent_groups=0,
        iterations=0,
        backend="gloo",
        run_id=1,
    )
    gemm = CsvLog(out, GEMM)
    for d in (32, 64, 128, 256, 512, 1024):
        for dtype, asym in (("fp32", 0.1e12), ("bf16", 0.2e12)):
            shape = (d / (d + 16.0)) ** 3
            t = 10e-6 + 2 * d**3 / (asym * shape)
            gemm.write(
                name=f"square_{d}",
                m=d,
                n=d,
                k=d,
                batch=1,
                layout="nn",
                dtype=dtype,
                time_s=t,
                tflops=2 * d**3 / t / 1e12,
                status="ok",
                iterations=10,
                run_id=1,
            )
    for i, (m, n, k) in enumerate(LAYER_SHAPES):  # forward on the model, backward layouts at 0.85 (+-1%)
        t = 10e-6 + 2 * m * n * k / (0.1e12 * (m / (m + 16.0)) * (n / (n + 16.0)) * (k / (k + 16.0)))
        for j, (layout, time_s) in enumerate(
            (("nn", t), ("nt", t / BACKWARD_RATIO * (1 + 0.01 * (-1) ** i)), ("tn", t / BACKWARD_RATIO))
        ):
            gemm.write(
                name=f"layer{i}",
                m=m,
                n=n,
                k=k,
                batch=1,
                layout=layout,
                dtype="fp32",
                time_s=time_s * (5.0 if (i, j) == (2, 2) else 1.0),  # one outlier
                tflops=2 * m * n * k / time_s / 1e12,
                status="ok",
                iterations=10,
                run_id=1,
            )
    mem = CsvLog(out, MEMORY)
    for size in (4096 * 4**j for j in range(8)):
        t = 2e-6 + 2 * size / 20e9
        mem.write(
            size_bytes=size,
            time_s=t,
            copy_bandwidth_GBps=2 * size / t / 1e9,
            status="ok",
            iterations=20,
            run_id=1,
        )


def test_analysis_of_known_measurements_writes_a_loadable_profile(tmp_path: Path) -> None:
    _synthetic_dir(tmp_path)
    fits = analyze(tmp_path)
    ar = next(f for f in fits["collectives"] if f["op"] == "all_reduce")
    assert ar["alpha_us"] == pytest.approx(40.0, rel=0.02)
    assert ar["busbw_GBps"] == pytest.approx(4.0, rel=0.02)
    assert ar["mape"] == pytest.approx(0.01, rel=0.1)  # the 1% ripple, exactly
    assert {"r2", "mape", "holdout_mape"} <= set(ar) and {"r2", "mape", "holdout_mape"} <= set(fits["gemm"])
    assert fits["gemm"]["half_efficiency_dim"] == pytest.approx(16.0, rel=0.02)
    assert fits["gemm"]["launch_us"] == pytest.approx(10.0, rel=0.02)
    assert fits["memory"]["bandwidth_GBps"] == pytest.approx(20.0, rel=1e-3)
    assert fits["status_counts"]["collectives"] == {"ok": 40, "skipped": 1}
    profile = load_profile(str(tmp_path / "profile.yaml"))
    assert profile.links.pcie.bandwidth_GBps == pytest.approx(4.0, rel=0.02)
    assert profile.gpu.peak_tflops["fp32"] == pytest.approx(0.1, rel=0.02)
    assert json.loads((tmp_path / "fits.json").read_text())["base"] == "frontera-rtx"
    html = (tmp_path / "report.html").read_text()
    assert len(html) > 1_000_000 and "Plotly.newPlot" in html  # plotly.js embedded, figures present
    assert "throughput forward vs backward layouts" in html and "gemm_backward" in html
    backward = fits["gemm_backward"]
    assert backward["backward_efficiency"] == pytest.approx(BACKWARD_RATIO, rel=0.02)
    assert (backward["n_points"], backward["n_shapes"], backward["n_outliers"]) == (10, 5, 1)
    assert {"r2", "mape", "holdout_mape", "verdict"} <= set(backward)
    assert profile.gpu.gemm.backward_efficiency == pytest.approx(BACKWARD_RATIO, rel=0.02)
    assert "gpu.gemm.backward_efficiency" in fits["profile_fields"]
    assert len(profile.gpu.gemm.measured) == 12 + len(LAYER_SHAPES)  # forward layouts only


def test_an_old_gemm_csv_without_the_layout_column_analyzes_as_forward_gemms(tmp_path: Path) -> None:
    _synthetic_dir(tmp_path)
    path = tmp_path / "gemm.csv"
    lines = path.read_text().splitlines()
    old = [
        ",".join(c for j, c in enumerate(line.split(",")) if j != 5)
        for line in lines
        if ",nt," not in line and ",tn," not in line
    ]
    assert old[0].startswith("name,m,n,k,batch,dtype,time_s")  # the columns before layouts were timed
    path.write_text("\n".join(old) + "\n")
    rows = read_table(tmp_path, GEMM)
    assert {r["layout"] for r in rows} == {"nn"}
    fits = analyze(tmp_path)
    assert fits["gemm"]["half_efficiency_dim"] == pytest.approx(16.0, rel=0.02)
    assert fits["gemm_backward"] is None and "gpu.gemm.backward_efficiency" not in fits["profile_fields"]
    kept = load_profile("frontera-rtx").gpu.gemm.backward_efficiency  # not measured: from the base
    assert load_profile(str(tmp_path / "profile.yaml")).gpu.gemm.backward_efficiency == kept
    log = CsvLog(tmp_path, GEMM)  # --resume appends to it: upgraded in place, old rows kept as nn
    log.write(**{**rows[0], "layout": "nt", "run_id": 2})
    log.close()
    assert path.read_text().splitlines()[0] == ",".join(GEMM.column_names)
    again = read_table(tmp_path, GEMM)
    no_cv = [{k: v for k, v in r.items() if k != "time_cv"} for r in again[:-1]]  # empty: NaN != NaN
    assert no_cv == [{k: v for k, v in r.items() if k != "time_cv"} for r in rows] and again[-1]["layout"] == "nt"
    assert all(r["time_cv"] != r["time_cv"] for r in again[:-1])  # written before spreads: none
    _replace_in(path, "layout,", "shape,")
    with pytest.raises(
        ConfigError, match=r"gemm.csv header='name,m,n,k,batch,shape,.*': cannot be appended to"
    ):
        CsvLog(tmp_path, GEMM)


def _replace_in(path: Path, old: str, new: str) -> None:
    path.write_text(path.read_text().replace(old, new, 1))


def test_corrupt_measurement_files_name_file_line_column_and_value(tmp_path: Path) -> None:
    _synthetic_dir(tmp_path)
    path = tmp_path / "collectives.csv"
    _replace_in(path, ",2,16,", ",2,sixteen,")
    with pytest.raises(
        ConfigError, match=r"collectives.csv line 3 column size_bytes='sixteen': must be an integer"
    ):
        analyze(tmp_path)
    _replace_in(path, ",2,sixteen,", ",2,16,")
    _replace_in(path, "time_s,", "seconds,")
    with pytest.raises(
        ConfigError, match=r"collectives.csv header=.*: lacks column\(s\) time_s; expected op,group"
    ):
        read_table(tmp_path, COLLECTIVES)


def test_ok_row_without_a_time_and_a_truncated_row_are_rejected(tmp_path: Path) -> None:
    (tmp_path / "memory.csv").write_text(
        "size_bytes,time_s,copy_bandwidth_GBps,status,iterations,run_id\n4096,,,ok,20,1\n"
    )
    with pytest.raises(
        ConfigError, match="memory.csv line 2 column time_s=nan: must be > 0 when status is ok"
    ):
        read_table(tmp_path, MEMORY)
    (tmp_path / "memory.csv").write_text(
        "size_bytes,time_s,copy_bandwidth_GBps,status,iterations,run_id\n4096,1e-6,8.1\n"
    )
    with pytest.raises(ConfigError, match="memory.csv line 2 column status: is missing"):
        read_table(tmp_path, MEMORY)


def test_a_torn_last_line_left_by_a_killed_run_is_dropped_on_reopen(tmp_path: Path) -> None:
    log = CsvLog(tmp_path, MEMORY)
    log.write(size_bytes=4096, time_s=1e-6, copy_bandwidth_GBps=8.0, status="ok", iterations=5, run_id=1)
    log.close()
    with (tmp_path / "memory.csv").open("a") as f:
        f.write("16384,2e-")  # killed mid-row
    CsvLog(tmp_path, MEMORY).close()
    assert [r["size_bytes"] for r in read_table(tmp_path, MEMORY)] == [4096]


def test_missing_or_corrupt_run_files(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="holds no run.json"):
        analyze(tmp_path)
    (tmp_path / "run.json").write_text("{not json")
    with pytest.raises(ConfigError, match="run.json=.*is not readable JSON"):
        analyze(tmp_path)
    write_runs(tmp_path, [RUN])
    with pytest.raises(ConfigError, match="collectives.csv=.*does not exist"):
        analyze(tmp_path)


def test_out_dir_rules(tmp_path: Path) -> None:
    _synthetic_dir(tmp_path)
    with pytest.raises(ConfigError, match="already holds measurements .*pass --resume"):
        check_out_dir(tmp_path, resume=False, settings={})
    with pytest.raises(ConfigError, match="resume world_size=4: must equal the resumed run's world_size=2"):
        check_out_dir(tmp_path, resume=True, settings={"world_size": 4, "backend": "gloo"})
    assert check_out_dir(tmp_path, resume=True, settings={"world_size": 2, "backend": "gloo"}) == 2
    (tmp_path / "file").write_text("")
    with pytest.raises(ConfigError, match="exists and is not a directory"):
        check_out_dir(tmp_path / "file", resume=False, settings={})


@pytest.fixture()
def bad_profiles(tmp_path: Path) -> dict[str, Path]:
    broken = tmp_path / "broken.yaml"
    broken.write_text("gpu: [unclosed\n")
    incomplete = tmp_path / "incomplete.yaml"
    data = yaml.safe_load(
        (Path(__file__).parents[2] / "simcluster/hardware/presets/dgx-a100.yaml").read_text()
    )
    del data["gpu"]
    incomplete.write_text(yaml.safe_dump(data))
    return {"broken": broken, "incomplete": incomplete}


def test_bad_base_profiles_give_one_line_errors(bad_profiles: dict[str, Path], tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"base=.*broken.yaml': is not valid YAML at line 2"):
        validate_local(2, "gloo", tmp_path / "o", quick=True, resume=False, base=str(bad_profiles["broken"]))
    with pytest.raises(ConfigError, match="base.gpu: is required"):
        validate_local(
            2, "gloo", tmp_path / "o", quick=True, resume=False, base=str(bad_profiles["incomplete"])
        )
    with pytest.raises(ConfigError, match="base='nope': is neither a preset"):
        validate_local(2, "gloo", tmp_path / "o", quick=True, resume=False, base="nope")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--nproc", "0", "--backend", "gloo"], "error: nproc=0: must be >= 1"),
        (["--nproc", "2", "--backend", "mpi"], "error: backend='mpi': must be one of gloo, nccl"),
        (["--nproc", "two"], "error: python -m calibrate local: argument --nproc: invalid int value: 'two'"),
        (["--nproc", "2", "--base", "/no/such.yaml"], "error: base='/no/such.yaml': is neither a preset"),
    ],
)
def test_cli_bad_input_exits_2_with_one_line(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(["local", "--out", str(tmp_path / "o"), "--quick", *args])
    except SystemExit as exc:  # argparse's own errors
        code = int(exc.code or 0)
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith(message)
    assert err.count("\n") == 1
    assert not (tmp_path / "o").exists()  # nothing written for rejected input


def test_analyze_cli_reports_a_corrupt_file_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _synthetic_dir(tmp_path)
    _replace_in(tmp_path / "gemm.csv", ",fp32,", ",fp32,x")
    assert main(["analyze", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: gemm.csv line 2 column time_s='x")
    assert err.count("\n") == 1
