"""Property-based tests (Hypothesis) of the engine's invariants on generated small scenarios, and of the
loader on generated invalid ones (issue 14). The generators live in tests/strategies.py; benchmarks/fuzz.py
runs the same checks on 10,000 random scenarios."""

from __future__ import annotations

import json

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
