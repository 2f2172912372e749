"""GEMM tables for one GPU from its own measured grid, extended with another GPU of the same processor:
the bf16 grid where the first was not measured, and another dtype's times as the bf16 time x the speedup
measured on the other GPU, shape by shape.

Why: `dgx-h100`'s bf16 grid is OpenXLA's H100 table (b 1-4, m, n, k 256-4096); an H200 (the H100's processor,
clocks, tensor cores and 700 W limit, with faster memory) measured bf16 and FP8 GEMMs to 16384 (`calibrate grid`,
tests/data/h200). Beyond 4096 the profile had only its model, scaled by the table's edge ratio: ~820 TFLOP/s
where the H200, at its power limit, sustained ~690. So the bf16 table keeps the H100's measurement where there
is one and takes the H200's elsewhere; the FP8 table is that bf16 time x the fp8/bf16 time ratio the H200
measured at the same shape, so an FP8 run's gain over bf16 is the measured one (and beyond 4096 the FP8 time is
the H200's own). Torch-free.

Usage: python -m calibrate.imports.speedup OWN.csv OTHER.csv OUT_DIR [--dtype fp8]
(writes OUT_DIR/gemm_bf16.csv and OUT_DIR/gemm_<dtype>.csv; OUT_DIR must not hold them)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from simcluster.errors import SimclusterError
from simcluster.hardware.tables import read_gemm_csv, write_gemm_csv

Row = tuple[int, int, int, int, str, float]


def extended_rows(
    own: dict[str, list[tuple[int, int, int, int, float]]],
    other: dict[str, list[tuple[int, int, int, int, float]]],
    dtype: str = "fp8",
) -> tuple[list[Row], list[Row]]:
    """(bf16 rows: `own` where it has the shape, `other` elsewhere; `dtype` rows: that bf16 time x `other`'s
    dtype/bf16 time ratio at each shape `other` measured in both)."""
    theirs = {r[:4]: r[4] for r in other.get("bf16", [])}
    mine = {r[:4]: r[4] for r in own.get("bf16", [])}
    bf16 = {**theirs, **mine}
    rows_bf16 = [(*q, "bf16", t) for q, t in sorted(bf16.items())]
    rows_dtype = [
        (b, m, n, k, dtype, bf16[(b, m, n, k)] * t / theirs[(b, m, n, k)])
        for b, m, n, k, t in sorted(other.get(dtype, []))
        if (b, m, n, k) in theirs
    ]
    return rows_bf16, rows_dtype


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m calibrate.imports.speedup", description=__doc__.split("\n")[0])
    p.add_argument("own", type=Path, help="this GPU's GEMM table CSV (bf16 rows)")
    p.add_argument("other", type=Path, help="the other GPU's grid, bf16 and --dtype rows (calibrate grid)")
    p.add_argument("out", type=Path, help="folder for gemm_bf16.csv and gemm_<dtype>.csv")
    p.add_argument("--dtype", default="fp8")
    a = p.parse_args(argv)
    paths = (a.out / "gemm_bf16.csv", a.out / f"gemm_{a.dtype}.csv")
    try:
        if a.out.exists() and not a.out.is_dir():
            raise SimclusterError(f"out={a.out}: exists and is not a directory")
        held = [str(x) for x in paths if x.exists() or x.is_symlink()]
        if held:
            raise SimclusterError(f"out={a.out}: already holds {', '.join(held)}")
        rows_bf16, rows_dtype = extended_rows(read_gemm_csv(a.own), read_gemm_csv(a.other), a.dtype)
        if not rows_bf16 or not rows_dtype:
            raise SimclusterError(f"other={a.other}: holds no shape measured in both bf16 and {a.dtype}")
    except SimclusterError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    a.out.mkdir(parents=True, exist_ok=True)
    write_gemm_csv(paths[0], rows_bf16)
    write_gemm_csv(paths[1], rows_dtype)
    print(f"calibrate: wrote {paths[0]} ({len(rows_bf16)} shapes) and {paths[1]} ({len(rows_dtype)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
