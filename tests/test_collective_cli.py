"""`simcluster collective`: nccl-tests numbers from the simulator, one-line errors."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from simcluster.cli import main
from simcluster.commands.collective import parse_size


def invoke(*args: str):
    return CliRunner().invoke(main, ["collective", *args])


def test_json_allreduce_one_dgx_a100_node() -> None:
    res = invoke("allreduce", "--hardware", "dgx-a100", "--nodes", "1", "--size", "1GiB", "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert set(out) == {"time_s", "algbw_GBps", "busbw_GBps", "source"}
    assert out["source"] == "model"  # dgx-a100 holds no measured tables
    assert out["algbw_GBps"] == pytest.approx(2**30 / out["time_s"] / 1e9)
    assert out["busbw_GBps"] == pytest.approx(out["algbw_GBps"] * 2 * 7 / 8)
    assert out["busbw_GBps"] == pytest.approx(232.5, rel=0.01)


def test_text_output_and_gpus_and_algorithm() -> None:
    res = invoke("allgather", "--hardware", "frontera-rtx", "--nodes", "2", "--gpus", "3", "--size", "8MiB")
    assert res.exit_code == 0, res.output
    assert "on 3 GPUs" in res.stdout and "algorithm ring" in res.stdout and "busbw" in res.stdout
    tree = invoke(
        "allreduce",
        "--hardware",
        "dgx-a100",
        "--nodes",
        "4",
        "--size",
        "8KiB",
        "--algorithm",
        "tree",
        "--json",
    )
    ring = invoke(
        "allreduce",
        "--hardware",
        "dgx-a100",
        "--nodes",
        "4",
        "--size",
        "8KiB",
        "--algorithm",
        "ring",
        "--json",
    )
    assert json.loads(tree.stdout)["time_s"] < json.loads(ring.stdout)["time_s"]


def test_sizes() -> None:
    assert parse_size("256MiB") == 256 * 2**20
    assert parse_size("8KiB") == 8192
    assert parse_size("1GB") == 10**9
    assert parse_size("1024") == 1024
    assert parse_size("1.5KiB") == 1536


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["gather", "--hardware", "dgx-a100", "--nodes", "1", "--size", "1"], "OP='gather'"),
        (["allreduce", "--hardware", "dgx-a100", "--nodes", "1", "--size", "0"], "--size='0'"),
        (["allreduce", "--hardware", "dgx-a100", "--nodes", "1", "--size", "lots"], "--size='lots'"),
        (["allreduce", "--hardware", "dgx-a100", "--nodes", "1", "--size", "0.5"], "--size='0.5'"),
        (["allreduce", "--hardware", "dgx-a100", "--nodes", "1", "--gpus", "9", "--size", "1"], "--gpus=9"),
        (["allreduce", "--hardware", "dgx-a100", "--nodes", "0", "--size", "1"], "--nodes='0'"),
        (
            ["allgather", "--hardware", "dgx-a100", "--nodes", "1", "--size", "1", "--algorithm", "tree"],
            "tree",
        ),
        (["allreduce", "--hardware", "dgx-a100", "--nodes", "1", "--size", "1", "--algorithm", "x"], "'x'"),
        (["allreduce", "--hardware", "no-such-gpu", "--nodes", "1", "--size", "1"], "--hardware"),
    ],
)
def test_bad_arguments_give_one_line_errors(args: list[str], needle: str) -> None:
    res = invoke(*args)
    assert res.exit_code == 2
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and needle in lines[0]
    assert res.stdout == ""
