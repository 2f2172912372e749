"""From the CSVs in DIR to fits.json, profile.yaml and report.html (no torch; rerunnable offline)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from calibrate.fit.attention import (
    ATTENTION_TABLE_FILE,
    FUSED_KERNELS,
    attention_table_file,
    fit_attention_rows,
    profile_kernel,
    table_rows,
)
from calibrate.fit.tables import (
    fit_backward_rows,
    fit_collective_rows,
    fit_gemm_rows,
    fit_host_rows,
    fit_memory_rows,
    fit_variability,
    gemm_measured_points,
)
from calibrate.imports.own_runs import write_own_tables
from calibrate.profile import auto_base, build_profile
from calibrate.report.page import write_report
from calibrate.results import ATTENTION, COLLECTIVES, GEMM, GRID, HOST, MEMORY, read_table
from calibrate.runinfo import read_runs
from simcluster.errors import ConfigError
from simcluster.hardware.profile import HardwareProfile, load_profile, profile_from_dict
from simcluster.hardware.tables import (
    attention_over_peak,
    expand_files,
    grid_points,
    read_gemm_csv,
    write_attention_csv,
)
from simcluster.report.outdir import check_file_target, write_file_atomic

FITS_FILE = "fits.json"
PROFILE_FILE = "profile.yaml"
REPORT_FILE = "report.html"


def _status_counts(rows: list[dict[str, Any]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for row in rows:
        kind = row["status"].split(":", 1)[0]
        counts[kind] = counts.get(kind, 0) + 1
    return dict(sorted(counts.items()))


def analyze(out_dir: Path, base: str | None = None, attention_backend: str | None = None) -> dict[str, Any]:
    """Fit everything measured in DIR; write fits.json, profile.yaml and report.html; return the fits.
    `attention_backend`: the attention kernel whose rates the profile takes (default: FlashAttention)."""
    runs = read_runs(out_dir)
    if not runs:
        raise ConfigError("out", str(out_dir), "holds no run.json (run the benchmarks first)")
    run = runs[-1]
    collectives = read_table(out_dir, COLLECTIVES, required=True)
    gemm_rows, memory_rows = read_table(out_dir, GEMM), read_table(out_dir, MEMORY)
    host_rows, attention_rows = read_table(out_dir, HOST), read_table(out_dir, ATTENTION)
    base_name = base or run.get("base") or auto_base(str(run.get("device_name", "cpu")))
    base_profile = load_profile(base_name, field="base")
    gemm_fit, gemm_summary = fit_gemm_rows(gemm_rows)
    fits: dict[str, Any] = {
        "format": "calibrate-fits/1",
        "run": run,
        "status_counts": {
            "collectives": _status_counts(collectives),
            "gemm": _status_counts(gemm_rows),
            "memory": _status_counts(memory_rows),
            "host": _status_counts(host_rows),
            "attention": _status_counts(attention_rows),
        },
        "collectives": fit_collective_rows(collectives),
        "gemm": gemm_summary,
        "gemm_backward": fit_backward_rows(gemm_rows),
        "memory": fit_memory_rows(memory_rows),
        "host": fit_host_rows(host_rows),
        "attention": fit_attention_rows(attention_rows),
        "variability": fit_variability(gemm_rows, memory_rows),
    }
    points = gemm_measured_points(gemm_rows)
    profile, provenance = build_profile(
        base_name, base_profile, fits, gemm_fit, points, run, attention_backend
    )
    tables_of = [attention_table_file(k, "") for k in FUSED_KERNELS]
    for name in (FITS_FILE, PROFILE_FILE, REPORT_FILE, ATTENTION_TABLE_FILE, *tables_of):  # before any write:
        check_file_target(out_dir / name)  # a link or folder standing there is refused, never followed
    profile.pop("tables", None)  # the base's tables measured another machine
    tables = write_own_tables(out_dir, collectives, int(run.get("nodes", 1)))
    if tables:  # this run's own measurements, in the format `python -m calibrate import` writes
        profile["tables"] = {"collectives": tables}
    grids, fits["gemm_grid"] = grid_tables(out_dir, base_profile)
    if grids:  # `calibrate grid --out DIR` beside the run: the GPU's GEMMs as tables
        profile.setdefault("tables", {})["gemm"] = grids
    attention, fits["attention_table"] = attention_table(
        out_dir,
        attention_rows,
        fits["attention"],
        provenance,
        attention_backend,
        profile_from_dict(expand_files(profile, out_dir), field=PROFILE_FILE),
    )
    if attention:  # the profile's attention kernel measured on this device: its rates per sequence
        profile.setdefault("tables", {})["attention"] = attention
    profile_from_dict(expand_files(profile, out_dir), field=PROFILE_FILE)  # loads wherever a preset does
    fits["profile_fields"] = provenance
    fits["base"] = base_name
    fits_text = json.dumps(fits, indent=2, allow_nan=False, default=_json_default) + "\n"
    write_file_atomic(out_dir / FITS_FILE, lambda tmp: tmp.write_text(fits_text))
    header = f"# Written by `python -m calibrate` from the measurements in this directory; see {FITS_FILE}.\n"
    profile_text = header + yaml.safe_dump(profile, sort_keys=False, width=120)
    write_file_atomic(out_dir / PROFILE_FILE, lambda tmp: tmp.write_text(profile_text))
    write_file_atomic(
        out_dir / REPORT_FILE,
        lambda tmp: write_report(tmp, fits, collectives, gemm_rows, memory_rows, gemm_fit, profile, attention_rows),
    )
    return fits


def attention_table(
    out_dir: Path,
    rows: list[dict[str, Any]],
    fits: list[dict[str, Any]],
    provenance: dict[str, str],
    backend: str | None,
    hw: HardwareProfile,
) -> tuple[list[dict[str, str]], dict[str, str]]:
    """The profile's `tables.attention`: the measured rates of the kernel the profile's attention efficiency
    came from (DIR/attention_table.csv), and of each other fused kernel a scenario can name that this run
    measured (`model.attention: flash | cudnn`; DIR/attention_table_<kernel>.csv), where they came from this
    run (the profile's GPU is this device; `hw`: the profile so far); and per dtype what became of them
    ("dtype" for the profile's kernel, "kernel dtype" for another); ([], {}) otherwise, and no file written. A
    dtype the profile would refuse (`attention_over_peak`: a CPU kernel outrunning the GEMM asymptote taken as
    the peak) is left out, and its clamped efficiency stands."""
    if "gpu.flash_attention_efficiency" not in provenance:
        return [], {}
    picked = profile_kernel(fits, backend)
    if picked is None:
        return [], {}
    main = picked[0]["backend"]
    entries: list[dict[str, str]] = []
    said: dict[str, str] = {}
    for kernel in (main, *(k for k in FUSED_KERNELS if k != main)):
        measured = table_rows(rows, kernel)
        table = []
        for dtype in sorted({r[0] for r in measured}):
            mine = [r for r in measured if r[0] == dtype]
            key = dtype if kernel == main else f"{kernel} {dtype}"
            if dtype == "fp8" and "fp8" not in hw.gpu.peak_tflops:
                said[key] = "left out: fp8 attention needs gpu.peak_tflops.fp8"
                continue
            problem = attention_over_peak(dtype, [r[1:] for r in mine], hw.peak_flops(dtype))
            if problem:
                said[key] = f"left out: {problem}"
                continue
            table += mine
            said[key] = f"table: {kernel}, {len(mine)} points"
        if not table:
            continue
        name = attention_table_file(kernel, main)
        write_file_atomic(out_dir / name, lambda tmp, table=table: write_attention_csv(tmp, table))
        entries += [{"dtype": d, "kernel": kernel, "file": name} for d in sorted({r[0] for r in table})]
    return entries, said


def grid_tables(out_dir: Path, base: HardwareProfile) -> tuple[list[dict[str, str]], dict[str, str]]:
    """The profile's `tables.gemm` from DIR/gemm_grid.csv (`calibrate grid`), one per dtype that forms a full
    grid the GPU can run, and per dtype what became of it ({} without a grid)."""
    path = out_dir / GRID.filename
    if not path.exists():
        return [], {}
    entries, said = [], {}
    for dtype, rows in sorted(read_gemm_csv(path).items()):
        have, full = grid_points(rows)
        if (have, full) != (len(rows), len(rows)):
            said[dtype] = f"left out: {have} of {full} grid points (rerun `python -m calibrate grid --resume`)"
            continue
        problem = base.gemm_rows_problem(dtype, rows)
        if problem:
            said[dtype] = f"left out: {problem}"
            continue
        entries.append({"dtype": dtype, "file": GRID.filename})
        said[dtype] = f"table: {have} points"
    return entries, said


POOR_R2 = 0.9  # below this a fit explains too little of its points' spread to be trusted


def fit_lines(fits: dict[str, Any], out_dir: Path) -> list[str]:
    """What `calibrate` prints after fitting: the report's path, then one line per fit with its verdict and
    quality; a poor fit (its verdict, or r2 below POOR_R2) is said plainly, with what to do about it."""
    named: list[tuple[str, dict[str, Any]]] = [
        (f"collective {f['op']} {f['group']} ({f['n_ranks']} ranks)", f) for f in fits.get("collectives", [])
    ]
    named += [
        (f"attention {f['backend']} {f['dtype']} {f['direction']} ({f['tflops']:.4g} TFLOP/s)", f)
        for f in fits.get("attention") or []
    ]
    for key, what in (
        ("gemm", "GEMM curve"),
        ("gemm_backward", "backward GEMM ratio"),
        ("memory", "memory rate"),
    ):
        if isinstance(fits.get(key), dict) and "r2" in fits[key]:
            named.append((what, fits[key]))
    lines = [f"calibrate: report {out_dir / REPORT_FILE} (fit plots and every measured point)"]
    poor = 0
    for what, f in named:
        r2, mape = f.get("r2"), f.get("mape")
        numbers = (
            f"r2 {r2:.3f}, MAPE {mape * 100:.1f}%" if r2 is not None and mape is not None else "no quality"
        )
        bad = f.get("verdict") != "good" or (r2 is not None and r2 < POOR_R2)
        poor += bad
        why = f" (r2 below {POOR_R2})" if r2 is not None and r2 < POOR_R2 else ""
        lines.append(f"  {'POOR FIT' if bad else 'good fit'}: {what}: {numbers}{why}")
    for dtype, what in sorted((fits.get("gemm_grid") or {}).items()):
        lines.append(f"  GEMM grid {dtype} ({GRID.filename}): {what}")
    if poor:
        lines.append(
            f"calibrate: {poor} of {len(named)} fits are poor: the profile uses them, but treat those numbers with "
            "care (measure more sizes or repeats: drop --quick, run on an idle machine)"
        )
    return lines


def _json_default(value: Any) -> Any:
    raise TypeError(f"fits.json: cannot store {type(value).__name__} {value!r}")
