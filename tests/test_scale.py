"""The size limit (issue 28): 262,144 GPUs accepted when memory allows, one more refused in one line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from simcluster.config import limits
from simcluster.config.loader import load_scenario
from simcluster.errors import ConfigError

ROOT = Path(__file__).resolve().parent.parent
DENSE_1T = ROOT / "scenarios" / "dense_1t_131k.yaml"
AT_LIMIT = ["cluster.nodes=32768", "parallelism.data=1024", "training.global_batch=65536"]


def test_limit_is_262144_gpus():
    assert limits.MAX_CLUSTER_GPUS == 262144
    limits.check_cluster(262144, 1, 262144)
    limits.check_cluster(32768, 8, 262144)
    with pytest.raises(ConfigError, match=r"cluster.nodes=262145: gives 262145 GPUs \(262145 x 1\); at most 262144"):
        limits.check_cluster(262145, 1, 262145)


def test_the_1t_scenario_loads_at_131072_and_262144_gpus():
    assert load_scenario(str(DENSE_1T)).scenario.world_size == 131072
    assert load_scenario(str(DENSE_1T), AT_LIMIT).scenario.world_size == 262144


def _check(*sets: str) -> subprocess.CompletedProcess:
    args = [a for s in sets for a in ("--set", s)]
    return subprocess.run(
        [sys.executable, "-m", "simcluster.cli", "check", str(DENSE_1T), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


def test_check_accepts_262144_gpus_and_refuses_more_in_one_line():
    ok = _check(*AT_LIMIT)
    assert ok.returncode == 0, ok.stderr
    assert "world size 262144 on 262144 GPUs" in ok.stdout
    assert "peak memory 34.5 of 80 GiB" in ok.stdout
    bad = _check("cluster.nodes=32769", "parallelism.data=1024", "training.global_batch=65536")
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr == (
        "error: cluster.nodes=32769: gives 262152 GPUs (32769 x 8); at most 262144 GPUs can be simulated\n"
    )
    assert "Traceback" not in bad.stderr
