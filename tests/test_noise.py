"""Per-op time variability: mean-1 draws, E[max] over N ranks in closed form, seeded, zero is unchanged."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
import yaml

from simcluster.config.loader import load_scenario
from simcluster.errors import SimclusterError
from simcluster.hardware.profile import OpVariability
from simcluster.reliability import noise
from simcluster.simulate import simulate

PRESET = Path(__file__).resolve().parents[1] / "simcluster" / "hardware" / "presets" / "dgx-a100.yaml"


def test_lognormal_has_mean_one_and_the_given_spread():
    x = noise.draw(OpVariability(cv=0.1), np.random.default_rng(1), 400_000)
    assert x.mean() == pytest.approx(1.0, abs=1e-3) and x.std() == pytest.approx(0.1, rel=0.01)
    assert (noise.draw(OpVariability(cv=0.0), np.random.default_rng(1), 5) == 1.0).all()


@pytest.mark.parametrize(("alpha", "n"), [(3.0, 8), (2.5, 64), (5.0, 1024)])
def test_expected_max_over_ranks_matches_closed_form(alpha, n):
    """E[max of n mean-1 pareto(alpha)] = x_m n! Gamma(1 - 1/alpha) / Gamma(n + 1 - 1/alpha)."""
    rng = np.random.default_rng(7)
    trials = 400_000 // n * 10 if n < 100 else 4000
    x = noise.draw(OpVariability(distribution="pareto", alpha=alpha), rng, trials * n).reshape(trials, n)
    assert x.mean() == pytest.approx(1.0, rel=0.02)
    assert x.max(axis=1).mean() == pytest.approx(noise.pareto_expected_max(alpha, n), rel=0.02)
    assert noise.pareto_expected_max(alpha, 1) == pytest.approx(1.0, rel=1e-12)
    # n = 2, alpha = 3: x_m * 2 * Gamma(2/3) / Gamma(8/3)
    assert noise.pareto_expected_max(3.0, 2) == pytest.approx(
        2 / 3 * 2 * math.gamma(2 / 3) / math.gamma(8 / 3)
    )


def test_a_distribution_with_no_mean_is_refused(tmp_path):
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match="has no mean"):
        OpVariability(distribution="pareto", alpha=1.0)
    p, _ = _scenario(tmp_path, {"gemm": {"distribution": "pareto", "alpha": 0.8}})
    with pytest.raises(SimclusterError) as exc:
        load_scenario(p)
    assert "no mean" in str(exc.value) and "\n" not in str(exc.value)


def _scenario(tmp_path, variability: dict | None):
    prof = yaml.safe_load(PRESET.read_text())
    if variability is not None:
        prof["variability"] = variability
    (tmp_path / "hw.yaml").write_text(yaml.safe_dump(prof))
    d = {
        "name": "dp",
        "hardware": str(tmp_path / "hw.yaml"),
        "cluster": {"nodes": 1},
        "parallelism": {"tensor": 2, "pipeline": 2, "data": 2},
        "model": {"layers": 2, "hidden": 1024, "heads": 16, "seq_len": 512, "vocab": 0},
        "training": {"global_batch": 8, "micro_batch": 1},
    }
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(d))
    return p, d


def test_seeded_deterministic_and_zero_is_unchanged(tmp_path):
    p, _ = _scenario(tmp_path, {"gemm": {"cv": 0.05}, "attention": {"cv": 0.05}})

    def it(seed: int) -> float:
        return simulate(load_scenario(p, [f"seed={seed}"])).summary()["iteration_time_s"]

    assert it(1) == it(1) and it(1) != it(2)
    zero_dir = tmp_path / "zero"
    zero_dir.mkdir()
    none_dir = tmp_path / "none"
    none_dir.mkdir()
    pz, _ = _scenario(zero_dir, {"gemm": {"cv": 0.0}})
    pn, _ = _scenario(none_dir, None)
    a = simulate(load_scenario(pz)).summary()
    b = simulate(load_scenario(pn)).summary()
    a.pop("hardware"), b.pop("hardware")
    assert a == b
    # the mean over seeds stays near the deterministic time (mean-1 factors; the max over ranks adds a little)
    ts = [it(s) for s in range(12)]
    assert b["iteration_time_s"] < sum(ts) / len(ts) < 1.05 * b["iteration_time_s"]
