"""The run's shortcuts (issue 28) give what the long way gives: one op table for the trace's and the
timeline's plans, lanes sorted in one pass, step arrays from the engine's op index, optional trace fields
formatted on their rows only, and the cyclic collector paused through the writers."""

from __future__ import annotations

import gc

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from simcluster.cli import main
from simcluster.report import lanes, outputs, timeline, trace
from simcluster.simulate import StepArrays

from .conftest import SCENARIOS, SMALL_PIPE, sim


def _same_frame(a: pd.DataFrame, b: pd.DataFrame) -> None:
    assert list(a.columns) == list(b.columns) and len(a) == len(b)
    for c in a.columns:
        assert a[c].astype(object).tolist() == b[c].astype(object).tolist(), c


def test_both_plans_read_one_op_table_and_match_fresh_plans() -> None:
    res = sim("gpt3_175b_1024gpu", SMALL_PIPE)  # its own result: the plans' cache is filled and emptied here
    small = (2000, timeline.MAX_RANKS, False)  # a timeline budget that merges this small run's ops

    def plans() -> tuple:
        return trace.trace_plan(res), lanes.plan(res, *small[:2], detail_rows=500)

    assert lanes.same_tables(res, trace.PLAN_RANKS, small)
    assert lanes.same_tables(res, trace.PLAN_RANKS, timeline.PLAN_RANKS)
    shared = plans()
    assert len(res.cache["plan_tables"]) == 1  # one table, read by both plans
    assert shared[1].level == 2 and shared[1].detail is not None  # both merges came from it
    res.cache.pop("plan_tables")
    fresh_trace = trace.trace_plan(res)
    res.cache.pop("plan_tables")
    fresh = (fresh_trace, lanes.plan(res, *small[:2], detail_rows=500))
    for a, b in zip(shared, fresh):
        assert a.ranks == b.ranks and a.notes == b.notes and a.level == b.level
        _same_frame(a.ops, b.ops)
        _same_frame(a.gaps, b.gaps)
    _same_frame(shared[1].detail, fresh[1].detail)


def test_gaps_of_a_longer_minimum_are_the_shorter_ones_filtered(pipe16) -> None:
    ranks = list(range(pipe16.world_size))
    tables = lanes._Tables(pipe16, ranks)
    it = pipe16.engine.iteration_time_s
    pipelined = pipe16.scenario.parallelism.pipeline > 1
    for frac in (1e-6, 2e-4, 1e-2, 1e-6):
        got = tables.gaps(it * frac)
        want = lanes.idle_gaps(tables.ops, it, pipelined, it * frac)
        _same_frame(got, want)
    assert len(tables.gaps(it * 1e-2)) < len(tables.gaps(it * 1e-6))


@pytest.mark.parametrize("seed", range(6))
def test_lane_order_is_the_five_key_lexsort(seed) -> None:
    rng = np.random.default_rng(seed)
    n = 2000
    rank = rng.choice([0, 3, 7, 64], n)
    stream = rng.integers(0, 4, n)
    blocking = rng.integers(0, 2, n).astype(bool)
    start = np.round(rng.random(n), 2)  # many ties
    end = start + np.round(rng.random(n), 1)
    if seed % 2:  # as in program order: sorted inside every lane (the one-pass path)
        start, end = np.sort(start), np.sort(end)
    if seed == 4:
        start[5] = np.nan
    want = np.lexsort((end, start, blocking, stream, rank))
    assert np.array_equal(lanes.lane_order(rank, stream, blocking, start, end), want)


def test_step_arrays_from_the_engine_index_equal_the_computed_ones(pipe16) -> None:
    assert pipe16.cache.get("op_index")
    for rep in pipe16.program.reps:
        steps = pipe16.program.steps[rep]
        a = StepArrays.of(steps, pipe16.cache["op_index"][rep])
        b = StepArrays.of(steps)
        assert [id(x) for x in a.ops] == [id(x) for x in b.ops]
        for f in ("inverse", "layer", "microbatch"):
            assert np.array_equal(getattr(a, f), getattr(b, f)) and getattr(a, f).dtype == np.int64


def test_optional_fields_are_text_on_their_rows_and_empty_elsewhere() -> None:
    mask = np.array([True, False, True, False])
    got = trace._join("{", trace._opt(mask, ',"x":', np.array([1.5, 2.0, 0.25, 7.0]), ",", np.arange(4)), "}")
    assert got.to_pylist() == ['{,"x":1.5,0}', "{}", '{,"x":0.25,2}', "{}"]
    assert trace._join("a", trace._opt(np.zeros(3, dtype=bool), "b", np.ones(3))).to_pylist() == ["a"] * 3


def test_the_collector_is_paused_while_writing_and_back_after(monkeypatch, tmp_path) -> None:
    seen = []
    real = outputs.write_outputs

    def spy(*a, **k):  # noqa: ANN002, ANN003, ANN202
        seen.append(gc.isenabled())
        return real(*a, **k)

    monkeypatch.setattr(outputs, "write_outputs", spy)
    assert gc.isenabled()
    args = ["run", str(SCENARIOS / "megatron_tp_16gpu.yaml"), "--set", "model.layers=4", "--quiet"]
    r = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "o"), "--outputs", "summary"])
    assert r.exit_code == 0, r.output
    assert seen == [False] and gc.isenabled()


def _page_as_plotly_writes_it(fig: dict, notes: list[str], title: str) -> str:
    """The page with plotly's own `to_html` of the whole figure (how it was written before the pieces)."""
    import html

    import plotly.io as pio

    plot = pio.to_html(
        fig,
        full_html=False,
        include_plotlyjs=True,
        div_id="timeline",
        config=dict(timeline.CONFIG),
        validate=False,
    )
    notes_html = "\n".join(f'<p class="note">{html.escape(n)}.</p>' for n in notes)
    return timeline.PAGE.format(
        title=html.escape(title),
        notes=notes_html,
        plot=plot + timeline.LINK_SCRIPT,
        detail_js=timeline.DETAIL_JS,
    )


def test_the_page_in_pieces_is_plotlys_page(tp16) -> None:
    fig, data, notes = timeline._figure(tp16, "t")
    layout = fig.layout.to_plotly_json()
    figures = [
        {"data": data, "layout": layout},
        {
            "data": data[:3],
            "layout": {k: v for k, v in layout.items() if k != "height"},
        },  # plotly's default size
        {"data": [], "layout": {"template": {"layout": {"width": 640}}, "title": {"text": "[]"}}},
    ]
    for f in figures:
        parts = timeline.page_parts(f, notes, "a <title>")
        assert len(parts) > 3 and "".join(parts) == _page_as_plotly_writes_it(f, notes, "a <title>")
        assert timeline.page(f, notes, "a <title>") == "".join(parts)


def test_a_value_sent_through_a_pipe_comes_back_and_a_gone_reader_is_no_error() -> None:
    import os

    r, w = os.pipe()
    value = {"nvlink": {"mean": 0.1 + 0.2, "peak": 1.0, "links": 3}}
    outputs._send(w, lambda: value)
    assert outputs._receive(r) == value
    r, w = os.pipe()
    os.close(w)
    assert outputs._receive(r) is None  # closed without sending
    r, w = os.pipe()
    os.close(r)
    outputs._send(w, lambda: value)  # the reader is gone: nothing raised
