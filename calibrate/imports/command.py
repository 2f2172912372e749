"""`python -m calibrate import`: nccl-tests output, XLA's collective tables and GEMM tables -> a profile with
measured tables.

Reads every file first (any broken rule: one line naming file, line and rule, exit 2, nothing written), then
writes, in a folder beside --out that becomes --out only once its profile loads (a failure leaves nothing):
tables/*.csv in the profile's table format, profile.yaml (the base profile with `tables:`
pointing at them and, per link class, the alpha-beta fit that answers for sizes and groups outside the
tables) and import_report.json (each table's fit and its quality: MAPE of the alpha-beta line on its points).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import yaml

from calibrate.imports.gemm_csv import read_gemm_table
from calibrate.imports.nccl_tests import Measured, import_table
from calibrate.imports.xla_tables import read_xla_collectives, read_xla_gemms
from simcluster.errors import ConfigError
from simcluster.hardware.profile import HardwareProfile, load_profile
from simcluster.hardware.tables import write_collective_csv, write_gemm_csv
from simcluster.report.outdir import AtomicDir

INTRA_HOPS = 2  # GPU -> switch -> GPU
STEPS = {"allreduce": lambda n: 2 * (n - 1), "allgather": lambda n: n - 1, "reducescatter": lambda n: n - 1}


def alpha_beta(m: Measured) -> dict[str, float]:
    """time = alpha + bus_factor x S / bw, least squares in relative error; its MAPE on the table's points."""
    from calibrate.imports.nccl_tests import bus_factor

    x = np.asarray(m.size_bytes) * bus_factor(m.op, m.ranks)
    y = np.asarray(m.time_us) * 1e-6
    w = 1.0 / y
    a = np.stack([np.ones_like(x), x], axis=1) * w[:, None]
    (alpha, beta), *_ = np.linalg.lstsq(a, y * w, rcond=None)
    alpha, beta = max(float(alpha), 0.0), max(float(beta), 1e-15)
    pred = alpha + beta * x
    return {
        "alpha_us": alpha * 1e6,
        "bandwidth_GBps": 1.0 / beta / 1e9,
        "fit_mape_pct": float(np.mean(np.abs(pred / y - 1.0)) * 100),
        "points": len(x),
    }


def _link_fit(tables: list[tuple[Measured, dict[str, float]]], base: str, gpn: int) -> dict[str, float]:
    """One link class from its tables: the class's bandwidth scaled by measured / simulated busbw at the
    largest measured size of the largest group (the base profile simulated by `simcluster collective`);
    with no wire protocols in the base, launch and per-hop latency from the alphas against the ring's steps
    (when two or more step counts were measured)."""
    from simcluster.nccl_tests import OPS, run_collective

    usable = [(m, f) for m, f in tables if m.op in OPS and (m.nodes == 1 or m.ranks == m.nodes * gpn)]
    if not usable:
        return {}
    m, _ = max(usable, key=lambda mf: (mf[0].ranks, mf[0].size_bytes[-1]))
    size = int(m.size_bytes[-1])
    sim = run_collective(m.op, base, m.nodes, m.ranks, size, "auto")
    out = {"busbw_measured_GBps": m.busbw_GBps[-1], "busbw_base_GBps": float(sim["busbw_GBps"])}
    out["scale"] = out["busbw_measured_GBps"] / out["busbw_base_GBps"]
    ring = [(m, f) for m, f in tables if m.op in STEPS and m.nodes == 1]
    steps = np.asarray([STEPS[m.op](m.ranks) for m, _ in ring], dtype=float)
    if len(set(steps.tolist())) >= 2:
        alphas = np.asarray([f["alpha_us"] for _, f in ring])
        slope, intercept = np.polyfit(steps, alphas, 1)
        out["latency_us"] = max(float(slope), 0.0) / INTRA_HOPS
        out["launch_us"] = max(float(intercept), 0.0)
    return out


def _check_peaks(flag: str, path: Path, rows: list, hw: HardwareProfile) -> None:
    """Each dtype's GEMMs in `path` must be ones `hw`'s GPU can run (`HardwareProfile.gemm_rows_problem`)."""
    for dtype in sorted({r[4] for r in rows}):
        why = hw.gemm_rows_problem(dtype, [(b, m, n, k, t) for b, m, n, k, d, t in rows if d == dtype])
        if why:
            raise ConfigError(flag, str(path), f"{why} ({hw.name})")


def _check_new_or_empty(out: Path) -> None:
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise ConfigError("--out", str(out), "must be a new or empty folder")


def run_import(
    nccl: list[Path],
    gemm: list[Path],
    base: str,
    out: Path,
    op: str | None,
    ranks: int | None,
    nodes: int | None,
    xla: list[Path] | None = None,
    xla_device: str = "sm_90",
    xla_gemm: list[Path] | None = None,
    gemm_dtypes: frozenset[str] | None = None,
) -> Path:
    """Import the tables into a new profile over `base` in `out` (docs/calibration.md); `gemm_dtypes`: the
    GEMM dtypes taken from the GEMM tables (None: all)."""
    xla, xla_gemm = xla or [], xla_gemm or []
    if not nccl and not gemm and not xla and not xla_gemm:
        raise ConfigError(
            "FILES",
            None,
            "give at least one nccl-tests output, --xla-collectives, --xla-gemm or --gemm table",
        )
    hw = load_profile(base, field="--base")
    measured = [import_table(p, op, ranks, nodes) for p in nccl]
    for p in xla:
        measured += read_xla_collectives(p, xla_device, hw.node.gpus_per_node)
    keys = [(m.op, m.ranks, m.nodes) for m in measured]
    for k in keys:
        if keys.count(k) > 1:
            raise ConfigError("FILES", None, f"two tables for {k[0]} on {k[1]} GPUs over {k[2]} nodes")
    gemm_rows = []
    for flag, p, rows in [("--gemm", p, read_gemm_table(p)) for p in gemm] + [
        ("--xla-gemm", p, read_xla_gemms(p, xla_device)) for p in xla_gemm
    ]:
        rows = [r for r in rows if gemm_dtypes is None or r[4] in gemm_dtypes]
        _check_peaks(flag, p, rows, hw)  # before anything is written: the profile would not load
        gemm_rows += rows
    if (gemm or xla_gemm) and not gemm_rows:
        raise ConfigError("--gemm-dtypes", ",".join(sorted(gemm_dtypes or ())), "leaves no GEMM of the tables")
    if len({r[:5] for r in gemm_rows}) != len(gemm_rows):
        raise ConfigError("--gemm", None, "the GEMM tables repeat a shape")
    _check_new_or_empty(out)
    if not out.parent.is_dir():
        raise ConfigError("--out", str(out), "its parent folder must exist")

    fits = [(m, alpha_beta(m)) for m in measured]
    data: dict[str, Any] = hw.model_dump(mode="json", exclude_none=True)
    data.pop("tables", None)  # the base's tables measured another machine
    data["name"] = f"{hw.name}-imported"
    intra = "nvlink" if hw.node.interconnect == "nvswitch" else "pcie"
    classes: dict[str, dict[str, float]] = {}
    gpn = hw.node.gpus_per_node
    for cls, sel in (
        (intra, [f for f in fits if f[0].nodes == 1]),
        ("nic", [f for f in fits if f[0].nodes > 1]),
    ):
        fit = _link_fit(sel, base, gpn)
        if not fit:
            continue
        classes[cls] = fit
        data["links"][cls]["bandwidth_GBps"] = round(data["links"][cls]["bandwidth_GBps"] * fit["scale"], 4)
        if cls == intra and "latency_us" in fit and not hw.collectives.protocols:
            data["links"][cls]["latency_us"] = round(fit["latency_us"], 4)
            data["collectives"]["launch_us"] = round(fit["launch_us"], 4)

    d = AtomicDir(out)  # everything lands in a folder beside --out, which becomes it once it loads
    try:
        (d.path / "tables").mkdir()
        entries = []
        for m in measured:
            name = f"tables/{m.op}_{m.ranks}gpu_{m.nodes}node.csv"
            write_collective_csv(d.path / name, m.size_bytes, m.time_us)
            entries.append({"op": m.op, "ranks": m.ranks, "nodes": m.nodes, "file": name})
        gemm_entries = []
        if gemm_rows:
            write_gemm_csv(d.path / "tables/gemm.csv", gemm_rows)
            gemm_entries = [{"dtype": dt, "file": "tables/gemm.csv"} for dt in sorted({r[4] for r in gemm_rows})]
        data["tables"] = {"collectives": entries, "gemm": gemm_entries}
        data.setdefault("sources", []).extend(f"imported: {p.name}" for p in [*nccl, *xla, *gemm, *xla_gemm])
        (d.path / "profile.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
        report = {
            "collectives": [
                {"file": str(m.source), "op": m.op, "ranks": m.ranks, "nodes": m.nodes, **f} for m, f in fits
            ],
            "link_classes": classes,
            "gemm_rows": len(gemm_rows),
        }
        (d.path / "import_report.json").write_text(json.dumps(report, indent=2) + "\n")
        load_profile(str(d.path / "profile.yaml"), field="profile.yaml")  # what is written loads
        _check_new_or_empty(out)  # again: filled while this ran, it is left as it is
        d.commit()
    finally:
        if not d.done:
            d.discard()
    return out / "profile.yaml"
