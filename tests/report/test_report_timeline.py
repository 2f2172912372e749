"""timeline.html: lanes, idle/bubble bars, merging, the link and memory panels, and rendering in Chromium."""

from __future__ import annotations

import re

import numpy as np
import pytest

from simcluster.report.lanes import idle_gaps, merge, op_table, plan
from simcluster.report.series import _drain, busiest_links, link_utilization, memory_series
from simcluster.report.timeline import COLORS, DETAIL_ROWS, page, timeline_html, write_timeline

from .conftest import SMALL_PIPE, sim

GiB = 1024**3


def _panel(fig, legend: str) -> list:
    return [t for t in fig.data if getattr(t, "legend", None) == legend]


def test_timeline_renders_one_lane_per_rank(pipe16, render, tmp_path) -> None:
    path = tmp_path / "timeline.html"
    write_timeline(pipe16, "pipe16", path)  # the function outputs.py calls
    html = path.read_text()
    assert 'src="http' not in html and "<script src=" not in html  # plotly.js is embedded, nothing fetched
    shown = render(path)
    assert shown.dom.count('class="main-svg"') >= 2
    labels = shown.y_tick_labels()
    assert [x for x in labels if x.startswith("rank ")] == [f"rank {r}" for r in range(16)]
    assert shown.js_errors() == []


def test_1024_gpu_timeline_is_small_and_opens(gpt1024, timelines, render, tmp_path) -> None:
    path = tmp_path / "timeline.html"
    fig, notes = timelines("gpt1024")
    path.write_text(page(fig, notes, "gpt3 on 1024 GPUs"))
    size = path.stat().st_size
    assert size < 20e6, size
    html = path.read_text()
    assert "showing 16 of 1024 ranks" in html
    assert "merged" in html  # the page says that ops were merged
    shown = render(path)
    assert 'class="main-svg"' in shown.dom
    ranks = [x for x in shown.y_tick_labels() if x.startswith("rank ")]
    assert ranks == [f"rank {r}" for r in gpt1024.program.reps]
    assert shown.js_errors() == []


@pytest.mark.parametrize(
    "extra",
    [
        [],
        ["parallelism.schedule=gpipe"],
        ["parallelism.schedule=interleaved-1f1b", "parallelism.virtual_stages=2"],
        ["training.recompute=none"],
        ["training.recompute=selective"],
        ["parallelism.data=2", "parallelism.pipeline=2"],
    ],
)
def test_memory_panel_peak_is_the_summary_total(extra) -> None:
    res = sim("gpt3_175b_1024gpu", SMALL_PIPE + extra)
    summary = res.summary()
    # the series to the byte, per simulated rank, against the summary; it starts at the static memory
    for rep in res.program.reps:
        total = summary["per_rank"][rep]["memory"]["total"]
        assert memory_series(res, rep).value.max() == pytest.approx(total, rel=1e-6)
        s = memory_series(res, rep)
        m = res.memory[rep]
        assert s.value.max() == pytest.approx(m.total, rel=1e-9)
        static = m.parameters + m.gradients + m.optimizer + m.reserved
        assert m.reserved == pytest.approx(0.5 * 1024**3)  # the preset's gpu.memory_reserved_GiB
        assert s.value[-1] == pytest.approx(static, rel=1e-9)
        assert s.value[0] == pytest.approx(static, rel=1e-12)


def test_memory_panel_of_the_figure(pipe16, timelines) -> None:
    summary = pipe16.summary()
    fig, _ = timelines("pipe16")
    lines = _panel(fig, "legend3")
    assert len(lines) == 4  # one per pipeline stage (the other ranks are copies)
    for tr in lines:
        rank = int(tr.name.split()[1])
        assert max(tr.y) * GiB == pytest.approx(summary["per_rank"][rank]["memory"]["total"], rel=0.01)


def test_memory_peak_on_1024_gpus(gpt1024, timelines) -> None:
    summary = gpt1024.summary()
    fig, _ = timelines("gpt1024")
    assert len(_panel(fig, "legend3")) == 16
    for tr in _panel(fig, "legend3"):
        rank = int(tr.name.split()[1])
        assert max(tr.y) * GiB == pytest.approx(summary["per_rank"][rank]["memory"]["total"], rel=0.01)


@pytest.mark.parametrize("which", ["tp16", "pipe16", "gpt1024"])
def test_link_utilization_within_capacity_and_conserves_bytes(which, request, timelines) -> None:
    res = request.getfixturevalue(which)
    links = busiest_links(res, 8)
    assert links
    cap = np.asarray(res.topology.capacity_Bps)
    carried = np.zeros(len(cap))
    for _t0, _t1, ids, nbytes in res.engine.transfer_log:
        np.add.at(carried, ids, nbytes)
    # the most utilized link first (equal loads, summed in another order, may differ in the last bits)
    assert carried[links[0]] / cap[links[0]] == pytest.approx((carried / cap).max(), rel=1e-9)
    for lk, s in zip(links, link_utilization(res, links)):
        assert s.value.max() <= 1.0 + 1e-6
        assert s.value.min() >= 0.0
        seg = np.diff(np.append(s.time_s, max(s.time_s[-1], res.engine.iteration_time_s)))
        assert float(np.sum(s.value * seg)) * cap[lk] == pytest.approx(carried[lk], rel=1e-6)
    fig, _ = timelines(which)
    for tr in _panel(fig, "legend2"):
        assert max(tr.y) <= 100.0 + 1e-4


def test_drain_caps_overlapping_phases_and_keeps_bytes() -> None:
    # 0.75 + 0.75 on [1, 2) is 150%: the excess 0.5 is carried into [2, 3), where 0.25 is spare
    edges = np.array([0.0, 1.0, 2.0, 3.0, 4.0])
    rate = np.array([0.75, 1.5, 0.0, 0.0])
    t, v = _drain(edges, rate)
    assert v.max() == 1.0
    assert list(t) == [0.0, 1.0, 2.0, 2.5, 3.0, 4.0]
    assert list(v) == [0.75, 1.0, 1.0, 0.0, 0.0, 0.0]
    assert np.sum(v[:-1] * np.diff(t)) == pytest.approx(np.sum(rate * np.diff(edges)))


def test_idle_gaps_are_bubbles_on_later_stages(pipe16) -> None:
    df = op_table(pipe16, list(pipe16.program.reps))
    it = pipe16.engine.iteration_time_s
    gaps = idle_gaps(df, it, True, 0.0)
    for rank, g in gaps.groupby("rank"):
        busy = df[
            (df["rank"] == rank) & ((df["stream"] == "compute") | (df["stream"] == "comm") & df["blocking"])
        ]
        covered = float((busy["end_s"] - busy["start_s"]).sum())
        # gaps and busy time tile the iteration (busy ops never overlap on the compute lane)
        assert float((g["end_s"] - g["start_s"]).sum()) + covered == pytest.approx(it, rel=1e-9)
    last_stage = max(pipe16.program.reps, key=lambda r: pipe16.program.layout.coord(r, "pp"))
    first = gaps[gaps["rank"] == last_stage].iloc[0]
    assert first["start_s"] == 0.0 and first["kind"] == "bubble"  # waits for its first activations


def test_no_pipeline_means_no_bubble(tp16) -> None:
    df = op_table(tp16, [0])
    gaps = idle_gaps(df, tp16.engine.iteration_time_s, False, 0.0)
    assert set(gaps["kind"]) <= {"idle"}


@pytest.mark.parametrize("level", [1, 2])
def test_merging_keeps_busy_time_flops_and_bytes(pipe16, level) -> None:
    df = op_table(pipe16, list(pipe16.program.reps))
    merged = merge(df, level)
    assert len(merged) < len(df)
    for col in ("busy_s", "flops", "bytes", "ops"):
        a = df.groupby(["rank", "stream"])[col].sum()
        b = merged.groupby(["rank", "stream"])[col].sum()
        assert np.allclose(a.to_numpy(), b.reindex(a.index).to_numpy(), rtol=1e-9)
    p2p = (df["stream"] == "p2p").sum()
    assert (merged["stream"] == "p2p").sum() == p2p  # sends and receives are never merged
    if level == 1:  # level 1 only joins ops that touch: spans equal busy time
        assert np.allclose(merged["end_s"] - merged["start_s"], merged["busy_s"], rtol=1e-9, atol=1e-12)


def test_plan_respects_the_budget(pipe16) -> None:
    full = plan(pipe16, 10**9, 64)
    assert full.level == 0 and full.ranks == list(range(16))
    small = plan(pipe16, 2_000, 64)
    assert len(small.ops) + len(small.gaps) <= 2_000
    assert small.level >= 1 and small.notes


def test_plan_prefers_simulated_ranks_to_merging(pipe16) -> None:
    reps = list(pipe16.program.reps)
    assert reps == [0, 4, 8, 12]
    pl = plan(pipe16, 6_000, 64, prefer_detail=True)
    assert pl.ranks == reps and pl.level == 0
    assert pl.notes[0] == "showing 4 of 16 ranks: the simulated ones (the others are copies)"
    assert plan(pipe16, 6_000, 64).level >= 1  # the timeline keeps every rank and merges instead


def test_timeline_is_deterministic(tp16) -> None:
    assert timeline_html(tp16, "t") == timeline_html(tp16, "t")


def test_rank_menu_shows_one_rank(timelines) -> None:
    fig, _ = timelines("pipe16")
    menu = fig.layout.updatemenus[0]
    labels = [b.label for b in menu.buttons]
    assert labels == ["all shown ranks"] + [f"rank {r}" for r in range(16)]
    vis = menu.buttons[4].args[0]["visible"]  # rank 3
    bars = [(t, v) for t, v in zip(fig.data, vis) if t.type == "bar"]
    assert bars and all(v == ("<br>rank 3 ·" in str(t.hovertext[0])) for t, v in bars)
    assert sum(v for _, v in bars) >= 3


def test_1024_gpu_run_timeline_draws_in_a_browser(screenshot, tmp_path) -> None:
    """The scenario as shipped (1,024 GPUs, 192 micro-batches): the page Chromium shows within 10 s has the
    op bars drawn (not a blank page), in the categories' colours."""
    res = sim("gpt3_175b_1024gpu")
    path = tmp_path / "timeline.html"
    write_timeline(res, "gpt3 on 1024 GPUs", path)
    px, took = screenshot(path, timeout_s=10.0)
    assert px.shape[0] >= 1000 and px.shape[1] >= 1000
    white = np.all(px >= 250, axis=2)
    assert white.mean() < 0.9, f"{white.mean():.1%} of the page is white"  # a blank page is ~100% white
    colours = {tuple(c) for c in px.reshape(-1, 3)[::7]}
    assert len(colours) > 50
    drawn = {k for k in ("gemm", "allreduce", "bubble") if _has_colour(px, COLORS[k])}
    assert drawn == {"gemm", "allreduce", "bubble"}, drawn
    print(f"timeline of 1,024 GPUs screenshot after {took:.1f} s")


def _has_colour(px: np.ndarray, hex_colour: str) -> bool:
    rgb = np.array([int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)])
    return int(np.all(np.abs(px.astype(int) - rgb) <= 2, axis=2).sum()) > 500


def test_zooming_in_draws_the_merged_ops(gpt1024, render, tmp_path) -> None:
    """Where bars are merged, a zoomed-in page draws the single ops of the visible range (#t=A,B opens it
    zoomed); the whole iteration shows only merged bars."""
    path = tmp_path / "timeline.html"
    write_timeline(gpt1024, "gpt3 on 1024 GPUs", path)
    html = path.read_text()
    assert '"detail"' in html  # level-1 rows of the shown ranks travel with the page
    whole = render(path)
    assert 'data-detail="0"' in whole.dom
    it_ms = gpt1024.engine.iteration_time_s * 1e3
    zoomed = render(path, f"#t={it_ms * 0.4:.3f},{it_ms * 0.42:.3f}")
    shown = int(re.search(r'data-detail="(\d+)"', zoomed.dom).group(1))
    # the level-1 ops of the shown ranks that overlap the window, no more and no fewer
    pl = plan(gpt1024, 15_000, 32, detail_rows=DETAIL_ROWS)
    det = pl.detail
    a, b = it_ms * 0.4, it_ms * 0.42
    s, e = det["start_s"].to_numpy() * 1e3, det["end_s"].to_numpy() * 1e3
    assert shown == int(((e >= a) & (s <= b)).sum()) > 100
    assert zoomed.js_errors() == []


def test_thinned_timelines_keep_the_slowest_rank_and_every_stage(gpt1024) -> None:
    """Issue 23: the page named ranks 0/256/512/768 while summary.json's slowest was 960."""
    from simcluster.report.lanes import must_show

    slowest = gpt1024.summary()["slowest_rank"]
    stages = gpt1024.scenario.parallelism.pipeline
    must = must_show(gpt1024)
    assert slowest in must
    assert {gpt1024.program.layout.coord(r, "pp") for r in must} == set(range(stages))
    for budget, max_ranks in ((10**9, 4), (2_000, 64), (300, 64)):
        pl = plan(gpt1024, budget, max_ranks)
        assert slowest in pl.ranks, (budget, max_ranks, pl.ranks)
        assert {gpt1024.program.layout.coord(r, "pp") for r in pl.ranks} == set(range(stages))


def test_zoom_detail_is_capped_and_keeps_the_slowest_rank(gpt1024) -> None:
    """Issue 28: every pipeline stage is shown (issue 23), but the single ops carried for zooming are capped
    at DETAIL_ROWS (the page draws at most DETAIL_MAX of them a quarter of the iteration at a time): the
    slowest rank first, then ranks spread over the shown ones; the note names them."""
    from simcluster.report.lanes import detail_ranks, slowest_rank

    full = plan(gpt1024, 15_000, 32)
    capped = plan(gpt1024, 15_000, 32, detail_rows=DETAIL_ROWS)
    assert capped.ranks == full.ranks and len(capped.ranks) == 16
    assert len(full.detail) > DETAIL_ROWS >= len(capped.detail) > DETAIL_ROWS // 2
    kept = sorted(set(capped.detail["rank"].tolist()))
    slowest = gpt1024.summary()["slowest_rank"]
    assert slowest == slowest_rank(gpt1024) and slowest in kept
    # the kept ranks' rows are exactly the uncapped plan's rows of those ranks
    same = full.detail[full.detail["rank"].isin(kept)].reset_index(drop=True)
    assert same.equals(capped.detail)
    assert any(f"the single ops of {len(kept)} of the 16 ranks" in n for n in capped.notes)
    assert not any("single ops" in n for n in full.notes)
    # the pick: slowest, then the ends and the middle, while they fit
    assert detail_ranks({0: 5, 1: 5, 2: 5, 3: 5, 4: 5}, 3, 15) == [0, 3, 4]
    assert detail_ranks({0: 5, 1: 5, 2: 5}, 1, 3) == [1]  # the slowest even when alone over the cap
    html = timeline_html(gpt1024, "gpt3")
    assert len(html) < 24e6  # 31.6 MB before the cap
