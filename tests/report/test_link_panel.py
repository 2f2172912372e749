"""The timeline's link panel (windowed averages, busiest instants) and summary.json's link_utilization,
against closed forms, the transfer log, and the page as Chromium draws and zooms it."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from simcluster.network.utilization import class_utilization, link_carried, link_peaks, log_index
from simcluster.report import linkload, linkpanel
from simcluster.report.linkload import link_loads, windows
from simcluster.report.outputs import write_outputs
from simcluster.report.series import busiest_links

from .browser import page_shot
from .conftest import SMALL_PIPE, sim


def _log(rows):
    return [(a, b, np.asarray(ids), np.asarray(nb, dtype=float)) for a, b, ids, nb in rows]


def test_busiest_instant_closed_forms() -> None:
    cap = [10.0, 10.0, 10.0, 10.0]
    log = _log(
        [
            (0.0, 2.0, [0], [5.0]),  # link 0 at 0.25 on [0, 2)
            (1.0, 3.0, [0, 1], [10.0, 30.0]),  # link 0 at 0.5 on [1, 3): 0.75 on [1, 2); link 1 at 1.5
            (3.0, 4.0, [0], [9.0]),  # starts as the last one ends: 0.9, not 1.4
            (2.0, 2.0, [2], [1.0]),  # bytes in no time: the busiest instant is full
            (0.0, 1.0, [3], [0.0]),  # no bytes
        ]
    )
    assert list(link_peaks(log_index(log), cap)) == pytest.approx([0.9, 1.0, 1.0, 0.0])
    assert list(link_carried(log_index(log), 4)) == pytest.approx([24.0, 30.0, 1.0, 0.0])
    per = class_utilization(log, cap, ["a", "a", "b", "b"], 4.0)
    # class a: 54 bytes over 2 links x 10 B/s x 4 s; its busiest link carries 30 of 40
    assert per["a"] == pytest.approx({"links": 2, "average": 54 / 80, "busiest_average": 0.75, "peak": 1.0})
    assert per["b"] == pytest.approx({"links": 2, "average": 1 / 80, "busiest_average": 1 / 40, "peak": 1.0})


@pytest.mark.parametrize("which", ["tp16", "pipe16", "gpt1024"])
def test_windows_keep_the_bytes_and_the_busiest_instant(which, request) -> None:
    res = request.getfixturevalue(which)
    it = res.engine.iteration_time_s
    cap = np.asarray(res.topology.capacity_Bps)
    carried = np.zeros(len(cap))
    for _t0, _t1, ids, nbytes in res.engine.transfer_log:  # row by row, not through the index
        np.add.at(carried, ids, nbytes)
    assert np.allclose(link_carried(log_index(res.engine.transfer_log), len(cap)), carried, rtol=1e-9)
    peaks = link_peaks(log_index(res.engine.transfer_log), cap)
    links = busiest_links(res, 8)
    for lk, load in zip(links, link_loads(res, links)):
        assert load.average() * cap[lk] * load.end_s == pytest.approx(carried[lk], rel=1e-6)
        for count in (linkpanel.WINDOWS, 7):
            t, avg, peak = windows(load, 0.0, load.end_s, count)
            assert float(np.sum(avg)) * load.end_s / count * cap[lk] == pytest.approx(carried[lk], rel=1e-6)
            assert np.all(peak >= avg - 1e-9) and avg.max() <= 1.0 and peak.max() <= 1.0
            assert peak.max() == pytest.approx(peaks[lk], rel=1e-9)  # the busiest instant survives
        # a zoomed window inside one piece shows that piece's rate
        k = int(np.argmax(load.mean))
        a = float(load.start_s[k])
        b = float(load.start_s[k + 1]) if k + 1 < len(load.start_s) else load.end_s
        _, avg, _ = windows(load, a, b, 4)
        assert list(avg) == pytest.approx([load.mean[k]] * 4, rel=1e-6)  # (differences of a running sum)
    summary = res.summary()["link_utilization"]
    assert set(summary) == set(res.topology.link_class)
    for cls, v in summary.items():
        sel = np.asarray(res.topology.link_class) == cls
        assert v["peak"] == pytest.approx(peaks[sel].max())
        assert v["average"] == pytest.approx(carried[sel].sum() / (cap[sel].sum() * it), rel=1e-9)


def test_full_zoom_shows_averages_not_spikes(gpt1024, timelines) -> None:
    # the issue: at full zoom the leaf-to-spine links looked ~97% busy though they carry a few percent
    fig, notes = timelines("gpt1024")
    links = [t for t in fig.data if getattr(t, "legend", None) == "legend2"]
    assert len(links) == 8
    it_ms = gpt1024.engine.iteration_time_s * 1e3
    peaks = link_peaks(log_index(gpt1024.engine.transfer_log), gpt1024.topology.capacity_Bps)
    for tr, lk in zip(links, busiest_links(gpt1024, 8)):
        assert max(tr.customdata) == pytest.approx(peaks[lk] * 100, abs=1e-3)
        y = np.asarray(tr.y[:-1])
        x = np.asarray(tr.x)
        assert float(np.sum(y * np.diff(x))) / it_ms < 10.0  # a few percent on average
        assert np.mean(y > 50.0) < 0.05  # no wall of spikes
        assert max(tr.customdata) > 90.0  # the hover still gives the busiest instant (~96% on the uplinks)
        assert tr.meta["linkwin"] == 1
        avg = float(re.search(r", ([\d.]+)% average\)$", tr.name).group(1))
        assert avg == pytest.approx(float(np.sum(y * np.diff(x))) / it_ms, abs=0.06)
    titles = [a.text for a in fig.layout.annotations if a.text.startswith(linkpanel.TITLE)]
    assert titles == [linkpanel.title(it_ms / linkpanel.WINDOWS)]
    assert "average over" in titles[0] and "busiest instant" in titles[0]
    assert notes[-1].startswith("bottleneck: ") and "Link utilization over the iteration per link class" in notes[-1]


def _class_numbers(text: str) -> dict[str, tuple[float, float, float]]:
    found = re.findall(r"(\w+): average ([\d.]+)%, busiest link ([\d.]+)%, peak ([\d.]+)%", text)
    return {c: (float(a), float(b), float(p)) for c, a, b, p in found}


ZOOM = """<script>window.addEventListener('load', function(){ setTimeout(function(){
  var gd = document.getElementById('timeline');
  Plotly.relayout(gd, {'xaxis.range': [%s, %s]}).then(function(){
    var out = {title: '', traces: []};
    gd.data.forEach(function(t){ if (t.meta && t.meta.linkwin) out.traces.push({x: Array.from(t.x), y: Array.from(t.y), c: Array.from(t.customdata)}); });
    gd.layout.annotations.forEach(function(a){ if (a.text.indexOf('link utilization') === 0) out.title = a.text; });
    var pre = document.createElement('pre'); pre.id = 'zoomed'; pre.textContent = JSON.stringify(out);
    document.body.appendChild(pre);
  });
}, 0); });</script>"""


@pytest.mark.parametrize("pieces", [None, 64])  # exact series; binned (pipe16's links have ~300 pieces)
def test_page_draws_the_link_panel_and_matches_summary_json(pipe16, tmp_path, monkeypatch, pieces) -> None:
    if pieces is not None:
        monkeypatch.setattr(linkload, "FINE_PIECES", pieces)
    out = tmp_path / "run"
    summary, _ = write_outputs(pipe16, out, "none")
    doc = json.loads((out / "summary.json").read_text())
    assert doc["link_utilization"] == summary["link_utilization"]
    src = (out / "timeline.html").read_text()
    shown = _class_numbers(src)
    assert set(shown) == set(doc["link_utilization"])
    for cls, v in doc["link_utilization"].items():
        assert shown[cls] == (
            round(v["average"] * 100, 2),
            round(v["busiest_average"] * 100, 2),
            round(v["peak"] * 100, 1),
        )
    # zoom to the middle fifth of the iteration: the page recomputes the windows as series.windows does
    it = pipe16.engine.iteration_time_s
    a, b = 0.4 * it, 0.6 * it
    shot = page_shot(out / "timeline.html", extra_js=ZOOM % (repr(a * 1e3), repr(b * 1e3)))
    assert shot.marks("timeline:x2y2") > 150, "the link panel looks blank"
    assert shot.marks("timeline:xy") > 5000, "the ops panel looks blank"
    assert shot.marks("timeline:x3y3") > 150, "the memory panel looks blank"
    zoomed = json.loads(
        re.search(r'<pre id="zoomed">(.*?)</pre>', shot.dom, re.S).group(1).replace("&quot;", '"')
    )
    assert zoomed["title"] == linkpanel.title((b - a) * 1e3 / linkpanel.WINDOWS)
    loads = link_loads(pipe16, busiest_links(pipe16, linkpanel.TOP_LINKS))
    assert len(zoomed["traces"]) == len(loads)
    assert (
        all(len(ld.start_s) == pieces for ld in loads)
        if pieces
        else all(len(ld.start_s) > 64 for ld in loads)
    )
    for tr, load in zip(zoomed["traces"], loads):
        t, avg, peak = windows(load, a, b, linkpanel.WINDOWS)
        assert tr["x"][:-1] == pytest.approx(t * 1e3, rel=1e-6)
        assert tr["y"][:-1] == pytest.approx(avg * 100, abs=2e-3)  # the page keeps 3 decimals of a percent
        assert tr["c"][:-1] == pytest.approx(peak * 100, abs=2e-3)


@pytest.mark.parametrize("extra", [[], ["parallelism.data=2", "parallelism.pipeline=2"]])
def test_folding_keeps_the_link_figures(extra) -> None:
    # folded ranks run their collectives on every copy of the group, so the links see the same traffic
    folded = sim("gpt3_175b_1024gpu", SMALL_PIPE + extra)
    full = sim("gpt3_175b_1024gpu", SMALL_PIPE + extra + ["simulation.fold=none"])
    assert len(folded.program.reps) < len(full.program.reps) == 16
    a, b = folded.summary()["link_utilization"], full.summary()["link_utilization"]
    assert set(a) == set(b) == {"fabric", "nic", "nvlink", "pcie"}
    for cls in a:
        assert a[cls] == pytest.approx(b[cls], rel=1e-9)


def test_class_peaks_past_the_budget_use_the_most_loaded_links(pipe16, monkeypatch) -> None:
    from simcluster.network import utilization as U

    log = pipe16.engine.transfer_log
    cap, cls = pipe16.topology.capacity_Bps, pipe16.topology.link_class
    exact = U.class_utilization(log, cap, cls, pipe16.engine.iteration_time_s)
    monkeypatch.setattr(U, "PEAK_BUDGET", 0)
    monkeypatch.setattr(U, "PEAK_LINKS_PER_CLASS", 1)
    bounded = U.class_utilization(log, cap, cls, pipe16.engine.iteration_time_s)
    single = U.link_peaks(U.log_index(log), cap, np.zeros(len(cap), dtype=bool))
    for name, v in exact.items():
        low = float(single[np.asarray(cls) == name].max(initial=0.0))
        assert low - 1e-12 <= bounded[name]["peak"] <= v["peak"] + 1e-12
        assert bounded[name]["average"] == v["average"]


@pytest.mark.parametrize("which", ["tp16", "gpt1024"])
def test_links_rank_by_utilization_and_the_bottleneck_class_is_named(which, request) -> None:
    """Issue 23: the panel plotted PCIe links at 34% (most bytes) while the NICs ran at 67%."""
    from simcluster.report.series import link_bytes

    res = request.getfixturevalue(which)
    util = link_bytes(res) / np.asarray(res.topology.capacity_Bps, dtype=float)
    links = busiest_links(res, 8)
    got = [util[lk] for lk in links]
    assert all(a >= b * (1 - 1e-8) for a, b in zip(got, got[1:]))  # equal loads may differ in the last bits
    assert got[0] == pytest.approx(util.max(), rel=1e-9)
    per = res.link_utilization()
    worst = max(per, key=lambda c: per[c]["busiest_average"])
    assert linkpanel.class_note(res).startswith(f"bottleneck: {worst} ")
    assert res.topology.link_class[links[0]] == worst


def test_log_index_numbers_pairs_by_first_appearance_of_their_arrays() -> None:
    """Phases sharing the engine's (links, bytes) arrays share a pair; equal values in other arrays do not
    (identity, not content), and pairs are numbered in the order they first appear."""
    a, b, c, d = np.array([0, 1]), np.array([5.0, 6.0]), np.array([2]), np.array([7.0])
    b2 = b.copy()
    ix = log_index([(0.0, 1.0, c, d), (1.0, 2.0, a, b), (2.0, 3.0, c, d), (3.0, 4.0, a, b2), (4.0, 5.0, a, b)])
    assert ix.pair.tolist() == [0, 1, 0, 2, 1]
    assert [lk.tolist() for lk in ix.links] == [[2], [0, 1], [0, 1]]
    assert ix.t0.tolist() == [0.0, 1.0, 2.0, 3.0, 4.0] and ix.t1.tolist() == [1.0, 2.0, 3.0, 4.0, 5.0]
    assert log_index([]).pair.tolist() == []


def test_pct_list_equals_pythons_round_bit_for_bit() -> None:
    """The vectorized percentages are round(x * 100, 3) exactly: halves, ties near them, tiny, negative and
    non-finite values included (the page's bytes must not change)."""
    rng = np.random.default_rng(7)
    xs = np.concatenate(
        [
            rng.random(200_000),
            rng.random(50_000) * 1e-4,
            np.round(rng.random(50_000), 5),  # many exact and near halves of the third decimal of a percent
            np.arange(0, 1, 1 / 2**12),
            -rng.random(1_000),
            [0.0, -0.0, 0.000625, 0.0000625, 1.5e-5, 2.5e-5, 5e-324, 1e300, np.inf, -np.inf, np.nan],
        ]
    )
    got = linkpanel._pct_list(xs)
    want = [round(x, 3) for x in (xs * 100).tolist()]
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert (g != g and w != w) or (g == w and np.signbit(g) == np.signbit(w))
    assert linkpanel._pct_list(np.array([0.0000625, 0.0001875])) == [0.006, 0.019]  # written halves: the double decides


def test_overlap_peaks_equal_the_lexsort_reference_bit_for_bit() -> None:
    """The event-ordered, radix-grouped overlap sums equal the reference's (entries made pair by pair and
    sorted with one lexsort) to the last bit: ties in time, ends meeting starts, shared arrays (pairs),
    phases of no duration and links already full included."""
    from simcluster.network import utilization as U

    rng = np.random.default_rng(11)
    for trial in range(40):
        n_links = int(rng.integers(2, 40))
        cap = rng.uniform(1.0, 10.0, n_links)
        pairs = []
        for _ in range(int(rng.integers(1, 8))):
            k = int(rng.integers(1, min(6, n_links) + 1))
            ids = rng.choice(n_links, size=k, replace=False)
            pairs.append((np.asarray(ids, dtype=np.int64), rng.uniform(0.0, 5.0, k) * (rng.random(k) > 0.1)))
        log = []
        for _ in range(int(rng.integers(1, 200))):
            a = float(rng.integers(0, 30)) / 4  # coarse times: many ties
            b = a + float(rng.integers(0, 8)) / 4
            ids, nb = pairs[int(rng.integers(0, len(pairs)))]
            log.append((a, b, ids, nb))  # the same arrays shared, as the engine shares them
        log.sort(key=lambda row: (row[0], row[1]))
        ix = U.log_index(log)
        single = U.single_phase_peaks(ix, cap)
        if trial % 3 == 0:
            single = np.zeros(n_links)  # every link open
        wanted = None if trial % 2 else rng.random(n_links) > 0.3
        want = U._overlap_peaks_lexsort(ix, cap, single, wanted)
        got = U.overlap_peaks(ix, cap, single, wanted)
        assert np.array_equal(got, want)
