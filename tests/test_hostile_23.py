"""Issue 23's hostile inputs, each as found: the promises (never remove a user's file, never write outside
--out, finite numbers, one resolution rule for paths, one line per error) under the inputs that broke them."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from simcluster.cli import main
from simcluster.config.loader import load_scenario
from simcluster.errors import ConfigError
from simcluster.report.outdir import make_out, write_file_atomic

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "megatron_tp_16gpu.yaml"
SMALL = ["--set", "model.layers=2"]


def _run(args: list[str]) -> tuple[int, list[str]]:
    res = CliRunner().invoke(main, args)
    return res.exit_code, res.output.strip().splitlines()


def _one_line(args: list[str], *parts: str) -> str:
    code, lines = _run(args)
    assert code == 2, lines
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
    for p in parts:
        assert p in lines[0], lines[0]
    return lines[0]


def _tree(root: Path) -> dict[str, str]:
    """Every path under root (links not followed) with what it is: the state a command must not touch."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            out[str(p.relative_to(root))] = (
                f"link:{os.readlink(p)}" if p.is_symlink() else "dir" if p.is_dir() else p.read_bytes().hex()
            )
    return out


def _sweep_file(tmp_path: Path, **extra: object) -> Path:
    data = {"base": str(SCENARIO), "set": {"model.layers": 2}, "grid": {"training.micro_batch": [1, 2]}}
    data.update(extra)
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def test_a_users_folder_named_like_an_output_is_never_removed(tmp_path):
    out = tmp_path / "o"
    (out / "events.csv").mkdir(parents=True)
    (out / "events.csv" / "keep.txt").write_text("mine")
    code, _ = _run(["run", str(SCENARIO), *SMALL, "--out", str(out), "--outputs", "summary", "--quiet"])
    assert code == 0
    assert (out / "events.csv" / "keep.txt").read_text() == "mine"
    assert (out / "summary.json").is_file()
    # asked to write events.csv where the user's folder stands: refused before anything moves
    before = _tree(out)
    _one_line(
        ["run", str(SCENARIO), *SMALL, "--out", str(out), "--outputs", "summary,events.csv", "--quiet"],
        "events.csv",
        "is not a plain file simcluster wrote",
    )
    assert _tree(out) == before


def test_temp_files_never_follow_planted_links(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    out = tmp_path / "so"
    out.mkdir()
    for name in ("results.csv.tmp", "results.parquet.tmp", "sweep.html.tmp"):
        (out / name).symlink_to(outside / name)
    code, lines = _run(["sweep", str(_sweep_file(tmp_path)), "--out", str(out), "--jobs", "1", "--quiet"])
    assert code == 0, lines
    assert list(outside.iterdir()) == []
    assert (out / "results.csv").is_file() and not (out / "results.csv").is_symlink()
    # the planted links are the user's: left as they were
    assert all((out / n).is_symlink() for n in ("results.csv.tmp", "sweep.html.tmp"))


def test_a_parts_link_or_file_is_refused(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    out = tmp_path / "so"
    out.mkdir()
    (out / ".parts").symlink_to(outside)
    _one_line(["sweep", str(_sweep_file(tmp_path)), "--out", str(out), "--jobs", "1"], ".parts", "a link")
    assert list(outside.iterdir()) == []
    (out / ".parts").unlink()
    (out / ".parts").write_text("mine")
    _one_line(["sweep", str(_sweep_file(tmp_path)), "--out", str(out), "--jobs", "1"], ".parts")
    assert (out / ".parts").read_text() == "mine"


def test_a_users_file_in_parts_is_kept(tmp_path):
    out = tmp_path / "so"
    (out / ".parts").mkdir(parents=True)
    (out / ".parts" / "notes.txt").write_text("mine")
    code, _ = _run(["sweep", str(_sweep_file(tmp_path)), "--out", str(out), "--jobs", "1", "--quiet"])
    assert code == 0
    assert (out / ".parts" / "notes.txt").read_text() == "mine"
    assert not list((out / ".parts").glob("*.parquet"))


def test_validation_report_temp_file_is_not_followed(tmp_path):
    rep = tmp_path / "rep"
    rep.mkdir()
    (rep / ".validation.html.tmp").symlink_to(tmp_path / "pwned")
    code, lines = _run(["validate", "--table", "Korthikanti Table 2", "--report", str(rep)])
    assert code == 0, lines
    assert not (tmp_path / "pwned").exists()
    assert (rep / "validation.html").is_file()


@pytest.mark.parametrize(
    "name", ["../../evil", "/abs/evil", ".hidden", "-opt", "a/b", "x" * 101, "a\nb"]
)
def test_sweep_names_are_checked_like_scenario_names(tmp_path, name):
    line = _one_line(["sweep", str(_sweep_file(tmp_path, name=name)), "--jobs", "1"], "sweep.name=")
    assert "\n" not in line


@pytest.mark.parametrize("command", ["sweep", "search"])
@pytest.mark.parametrize("out", ["", "/", "/dev/null", "/proc/simcluster-x"])
def test_bad_out_for_sweep_and_search(tmp_path, command, out):
    target = str(_sweep_file(tmp_path)) if command == "sweep" else str(SCENARIO)
    _one_line([command, target, "--out", out, "--jobs", "1"], "--out=")


def test_out_under_a_file_and_a_dangling_link(tmp_path):
    (tmp_path / "f").write_text("x")
    with pytest.raises(ConfigError, match="is a file, so no folder can be made under it"):
        make_out(tmp_path / "f" / "sub")
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    with pytest.raises(ConfigError, match="--out"):
        make_out(tmp_path / "loop")


def test_write_file_atomic_leaves_nothing_on_failure(tmp_path):
    def boom(p: Path) -> None:
        p.write_text("half")
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        write_file_atomic(tmp_path / "a.csv", boom)
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "d.csv").mkdir()
    with pytest.raises(ConfigError, match="is not a plain file"):
        write_file_atomic(tmp_path / "d.csv", lambda p: p.write_text("x"))


def test_resume_with_a_damaged_state(tmp_path):
    out = tmp_path / "so"
    (out / "results.parquet").mkdir(parents=True)
    _one_line(
        ["sweep", str(_sweep_file(tmp_path)), "--out", str(out), "--jobs", "1", "--resume"],
        "results.parquet",
    )


def test_hardware_path_resolves_against_the_scenario_folder(tmp_path, monkeypatch):
    """A profile next to the working folder but not next to the scenario is not picked up silently."""
    here = tmp_path / "cwd"
    there = tmp_path / "scen"
    here.mkdir()
    there.mkdir()
    preset = ROOT / "simcluster" / "hardware" / "presets" / "dgx-a100.yaml"
    (here / "hw.yaml").write_text(preset.read_text())
    data = yaml.safe_load(SCENARIO.read_text())
    data["hardware"] = "./hw.yaml"
    (there / "s.yaml").write_text(yaml.safe_dump(data))
    monkeypatch.chdir(here)
    with pytest.raises(ConfigError, match="read from the scenario's folder"):
        load_scenario(there / "s.yaml")
    (there / "hw.yaml").write_text(preset.read_text())
    assert load_scenario(there / "s.yaml").hardware.name


@pytest.mark.parametrize("value", [1e-300, 5e-324])
def test_published_values_below_the_documented_range(tmp_path, value):
    cases = tmp_path / "cases.yaml"
    (tmp_path / "s.yaml").write_text(SCENARIO.read_text())
    cases.write_text(
        yaml.safe_dump(
            {"cases": [{"id": "a", "table": "t", "scenario": "s.yaml", "metric": "iteration_time_s",
                        "published": value}]}  # fmt: skip
        )
    )
    _one_line(["validate", "--cases", str(cases)], "case a.published=", "must be a finite number in [1e-12")


def test_validate_table_with_text_groups_and_short_rows(tmp_path):
    (tmp_path / "s.yaml").write_text(SCENARIO.read_text())
    table = {"table": "t", "id": "r", "scenario": "s.yaml", "csv": "t.csv", "metric": "iteration_time_s",
             "published": {"column": "ms", "scale": 0.001}, "columns": {"mb": "training.micro_batch"},
             "group_by": ["cluster"], "notes": [{"match": {"cluster": "ours"}, "note": "our node"}]}  # fmt: skip
    cases = tmp_path / "cases.yaml"
    cases.write_text(yaml.safe_dump({"tables": [table]}))
    (tmp_path / "t.csv").write_text("ms,mb,cluster\n3000,1,ours\n3100,2,ours\n")
    from simcluster.validate.cases import load_cases

    loaded = load_cases(cases)
    assert [c.group for c in loaded] == ["cluster=ours", "cluster=ours"]
    assert all(c.note == "our node" for c in loaded)
    (tmp_path / "t.csv").write_text("ms,mb,cluster\n3000,1\n")
    _one_line(["validate", "--cases", str(cases)], "t.csv row 1", "fewer fields than the header")
    (tmp_path / "t.csv").write_text("ms,mb,cluster\n3000,1,a,b\n")
    _one_line(["validate", "--cases", str(cases)], "t.csv row 1", "more fields than the header")


def test_profile_rates_below_the_documented_floor(tmp_path):
    from simcluster.hardware.profile import profile_from_dict

    data = yaml.safe_load((ROOT / "simcluster" / "hardware" / "presets" / "vtrain-a100.yaml").read_text())
    next(iter(data["collectives"]["protocols"].values()))["bandwidth_efficiency"] = 1e-300
    with pytest.raises(ConfigError, match="bandwidth_efficiency"):
        profile_from_dict(data, "hardware")


@pytest.mark.parametrize(
    "args, part",
    [
        (["run", str(SCENARIO), "--bogus"], "No such option '--bogus'"),
        (["run"], "Missing argument 'SCENARIO'"),
        (["bogus"], "No such command 'bogus'"),
        (["run", str(SCENARIO), "--events", "some"], "'--events'"),
    ],
)
def test_usage_errors_are_one_line(args, part):
    _one_line(args, part, "--help')")


def test_control_characters_and_newlines_stay_on_one_line(tmp_path):
    _one_line(["check", str(SCENARIO), "--set", "model.lay\ners=2"], "model.lay\\ners", "unknown key")
    _one_line(["check", str(SCENARIO), "--set", "name=a\x07b"], "control character #x07")
    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO.read_text().replace("name: megatron_tp_16gpu", 'name: "a\\x07b"'))
    assert "\n" not in _one_line(["check", str(path)], "name=")


def test_integers_past_pythons_digit_limit(tmp_path):
    _one_line(["check", str(SCENARIO), "--set", "model.layers=" + "9" * 5000], "more than 4300 digits")
    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO.read_text() + f"seed: {'9' * 5000}\n")
    _one_line(["check", str(path)], "more than 4300 digits")


def test_yaml_1_2_exponent_floats_are_numbers():
    loaded = load_scenario(SCENARIO, ["training.grad_bucket_MB=1e9"])
    assert loaded.scenario.training.grad_bucket_MB == 1e9
    _one_line(["check", str(SCENARIO), "--set", "training.grad_bucket_MB=2E9"], "must be a finite number")


def test_full_disk_and_file_size_limit_are_one_line(tmp_path):
    import subprocess
    import sys

    cmd = [sys.executable, "-m", "simcluster.cli", "check", str(SCENARIO)]
    with open("/dev/full", "w") as full:
        res = subprocess.run(cmd, stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert res.returncode == 2 and res.stderr.strip().splitlines() == [
        "error: output: No space left on device"
    ], res.stderr
    out = tmp_path / "o"
    run = [sys.executable, "-m", "simcluster.cli", "run", str(SCENARIO), *SMALL, "--out", str(out), "--quiet"]
    res = subprocess.run(
        ["bash", "-c", 'ulimit -f 8; exec "$@"', "_", *run], capture_output=True, text=True, timeout=300
    )
    assert res.returncode == 2, res.stderr
    assert len(res.stderr.strip().splitlines()) == 1 and "File too large" in res.stderr
    assert not out.exists()


def test_limits_hold_for_sweep_points_and_search_spaces(tmp_path):
    from simcluster.search.point import Point, run_point

    gpt3 = ROOT / "scenarios" / "gpt3_175b_1024gpu.yaml"
    data = yaml.safe_load(gpt3.read_text())
    data["simulation"] = {"fold": "none"}  # past run's memory estimate: refused, not a MemoryError
    row = run_point(Point(0, data, str(gpt3.parent), None, "auto"))
    assert "GiB of memory to simulate" in row["error"]
    big = _sweep_file(tmp_path, grid={"seed": list(range(1000)), "training.micro_batch": list(range(1, 1001))})
    _one_line(["sweep", str(big)], "1,000,000 points", "more than 100,000 simulations")
    rand = _sweep_file(tmp_path, grid={}, random={"samples": 10**7, "axes": {"seed": [1, 2]}})
    _one_line(["sweep", str(rand)], "10,000,000 points")
    space = tmp_path / "space.yaml"
    space.write_text(yaml.safe_dump({"training.micro_batch": list(range(1, 2001)), "seed": list(range(300))}))
    _one_line(["search", str(SCENARIO), "--space", str(space), "--out", str(tmp_path / "o")], "layouts")
    space.write_text(yaml.safe_dump({"hardware": ["dgx-a100", "dgx-h100"]}))
    _one_line(["search", str(SCENARIO), "--space", str(space), "--out", str(tmp_path / "o")], "space.hardware")
    for one in (["/etc/passwd"], "dgx-h100"):  # one value too: the estimate would price it with the scenario's
        space.write_text(yaml.safe_dump({"hardware": one}))
        _one_line(["search", str(SCENARIO), "--space", str(space), "--out", str(tmp_path / "o")], "space.hardware")


def test_unfolded_gpt3_is_refused_by_its_memory_estimate():
    line = _one_line(
        ["check", str(ROOT / "scenarios" / "gpt3_175b_1024gpu.yaml"), "--set", "simulation.fold=none"],
        "GiB of memory",
    )
    assert "16 GiB" in line


def test_a_profile_with_more_nics_than_gpus_is_refused():
    from simcluster.hardware.profile import profile_from_dict

    data = yaml.safe_load((ROOT / "simcluster" / "hardware" / "presets" / "dgx-a100.yaml").read_text())
    data["node"]["nics_per_node"] = 16
    with pytest.raises(ConfigError, match="nics_per_node=16 must be at most gpus_per_node=8"):
        profile_from_dict(data, "hardware")


def test_rank_group_hashes_once_and_equals_its_tuple():
    from simcluster.engine.executor import _waiting_text
    from simcluster.model.ops import OpSpec, RankGroup

    g = RankGroup(range(100_000))
    assert g == tuple(range(100_000)) and hash(g) == hash(tuple(range(100_000)))
    assert {tuple(range(100_000)): 1}[g] == 1
    op = OpSpec(kind="allreduce", name="x", phase="forward", bytes=1.0, group=g, family="cli")
    assert _waiting_text(op) == "allreduce x on ranks [0, 1, 2, 3, 4, 5, 6, 7, ... 99999] (100000 ranks)"


def test_a_cli_collective_on_a_large_group_keeps_its_answer():
    """RankGroup only changes how often the group is hashed: the answer is the plain tuple's."""
    from simcluster.nccl_tests import run_collective

    out = run_collective("allreduce", "dgx-a100", 64, None, 1024, "auto")
    assert out["gpus"] == 512
    assert out["time_s"] == pytest.approx(1.2978066666666666e-4, rel=1e-12)  # as before RankGroup


def test_resume_reruns_rows_whose_metrics_are_damaged(tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    from simcluster.config.loader import read_yaml_mapping
    from simcluster.search.sweeper import point_data, point_key
    from simcluster.search.sweepfile import load_sweep

    sw_path = _sweep_file(tmp_path)
    sw = load_sweep(sw_path)
    base = read_yaml_mapping(sw.base, "x")
    keys = [point_key(point_data(sw, base, v)) for v in sw.points]
    out = tmp_path / "so"
    out.mkdir()
    (out / ".simcluster-outputs").write_text("results.parquet\n")  # an earlier sweep's
    pq.write_table(
        pa.table({"scenario_hash": keys, "point": [0, 1], "iteration_time_s": ["x", "y"]}),
        out / "results.parquet",
    )
    code, lines = _run(["sweep", str(sw_path), "--out", str(out), "--jobs", "1", "--resume"])
    assert code == 0, lines
    assert "2 ok" in lines[0] and "already done" not in lines[0]


# What users see (issue 23, part one) ---------------------------------------------------------------------


def test_check_applies_the_memory_model():
    gpt3 = str(ROOT / "scenarios" / "gpt3_175b_1024gpu.yaml")
    _one_line(["check", gpt3, "--set", "training.micro_batch=12"], "memory='97.7 GiB per GPU'", "80 GiB")
    code, lines = _run(["check", gpt3])
    assert code == 0 and lines[0].endswith("peak memory 28.6 of 80 GiB"), lines


def test_run_of_an_out_of_memory_layout_exits_3_with_its_outputs(tmp_path):
    out = tmp_path / "oom"
    res = CliRunner().invoke(
        main,
        ["run", str(ROOT / "scenarios" / "megatron_22b_selene.yaml"), "--set", "training.micro_batch=64",
         "--set", "training.global_batch=64", "--set", "model.layers=24", "--out", str(out), "--outputs", "summary"],
    )  # fmt: skip
    assert res.exit_code == 3, res.output
    assert "error: out of memory: rank 0 needs" in res.output
    assert (out / "summary.json").is_file()


def test_run_prints_tflops_per_gpu_and_mfu(tmp_path):
    code, lines = _run(["run", str(SCENARIO), *SMALL, "--out", str(tmp_path / "o"), "--outputs", "summary"])
    assert code == 0
    mfu = next(x for x in lines if x.strip().startswith("MFU"))
    assert re.search(r"MFU\s+\d+\.\d %\s+\(\d+\.\d model TFLOP/s per GPU; \d+\.\d executed", mfu), mfu


def _rows(n_fit: int, n_oom: int) -> list[dict]:
    rows = []
    for k in range(n_fit):
        rows.append({"status": "simulated" if k < 2 else "estimated", "label": f"l{k}", "rank": k + 1,
                     "memory_model_peak_bytes": (10 + k) * 2**30, "memory_capacity_bytes": 80 * 2**30,
                     "iteration_time_s": 1.0 + 0.1 * k, "throughput_seq_per_s": 10 / (1 + 0.1 * k),
                     "est_throughput_seq_per_s": 10 / (1 + 0.1 * k), "mfu": 0.4, "peak_memory_bytes": (10 + k) * 2**30,
                     "fits_in_memory": True, "bubble_share": 0.1, "exposed_comm_share": 0.05,
                     "parallelism.tensor": 1, "parallelism.pipeline": 1})  # fmt: skip
    for k in range(n_oom):
        rows.append({"status": "out of memory", "label": f"o{k}", "rank": n_fit + k + 1,
                     "memory_model_peak_bytes": 10_000 * 2**30, "memory_capacity_bytes": 80 * 2**30,
                     "parallelism.tensor": 1, "parallelism.pipeline": 1})  # fmt: skip
    return rows


def test_search_page_clips_out_of_memory_points_and_names_the_best():
    from simcluster.search.pages import _scatter, headline

    fig = _scatter(_rows(5, 3))
    assert list(fig.layout.xaxis.range) == pytest.approx([0, 120 * 1.02])
    oom = next(t for t in fig.data if t.name.startswith("out of memory"))
    assert list(oom.x) == [120.0] * 3 and list(oom.customdata) == [10_000.0] * 3
    assert "3 layouts beyond 120 GiB drawn at the right edge" in fig.layout.title.text
    text = headline(_rows(5, 3))
    assert text.startswith("Best: l0: 1 s per iteration, 10 seq/s, MFU 40.0%, peak 10.0 of 80 GiB; 10.0% faster")
    assert "10.0% pipeline bubble and 5.0% exposed communication" in text
    assert headline(_rows(0, 2)).startswith("No simulated layout fits in memory")


def test_sweep_page_draws_lines_labels_the_memory_limit_and_warns_on_gpu_counts():
    from simcluster.search.pages import sweep_html, sweep_warnings

    rows = [{"point": k, "a": a, "b": b, "error": "", "throughput_seq_per_s": 1.0 + a, "iteration_time_s": 1.0,
             "peak_memory_bytes": 2**30, "memory_capacity_bytes": 16 * 2**30, "world_size": 8 * b}
            for k, (a, b) in enumerate([(1, 1), (2, 1), (1, 2), (2, 2)])]  # fmt: skip
    assert sweep_warnings(rows) == [
        "the points use different GPU counts (8, 16): compare per-GPU figures (MFU, tokens/s per GPU), not throughput"
    ]
    page = sweep_html("t", rows, ["a", "b"])
    assert "warning: the points use different GPU counts" in page
    assert page.count('"mode":"lines+markers+text"') == 12  # 2 lines per axis, 3 panels, 2 axes
    assert "memory 16 GiB" in page
    assert sweep_warnings([{**r, "world_size": 8} for r in rows]) == []


def test_memory_margin_for_maxbatch_and_search(tmp_path):
    gpt3 = str(ROOT / "scenarios" / "gpt3_175b_1024gpu.yaml")
    code, lines = _run(["maxbatch", gpt3])
    assert code == 0 and "largest global batch that fits: 13824 (micro_batch 9" in lines[0]
    code, lines = _run(["maxbatch", gpt3, "--memory-margin", "20%"])
    assert code == 0 and "largest global batch that fits: 9216 (micro_batch 6" in lines[0]
    assert lines[-1].split()[:2] == ["capacity_GiB", "64.00"] and "20% margin" in lines[-1]
    for bad, rule in (("0.9", "between 0 and 0.5"), ("x", "a fraction such as 0.1"), ("nan", "between"),
                      ("-1%", "between")):  # fmt: skip
        _one_line(["maxbatch", gpt3, "--memory-margin", bad], "--memory-margin=", rule)
        _one_line(["search", str(SCENARIO), "--memory-margin", bad, "--out", str(tmp_path / "s")], rule)
    import pyarrow.parquet as pq

    counts = []
    for margin in ("0", "0.2"):
        out = tmp_path / f"s{margin}"
        code, lines = _run(["search", str(SCENARIO), "--memory-margin", margin, "--top", "1", "--out", str(out),
                            "--quiet", "--jobs", "1"])  # fmt: skip
        assert code == 0, lines
        rows = pq.read_table(out / "results.parquet").to_pylist()
        counts.append(sum(r["status"] == "out of memory" for r in rows))
        est = [r for r in rows if r["status"] == "estimated"]
        assert est[0]["memory_capacity_bytes"] == round(16 * 2**30 * (1 - float(margin)))
    assert counts[1] > counts[0]


def test_every_summary_field_is_documented(tmp_path):
    import json

    out = tmp_path / "o"
    code, _ = _run(["run", str(SCENARIO), *SMALL, "--out", str(out), "--outputs", "summary", "--quiet"])
    assert code == 0
    summary = json.loads((out / "summary.json").read_text())
    doc = (ROOT / "docs" / "outputs.md").read_text()
    section = doc[doc.index("## summary.json") :]
    section = section[: section.index("\n## ", 5)]
    documented = set(re.findall(r"`([a-z_0-9]+)(?:\[\])?`", section))
    assert [k for k in summary if k not in documented] == []


def test_validate_of_groups_of_one_row_prints_no_ranking_numbers(tmp_path):
    """A table whose groups hold one row each has no Kendall tau: said, not a crash on min() of nothing."""
    (tmp_path / "s.yaml").write_text(SCENARIO.read_text())
    table = {"table": "t", "id": "r", "scenario": "s.yaml", "csv": "t.csv", "metric": "iteration_time_s",
             "published": {"column": "ms", "scale": 0.001}, "columns": {"mb": "training.micro_batch"},
             "group_by": ["cluster"]}  # fmt: skip
    (tmp_path / "cases.yaml").write_text(yaml.safe_dump({"tables": [table]}))
    (tmp_path / "t.csv").write_text("ms,mb,cluster\n3000,1,ours\n")
    code, lines = _run(["validate", "--cases", str(tmp_path / "cases.yaml")])
    assert code in (0, 1), lines
    assert any(line.startswith("ranking  t: 1 groups; Kendall tau n/a") for line in lines), lines


def test_unknown_top_level_key_in_a_case_file(tmp_path):
    (tmp_path / "cases.yaml").write_text(yaml.safe_dump({"cases": [], "tabels": []}))
    _one_line(["validate", "--cases", str(tmp_path / "cases.yaml")], "tabels", "valid keys: cases, tables")


def test_the_fuzz_checker_sees_each_broken_promise(tmp_path):
    """benchmarks/fuzz.py --hostile counts what check() reports: each promise, broken on purpose, is seen."""
    from tests.hostile_inputs import Case, check, snapshot

    box = tmp_path / "box"
    (box / "bait").mkdir(parents=True)
    (box / "bait" / "keep.txt").write_text("mine")
    case = Case("run", [], out=box / "out", sentinels={str(box / "bait" / "keep.txt"): b"mine"})
    before = snapshot(box)
    assert check(box, case, before, 0, "", "", None, 0.1) == []
    (box / "out").mkdir()
    (box / "out" / "summary.json").write_text('{"t": 1.0}')
    assert check(box, case, before, 0, "", "", None, 0.1) == []
    (box / "out" / "summary.json").write_text('{"t": Infinity}')
    assert any("non-finite in summary.json" in b for b in check(box, case, before, 0, "", "", None, 0.1))
    (box / "out" / "summary.json").unlink()
    lib = "var x = NaN || Infinity;" * 50_000  # the embedded plotting library: not an output number
    (box / "out" / "page.html").write_text(f"<script>{lib}</script><script>var d = [1.5, 2];</script>")
    assert check(box, case, before, 0, "", "", None, 0.1) == []
    (box / "out" / "page.html").write_text(f"<script>{lib}</script><script>var d = [NaN, 2];</script>")
    assert any("non-finite in page.html" in b for b in check(box, case, before, 0, "", "", None, 0.1))
    (box / "out" / "page.html").unlink()
    assert check(box, case, before, 0, "t = inf s", "", None, 0.1)[0].startswith("non-finite in the printout")
    assert check(box, case, before, 2, "", "error: a\nb\n", None, 0.1)[0].startswith("not one line")
    assert check(box, case, before, 1, "", "", ValueError("x"), 0.1) == ["traceback: ValueError: x"]
    assert check(box, case, before, 0, "", "", None, 1e3) == ["ran 1000 s"]
    (box / "bait" / "new.txt").write_text("x")
    assert check(box, case, before, 0, "", "", None, 0.1) == [f"written outside --out: {box / 'bait' / 'new.txt'}"]
    (box / "bait" / "new.txt").unlink()
    (box / "bait" / "keep.txt").write_text("changed")
    assert check(box, case, before, 0, "", "", None, 0.1) == [f"user file changed or removed: {box}/bait/keep.txt"]


def test_a_chunk_of_the_hostile_fuzz_keeps_every_promise():
    """200 generated hostile inputs (every command and input kind) break no promise; the benchmark runs
    10,000+ of them in chunks (benchmarks/fuzz.py --hostile)."""
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    res = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "fuzz.py"), "--hostile", "--n", "200", "--seed", "23", "--json"],
        capture_output=True, text=True, env=env, timeout=600,
    )  # fmt: skip
    import json

    report = json.loads(res.stdout)
    assert report["broken"] == 0, report["failures"]
    assert len(report["kinds"]) == 10 and report["exit_codes"].get("0", 0) >= 20


@pytest.mark.parametrize("command", ["sweep", "search"])
def test_two_commands_into_one_out_at_once(tmp_path, command):
    """A second sweep (or search) into an --out another one is writing is refused, not allowed to clear the
    first one's parts; the lock is on the folder itself, so nothing is written for it, and it is let go."""
    from simcluster.report.outdir import locked_out

    out = tmp_path / "o"
    out.mkdir()
    args = (
        ["sweep", str(_sweep_file(tmp_path)), "--jobs", "1", "--out", str(out), "--quiet"]
        if command == "sweep"
        else ["search", str(SCENARIO), *SMALL, "--jobs", "1", "--top", "0", "--out", str(out), "--quiet"]
    )
    with locked_out(out):
        _one_line(args, f"--out='{out}'", "another simcluster command is writing there now")
    assert list(out.iterdir()) == []
    code, lines = _run(args)
    assert code == 0, lines
    assert (out / "results.csv").is_file()
    code, lines = _run(args)  # the lock was let go when the first finished
    assert code == 0, lines


@pytest.mark.parametrize("command", ["sweep", "search"])
def test_a_failed_sweep_or_search_leaves_no_empty_folder(tmp_path, command):
    """Past `ulimit -f` the write fails (one line, exit 2) and the folders made for --out are gone again; a
    folder that was there before stays."""
    import subprocess
    import sys

    out = tmp_path / "a" / "o"
    args = (
        ["sweep", str(_sweep_file(tmp_path)), "--jobs", "1"]
        if command == "sweep"
        else ["search", str(SCENARIO), *SMALL, "--jobs", "1", "--top", "1"]
    )
    for before in (False, True):
        if before:
            out.mkdir(parents=True)
        cmd = [sys.executable, "-m", "simcluster.cli", *args, "--out", str(out), "--quiet"]
        res = subprocess.run(
            ["bash", "-c", 'ulimit -f 2; exec "$@"', "_", *cmd], capture_output=True, text=True, timeout=300
        )
        assert res.returncode == 2 and "File too large" in res.stderr, res.stderr
        assert len(res.stderr.strip().splitlines()) == 1, res.stderr
        assert out.is_dir() == before and (tmp_path / "a").is_dir() == before
        if before:  # the claimed names' manifest stays (a failed sweep's rows are still its own)
            assert [p.name for p in out.iterdir() if p.name not in (".parts", ".simcluster-outputs")] == []


def test_sigterm_unwinds_like_ctrl_c(tmp_path):
    """SIGTERM (`kill`, `timeout`) while a run works: one line, exit 143, the temporary folder beside --out
    removed and --out not made (before, the default action killed the process and left the folder)."""
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "o"
    cmd = [sys.executable, "-m", "simcluster.cli", "run", str(ROOT / "scenarios" / "gpt3_175b_1024gpu.yaml"),
           "--out", str(out), "--quiet"]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not list(tmp_path.glob(".simcluster-tmp-*")) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert proc.poll() is None, "the run ended before it could be terminated"
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 143 and err.strip().splitlines() == ["error: terminated"], err
    assert list(tmp_path.iterdir()) == []
