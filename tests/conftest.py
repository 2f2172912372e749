"""Shared fixtures: small scenarios written to tmp files."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
# dgx-h100 without host costs: for closed forms about the GPU's work on layers the measured host would pace
FAST_HOST_H100 = str(ROOT / "tests" / "data" / "profiles" / "dgx-h100-fast-host.yaml")


def small_scenario(**sections: dict) -> dict:
    """A tiny Megatron scenario on one dgx-a100 node; sections override keys."""
    base = {
        "name": "tiny",
        "hardware": "dgx-a100",
        "cluster": {"nodes": 1},
        "parallelism": {"scheme": "megatron", "tensor": 4},
        "model": {"layers": 2, "hidden": 1024, "heads": 16, "seq_len": 256, "vocab": 0},
        "training": {"global_batch": 4, "micro_batch": 2, "precision": "bf16", "recompute": "none"},
    }
    for key, value in sections.items():
        base[key] = {**base.get(key, {}), **value}
    return base


def measured_table(tmp_path: Path, table: str, table_id: str, csv_text: str, columns: dict, **extra) -> dict:
    """A case file's `tables:` entry for measured runs shaped like the vTrain table: the shipped vTrain
    scenario copied to `tmp_path/<table_id>.yaml`, the CSV to `tmp_path/<table_id>.csv` (a `t (ms)` column),
    runs grouped by GPUs and global batch; `extra` adds or replaces keys."""
    shipped = ROOT / "simcluster" / "validate" / "cases" / "scenarios" / "vtrain_h1024.yaml"
    (tmp_path / f"{table_id}.yaml").write_text(shipped.read_text())
    (tmp_path / f"{table_id}.csv").write_text(csv_text)
    return {
        "table": table,
        "id": table_id,
        "scenario": f"{table_id}.yaml",
        "csv": f"{table_id}.csv",
        "metric": "iteration_time_s",
        "published": {"column": "t (ms)", "scale": 0.001},
        "columns": columns,
        "group_by": ["gpus", "gb"],
        **extra,
    }


@pytest.fixture
def write_scenario(tmp_path: Path):
    def write(data: dict, name: str = "s.yaml") -> Path:
        path = tmp_path / name
        path.write_text(yaml.safe_dump(data))
        return path

    return write
