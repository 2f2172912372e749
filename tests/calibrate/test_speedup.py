"""calibrate.imports.speedup: a GPU's bf16 grid extended by a same-processor GPU's, and another dtype as bf16 x
the speedup measured there; `dgx-h100`'s shipped tables are what it writes from the committed measurements."""

from __future__ import annotations

from pathlib import Path

import pytest

from calibrate.imports.speedup import extended_rows, main
from simcluster.hardware.profile import load_profile
from simcluster.hardware.tables import read_gemm_csv

ROOT = Path(__file__).resolve().parents[2]
PRESET = ROOT / "simcluster" / "hardware" / "presets" / "dgx-h100"


def test_own_rows_win_other_rows_fill_and_the_ratio_carries() -> None:
    own = {"bf16": [(1, 256, 256, 256, 10.0)]}
    other = {
        "bf16": [(1, 256, 256, 256, 4.0), (1, 512, 256, 256, 8.0)],
        "fp8": [(1, 256, 256, 256, 2.0), (1, 512, 256, 256, 4.4)],
    }
    bf16, fp8 = extended_rows(own, other)
    assert bf16 == [(1, 256, 256, 256, "bf16", 10.0), (1, 512, 256, 256, "bf16", 8.0)]
    assert fp8 == [(1, 256, 256, 256, "fp8", pytest.approx(5.0)), (1, 512, 256, 256, "fp8", pytest.approx(4.4))]


def test_the_shipped_h100_tables_are_the_committed_measurements(tmp_path: Path) -> None:
    assert main([str(PRESET / "gemm_sm90.csv"), str(ROOT / "simcluster/hardware/presets/hgx-h200/gemm_grid.csv"), str(tmp_path)]) == 0
    for name in ("gemm_bf16.csv", "gemm_fp8.csv"):
        assert (tmp_path / name).read_text() == (PRESET / name).read_text()
    hw = load_profile("dgx-h100")
    xla = {r[:4]: r[4] for r in read_gemm_csv(PRESET / "gemm_sm90.csv")["bf16"]}
    table = {g.dtype: {r[:4]: r[4] for r in g.rows} for g in hw.tables.gemm}
    assert all(table["bf16"][q] == t for q, t in xla.items())  # the H100's own measurement where it has one
    h200 = {d: {r[:4]: r[4] for r in rows} for d, rows in read_gemm_csv(ROOT / "simcluster/hardware/presets/hgx-h200/gemm_grid.csv").items()}
    big = (1, 8192, 8192, 8192)
    assert table["bf16"][big] == pytest.approx(h200["bf16"][big], rel=1e-5)  # the H200's beyond it
    assert table["fp8"][big] == pytest.approx(h200["fp8"][big], rel=1e-5)
    # the measured FP8 gain: ~1.8-2.0x on big shapes, ~1x on latency-bound small ones
    for q, lo, hi in (((1, 4096, 4096, 4096), 1.7, 1.9), ((1, 16384, 16384, 16384), 1.9, 2.1), ((1, 256, 256, 256), 0.8, 1.2)):
        assert lo < table["bf16"][q] / table["fp8"][q] < hi


def test_an_existing_output_is_never_overwritten(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "gemm_fp8.csv").write_text("mine\n")
    rc = main([str(PRESET / "gemm_sm90.csv"), str(ROOT / "simcluster/hardware/presets/hgx-h200/gemm_grid.csv"), str(tmp_path)])
    assert rc == 2 and "already holds" in capsys.readouterr().err
    assert (tmp_path / "gemm_fp8.csv").read_text() == "mine\n" and not (tmp_path / "gemm_bf16.csv").exists()
