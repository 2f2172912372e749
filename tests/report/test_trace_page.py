"""The trace-compare page (simcluster trace compare) draws its three panels in headless Chromium."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from simcluster.cli import main

from .browser import page_shot

ROOT = Path(__file__).resolve().parents[2]


def test_trace_compare_page_draws_every_panel(tmp_path) -> None:
    trace = ROOT / "tests" / "data" / "kineto" / "sampled_rank-0.json.gz"
    scenario = ROOT / "scenarios" / "megatron_tp_16gpu.yaml"
    r = CliRunner().invoke(main, ["trace", "compare", str(trace), str(scenario), "--out", str(tmp_path / "o")])
    assert r.exit_code == 0, r.output
    shot = page_shot(tmp_path / "o" / "trace_compare.html")
    graphs = [k for k in shot.rects if ":" not in k]
    assert len(graphs) == 1
    subplots = sorted(k for k in shot.rects if ":" in k)
    assert len(subplots) == 3, subplots  # per-class bars, measured timeline, simulated timeline
    for sp in subplots:
        x, y, w, h = shot.rects[sp]
        assert w > 300 and h > 100, (sp, shot.rects[sp])
        assert shot.marks(sp) > 40, f"{sp} looks blank"
