"""Scenario loading: every bad input is one line naming field, value and rule; nothing is written."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from simcluster.cli import main
from simcluster.config.loader import load_scenario
from simcluster.errors import ConfigError
from tests.conftest import SCENARIOS, small_scenario

BAD = [
    ({"parallelism": {"tensor": 6}}, "parallelism.tensor=6: does not divide model.heads=16"),
    (
        {"parallelism": {"tensor": 4, "data": 4}, "training": {"global_batch": 8}},
        "exceeds the cluster's 8 GPUs",
    ),
    ({"parallelism": {"scheme": "optimus", "tensor": 8}}, "must be a perfect square"),
    ({"parallelism": {"scheme": "zigzag"}}, "parallelism.scheme='zigzag'"),
    ({"parallelism": {"tensr": 2}}, "parallelism.tensr: unknown key; valid keys here:"),
    ({"model": {"hidden": 1000}}, "model.hidden=1000: must be divisible by model.heads=16"),
    ({"model": {"layers": 0}}, "model.layers=0"),
    ({"training": {"global_batch": 5}}, "training.global_batch=5: must be divisible by training.micro_batch"),
    ({"training": {"precision": "fp8"}}, "training.precision='fp8'"),
    ({"training": {"recompute": "some"}}, "training.recompute='some'"),
    (
        {"parallelism": {"pipeline": 2, "tensor": 2}, "model": {"layers": 3}},
        "model.layers=3: must be divisible",
    ),
    ({"parallelism": {"virtual_stages": 2}}, "needs parallelism.schedule=interleaved-1f1b"),
    ({"parallelism": {"placement": [0, 1, 2, 2]}}, "places two ranks on one GPU"),
    ({"parallelism": {"placement": [0, 1, 2]}}, "must list one GPU per rank"),
    ({"parallelism": {"scheme": "megatron-sp", "tensor": 4}, "model": {"seq_len": 250}}, "model.seq_len=250"),
]


@pytest.mark.parametrize(("patch", "message"), BAD)
def test_bad_scenarios_give_one_line_errors(write_scenario, tmp_path, patch, message):
    path = write_scenario(small_scenario(**patch))
    with pytest.raises(ConfigError) as exc:
        load_scenario(path)
    assert message in str(exc.value)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["run", str(path), "--out", str(out)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0]
    assert not out.exists()


def test_unknown_hardware_and_missing_file(write_scenario, tmp_path):
    path = write_scenario({**small_scenario(), "hardware": "dgx-z900"})
    with pytest.raises(ConfigError, match="hardware='dgx-z900': is neither a preset"):
        load_scenario(path)
    result = CliRunner().invoke(main, ["check", str(tmp_path / "nope.yaml")])
    assert result.exit_code == 2 and "cannot read file" in result.output


def test_invalid_yaml(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("name: [unclosed\n")
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 2 and "is not valid YAML at line" in result.output


def test_overrides_are_validated_like_the_file():
    with pytest.raises(ConfigError, match="parallelism.tensor=3"):
        load_scenario(SCENARIOS / "megatron_tp_16gpu.yaml", ["parallelism.tensor=3"])
    with pytest.raises(ConfigError, match="must look like dotted.path=value"):
        load_scenario(SCENARIOS / "megatron_tp_16gpu.yaml", ["parallelism.tensor"])
    loaded = load_scenario(
        SCENARIOS / "megatron_tp_16gpu.yaml", ["training.global_batch=8", "training.micro_batch=8"]
    )
    assert loaded.scenario.training.global_batch == 8


def test_defaults_from_hardware():
    loaded = load_scenario(SCENARIOS / "megatron_tp_16gpu.yaml")
    assert loaded.gpus_per_node == 4 and loaded.total_gpus == 16
    assert loaded.scenario.ffn_hidden == 4 * 4096


def test_schema_command_prints_json_schema():
    result = CliRunner().invoke(main, ["schema"])
    assert result.exit_code == 0
    schema = json.loads(result.output)
    props = schema["properties"]
    for key in ("name", "hardware", "cluster", "parallelism", "model", "training"):
        assert key in props


def test_check_command(write_scenario):
    result = CliRunner().invoke(main, ["check", str(write_scenario(small_scenario()))])
    assert result.exit_code == 0 and result.output.startswith("ok: tiny: megatron, world size 4 on 8 GPUs")


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.yaml")), ids=lambda p: p.name)
def test_shipped_scenarios_validate(path):
    """Every shipped scenario loads and fits in its GPUs' memory: `simcluster check` says ok, `run` exits 0
    (the 8B FSDP and 405B scenarios once did not: 100 and 413 GiB of 80)."""
    from simcluster.memory.maxbatch import peak_memory

    loaded = load_scenario(path)
    need, have = peak_memory(loaded).total, loaded.hardware.gpu.memory_GiB * 2**30
    assert need <= have, f"{path.name}: {need / 2**30:.1f} GiB of {have / 2**30:.0f}"
