"""Property-based tests (Hypothesis) of the engine's invariants on generated small scenarios, and of the
loader on generated invalid ones (issue 14). The generators live in tests/strategies.py; benchmarks/fuzz.py
runs the same checks on 10,000 random scenarios."""

from __future__ import annotations

import json
import math

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simcluster.cli import main
from simcluster.config.loader import load_scenario
from simcluster.errors import ConfigError
from simcluster.simulate import simulate
from tests.strategies import BAD_VALUES, check_invariants, valid_scenario, with_value


@st.composite
def scenarios(draw: st.DrawFn) -> dict:
    return valid_scenario(lambda options: draw(st.sampled_from(list(options))))


SETTINGS = settings(
    deadline=None,
    max_examples=200,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def _load(tmp_path, data: dict, name: str = "s.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data))
    return path, load_scenario(path)


@SETTINGS
@given(data=scenarios())
def test_generated_scenarios_keep_the_engine_invariants(tmp_path_factory, data):
    tmp = tmp_path_factory.mktemp("prop")
    try:
        path, loaded = _load(tmp, data)
    except ConfigError as exc:  # a combination the generator cannot rule out (e.g. nics vs. placement)
        assert "\n" not in str(exc)
        return
    res = simulate(loaded)
    full = simulate(load_scenario(path, ["simulation.fold=none"]))
    check_invariants(res, full)
    again = simulate(load_scenario(path))
    assert json.dumps(again.summary(), sort_keys=True) == json.dumps(res.summary(), sort_keys=True)


@settings(deadline=None, max_examples=300, derandomize=True)
@given(data=scenarios(), bad=st.sampled_from(BAD_VALUES))
def test_generated_invalid_scenarios_are_refused_naming_the_field(data, bad):
    path_, value = bad
    broken = with_value(data, path_, value)
    from simcluster.config.loader import check_semantics, check_size, parse_scenario

    with pytest.raises(ConfigError) as exc:
        sc = parse_scenario(broken)
        from simcluster.hardware.profile import load_profile

        hw = load_profile(sc.hardware)
        check_semantics(sc, hw)
        check_size(sc, hw)
    msg = str(exc.value)
    assert "\n" not in msg and len(msg) < 400
    assert msg.startswith(path_) or msg.startswith(path_.split(".")[0]), msg


@pytest.mark.parametrize("bad", BAD_VALUES[::4])
def test_invalid_scenarios_exit_2_with_one_line(tmp_path, bad):
    data = valid_scenario(lambda options: list(options)[0])
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(with_value(data, *bad)))
    res = CliRunner().invoke(main, ["run", str(path), "--out", str(tmp_path / "out"), "--quiet"])
    lines = res.output.strip().splitlines()
    assert res.exit_code == 2 and len(lines) == 1 and lines[0].startswith(f"error: {bad[0]}"), res.output
    assert not (tmp_path / "out").exists()


EXTREMES = [
    ("gpu.peak_tflops.bf16", [1e-9, 1e6]),
    ("gpu.peak_tflops.fp32", [1e-9, 1e6]),
    ("gpu.memory_bandwidth_GBps", [1e-9, 1e6]),
    ("gpu.memory_efficiency", [1e-9, 1.0]),
    ("gpu.kernel_launch_us", [0.0, 1e6]),
    ("gpu.gemm.efficiency_max", [1e-9, 1.0]),
    ("gpu.gemm.half_efficiency_dim", [0.0, float(1 << 24)]),
    ("gpu.gemm.launch_us", [0.0, 1e6]),
    ("links.nvlink.bandwidth_GBps", [1e-9, 1e6]),
    ("links.nic.bandwidth_GBps", [1e-9, 1e6]),
    ("links.nic.latency_us", [0.0, 1e6]),
    ("links.fabric.bandwidth_GBps", [1e-9, 1e6]),
    ("collectives.launch_us", [0.0, 1e6]),
    ("host.op_dispatch_us", [0.0, 1e6]),
    ("host.backward_dispatch_us", [0.0, 1e6]),
    ("host.sync_us", [0.0, 1e6]),
    ("fabric.oversubscription", [1.0, 64.0]),
]


@settings(deadline=None, max_examples=40, derandomize=True)
@given(
    changes=st.lists(
        st.sampled_from(EXTREMES).flatmap(lambda pv: st.tuples(st.just(pv[0]), st.sampled_from(pv[1]))),
        min_size=1,
        max_size=4,
    )
)
def test_profile_values_at_the_ends_of_their_ranges_give_finite_results(tmp_path_factory, changes):
    from tests.test_hardening import PRESET

    tmp = tmp_path_factory.mktemp("edge")
    profile = yaml.safe_load(PRESET.read_text())
    for path_, value in changes:
        profile = with_value(profile, path_, value)
    (tmp / "hw.yaml").write_text(yaml.safe_dump(profile))
    data = valid_scenario(lambda options: list(options)[0])
    data = with_value(data, "hardware", "hw.yaml")
    data = with_value(data, "cluster", {"nodes": 2, "gpus_per_node": 2})
    data = with_value(data, "parallelism", {"tensor": 2, "data": 2})
    data = with_value(data, "training", {"global_batch": 4, "micro_batch": 1})
    _, loaded = _load(tmp, data)
    res = simulate(loaded)
    summary = res.summary()
    json.dumps(summary, allow_nan=False)
    assert 0 < summary["iteration_time_s"] < math.inf
