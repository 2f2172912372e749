"""Hostile inputs (issue 14): files that are not what they claim, numbers that are not numbers, bad case
files and unreadable messages all end in exit 2 with one short line; nothing crashes or hangs."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from simcluster.cli import main
from simcluster.config.loader import load_scenario
from simcluster.errors import ConfigError
from simcluster.hardware.profile import load_profile
from simcluster.validate.cases import default_cases_path, load_cases
from tests.conftest import small_scenario

PRESET = default_cases_path().parent.parent.parent / "hardware" / "presets" / "dgx-a100.yaml"


def _one_line(args: list[str], *parts: str) -> str:
    res = CliRunner().invoke(main, args)
    lines = res.output.strip().splitlines()
    assert res.exit_code == 2, res.output
    assert len(lines) == 1 and lines[0].startswith("error: "), res.output
    assert len(lines[0]) < 400, lines[0]
    for p in parts:
        assert p in lines[0], lines[0]
    return lines[0]


# 1. Files that are not what they claim -------------------------------------------------------------


def _bad_files(tmp_path):
    bomb = 'a: &a ["xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"]\n'
    for k in range(1, 30):
        bomb += f"{chr(97 + k % 26)}{k}: &x{k} [{', '.join(['*a' if k == 1 else f'*x{k - 1}'] * 9)}]\n"
    return {
        "latin1.yaml": (b"name: caf\xe9\n", "is not UTF-8 text (byte 0xe9 at line 1)"),
        "deep.yaml": (b"a: " + b"[" * 5000 + b"]" * 5000 + b"\n", "nested too deep"),
        "deep64.yaml": (b"a: " + b"[" * 70 + b"]" * 70 + b"\n", "nested too deep (more than 64 levels)"),
        "bomb.yaml": (bomb.encode(), "expands to more than 1000000 values"),
        "recursive.yaml": (b"a: &a [*a]\n", "recursive alias"),
        "tag.yaml": (b"name: !!python/object/apply:os.system [echo hi]\n", "tags are not allowed"),
        "localtag.yaml": (b"name: !custom x\n", "tags are not allowed"),
        "dup.yaml": (b"name: a\nseed: 1\nname: b\n", "repeats the key 'name' (lines 1 and 3)"),
        "list.yaml": (b"- 1\n- 2\n", "must be a YAML mapping"),
        "two.yaml": (b"a: 1\n---\nb: 2\n", "is not valid YAML"),
        "empty.yaml": (b"", "must be a YAML mapping"),
    }


def test_hostile_scenario_files_give_one_short_line(tmp_path):
    for name, (content, message) in _bad_files(tmp_path).items():
        path = tmp_path / name
        path.write_bytes(content)
        with pytest.raises(ConfigError) as exc:
            load_scenario(path)
        assert message in str(exc.value), (name, str(exc.value))
        _one_line(["check", str(path)], message)


def test_special_files_and_directories_are_refused(tmp_path):
    _one_line(["check", str(tmp_path)], "is a directory, not a file")
    if os.path.exists("/dev/zero"):
        _one_line(["check", "/dev/zero"], "is not a regular file")
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump({**small_scenario(), "hardware": "/dev/zero"}))
    if os.path.exists("/dev/zero"):
        _one_line(["check", str(path)], "hardware='/dev/zero': is not a regular file")
    (tmp_path / "hw").mkdir()
    path.write_text(yaml.safe_dump({**small_scenario(), "hardware": "hw"}))
    _one_line(["check", str(path)], "hw': is a directory, not a profile")


def test_too_large_file_is_refused_without_reading_it(tmp_path, monkeypatch):
    import simcluster.inputs.safeyaml as safeyaml

    path = tmp_path / "big.yaml"
    path.write_text("name: x\n" + "# padding\n" * 200)
    monkeypatch.setattr(safeyaml, "MAX_FILE_BYTES", 1000)
    monkeypatch.setattr(safeyaml.read_text, "__defaults__", ("file", 1000))
    with pytest.raises(ConfigError, match=r"is too large \(2008 bytes; the limit is 1000\)"):
        load_scenario(path)


def test_hostile_profiles_and_case_files(tmp_path):
    for name, (content, message) in _bad_files(tmp_path).items():
        if name in {"list.yaml", "empty.yaml"}:
            continue
        path = tmp_path / name
        path.write_bytes(content)
        with pytest.raises(ConfigError) as exc:
            load_profile(str(path))
        assert message in str(exc.value) and str(exc.value).startswith("hardware="), str(exc.value)
        _one_line(["validate", "--cases", str(path)], message)
    _one_line(["validate", "--cases", str(tmp_path)], "is a directory")


def test_long_values_are_echoed_as_a_short_excerpt(write_scenario):
    path = write_scenario({**small_scenario(), "parallelism": {"placement": "x" * 100_000}})
    line = _one_line(["check", str(path)], "parallelism.placement='xxxx", "...")
    assert len(line) < 300


def test_long_option_values_are_cut_in_usage_errors():
    """click echoes a bad option value whole; a 5,000-digit --jobs (past Python's int-parsing limit) is still
    one short line with the option, the start of the value and the rule."""
    digits = "9" * 5000
    for args in (["validate", "--jobs", digits], ["run", "scenarios/none.yaml", "--jobs", digits]):
        line = _one_line(args, "--jobs", "'9999", "is not a valid integer")
        assert len(line) < 400 and "..." in line


# 2. Numbers that are not numbers --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ("model.layers=.inf", "model.layers=inf: must be an integer in [1, 4096]"),
        ("model.hidden=.nan", "model.hidden=nan: must be an integer in [1, 1048576]"),
        ("model.layers=1e400", "model.layers=inf: must be an integer in [1, 4096]"),
        ("model.layers=100000", "model.layers=100000: must be an integer in [1, 4096]"),
        (
            "training.grad_bucket_MB=.inf",
            "training.grad_bucket_MB=inf: must be a finite number in [0.001, 1e+09]",
        ),
        ("training.grad_bucket_MB=1e-300", "must be a finite number in [0.001, 1e+09]"),
        ("cluster.oversubscription=.nan", "cluster.oversubscription=nan: must be a finite number in [1, 64]"),
        ("cluster.nodes=1000000000", "cluster.nodes=1000000000: must be an integer in [1, 262144]"),
        ("seed=-1", "seed=-1: must be an integer in [0, 9223372036854775807]"),
        (
            "parallelism.data=99999999999999999999",
            "parallelism.data=99999999999999999999: must be an integer in",
        ),
    ],
)
def test_non_finite_and_absurd_numbers_are_refused_with_the_range(write_scenario, override, message):
    path = write_scenario(small_scenario())
    with pytest.raises(ConfigError) as exc:
        load_scenario(path, [override])
    assert message in str(exc.value)
    _one_line(["check", str(path), "--set", override], message)


def test_profile_numbers_must_be_finite_and_in_range(tmp_path):
    base = yaml.safe_load(PRESET.read_text())
    for path_, value, message in [
        (
            ("gpu", "memory_GiB"),
            float("inf"),
            "hardware.gpu.memory_GiB=inf: must be a finite number in [1e-09, 1e+06]",
        ),
        (("gpu", "peak_tflops", "bf16"), float("nan"), "hardware.gpu.peak_tflops.bf16=nan"),
        (("gpu", "peak_tflops", "bf16"), 1e-300, "must be in [1e-09, 1e+06]"),
        (
            ("links", "nic", "bandwidth_GBps"),
            1e-300,
            "hardware.links.nic.bandwidth_GBps=1e-300: must be a finite",
        ),
        (
            ("links", "nic", "latency_us"),
            float("inf"),
            "hardware.links.nic.latency_us=inf: must be a finite number",
        ),
        (("node", "gpus_per_node"), True, "hardware.node.gpus_per_node=True: must be an integer in [1, 64]"),
        (("host", "sync_us"), 1e300, "hardware.host.sync_us=1e+300: must be a finite number in [0, 1e+06]"),
    ]:
        data = yaml.safe_load(PRESET.read_text()) if base else {}
        node = data
        for k in path_[:-1]:
            node = node.setdefault(k, {})
        node[path_[-1]] = value
        prof = tmp_path / "hw.yaml"
        prof.write_text(yaml.safe_dump(data))
        with pytest.raises(ConfigError) as exc:
            load_profile(str(prof))
        assert message in str(exc.value), str(exc.value)


def test_sizes_beyond_the_machine_are_refused_up_front_with_the_estimate(write_scenario):
    path = write_scenario(small_scenario())
    with pytest.raises(
        ConfigError, match=r"cluster.nodes=40000: gives 320000 GPUs \(40000 x 8\); at most 262144"
    ):
        load_scenario(path, ["cluster.nodes=40000"])
    with pytest.raises(ConfigError, match=r"the ranks use 1 node\(s\); the other 2999 would sit idle"):
        load_scenario(path, ["cluster.nodes=3000"])
    big = ["model.layers=4096", "training.global_batch=1048576", "training.micro_batch=2"]
    with pytest.raises(
        ConfigError, match=r"scenario='about [\d.e+]+ steps': would take about [\d,]+ minutes and [\d,]+ GiB"
    ):
        load_scenario(path, big)
    tiny_buckets = ["parallelism.data=2", "parallelism.tensor=1", "training.grad_bucket_MB=0.001"]
    tiny_buckets += ["model.layers=256", "model.hidden=8192", "model.heads=64", "training.global_batch=4"]
    tiny_buckets += ["training.micro_batch=2"]
    with pytest.raises(ConfigError, match=r"or a larger training.grad_bucket_MB"):
        load_scenario(path, tiny_buckets)


def test_jobs_beyond_the_local_pool_are_refused_before_anything_runs(tmp_path):
    """--jobs on the local pool is at most MAX_JOBS_PER_CORE per core, for every command that has it: a
    mistyped 10^29 would otherwise start one worker process per point (849 for validate), one line, exit 2,
    nothing written; the largest value allowed still runs."""
    from simcluster.commands.options import MAX_JOBS_PER_CORE

    cap = MAX_JOBS_PER_CORE * max(1, os.cpu_count() or 1)
    scenario = str(Path(__file__).resolve().parent.parent / "scenarios" / "megatron_tp_16gpu.yaml")
    sweep = tmp_path / "sweep.yaml"
    sweep.write_text(yaml.safe_dump({"scenario": scenario, "grid": {"seed": [1, 2]}}))
    for cmd in (
        ["run", scenario, "--seeds", "2"],
        ["search", scenario],
        ["sweep", str(sweep)],
        ["validate", "--json"],
    ):
        for jobs in (str(10**29), str(cap + 1)):
            out = tmp_path / "out"
            args = [*cmd, "--jobs", jobs] + (["--out", str(out)] if cmd[0] != "validate" else [])
            line = _one_line(args, f"--jobs={jobs}: must be at most {cap} ({MAX_JOBS_PER_CORE} worker processes per core")
            assert line.endswith(f"this machine has {cap // MAX_JOBS_PER_CORE})")
            assert not out.exists()
    res = CliRunner().invoke(main, ["run", scenario, "--set", "model.layers=2", "--seeds", "2", "--jobs", str(cap),
                                    "--outputs", "summary", "--quiet", "--out", str(tmp_path / "ok")])
    assert res.exit_code == 0, res.output
    assert (tmp_path / "ok" / "summary.json").exists()


def test_collective_command_sizes(tmp_path):
    _one_line(
        ["collective", "allreduce", "--hardware", "dgx-a100", "--nodes", "99999999", "--size", "1MiB"],
        "--nodes=99999999: gives 799999992 GPUs",
    )
    _one_line(
        ["collective", "allreduce", "--hardware", "dgx-a100", "--nodes", "2", "--size", "9" * 400 + "TB"],
        "must be at most 1125899906842624 bytes",
    )


def test_summary_json_is_strict_json(write_scenario, tmp_path):
    out = tmp_path / "out"
    res = CliRunner().invoke(
        main, ["run", str(write_scenario(small_scenario())), "--out", str(out), "--quiet"]
    )
    assert res.exit_code == 0, res.output
    text = (out / "summary.json").read_text()
    json.loads(text, parse_constant=lambda c: pytest.fail(f"summary.json holds {c}"))


# 4. Validation cases ----------------------------------------------------------------------------------


def _cases(tmp_path, *cases, scenario=None):
    (tmp_path / "s.yaml").write_text(yaml.safe_dump(scenario or small_scenario()))
    base = {"source": "x", "scenario": "s.yaml", "metric": "iteration_time_s", "published": 1.0}
    path = tmp_path / "cases.yaml"
    path.write_text(yaml.safe_dump({"cases": [{**base, **c} for c in cases]}))
    return path


@pytest.mark.parametrize(
    ("cases", "message"),
    [
        ([{"id": "a", "relative_to": ["b"]}], "case a.relative_to=['b']: must be the id of another case"),
        ([{"id": "a", "relative_to": "a"}], "case a.relative_to='a': a case cannot be relative to itself"),
        (
            [
                {"id": "a", "relative_to": "b"},
                {"id": "b", "relative_to": "c"},
                {"id": "c", "relative_to": "a"},
            ],
            "case a.relative_to='b': forms a cycle: a -> b -> c -> a",
        ),
        (
            [{"id": "a", "set": ["model.layers=2"]}],
            "case a.set=['model.layers=2']: must map dotted paths to values",
        ),
        (
            [{"id": "a", "set": {"model.layers": {"x": 1}}}],
            "case a.set.model.layers={'x': 1}: must be a number",
        ),
        ([{"id": "a", "set": {"model.hidden": float("inf")}}], "case a.set.model.hidden=inf: must be finite"),
        ([{"id": "a", "published": float("inf")}], "case a.published=inf: must be a finite number in [1e-12, 1e+18]"),
        ([{"id": "a", "published": float("nan")}], "case a.published=nan: must be a finite number in [1e-12, 1e+18]"),
        ([{"id": "a", "published": True}], "case a.published=True: must be a finite number in [1e-12, 1e+18]"),
        ([{"id": ["a"]}], "cases[0].id=['a']: must be a non-empty text or number"),
        ([{"id": "a", "baseline": {"scenario": "s.yaml", "set": "x"}}], "case a.baseline.set='x'"),
    ],
)
def test_case_loader_names_the_case(tmp_path, cases, message):
    path = _cases(tmp_path, *cases)
    with pytest.raises(ConfigError) as exc:
        load_cases(path)
    assert message in str(exc.value)
    _one_line(["validate", "--cases", str(path)], message)


def test_error_inside_a_cases_scenario_names_the_case(tmp_path):
    path = _cases(tmp_path, {"id": "mycase", "set": {"model.layers": 3, "parallelism.pipeline": 2}})
    _one_line(["validate", "--cases", str(path)], "case mycase: model.layers=3: must be divisible")


def test_baseline_metric_of_zero_is_refused(tmp_path):
    from simcluster.validate import runner

    cases = load_cases(_cases(tmp_path, {"id": "a", "baseline": {"scenario": "s.yaml", "set": {"seed": 1}}}))
    real = runner.simulate

    class Zero:
        def __init__(self, res):
            self.res = res

        def summary(self):
            return {**self.res.summary(), "iteration_time_s": 0.0}

    calls = []

    def fake(loaded):
        calls.append(1)
        res = real(loaded)
        return Zero(res) if len(calls) > 1 else res

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(runner, "simulate", fake)
        with pytest.raises(ConfigError, match="case a.baseline: predicted iteration_time_s is 0"):
            runner.run_cases(cases)


def test_table_rows_must_be_finite(tmp_path):
    (tmp_path / "s.yaml").write_text(yaml.safe_dump(small_scenario()))
    (tmp_path / "t.csv").write_text("layers,ms\n2,5\n2,inf\n")
    table = {
        "table": "t",
        "id": "t",
        "scenario": "s.yaml",
        "csv": "t.csv",
        "metric": "iteration_time_s",
        "published": {"column": "ms", "scale": 0.001},
        "columns": {"layers": "model.layers"},
    }
    path = tmp_path / "cases.yaml"
    path.write_text(yaml.safe_dump({"tables": [table]}))
    _one_line(["validate", "--cases", str(path)], "t.csv row 2.ms=inf: must be a finite number in [1e-12, 1e+18]")
    (tmp_path / "t.csv").write_bytes(b"layers,ms\n2,\xff\n")
    _one_line(["validate", "--cases", str(path)], "tables[0].csv=", "is not UTF-8 text")


# 5. Messages ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ("parallelism.placement=foo", "parallelism.placement='foo': input should be 'naive' or 'bunched'"),
        ("parallelism.placement=[0,-1,2,3]", "parallelism.placement[1]=-1: input should be greater than"),
        ("model.layers=", "model.layers: has no value; must be an integer in [1, 4096]"),
        ("model.layers=true", "model.layers=True: must be an integer in [1, 4096]"),
        ("parallelism.tensor=2.0", "parallelism.tensor=2.0: must be an integer in [1, 65536]"),
        ("training.recompute=!!python/name:os.system", "--set='training.recompute=!!python/name:os.system'"),
    ],
)
def test_messages_name_the_field_and_value_without_pydantic_internals(write_scenario, override, message):
    path = write_scenario(small_scenario())
    line = _one_line(["check", str(path), "--set", override], message)
    assert "literal[" not in line and "list[" not in line


def test_set_tag_says_tags_are_not_allowed(write_scenario):
    path = write_scenario(small_scenario())
    _one_line(
        ["check", str(path), "--set", "name=!!python/object/apply:os.system [x]"], "tags are not allowed"
    )


def test_duplicate_keys_in_nested_sections(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(small_scenario()).replace("  layers: 2\n", "  layers: 2\n  layers: 4\n"))
    line = _one_line(["check", str(path)], "repeats the key 'layers' (lines")
    assert "scenario=" in line


# 6. compare draws scaling charts only for a scaling series -----------------------------------------------


def _rec(label, n, flops, **model):
    m = {"layers": 2, "hidden": 1024, "heads": 16, "seq_len": 256, "vocab": 0, "ffn_hidden": None, **model}
    return {
        "label": label,
        "world_size": n,
        "hardware": "dgx-a100",
        "scheme": "megatron",
        "model": m,
        "model_flops_per_s": flops,
        "model_flops_per_iteration": flops,
        "throughput_seq_per_s": 1.0,
    }


def test_scaling_needs_a_series():
    from simcluster.report.compare import scaling

    assert scaling([_rec("a", 4, 4e12), _rec("b", 8, 6e12)])["kind"] == "strong"
    assert scaling([_rec("a", 4, 4e12), _rec("b", 16, 12e12, hidden=2048, heads=32)])["kind"] == "weak"
    cases = [
        (
            [_rec("a", 4, 1), {**_rec("b", 8, 2), "hardware": "dgx-h100"}],
            "different hardware (dgx-a100, dgx-h100)",
        ),
        ([_rec("a", 4, 1), {**_rec("b", 8, 2), "scheme": "optimus"}], "different parallelism schemes"),
        ([_rec("a", 4, 1), _rec("b", 8, 2, seq_len=512)], "model.seq_len differs (256, 512)"),
        (
            [_rec("a", 4, 1, layers=4), _rec("b", 8, 2, layers=2)],
            "model.layers shrinks from 4 (a, 4 GPUs) to 2",
        ),
        (
            [_rec("a", 4, 1e9), _rec("b", 1024, 1e15, layers=96, hidden=12288)],
            "per-GPU work of b is 3.91e+03x",
        ),
    ]
    for records, reason in cases:
        sc = scaling(records)
        assert sc["kind"] is None and reason in sc["reason"], sc


def test_compare_of_unrelated_scenarios_says_why_there_is_no_chart(write_scenario, tmp_path):
    a = write_scenario(small_scenario(), "a.yaml")
    b = write_scenario(
        small_scenario(
            parallelism={"tensor": 8},
            model={"layers": 8, "hidden": 4096, "heads": 32, "seq_len": 2048},
            training={"global_batch": 64, "micro_batch": 8},
        ),
        "b.yaml",
    )
    res = CliRunner().invoke(main, ["compare", str(a), str(b), "--out", str(tmp_path / "c")])
    assert res.exit_code == 0, res.output
    assert "no scaling chart: model.seq_len differs (256, 2048)" in res.output
    assert "scaling efficiency" not in res.output
    doc = json.loads((tmp_path / "c" / "compare.json").read_text())
    assert doc["scaling"]["kind"] is None
    assert "No scaling plot: model.seq_len differs" in (tmp_path / "c" / "compare.html").read_text()


def test_odd_names_and_merge_keys(tmp_path, write_scenario):
    _one_line(
        ["check", str(write_scenario({**small_scenario(), "hardware": "x" * 5000}))], "is neither a preset"
    )
    _one_line(["check", str(write_scenario({**small_scenario(), "hardware": "a\0b"}))], "is neither a preset")
    _one_line(
        ["check", str(write_scenario({**small_scenario(), "model": [1, 2]}))],
        "model=[1, 2]: must be a mapping",
    )
    path = tmp_path / "merge.yaml"
    text = yaml.safe_dump(small_scenario()).replace("model:\n", "model: &m\n")
    path.write_text(text + "x: {<<: *m, layers: 4}\n")
    _one_line(["check", str(path)], "x: unknown key")  # the merge itself is fine: only the extra key fails
    b = tmp_path / "b.yaml"
    b.write_text(yaml.safe_dump(small_scenario()))
    _one_line(["compare", str(b), str(tmp_path), "--out", str(tmp_path / "c")], "is a directory, not a file")
