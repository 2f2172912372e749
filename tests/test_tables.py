"""Measured tables in the profile (hardware/tables.py) and their import (`python -m calibrate import`)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
import yaml
from click.testing import CliRunner

from calibrate.__main__ import main as calibrate_main
from simcluster.cli import main
from simcluster.config.loader import load_scenario
from simcluster.errors import ConfigError
from simcluster.hardware.profile import load_profile
from simcluster.hardware.tables import Lookup, read_gemm_csv
from simcluster.model.costs import CostModel
from simcluster.parallel.base import OpFactory
from simcluster.simulate import simulate
from tests.conftest import FAST_HOST_H100

DATA = Path(__file__).parent / "data" / "nccl_tests"
VTRAIN_8 = Path(__file__).parent.parent / "simcluster/hardware/presets/vtrain-a100/allreduce_8gpu_1node.csv"
H100 = Path(__file__).parent.parent / "simcluster/hardware/presets/dgx-h100/gemm_sm90.csv"
H200 = Path(__file__).parent.parent / "simcluster/hardware/presets/hgx-h200/gemm_grid.csv"


def _model(size: float) -> float:  # any smooth rising model: alpha-beta
    return 30e-6 + size / 200e9


def _table_rows(path: Path) -> list[tuple[float, float]]:
    lines = path.read_text().splitlines()[1:]
    return [(float(a), float(b)) for a, b in (x.split(",") for x in lines)]


def test_collective_lookup_is_the_measured_time_at_measured_points_and_monotone_between() -> None:
    hw = load_profile("vtrain-a100")
    look = Lookup(hw.tables)
    rows = _table_rows(VTRAIN_8)
    assert rows[0] == (1048576.0, 92.15)  # the ~93 us floor at 8 GPUs
    for s, t in rows[::97]:
        assert look.collective_s("allreduce", 8, 1, s, _model) == pytest.approx(t * 1e-6, rel=1e-12)
    for (s0, t0), (s1, t1) in zip(rows[200:260], rows[201:261]):
        ts = [look.collective_s("allreduce", 8, 1, s, _model) for s in np.linspace(s0, s1, 7)]
        steps = np.diff(ts)
        assert (steps >= -1e-18).all() if t1 >= t0 else (steps <= 1e-18).all()
    assert look.collective_s("allreduce", 8, 2, 1e6, _model) is None  # no table: the caller's model
    assert look.collective_s("allgather", 8, 1, 1e6, _model) is None


def test_collective_hand_over_to_the_model_is_continuous() -> None:
    look = Lookup(load_profile("vtrain-a100").tables)
    rows = _table_rows(VTRAIN_8)
    for edge, t_edge in (rows[0], rows[-1]):
        for eps in (1e-9, 1e-6):
            below = look.collective_s("allreduce", 8, 1, edge * (1 - eps), _model)
            above = look.collective_s("allreduce", 8, 1, edge * (1 + eps), _model)
            assert below == pytest.approx(t_edge * 1e-6, rel=10 * eps)
            assert above == pytest.approx(t_edge * 1e-6, rel=10 * eps)
    # far outside: the model scaled by the edge's ratio (a closed form)
    s = rows[0][0] / 16
    ratio = rows[0][1] * 1e-6 / _model(rows[0][0])
    assert look.collective_s("allreduce", 8, 1, s, _model) == pytest.approx(_model(s) * ratio, rel=1e-12)


def _h100_time(b: int, m: int, n: int, k: int) -> float:
    for line in H100.read_text().splitlines()[1:]:
        parts = line.split(",")
        if parts[4] == "bf16" and tuple(map(int, parts[:4])) == (b, m, n, k):
            return float(parts[5]) * 1e-6
    raise KeyError((b, m, n, k))


def test_gemm_lookup_measured_points_monotone_between_and_continuous_hand_over() -> None:
    hw = load_profile("dgx-h100")
    cost = CostModel(hw, "bf16")
    look = Lookup(hw.tables)

    def model(b: int, m: int, n: int, k: int) -> float:
        return cost.gemm(m, n, k, b)[0]

    for q in ((1, 256, 256, 256), (2, 1024, 4096, 512), (4, 4096, 4096, 4096), (1, 2048, 256, 1024)):
        assert look.gemm_s(*q, "bf16", model) == pytest.approx(_h100_time(*q), rel=1e-12)
    # between measured points (m from 1024 to 2048): between the two measured times and monotone
    t0, t1 = _h100_time(1, 1024, 1024, 1024), _h100_time(1, 2048, 1024, 1024)
    ts = [look.gemm_s(1, m, 1024, 1024, "bf16", model) for m in range(1024, 2049, 64)]
    assert min(t0, t1) - 1e-15 <= min(ts) and max(ts) <= max(t0, t1) + 1e-15
    assert all(np.diff(ts) >= 0) or all(np.diff(ts) <= 0)
    # beyond OpenXLA's 4096 the grid holds the H200's measured times (hgx-h200/gemm_grid.csv), to 16384
    h200 = {r[:4]: r[4] * 1e-6 for r in read_gemm_csv(H200)["bf16"]}
    assert look.gemm_s(1, 8192, 1024, 1024, "bf16", model) == pytest.approx(h200[(1, 8192, 1024, 1024)], rel=1e-5)
    # outside the grid (m = 32768): the model times the ratio at the clamped point; continuous at the face
    edge = look.gemm_s(1, 16384, 1024, 1024, "bf16", model)
    out = look.gemm_s(1, 32768, 1024, 1024, "bf16", model)
    assert out == pytest.approx(model(1, 32768, 1024, 1024) * edge / model(1, 16384, 1024, 1024), rel=1e-12)
    assert look.gemm_s(1, 16385, 1024, 1024, "bf16", model) == pytest.approx(edge, rel=1e-3)
    assert look.gemm_s(1, 4096, 1024, 1024, "fp16", model) == pytest.approx(_h100_time(1, 4096, 1024, 1024))
    assert Lookup(load_profile("dgx-a100").tables).gemm_s(1, 256, 256, 256, "bf16", model) is None


def test_op_factory_takes_the_table_for_gemms() -> None:
    hw = load_profile("dgx-h100")
    f = OpFactory(CostModel(hw, "bf16"))
    op = f.gemm("x", "forward", 4096, 4096, 4096)
    assert op.measured and op.duration_s == pytest.approx(_h100_time(1, 4096, 4096, 4096))
    bwd = f.gemm("x", "backward", 4096, 4096, 4096)
    eff = hw.gpu.gemm.backward_efficiency
    assert bwd.duration_s >= op.duration_s * 0.999 and (
        eff < 1 or bwd.duration_s == pytest.approx(op.duration_s)
    )
    plain = OpFactory(CostModel(load_profile("dgx-a100"), "bf16")).gemm("x", "forward", 4096, 4096, 4096)
    assert not plain.measured


def test_simcluster_collective_uses_the_vtrain_table() -> None:
    res = CliRunner().invoke(
        main,
        ["collective", "allreduce", "--hardware", "vtrain-a100", "--nodes", "1", "--size", "4MiB", "--json"],
    )
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["time_s"] == pytest.approx(94.03e-6, rel=1e-9)  # in-place, 4 MiB, 8 GPUs


def test_summary_reports_the_share_of_op_time_from_tables(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(
        "name: t\nhardware: vtrain-a100\ncluster: {nodes: 1}\n"
        "parallelism: {scheme: megatron, tensor: 8}\n"
        "model: {layers: 2, hidden: 1024, heads: 16, seq_len: 2048, vocab: 0}\n"
        "training: {global_batch: 1, micro_batch: 1, precision: fp16}\n"
    )
    s = simulate(load_scenario(path)).summary()["op_time_sources"]
    assert 0.05 < s["tables_share"] < 0.95
    assert s["tables_share"] + s["model_share"] == pytest.approx(1.0)
    path.write_text(path.read_text().replace("vtrain-a100", "dgx-a100"))
    assert simulate(load_scenario(path)).summary()["op_time_sources"]["tables_share"] == 0.0


# -- import ------------------------------------------------------------------------------------------------


def _import(tmp_path: Path, *args: str) -> tuple[int, str]:
    import contextlib
    import io

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            code = calibrate_main(["import", *args])
        except SystemExit as exc:  # an argument the parser refuses: its one line, exit 2
            code = int(exc.code or 0)
    return code, err.getvalue()


CASES = [
    ("all_reduce_perf_8gpu.txt", "allreduce", "1", "8", "268435456"),
    ("all_gather_perf_16gpu_2node.txt", "allgather", "2", "16", "268435456"),
    ("reduce_scatter_perf_8gpu.txt", "reducescatter", "1", "8", "4194304"),
    ("sendrecv_perf_8gpu.txt", "sendrecv", "1", "8", "8388608"),
    ("all_reduce_perf_8gpu.txt", "allreduce", "1", "8", "1048576"),
]


def _collective_json(hardware: str, op: str, nodes: str, gpus: str, size: str) -> dict:
    """`simcluster collective ... --json` as a dict (the command must succeed)."""
    args = [
        "collective",
        op,
        "--hardware",
        hardware,
        "--nodes",
        nodes,
        "--gpus",
        gpus,
        "--size",
        size,
        "--json",
    ]
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


def _busbw_in_file(name: str, size: str) -> float:
    for line in (DATA / name).read_text().splitlines():
        toks = line.split()
        if toks and toks[0] == size:
            return float(toks[11])  # in place
    raise KeyError(size)


@pytest.mark.parametrize("name,op,nodes,gpus,size", CASES)
def test_import_then_collective_reproduces_the_imported_busbw(tmp_path, name, op, nodes, gpus, size) -> None:
    out = tmp_path / "prof"
    code, err = _import(
        tmp_path, *(str(p) for p in sorted(DATA.glob("*.txt"))), "--base", "dgx-a100", "--out", str(out)
    )
    assert code == 0, err
    got = _collective_json(str(out / "profile.yaml"), op, nodes, gpus, size)
    assert got["busbw_GBps"] == pytest.approx(_busbw_in_file(name, size), rel=0.01)


def test_import_report_and_alpha_beta_fit(tmp_path: Path) -> None:
    out = tmp_path / "prof"
    files = [str(p) for p in sorted(DATA.glob("*.txt"))]
    code, err = _import(tmp_path, *files, "--gemm", "/dev/null", "--base", "dgx-a100", "--out", str(out))
    assert code == 2 and err.count("\n") == 1 and "/dev/null:1" in err and "empty" in err
    code, err = _import(tmp_path, *files, "--base", "dgx-a100", "--out", str(out))
    assert code == 0, err
    rep = json.loads((out / "import_report.json").read_text())
    ar = next(c for c in rep["collectives"] if c["op"] == "allreduce")
    # the sample was written as 28 us + busbw 228 GB/s with +-1% noise: the line recovers both
    assert ar["alpha_us"] == pytest.approx(28.0, rel=0.1) and ar["bandwidth_GBps"] == pytest.approx(
        228, rel=0.02
    )
    assert ar["fit_mape_pct"] < 1.5
    ag = next(c for c in rep["collectives"] if c["op"] == "allgather")
    assert (ag["ranks"], ag["nodes"]) == (16, 2)  # from the device list's hosts
    assert rep["link_classes"]["nic"]["scale"] < 1  # the sample's network is slower than dgx-a100's
    prof = load_profile(str(out / "profile.yaml"))
    assert {(t.op, t.ranks, t.nodes) for t in prof.tables.collectives} >= {
        ("alltoall", 8, 1),
        ("sendrecv", 8, 1),
    }


def test_import_that_fails_after_reading_leaves_no_out(tmp_path: Path, monkeypatch) -> None:
    """The written profile is loaded before --out appears: a failure there leaves neither --out nor the
    folder it was written in; an empty --out that existed stays, empty."""
    import calibrate.imports.command as cmd
    from simcluster.errors import ConfigError

    real = cmd.load_profile

    def refuse_written(path: str, field: str = "hardware"):
        if field == "profile.yaml":
            raise ConfigError("profile.yaml", None, "refused by the test")
        return real(path, field=field)

    monkeypatch.setattr(cmd, "load_profile", refuse_written)
    files = [str(p) for p in sorted(DATA.glob("*.txt"))]
    code, err = _import(tmp_path, *files, "--base", "dgx-a100", "--out", str(tmp_path / "new"))
    assert code == 2 and err.count("\n") == 1 and "refused by the test" in err
    (tmp_path / "empty").mkdir()
    code, err = _import(tmp_path, *files, "--base", "dgx-a100", "--out", str(tmp_path / "empty"))
    assert code == 2 and "refused by the test" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty"] and not any((tmp_path / "empty").iterdir())
    monkeypatch.setattr(cmd, "load_profile", real)
    code, err = _import(tmp_path, *files, "--base", "dgx-a100", "--out", str(tmp_path / "empty"))
    assert code == 0, err
    assert {p.name for p in (tmp_path / "empty").iterdir()} == {
        "tables", "profile.yaml", "import_report.json", ".simcluster-outputs"
    }
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty"]


def test_import_vtrain_csv_and_h100_gemm_match_the_presets(tmp_path: Path) -> None:
    shared = Path("/work/shared/calibration")
    if not shared.is_dir():
        pytest.skip("the shared calibration data is not on this machine")
    out, h100 = tmp_path / "p", tmp_path / "h"
    code, err = _import(tmp_path, str(shared / "vtrain-a100/allreduce_8gpu.csv"), "--base", "vtrain-a100", "--out", str(out))
    assert code == 0, err
    assert (out / "tables/allreduce_8gpu_1node.csv").read_text() == VTRAIN_8.read_text()
    code, err = _import(tmp_path, "--gemm", str(shared / "h100-gemm/gemm_sm90.csv"), "--base", "dgx-h100", "--out", str(h100))
    assert code == 0, err
    assert (h100 / "tables/gemm.csv").read_text() == H100.read_text()
    # the H100's GEMMs on an A100 profile run far above its peak: refused, nothing written
    wrong = tmp_path / "w"
    code, err = _import(tmp_path, "--gemm", str(shared / "h100-gemm/gemm_sm90.csv"), "--base", "vtrain-a100", "--out", str(wrong))
    assert code == 2 and not wrong.exists()
    assert "the bf16 GEMM 4 x 4096 x 2048 x 4096 runs at 809 TFLOP/s, over 1.1 x the GPU's bf16 peak (312)" in err


def test_gemm_tables_above_the_peak_are_refused(tmp_path: Path) -> None:
    """A GEMM table whose fastest row outruns the GPU's peak by more than the boost clock allows (OpenXLA's
    sm_90 FP8 rows: 2,593 TFLOP/s at 4 x 4096^3 against 1,979) is not this GPU's: the import and the profile
    loader say which shape and rate, in one line, and nothing is written."""
    grid = [(b, m, n, k) for b in (1, 2) for m in (256, 512) for n in (256, 512) for k in (256, 512)]

    def table(rate_tflops: float) -> str:  # the largest shape at `rate_tflops`, smaller ones slower
        top = 2 * 512**3
        rate = {g: rate_tflops * 1e12 * (g[0] * g[1] * g[2] * g[3] / top) ** 0.1 for g in grid}
        rows = [f"{b},{m},{n},{k},fp8,{2 * b * m * n * k / rate[b, m, n, k] * 1e6:.6f}" for b, m, n, k in grid]
        return "b,m,n,k,dtype,time_us\n" + "\n".join(rows) + "\n"

    for rate, ok in ((1979.0 * 1.09, True), (2593.0, False)):
        path = tmp_path / f"fp8_{rate:.0f}.csv"
        path.write_text(table(rate))
        out = tmp_path / f"o{rate:.0f}"
        code, err = _import(tmp_path, "--gemm", str(path), "--base", "dgx-h100", "--out", str(out))
        assert (code == 0) is ok, err
        if not ok:
            assert not out.exists() and err.count("\n") == 1
            assert "the fp8 GEMM 2 x 512 x 512 x 512 runs at 2,593 TFLOP/s" in err
            # a profile that lists such a table by hand is refused when it loads
            (tmp_path / "hand").mkdir()
            (tmp_path / "hand/t.csv").write_text(table(rate))
            (tmp_path / "hand/p.yaml").write_text("base: dgx-h100\nname: hand\ntables:\n  gemm: [{dtype: fp8, file: t.csv}]\n")
            with pytest.raises(ConfigError) as e:
                load_profile(str(tmp_path / "hand/p.yaml"))
            assert "not a measurement of this GPU" in str(e.value) and "\n" not in str(e.value)
    # a GPU with no FP8 peak holds no FP8 table: the same rule the profile loader applies
    out = tmp_path / "a100"
    code, err = _import(tmp_path, "--gemm", str(tmp_path / "fp8_2157.csv"), "--base", "dgx-a100", "--out", str(out))
    assert code == 2 and not out.exists() and "fp8 GEMMs need gpu.peak_tflops.fp8 (dgx-a100)" in err



@pytest.mark.parametrize(
    "value, rule",
    [(0, "rate_scale=0: must be a finite number in [0.1, 2]"), (-1, "must be a finite number in [0.1, 2]"),
     (3, "rate_scale=3: must be a finite number in [0.1, 2]"), ("fast", "must be a finite number in [0.1, 2]"),
     (1.5, "bf16 GEMM 1 x 1024 x 4096 x 16384 runs at 1,243 TFLOP/s, over 1.1 x the GPU's bf16 peak (989)")],
)
def test_gemm_table_rate_scale_is_checked(tmp_path: Path, value: object, rule: str) -> None:
    """`rate_scale` (a table measured at another clock of the same processor) must lie in [0.1, 2], and the
    scaled rates are held to the peak like measured ones: dgx-h100's bf16 table (829 TFLOP/s at its fastest
    shape) at 1.5 would run 1,243 against 1.1 x 989. One line naming the field; a valid scale divides every time by it."""
    presets = Path(__file__).parent.parent / "simcluster/hardware/presets"
    entry = {"dtype": "bf16", "file": str(presets / "dgx-h100/gemm_bf16.csv"), "rate_scale": value}
    (tmp_path / "p.yaml").write_text(yaml.safe_dump({"base": "dgx-h100", "name": "p", "tables": {"gemm": [entry]}}))
    with pytest.raises(ConfigError) as e:
        load_profile(str(tmp_path / "p.yaml"))
    msg = str(e.value)
    assert "\n" not in msg and rule in msg and "tables.gemm" in msg, msg
    entry["rate_scale"] = 0.5
    (tmp_path / "p.yaml").write_text(yaml.safe_dump({"base": "dgx-h100", "name": "p", "tables": {"gemm": [entry]}}))
    half, whole = load_profile(str(tmp_path / "p.yaml")), load_profile("dgx-h100")
    [g] = half.tables.gemm
    assert g.times() == [(b, m, n, k, t / 0.5) for b, m, n, k, t in whole.tables.gemm[0].rows]


BAD = {
    "unsorted": (
        "size(B),count,type,time(ns),busbw(GB/s)\n2048,512,float,9000,0.1\n1024,256,float,9000,0.1\n",
        3,
        "rise",
    ),
    "negative": ("size(B),count,type,time(ns),busbw(GB/s)\n1024,256,float,-9000,0.1\n", 2, "positive"),
    "nan": (
        "size(B),count,type,time(ns),busbw(GB/s)\n1024,256,float,9000,0.1\n2048,512,float,nan,0.1\n",
        3,
        "finite",
    ),
    "missing": ("size(B),count,type,busbw(GB/s)\n1024,256,float,0.1\n", 1, "missing column"),
    "units": ("size(B),count,type,time(ms),busbw(GB/s)\n1024,256,float,9,0.1\n", 1, "wrong unit"),
    "size_units": ("size(KB),count,type,time(us),busbw(GB/s)\n1,256,float,9,0.1\n", 1, "wrong unit"),
    "empty": ("", 1, "empty"),
    "header_only": ("size(B),count,type,time(ns),busbw(GB/s)\n", 2, "no rows"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_malformed_collective_tables_are_one_line_errors(tmp_path: Path, case: str) -> None:
    text, line, rule = BAD[case]
    path = tmp_path / "allreduce_8gpu.csv"
    path.write_text(text)
    code, err = _import(tmp_path, str(path), "--out", str(tmp_path / "o"))
    assert code == 2
    assert err.count("\n") == 1 and f"{path}:{line}" in err and rule in err, err
    assert not (tmp_path / "o").exists()  # nothing half-written


def test_malformed_nccl_text_and_gemm_tables(tmp_path: Path) -> None:
    good = (DATA / "all_reduce_perf_8gpu.txt").read_text().splitlines()
    rows = [i for i, x in enumerate(good) if x.strip() and not x.startswith("#")]
    swapped = list(good)
    swapped[rows[1]], swapped[rows[2]] = good[rows[2]], good[rows[1]]
    bad_units = [x.replace("(us)", "(ms)") for x in good]
    for lines, line, rule in ((swapped, rows[2] + 1, "rise"), (bad_units, rows[0], "(us) or (ns)")):
        path = tmp_path / "all_reduce_perf.txt"
        path.write_text("\n".join(lines))
        code, err = _import(tmp_path, str(path), "--out", str(tmp_path / "o"))
        assert code == 2 and err.count("\n") == 1 and f"{path}:{line}" in err and rule in err, err
    gemm = tmp_path / "g.csv"
    for text, line, rule in (
        ("b,m,n,k,dtype,time_ms\n1,2,2,2,bf16,1\n", 1, "wrong unit"),
        ("b,m,n,k,dtype,time_us\n1,2,2,2,bf16,0\n", 2, "positive"),
        ("b,m,n,k,dtype,time_us\n1,2,2,2,bf16,1\n1,4,2,2,bf16,inf\n", 3, "finite"),
        ("b,m,n,dtype,time_us\n1,2,2,bf16,1\n", 1, "missing column 'k'"),
        ("b,m,n,k,dtype,time_us\n1,2,2,2,bf16,1\n1,4,4,2,bf16,2\n", 3, "full grid"),
    ):
        gemm.write_text(text)
        code, err = _import(tmp_path, "--gemm", str(gemm), "--out", str(tmp_path / "o"))
        assert code == 2 and err.count("\n") == 1 and f"{gemm}:{line}" in err and rule in err, err


XLA = Path(__file__).parent / "data" / "xla" / "collectives_sm90.h"


@pytest.mark.parametrize(
    "op,gpus,size,alpha_s,busbw",
    [
        ("allreduce", "8", 16777216, 28e-6, 350e9),
        ("reducescatter", "4", 1048576, 20e-6, 300e9),
        ("sendrecv", "2", 16777216, 10e-6, 200e9),  # collective-permute, pairs exchanging
        ("sendrecv", "8", 1048576, 12e-6, 150e9),  # collective-permute, a ring
    ],
)
def test_import_xla_table_then_collective_reproduces_its_busbw(
    tmp_path, op, gpus, size, alpha_s, busbw
) -> None:
    """The sample's records were written as alpha + bus factor x S / busbw (reduce-scatter: the f32 output
    shape x 4 devices is S; a permute: each device's buffer is S, bus factor 1); `simcluster collective` on the
    imported profile returns that busbw within 1%."""
    out = tmp_path / "prof"
    code, err = _import(tmp_path, "--xla-collectives", str(XLA), "--base", "dgx-h100", "--out", str(out))
    assert code == 0, err
    prof = load_profile(str(out / "profile.yaml"))
    assert {(t.op, t.ranks, t.nodes) for t in prof.tables.collectives} == {
        ("allreduce", 8, 1),
        ("reducescatter", 4, 1),
        ("sendrecv", 2, 1),
        ("sendrecv", 8, 1),
    }  # the one-way permute (0 -> 4, ...) is left out
    got = _collective_json(str(out / "profile.yaml"), op, "1", gpus, str(size))
    n = int(gpus)
    f = {"allreduce": 2 * (n - 1) / n, "reducescatter": (n - 1) / n}.get(op, 1.0)
    t = alpha_s + f * size / busbw
    assert got["busbw_GBps"] == pytest.approx(f * size / t / 1e9, rel=0.01)
    # the sm_100 entry (one all-reduce of 4 KiB) is another device: not imported
    assert (out / "tables/allreduce_8gpu_1node.csv").read_text().splitlines()[1].startswith("1048576,")


def test_import_of_xla_h100_table_reproduces_the_dgx_h100_tables(tmp_path: Path) -> None:
    """dgx-h100's intra-node collective tables are OpenXLA's sm_90 measurements (openxla/xla 040b384,
    Apache-2.0) as the importer reads them: 4 ops x 2/4/8 GPUs and sendrecv on 2 and 8 GPUs (collective-permute
    pairs and ring), 22 sizes each, byte for byte."""
    out = tmp_path / "p"
    src = Path(__file__).parent / "data" / "xla" / "collective_interpolator_data_openxla_040b384.h"
    code, err = _import(tmp_path, "--xla-collectives", str(src), "--base", "dgx-h100", "--out", str(out))
    assert code == 0, err
    preset = Path(__file__).parent.parent / "simcluster/hardware/presets/dgx-h100"
    names = sorted(p.name for p in (out / "tables").glob("*.csv"))
    assert len(names) == 14
    for name in names:
        assert (out / "tables" / name).read_text() == (preset / name).read_text(), name
        assert len((out / "tables" / name).read_text().splitlines()) == 23
    # one point by hand: all-reduce of f32[4194304] (16 MiB) on 8 GPUs at 115,481,938,325 B/s
    row = (preset / "allreduce_8gpu_1node.csv").read_text().splitlines()[15]
    assert row.split(",")[0] == "16777216"
    assert float(row.split(",")[1]) == pytest.approx(16777216 / 115481938325 * 1e6, rel=1e-5)


def test_malformed_xla_tables_are_one_line_errors(tmp_path: Path) -> None:
    good = XLA.read_text()
    cases = [
        (good, ("--xla-device", "sm_80"), "sm_100, sm_90"),
        (good.replace("element_type: F32", "element_type: C64"), (), "element type 'C64'"),
        (
            good.replace('opcode: "all-reduce"', 'opcode: "all-reduce-start"', 2),
            (),
            "opcode 'all-reduce-start'",
        ),
        (
            good.replace("iota_transpose_perm: 0", "iota_transpose_perm: 1", 2),
            (),
            "transposed replica groups",
        ),
        (
            good.replace("network_throughput_bytes_per_sec: ", "network_throughput_bytes_per_sec: -", 2),
            (),
            "positive",
        ),
        (good.replace("    value {", "    value { @", 1), (), "unexpected character '@'"),
        (good.replace(")pb", "} )pb", 1), (), "unbalanced '}'"),
        ("x {" * 5000 + "}" * 5000, (), "nest deeper than 32"),
        (good.replace("iota_transpose_perm: 0", "iota_transpose_perm: x", 2), (), "perm ['x']"),
        (
            good.replace("source_target_pairs { source: 1", "source_target_pairs { source: a", 1),
            (),
            "not device numbers",
        ),
        (
            good.replace("network_throughput_bytes_per_sec: ", "network_throughput_bytes_per_sec: 1 #", 2),
            (),
            "over 1e9 us",
        ),
        (
            good.replace("num_devices_per_group: 4", "num_devices_per_group: 9"),
            (),
            "groups of 9 devices do not fill 2 nodes",
        ),
        (
            'R"pb( entries { key: "sm_90" value { entries { instruction { opcode: "all-reduce" } } } } )pb"',
            (),
            "'shape' is missing",
        ),
    ]
    for text, extra, rule in cases:
        path = tmp_path / "bad.h"
        path.write_text(text)
        code, err = _import(
            tmp_path,
            "--xla-collectives",
            str(path),
            *extra,
            "--base",
            "dgx-h100",
            "--out",
            str(tmp_path / "o"),
        )
        assert code == 2 and err.count("\n") == 1 and rule in err, (rule, err)
        assert not (tmp_path / "o").exists()  # nothing half-written


def test_profile_table_files_are_checked_on_loading(tmp_path: Path) -> None:
    import yaml

    data = yaml.safe_load(
        (Path(__file__).parent.parent / "simcluster/hardware/presets/dgx-a100.yaml").read_text()
    )
    data["tables"] = {"collectives": [{"op": "allreduce", "ranks": 8, "nodes": 1, "file": "t.csv"}]}
    (tmp_path / "p.yaml").write_text(yaml.safe_dump(data))
    (tmp_path / "t.csv").write_text("size_bytes,time_us\n1024,10\n4096,inf\n")
    res = CliRunner().invoke(
        main,
        ["collective", "allreduce", "--hardware", str(tmp_path / "p.yaml"), "--nodes", "1", "--size", "1MiB"],
    )
    assert res.exit_code == 2 and "t.csv:3" in res.output and "finite" in res.output
    (tmp_path / "t.csv").write_text("size_bytes,time_us\n1024,10\n4096,20\n")
    res = CliRunner().invoke(
        main,
        [
            "collective",
            "allreduce",
            "--hardware",
            str(tmp_path / "p.yaml"),
            "--nodes",
            "1",
            "--size",
            "2KiB",
            "--json",
        ],
    )
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["time_s"] == pytest.approx(math.sqrt(10 * 20) * 1e-6)  # log-log midpoint


def test_a_calibration_run_writes_the_same_table_format(tmp_path: Path) -> None:
    from calibrate.imports.own_runs import write_own_tables

    def row(op, group, n, size, t, status="ok", conc=1):
        return {
            "op": op,
            "group": group,
            "n_ranks": n,
            "size_bytes": size,
            "time_s": t,
            "status": status,
            "n_concurrent_groups": conc,
        }

    rows = [
        row("all_reduce", "intra_node", 4, 2048, 3e-5),
        row("all_reduce", "intra_node", 4, 1024, 2e-5),
        row("all_reduce", "intra_node", 4, 1024, 4e-5),
        row("all_reduce", "intra_node", 4, 1024, 2.5e-5),
        row("all_gather", "inter_pair", 2, 1024, 5e-5),
        row("all_gather", "inter_pair", 2, 4096, 1e-3, status="error: timeout"),
        row("all_reduce", "mesh_row", 2, 1024, 1e-5, conc=2),
    ]
    entries = write_own_tables(tmp_path, rows, run_nodes=2)
    assert entries == [
        {"op": "allgather", "ranks": 2, "nodes": 2, "file": "tables/allgather_2gpu_2node.csv"},
        {"op": "allreduce", "ranks": 4, "nodes": 1, "file": "tables/allreduce_4gpu_1node.csv"},
    ]
    from simcluster.hardware.tables import read_collective_csv

    assert read_collective_csv(tmp_path / entries[1]["file"]) == ([1024.0, 2048.0], [25.0, 30.0])  # medians


def test_search_estimate_asks_the_same_lookup(tmp_path: Path) -> None:
    from simcluster.search.driver import scheme_of
    from simcluster.search.estimate import Estimator, _Layout

    path = tmp_path / "s.yaml"
    path.write_text(
        "name: t\nhardware: vtrain-a100\ncluster: {nodes: 1}\nparallelism: {scheme: megatron, tensor: 8}\n"
        "model: {layers: 2, hidden: 1024, heads: 16, seq_len: 2048, vocab: 0}\n"
        "training: {global_batch: 1, micro_batch: 1, precision: fp16}\n"
    )
    loaded = load_scenario(path)
    lay = _Layout(Estimator(loaded), loaded.scenario, scheme_of(loaded.scenario, loaded.hardware))
    assert lay.coll_time("allreduce", tuple(range(8)), 4194304.0) == pytest.approx(94.03e-6, rel=1e-9)
    assert lay.coll_time("allreduce", tuple(range(4)), 4194304.0) == pytest.approx(75.8e-6, rel=1e-9)


def test_engine_hand_over_is_continuous_at_the_table_edges() -> None:
    from simcluster.nccl_tests import run_collective

    def t(size: int) -> float:
        return float(run_collective("allreduce", "vtrain-a100", 1, 8, size, "auto")["time_s"])

    lo, hi = 1048576, 1048576000
    assert t(lo) == pytest.approx(92.15e-6, rel=1e-9) and t(hi) == pytest.approx(8010.1e-6, rel=1e-9)
    assert t(lo - 1) == pytest.approx(t(lo), rel=1e-5) and t(hi + 1) == pytest.approx(t(hi), rel=1e-5)
    assert t(lo // 4) < t(lo) and t(hi * 2) > t(hi)  # the model's shape beyond the table


@pytest.mark.parametrize(
    "gpus,size,source",
    [
        ("8", "16MiB", "measured table"),
        ("8", "8GiB", "model, scaled by the measured table at its nearest size"),
        ("6", "16MiB", "model"),
    ],
)
def test_collective_says_where_its_time_came_from(gpus: str, size: str, source: str) -> None:
    """dgx-h100 holds measured all-gathers on 2, 4 and 8 GPUs from 1 KiB to 2 GiB."""
    assert _collective_json("dgx-h100", "allgather", "1", gpus, size)["source"] == source
    args = [
        "collective",
        "allgather",
        "--hardware",
        "dgx-h100",
        "--nodes",
        "1",
        "--gpus",
        gpus,
        "--size",
        size,
    ]
    text = CliRunner().invoke(main, args).stdout
    assert text.splitlines()[-1].split(None, 1) == ["source", source]


def test_pipeline_sends_take_the_two_gpu_sendrecv_table(tmp_path: Path) -> None:
    """A send of S bytes between two stages is nccl-tests' sendrecv on 2 GPUs: with a measured 2-GPU table
    every activation send (1 MiB: micro-batch 2 x 256 tokens x 1024 x 2 B) takes the table's 500 us, where
    the model alone gives ~10 us; without the table it keeps the model's time."""
    import yaml

    from tests.conftest import small_scenario

    data = yaml.safe_load(
        (Path(__file__).parent.parent / "simcluster/hardware/presets/dgx-a100.yaml").read_text()
    )
    data["tables"] = {"collectives": [{"op": "sendrecv", "ranks": 2, "nodes": 1, "file": "sr.csv"}]}
    (tmp_path / "p.yaml").write_text(yaml.safe_dump(data))
    (tmp_path / "sr.csv").write_text("size_bytes,time_us\n1048576,500\n16777216,1000\n")
    times = {}
    for hw in ("dgx-a100", str(tmp_path / "p.yaml")):
        sc = {**small_scenario(parallelism={"tensor": 1, "pipeline": 2}), "hardware": hw}
        (tmp_path / "s.yaml").write_text(yaml.safe_dump(sc))
        res = simulate(load_scenario(tmp_path / "s.yaml", []))
        tr = res.engine.traces[0]
        times[hw] = sorted(
            {
                round((tr.end_s[i] - tr.start_s[i]) * 1e6, 3)
                for i, (op, _, _) in enumerate(res.program.steps[0])
                if op.kind == "send"
            }
        )
    assert times[str(tmp_path / "p.yaml")] == [pytest.approx(500.0, rel=1e-6)]
    assert all(t < 50 for t in times["dgx-a100"])


XLA_GEMM = Path(__file__).parent / "data" / "xla" / "matmul_sm90.h"


def test_import_xla_matmul_table_and_fp8_gemms_take_it(tmp_path: Path) -> None:
    """XLA's matmul table: time = 2 b m n k / the rate per operand type; bf16, tf32 (f32 dots) and fp8 (e4m3
    operands) rows on a full grid, the mixed e4m3/e5m2 rate left out. A profile with the fp8 grid gives FP8
    linears their measured times (the forward GEMM's own, the casts on top as without a table)."""
    out = tmp_path / "p"
    code, err = _import(tmp_path, "--xla-gemm", str(XLA_GEMM), "--base", "dgx-h100", "--out", str(out))
    assert code == 0, err
    rows = [line.split(",") for line in (out / "tables/gemm.csv").read_text().splitlines()[1:]]
    assert len(rows) == 48 and {r[4] for r in rows} == {"bf16", "tf32", "fp8"}
    b, m, n, k = 2, 512, 256, 512
    t = {r[4]: float(r[5]) for r in rows if tuple(map(int, r[:4])) == (b, m, n, k)}
    flop = 2 * b * m * n * k
    assert t == pytest.approx(
        {"bf16": flop / 600e12 * 1e6, "tf32": flop / 300e12 * 1e6, "fp8": flop / 1.2e15 * 1e6}
    )
    prof = load_profile(str(out / "profile.yaml"))
    f = OpFactory(CostModel(prof, "bf16"), fp8=True)
    plain = OpFactory(CostModel(load_profile("dgx-h100"), "bf16"), fp8=True)
    op = f.gemm("x", "forward", m, n, k, batch=b, linear="a,b")
    ref = plain.gemm("x", "forward", m, n, k, batch=b, linear="a,b")
    casts = sum(f.cost.elementwise(x) for x in f.fp8_casts("a,b", m, n, k, b))
    assert op.measured and not ref.measured
    assert op.duration_s == pytest.approx(t["fp8"] * 1e-6 + casts)


def test_malformed_xla_matmul_tables(tmp_path: Path) -> None:
    good = XLA_GEMM.read_text()
    one_missing = good.replace(
        "      entries {\n        b: 2\n        m: 512\n        n: 512\n        k: 512\n",
        "      entries {\n        b: 2\n        m: 512\n        n: 512\n        k: 1024\n",
        1,
    )
    for text, rule in (
        (good.replace("value: 600000000000000", "value: 0", 1), "must be positive"),
        (one_missing, "not a full grid"),
        (good.replace('key: "sm_90"', 'key: "sm_80"'), "it has: sm_80"),
    ):
        path = tmp_path / "bad.h"
        path.write_text(text)
        code, err = _import(
            tmp_path, "--xla-gemm", str(path), "--base", "dgx-h100", "--out", str(tmp_path / "o")
        )
        assert code == 2 and err.count("\n") == 1 and rule in err, (rule, err)
        assert not (tmp_path / "o").exists()


def test_import_gemm_dtypes_selects(tmp_path: Path) -> None:
    """`--gemm-dtypes` keeps the named dtypes of the GEMM tables: the rest is neither checked nor written; a name
    that is no dtype, or a selection that leaves nothing, is one line and exit 2."""
    src = tmp_path / "g.csv"
    rows = [(b, m, n, k) for b in (1, 2) for m in (256, 512) for n in (256, 512) for k in (256, 512)]
    lines = [f"{b},{m},{n},{k},bf16,{2 * b * m * n * k / 500e12 * 1e6:.6f}" for b, m, n, k in rows]
    lines += [f"{b},{m},{n},{k},fp8,{2 * b * m * n * k / 2593e12 * 1e6:.6f}" for b, m, n, k in rows]  # over the peak
    src.write_text("b,m,n,k,dtype,time_us\n" + "\n".join(lines) + "\n")
    out = tmp_path / "o"
    code, err = _import(tmp_path, "--gemm", str(src), "--gemm-dtypes", "bf16", "--base", "dgx-h100", "--out", str(out))
    assert code == 0, err
    assert {t.dtype for t in load_profile(str(out / "profile.yaml")).tables.gemm} == {"bf16"}
    for dtypes, rule in (("bf17", "'bf17' is not one of"), ("tf32", "leaves no GEMM of the tables")):
        o = tmp_path / dtypes
        code, err = _import(tmp_path, "--gemm", str(src), "--gemm-dtypes", dtypes, "--base", "dgx-h100", "--out", str(o))
        assert code == 2 and rule in err and err.count("\n") == 1 and not o.exists()


def test_a_measured_table_faster_than_the_link_model_keeps_the_capacity_invariant(write_scenario) -> None:
    """Found by benchmarks/fuzz.py (seed 7, #187): on dgx-h100 a tensor-parallel collective's measured table is
    0.8% faster than the ring over NVLink's modelled 370 GB/s, so its phases put their real bytes through a
    link faster than that capacity; the engine reports the speed-up and the invariant allows exactly it."""
    from tests.strategies import check_invariants

    path = write_scenario(
        {
            "name": "prop",
            "hardware": "dgx-h100",
            "cluster": {"nodes": 2, "gpus_per_node": 4, "rail_optimized": True},
            "model": {"layers": 4, "hidden": 128, "heads": 4, "seq_len": 256, "vocab": 1024},
            "parallelism": {"tensor": 4, "pipeline": 2, "data": 1, "schedule": "gpipe"},
            "training": {
                "global_batch": 2,
                "micro_batch": 1,
                "precision": "fp16",
                "recompute": "selective",
                "tp_comm_overlap": True,
            },
        }
    )
    res = simulate(load_scenario(str(path)))
    assert 1.0 < res.engine.table_speedup < 1.02
    check_invariants(res, None)  # failed before the speed-up was allowed (a link at 373 of 370 GB/s)


# -- attention tables ---------------------------------------------------------------------------------------

FLASH = Path(__file__).parent.parent / "simcluster/hardware/presets/dgx-h100/attention_flash.csv"
H200_FLASH = Path(__file__).parent.parent / "simcluster/hardware/presets/hgx-h200/attention_flash.csv"
H200_RUN = Path(__file__).parent / "data/h200/calibrate"


def test_attention_lookup_is_the_measured_rate_between_points_log_log_and_clamped_outside() -> None:
    """hgx-h200's FlashAttention table (its SDPA flash kernel, head dim 128, 1K-16K): the measured rate at a
    measured sequence, the log-log midpoint between two, the edge's rate beyond them (and at any other head
    dim); fp16 has its own rows; a dtype without a table (fp32) has no answer."""
    look = Lookup(load_profile("hgx-h200").tables)
    assert look.attention_flops("bf16", "forward", 4096, 128) == pytest.approx(321.412e12, rel=1e-6)
    assert look.attention_flops("bf16", "backward", 16384, 128) == pytest.approx(307.044e12, rel=1e-6)
    mid = math.isqrt(4096 * 8192)  # the geometric middle of 4K and 8K
    assert look.attention_flops("bf16", "forward", mid, 128) == pytest.approx(
        math.sqrt(321.412 * 338.982) * 1e12, rel=1e-4
    )
    assert look.attention_flops("bf16", "forward", 1 << 20, 128) == pytest.approx(342.551e12, rel=1e-6)
    assert look.attention_flops("bf16", "forward", 256, 128) == pytest.approx(258.619e12, rel=1e-6)
    assert look.attention_flops("bf16", "forward", 2048, 64) == look.attention_flops("bf16", "forward", 2048, 192)
    assert look.attention_flops("fp16", "backward", 8192, 128) == pytest.approx(282.909e12, rel=1e-6)
    assert look.attention_flops("fp32", "forward", 8192, 128) is None
    rates = [look.attention_flops("bf16", "backward", s, 128) for s in range(1024, 16385, 512)]
    assert all(b >= a for a, b in zip(rates, rates[1:]))  # rises with the sequence, as measured


def _h100(seq: int, direction: str) -> float:
    """dgx-h100's table in closed form: the H200's measured bf16 rate at `seq` times the H100's published 16K
    rate (0.339 / 0.295 of 989) over the H200's there."""
    h200 = {"forward": {1024: 258.619, 8192: 338.982, 16384: 342.551},
            "backward": {1024: 171.673, 8192: 288.067, 16384: 307.044}}[direction]
    anchor = {"forward": 0.339, "backward": 0.295}[direction] * 989.0
    return h200[seq] * anchor / h200[16384]


def test_fused_attention_ops_take_the_table_rate_closed_form(tmp_path: Path) -> None:
    """The simulator's fused attention op: launch + FLOPs / (the table's rate at its sequence and direction);
    the 500 W part runs dgx-h100's table at 0.879; a profile without a table keeps peak x efficiency."""
    from simcluster.parallel.base import flash_attention, flash_attention_backward

    heads, hd = 32, 128
    for hw, scale in (("dgx-h100", 1.0), ("h100-hbm2e-500w", 0.879)):
        p = load_profile(hw)
        F = OpFactory(CostModel(p, "bf16"))
        launch = p.gpu.gemm.launch_us * 1e-6
        for s in (1024, 8192, 16384):
            (fwd,) = flash_attention(F, "forward", heads, s, hd, 2)
            (bwd,) = flash_attention_backward(F, heads, s, hd, 2)
            assert fwd.flops == 2 * heads * s * s * hd and bwd.flops == 2.5 * fwd.flops
            assert fwd.duration_s == pytest.approx(launch + fwd.flops / (scale * _h100(s, "forward") * 1e12), rel=1e-5)
            assert bwd.duration_s == pytest.approx(launch + bwd.flops / (scale * _h100(s, "backward") * 1e12), rel=1e-5)
    (tmp_path / "p.yaml").write_text("base: dgx-h100\nname: no-attention-table\ntables:\n  attention: []\n")
    plain = load_profile(str(tmp_path / "p.yaml"))
    F = OpFactory(CostModel(plain, "bf16"))
    (op,) = flash_attention(F, "forward", heads, 4096, hd, 2)
    (bwd,) = flash_attention_backward(F, heads, 4096, hd, 2)
    assert op.duration_s == pytest.approx(5e-6 + op.flops / (989e12 * 0.339), rel=1e-9)
    assert bwd.duration_s == pytest.approx(5e-6 + bwd.flops / (989e12 * 0.295), rel=1e-9)


def test_shorter_sequences_cost_more_per_flop_in_a_step() -> None:
    """Against the old single efficiency (the 16K rate for every sequence), a 2K-token attention now costs what
    the measured kernel takes at 2K: forward 343 / 298 = 1.15x the 16K time per FLOP."""
    from simcluster.parallel.base import flash_attention

    F = OpFactory(CostModel(load_profile("dgx-h100"), "bf16"))
    short, long_ = (flash_attention(F, "forward", 8, s, 128, 2)[0] for s in (2048, 16384))
    launch = 5e-6
    ratio = ((short.duration_s - launch) / short.flops) / ((long_.duration_s - launch) / long_.flops)
    assert ratio == pytest.approx(342.551 / 298.325, rel=1e-4)


def test_the_preset_attention_tables_are_what_calibrate_writes_from_the_h200_run() -> None:
    """hgx-h200/attention_flash.csv is `calibrate analyze`'s table of the committed H200 run's flash rows;
    dgx-h100's is that curve at the H100's 16K rates (its profile's efficiencies x peak: `anchored_rows`)."""
    h100 = load_profile("dgx-h100").gpu
    anchors = {"forward": 989.0 * h100.flash_attention_efficiency, "backward": 989.0 * h100.flash_attention_backward_efficiency}
    _preset_tables_are("flash", anchors, H200_FLASH, FLASH)


def _preset_tables_are(kernel: str, anchors: dict[str, float], h200: Path, h100: Path) -> None:
    """`h200` holds the committed H200 run's `kernel` rows as `calibrate analyze` tables them, `h100` that
    curve at the H100's 16K `anchors` (`anchored_rows`), bf16 and fp16 each."""
    from calibrate.fit.attention import anchored_rows, table_rows
    from calibrate.results import ATTENTION, read_table
    from simcluster.hardware.tables import read_attention_csv

    rows = table_rows(read_table(H200_RUN, ATTENTION), kernel)
    for path, want in ((h200, rows), (h100, anchored_rows(rows, 16384, anchors))):
        committed = read_attention_csv(path)
        assert sorted(committed) == ["bf16", "fp16"]
        for d in ("bf16", "fp16"):
            mine = [r[1:] for r in want if r[0] == d]
            assert [r[:3] for r in mine] == [r[:3] for r in committed[d]]
            assert [r[3] for r in mine] == pytest.approx([r[3] for r in committed[d]], rel=1e-5)


CUDNN = Path(__file__).parent.parent / "simcluster/hardware/presets/dgx-h100/attention_cudnn.csv"
H200_CUDNN = Path(__file__).parent.parent / "simcluster/hardware/presets/hgx-h200/attention_cudnn.csv"
# cuDNN's fused attention on an H100 SXM, head dim 128, 16K (FlashAttention-3 paper, Figs. 5-6): causal forward,
# and the non-causal backward over the non-causal forward that carries it to a causal backward.
PAPER_CUDNN_CAUSAL_FWD, PAPER_CUDNN_BWD, PAPER_CUDNN_FWD = 539.0, 516.0, 595.0


def test_the_cudnn_tables_are_the_h200_run_and_its_curve_at_the_papers_h100_rates() -> None:
    """hgx-h200/attention_cudnn.csv is the committed run's cudnn rows as `calibrate analyze` tables them;
    dgx-h100's is that curve at the paper's H100 16K rates: 539 forward, 539 x 516 / 595 = 467.4 backward."""
    anchors = {"forward": PAPER_CUDNN_CAUSAL_FWD, "backward": PAPER_CUDNN_CAUSAL_FWD * PAPER_CUDNN_BWD / PAPER_CUDNN_FWD}
    assert anchors["backward"] == pytest.approx(467.435, rel=1e-5)
    _preset_tables_are("cudnn", anchors, H200_CUDNN, CUDNN)


def test_cudnn_attention_takes_its_own_table_closed_form() -> None:
    """`model.attention: cudnn` prices every fused attention op at the profile's cudnn table, flash at its flash
    table, in the same profile: dgx-h100 at 16K is 539 against 335 TFLOP/s forward; backward 430 at 4K, flash's
    274 at 8K (the 500 W part at 0.879 of both); the op's FLOPs and bytes do not change with the kernel."""
    from simcluster.parallel.base import flash_attention, flash_attention_backward

    heads, hd = 32, 128
    for hw, scale in (("dgx-h100", 1.0), ("h100-hbm2e-500w", 0.879)):
        p = load_profile(hw)
        launch = p.gpu.gemm.launch_us * 1e-6
        cud = OpFactory(CostModel(p, "bf16"), attention_kernel="cudnn")
        fla = OpFactory(CostModel(p, "bf16"))
        (f16k,) = flash_attention(cud, "forward", heads, 16384, hd, 2)
        (b4k,) = flash_attention_backward(cud, heads, 4096, hd, 2)
        assert f16k.duration_s == pytest.approx(launch + f16k.flops / (scale * 539.0e12), rel=1e-5)
        assert b4k.duration_s == pytest.approx(launch + b4k.flops / (scale * 429.969e12), rel=1e-5)
        assert f16k.measured and b4k.measured
        (g16k,) = flash_attention(fla, "forward", heads, 16384, hd, 2)
        (c8k,) = flash_attention_backward(fla, heads, 8192, hd, 2)
        assert g16k.duration_s == pytest.approx(launch + g16k.flops / (scale * 335.271e12), rel=1e-5)
        assert c8k.duration_s == pytest.approx(launch + c8k.flops / (scale * _h100(8192, "backward") * 1e12), rel=1e-5)
        assert (f16k.flops, f16k.bytes) == (g16k.flops, g16k.bytes)
        assert (f16k.name, b4k.name, g16k.name) == ("attn.cudnn", "attn.cudnn.bwd", "attn.flash")  # the timeline's


def _cudnn_scenario(tmp_path: Path, hardware: str, **model: object) -> Path:
    path = tmp_path / f"{Path(hardware).stem}-{model.get('attention', 'cudnn')}.yaml"
    path.write_text(
        yaml.safe_dump(
            {
                "name": "cudnn",
                "hardware": hardware,
                "cluster": {"nodes": 1},
                "model": {"layers": 2, "hidden": 1024, "heads": 8, "seq_len": 4096, "vocab": 1024,
                          "attention": "cudnn", **model},
                "parallelism": {"tensor": 2, "data": 2, "context": 2},
                "training": {"global_batch": 4, "micro_batch": 1, "precision": "bf16"},
            }
        )
    )
    return path


def test_a_cudnn_run_is_faster_than_flash_by_the_tables_and_refused_without_a_table(tmp_path: Path) -> None:
    """End to end on dgx-h100 with ring attention (context 2): the cudnn run's attention ops take the cudnn
    table's time, so its iteration is shorter than the flash run's, everything else equal; on dgx-a100, whose
    profile measured no cuDNN kernel, `model.attention: cudnn` is one line naming the field, the value and the
    rule."""
    # without host costs: a layer this small is paced by the preset's measured host, not its attention
    fast = simulate(load_scenario(str(_cudnn_scenario(tmp_path, FAST_HOST_H100))))
    slow = simulate(load_scenario(str(_cudnn_scenario(tmp_path, FAST_HOST_H100, attention="flash"))))
    assert fast.summary()["iteration_time_s"] < 0.99 * slow.summary()["iteration_time_s"]
    with pytest.raises(ConfigError) as e:
        load_scenario(str(_cudnn_scenario(tmp_path, "dgx-a100")))
    msg = str(e.value)
    assert "\n" not in msg and "model.attention" in msg and "cudnn" in msg and "dgx-a100" in msg, msg


def test_calibrate_analyze_writes_the_attention_table_into_the_profile(tmp_path: Path) -> None:
    """On the H200 run: attention_table.csv beside profile.yaml, listed in `tables.attention` for the kernel
    the efficiencies came from (flash by default, cudnn when asked), the other fused kernel the run measured in
    attention_table_<kernel>.csv, and the profile loads with both (a scenario can name either)."""
    import shutil

    from calibrate.analyze import analyze

    rates = {"flash": 342.551, "cudnn": 638.108}  # the run's bf16 forward at 16K
    for backend in (None, "cudnn"):
        main = backend or "flash"
        other = "cudnn" if main == "flash" else "flash"
        out = tmp_path / (backend or "default")
        shutil.copytree(H200_RUN, out)
        fits = analyze(out, attention_backend=backend)
        profile = load_profile(str(out / "profile.yaml"))
        assert {(a.dtype, a.kernel, a.file) for a in profile.tables.attention} == {
            ("bf16", main, "attention_table.csv"),
            ("fp16", main, "attention_table.csv"),
            ("bf16", other, f"attention_table_{other}.csv"),
            ("fp16", other, f"attention_table_{other}.csv"),
        }
        for kernel in (main, other):
            assert Lookup(profile.tables).attention_flops("bf16", "forward", 16384, 128, kernel) == pytest.approx(
                rates[kernel] * 1e12, rel=1e-5
            )
        assert fits["attention_table"] == {"bf16": f"table: {main}, 10 points",
                                           "fp16": f"table: {main}, 10 points",
                                           f"{other} bf16": f"table: {other}, 10 points",
                                           f"{other} fp16": f"table: {other}, 10 points"}


ATTENTION_BAD = {
    "direction": ("dtype,seq,head_dim,direction,tflops\nbf16,1024,128,sideways,300\n", "t.csv:2", "direction='sideways'"),
    "nan": ("dtype,seq,head_dim,direction,tflops\nbf16,1024,128,forward,nan\n", "t.csv:2", "positive and finite"),
    "unit": ("dtype,seq,head_dim,direction,time_us\nbf16,1024,128,forward,300\n", "t.csv:1", "missing column 'tflops'"),
    "seq": ("dtype,seq,head_dim,direction,tflops\nbf16,1k,128,forward,300\n", "t.csv:2", "seq='1k' is not an integer"),
    "huge": ("dtype,seq,head_dim,direction,tflops\nbf16,1024,128,forward,1e9\n", "t.csv:2", "must lie in [1e-09, 100000]"),
    "tiny": ("dtype,seq,head_dim,direction,tflops\nbf16,1024,128,forward,1e-300\n", "t.csv:2", "must lie in"),
    "no_forward": ("dtype,seq,head_dim,direction,tflops\nbf16,1024,128,backward,300\n", "tables.attention",
                   "has no forward rows"),
    "duplicate": ("dtype,seq,head_dim,direction,tflops\nbf16,1024,128,forward,300\nbf16,1024,128,forward,310\n",
                  "tables.attention", "full grid of seq x head_dim"),
    "holes": ("dtype,seq,head_dim,direction,tflops\nbf16,1024,128,forward,300\nbf16,2048,64,forward,310\n",
              "tables.attention", "full grid of seq x head_dim"),
    "over_peak": ("dtype,seq,head_dim,direction,tflops\nbf16,1024,128,forward,1100\n", "tables.attention",
                  "runs at 1,100 TFLOP/s, over 1.1 x the GPU's bf16 peak (989)"),
    "dtype_missing": ("dtype,seq,head_dim,direction,tflops\nfp16,1024,128,forward,300\n", "tables.attention",
                      "no bf16 rows"),
}


@pytest.mark.parametrize("case", sorted(ATTENTION_BAD))
def test_malformed_attention_tables_are_one_line_errors(tmp_path: Path, case: str) -> None:
    text, where, rule = ATTENTION_BAD[case]
    (tmp_path / "t.csv").write_text(text)
    (tmp_path / "p.yaml").write_text(
        "base: dgx-h100\nname: p\ntables:\n  attention: [{dtype: bf16, file: t.csv}]\n"
    )
    with pytest.raises(ConfigError) as e:
        load_profile(str(tmp_path / "p.yaml"))
    msg = str(e.value)
    assert "\n" not in msg and where in msg and rule in msg, msg


@pytest.mark.parametrize(
    "entries, rule",
    [
        ("[{dtype: bf16, file: t.csv}, {dtype: bf16, kernel: flash, file: t.csv}]", "a second flash bf16 table"),
        ("[{dtype: bf16, kernel: cudnn, file: t.csv}, {dtype: bf16, kernel: cudnn, file: t.csv}]",
         "a second cudnn bf16 table"),
        ("[{dtype: bf16, file: t.csv, rate_scale: 0}]", "rate_scale=0"),
        ("[{dtype: bf16, file: t.csv, kernel: fast}]", "kernel='fast'"),
        ("[{dtype: bf16, file: missing.csv}]", "no such file"),
    ],
)
def test_attention_table_entries_are_checked(tmp_path: Path, entries: str, rule: str) -> None:
    (tmp_path / "t.csv").write_text("dtype,seq,head_dim,direction,tflops\nbf16,1024,128,forward,300\n")
    (tmp_path / "p.yaml").write_text(f"base: dgx-h100\nname: p\ntables:\n  attention: {entries}\n")
    with pytest.raises(ConfigError) as e:
        load_profile(str(tmp_path / "p.yaml"))
    assert "\n" not in str(e.value) and rule in str(e.value), str(e.value)


def test_attention_ops_inside_the_table_count_as_measured_time(tmp_path: Path) -> None:
    """A fused attention call at or between the table's measured sequences and head dims is measured time
    (`op.measured`, summary `op_time_sources`); outside it (shorter or longer than measured, another head dim)
    it is the model's, scaled to the edge, as for GEMMs."""
    from simcluster.parallel.base import flash_attention, flash_attention_backward

    F = OpFactory(CostModel(load_profile("dgx-h100"), "bf16"))
    inside = [(1024, 128), (3000, 128), (16384, 128)]
    outside = [(512, 128), (32768, 128), (4096, 64)]
    for (s, hd), want in [*((q, True) for q in inside), *((q, False) for q in outside)]:
        assert flash_attention(F, "forward", 8, s, hd, 2)[0].measured is want
        assert flash_attention_backward(F, 8, s, hd, 2)[0].measured is want
    (tmp_path / "p.yaml").write_text("base: dgx-h100\nname: no-attention-table\ntables:\n  attention: []\n")
    plain = OpFactory(CostModel(load_profile(str(tmp_path / "p.yaml")), "bf16"))
    assert not flash_attention(plain, "forward", 8, 4096, 128, 2)[0].measured


def test_a_huge_value_in_a_table_is_echoed_as_a_short_excerpt(tmp_path: Path) -> None:
    """A 5,000-digit integer in a table CSV (GEMM or attention) is one short line: the value cut to an excerpt."""
    huge = "9" * 5000
    for name, text, entry in (
        ("t.csv", f"dtype,seq,head_dim,direction,tflops\nbf16,{huge},128,forward,300\n", "attention: [{dtype: bf16, file: t.csv}]"),
        ("g.csv", f"b,m,n,k,dtype,time_us\n{huge},1,1,1,bf16,3\n", "gemm: [{dtype: bf16, file: g.csv}]"),
    ):
        (tmp_path / name).write_text(text)
        (tmp_path / "p.yaml").write_text(f"base: dgx-h100\nname: p\ntables:\n  {entry}\n")
        with pytest.raises(ConfigError) as e:
            load_profile(str(tmp_path / "p.yaml"))
        msg = str(e.value)
        assert f"{name}:2:" in msg and "is not an integer" in msg and "..." in msg and len(msg) < 300, msg


@pytest.mark.parametrize("planted", ["attention_table.csv", "fits.json", "profile.yaml", "report.html"])
def test_calibrate_analyze_never_follows_a_link_planted_in_its_folder(tmp_path: Path, planted: str) -> None:
    """A symlink where `analyze` writes one of its files is refused in one line before anything is written:
    the link's target outside DIR keeps its content and DIR gains no file."""
    import shutil

    from calibrate.analyze import analyze

    out = tmp_path / "run"
    shutil.copytree(H200_RUN, out)
    victim = tmp_path / "victim.txt"
    victim.write_text("mine\n")
    (out / planted).symlink_to(victim)
    before = sorted(p.name for p in out.iterdir())
    with pytest.raises(ConfigError) as e:
        analyze(out)
    assert "\n" not in str(e.value) and planted in str(e.value) and "move it away" in str(e.value)
    assert victim.read_text() == "mine\n"
    assert sorted(p.name for p in out.iterdir()) == before
