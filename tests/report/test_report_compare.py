"""`simcluster compare`: breakdown, key figures, scaling series, errors, and the page in Chromium."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from simcluster.cli import main
from simcluster.report.compare import breakdown, scaling

from .conftest import SCENARIOS


def _variant(tmp: Path, name: str, nodes: int, tensor: int, hidden: int = 4096) -> Path:
    data = yaml.safe_load((SCENARIOS / "megatron_tp_16gpu.yaml").read_text())
    data["name"] = name
    data["cluster"]["nodes"] = nodes
    data["parallelism"]["tensor"] = tensor
    data["model"]["hidden"] = hidden
    path = tmp / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


@pytest.fixture(scope="module")
def strong(tmp_path_factory) -> tuple[Path, dict]:
    tmp = tmp_path_factory.mktemp("strong")
    files = [_variant(tmp, f"tp{4 * n}", n, 4 * n) for n in (4, 1, 2)]  # out of order on purpose
    out = tmp / "out"
    result = CliRunner().invoke(main, ["compare", *map(str, files), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out, json.loads((out / "compare.json").read_text())


def test_compare_writes_both_files_and_a_table(strong) -> None:
    out, doc = strong
    assert sorted(p.name for p in out.iterdir()) == [".simcluster-outputs", "compare.html", "compare.json"]
    assert [r["label"] for r in doc["scenarios"]] == ["tp16", "tp4", "tp8"]
    for r in doc["scenarios"]:
        parts = r["breakdown_s"]
        assert set(parts) == {
            "forward_compute_s",
            "backward_compute_s",
            "recompute_compute_s",
            "optimizer_s",
            "exposed_comm_s",
            "bubble_idle_s",
        }
        assert sum(parts.values()) == pytest.approx(r["iteration_time_s"], rel=1e-9)
        assert r["throughput_seq_per_s"] == pytest.approx(60 / r["iteration_time_s"], rel=1e-12)
    tp4 = doc["scenarios"][1]
    assert tp4["fits_in_memory"] is False and tp4["peak_memory_bytes"] > tp4["memory_capacity_bytes"]


def test_breakdown_matches_the_rank_statistics(tp16, pipe16) -> None:
    for res in (tp16, pipe16):
        rep = res.summary()["slowest_rank"]
        parts = breakdown(res, rep)
        st = res.stats[rep]
        compute = sum(
            parts[k]
            for k in ("forward_compute_s", "backward_compute_s", "recompute_compute_s", "optimizer_s")
        )
        assert compute == pytest.approx(st["compute_busy_s"], rel=1e-9)
        assert parts["exposed_comm_s"] == pytest.approx(st["comm_busy_s"], rel=1e-9)
    # full recomputation repeats the forward: recompute compute equals forward compute of the layers
    parts = breakdown(tp16, 0)
    assert parts["recompute_compute_s"] == pytest.approx(parts["forward_compute_s"], rel=1e-6)
    assert parts["bubble_idle_s"] == pytest.approx(0.0, abs=1e-9)  # no pipeline: nothing waits
    assert breakdown(pipe16, 12)["bubble_idle_s"] > 0


def test_strong_scaling_efficiency(strong) -> None:
    _, doc = strong
    sc = doc["scaling"]
    assert sc["kind"] == "strong" and sc["base_world_size"] == 4
    pts = sc["points"]
    assert [p["world_size"] for p in pts] == [4, 8, 16]
    t1 = pts[0]["throughput_seq_per_s"]
    for p in pts:  # same model: (F_n / n) / (F_1 / n_1) == (T_n / n) / (T_1 / 4)
        assert p["efficiency"] == pytest.approx(
            (p["throughput_seq_per_s"] / p["world_size"]) / (t1 / 4), rel=1e-9
        )
        assert p["ideal_throughput_seq_per_s"] == pytest.approx(t1 * p["world_size"] / 4, rel=1e-12)
    assert pts[0]["efficiency"] == 1.0
    assert 0 < pts[2]["efficiency"] < pts[1]["efficiency"] < 1


def test_weak_scaling_is_detected_from_model_dims() -> None:
    def rec(label: str, n: int, hidden: int, flops_per_s: float) -> dict:
        return {
            "label": label,
            "world_size": n,
            "model": {"hidden": hidden},
            "model_flops_per_s": flops_per_s,
            "throughput_seq_per_s": 1.0,
        }

    sc = scaling([rec("a", 4, 1024, 4e12), rec("b", 16, 4096, 12e12)])
    assert sc["kind"] == "weak"
    assert sc["points"][1]["efficiency"] == pytest.approx(0.75)
    assert sc["points"][1]["ideal_throughput_seq_per_s"] is None
    assert scaling([rec("a", 4, 1024, 1), rec("b", 4, 1024, 1)])["kind"] is None


def test_compare_page_renders(strong, render) -> None:
    out, _ = strong
    html = (out / "compare.html").read_text()
    assert 'src="http' not in html
    shown = render(out / "compare.html")
    assert shown.dom.count('class="main-svg"') >= 3  # breakdown, key figures, scaling
    assert "strong scaling" in shown.dom
    assert shown.js_errors() == []


def test_compare_is_deterministic(strong, tmp_path) -> None:
    out, _ = strong
    files = sorted(Path(out).parent.glob("*.yaml"))
    again = tmp_path / "again"
    r = CliRunner().invoke(main, ["compare", *map(str, files), "--out", str(again), "--quiet"])
    assert r.exit_code == 0 and r.output == ""
    a = json.loads((out / "compare.json").read_text())
    b = json.loads((again / "compare.json").read_text())
    # same scenarios in another order: the same numbers per scenario
    assert {x["label"]: x["iteration_time_s"] for x in a["scenarios"]} == {
        x["label"]: x["iteration_time_s"] for x in b["scenarios"]
    }


@pytest.mark.parametrize(
    "args, message",
    [
        (["scenarios/megatron_tp_16gpu.yaml"], "error: scenarios=1: compare needs at least 2 scenario files"),
        ([], "error: scenarios=0: compare needs at least 2 scenario files"),
        (
            ["scenarios/megatron_tp_16gpu.yaml", "missing.yaml"],
            "error: scenario='missing.yaml': cannot read file: No such file or directory",
        ),
        (
            [
                "scenarios/megatron_tp_16gpu.yaml",
                "scenarios/megatron_tp_16gpu.yaml",
                "--set",
                "parallelism.tensor=0",
            ],
            "error: parallelism.tensor",
        ),
    ],
)
def test_bad_input_is_one_line(args, message, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(Path(__file__).resolve().parents[2])
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["compare", *args, "--out", str(out)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(message), result.output
    assert not out.exists()


def test_compare_shows_layout_columns_and_warns_on_different_batches(strong, tmp_path) -> None:
    out, doc = strong
    assert doc["warnings"] == []
    assert [r["layout"]["tensor"] for r in doc["scenarios"]] == [16, 4, 8]
    assert doc["scenarios"][0]["layout"] == {
        "tensor": 16, "pipeline": 1, "data": 1, "context": 1, "expert": 1, "zero": "none", "micro_batch": 60,
        "schedule": "1f1b", "recompute": "full", "fp8": False, "global_batch": 60,
    }  # fmt: skip
    page = (out / "compare.html").read_text()
    for col in ("<th>tensor</th>", "<th>pipeline</th>", "<th>micro batch</th>", "<th>global batch</th>"):
        assert col in page
    a = _variant(tmp_path, "a", 4, 16)
    data = yaml.safe_load(a.read_text())
    data["name"], data["training"]["global_batch"] = "b", 120
    b = tmp_path / "b.yaml"
    b.write_text(yaml.safe_dump(data))
    res = CliRunner().invoke(main, ["compare", str(a), str(b), "--set", "model.layers=2", "--out", str(tmp_path / "o")])
    assert res.exit_code == 0, res.output
    assert "warning: the scenarios train different global batches (60, 120" in res.output
    assert "different global batches" in (tmp_path / "o" / "compare.html").read_text()
