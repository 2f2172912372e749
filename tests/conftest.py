"""Shared fixtures: small scenarios written to tmp files."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"


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


@pytest.fixture
def write_scenario(tmp_path: Path):
    def write(data: dict, name: str = "s.yaml") -> Path:
        path = tmp_path / name
        path.write_text(yaml.safe_dump(data))
        return path

    return write
