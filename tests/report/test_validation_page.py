"""validation.html: per-table panels in their own units, the signed-error strip, the ranking view, and the
page as Chromium draws it, its numbers checked against `validate --json`."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import numpy as np
import pytest
import yaml
from click.testing import CliRunner

from simcluster.cli import main
from simcluster.validate import charts
from simcluster.validate.cases import Case, default_cases_path
from simcluster.validate.metrics import group_summary
from simcluster.validate.page import page
from simcluster.validate.runner import Outcome
from tests.conftest import measured_table

from .browser import page_shot

BREAK = {"compute": 0.5, "communication": 0.3, "idle": 0.2}


def outcome(cid: str, table: str, published: float, predicted: float, **kw) -> Outcome:
    metric = kw.pop("metric", "iteration_time_s")
    return Outcome(
        Case(cid, "src", table, Path("s.yaml"), metric, published, **kw), published, predicted, BREAK
    )


def test_units_follow_the_metric_and_the_size_of_the_values() -> None:
    assert charts.unit_of([outcome("a", "t", 0.0077, 0.0079, metric="layer_forward_time_s")]) == ("ms", 1e3)
    assert charts.unit_of([outcome("a", "t", 2.5, 2.0)]) == ("s", 1.0)
    gib = charts.unit_of([outcome("a", "t", 1.3e9, 1.3e9, metric="activation_bytes_per_layer")])
    assert gib == ("GiB", 1 / 1024**3)
    assert charts.unit_of([outcome("a", "t", 0.4, 0.5, metric="mfu")]) == ("%", 100.0)
    assert charts.unit_of([outcome("a", "t", 39.0, 40.0, metric="hardware_tflops_per_gpu")])[0] == "TFLOP/s"


def test_parity_plot_is_in_the_table_unit_and_ratios_are_bars() -> None:
    rows = [
        outcome(f"c{i}", "t", 0.01 * (i + 1), 0.011 * (i + 1), metric="layer_forward_time_s")
        for i in range(3)
    ]
    fig = charts.parity(rows)
    pts = [t for t in fig.data if t.mode == "markers"]
    assert len(pts) == 1
    assert list(pts[0].x) == pytest.approx([10.0, 20.0, 30.0])  # milliseconds
    assert list(pts[0].y) == pytest.approx([11.0, 22.0, 33.0])
    assert fig.layout.xaxis.title.text == "published (ms)" and fig.layout.xaxis.type == "linear"
    ratio = [outcome("r1", "t", 0.9, 0.8, relative_to="c0"), outcome("r2", "t", 0.7, 0.75, relative_to="c0")]
    bars = charts.ratios(ratio)
    assert [t.name for t in bars.data] == ["published", "predicted"]
    assert list(bars.data[1].y) == pytest.approx([0.8, 0.75])
    assert list(bars.data[0].x) == ["r1", "r2"]


def test_error_strip_is_sorted_and_labels_each_miss_note_once() -> None:
    rows = [
        outcome("a", "t", 1.0, 1.02),
        outcome("b", "t", 1.0, 0.7, note="miss (host): slow"),
        outcome("c", "t", 1.0, 0.8, note="fitting row; miss (host): slow", fitting=True),
        outcome("d", "t", 1.0, 1.3, note="miss (communication): fabric"),
        outcome("e", "t", 1.0, 0.93),
    ]
    fig = charts.errors(rows)
    (pts,) = fig.data
    assert list(pts.y) == pytest.approx([-30.0, -20.0, -7.0, 2.0, 30.0])
    assert list(pts.marker.symbol) == ["circle", "circle-open", "circle", "circle", "circle"]
    assert list(pts.marker.color) == ["#d62728", "#d62728", "#ff7f0e", "#2ca02c", "#d62728"]
    marks = [a for a in fig.layout.annotations if a.showarrow]
    assert [(a.text, a.x) for a in marks] == [("[1]", pts.x[0]), ("[2]", pts.x[4])]  # numbers at the points
    (listing,) = [a for a in fig.layout.annotations if not a.showarrow]
    assert listing.text == "[1] miss (host): slow<br>[2] miss (communication): fabric"  # the notes, once each
    bands = sorted((s.y0, s.y1) for s in fig.layout.shapes)
    assert bands == [(-10.0, 10.0), (-5.0, 5.0)]


def test_rank_view_counts_runs_on_the_diagonal() -> None:
    rows = [
        outcome("a", "t", 1.0, 1.0, group="g1"),
        outcome("b", "t", 2.0, 3.0, group="g1"),
        outcome("c", "t", 3.0, 2.0, group="g1"),
        outcome("d", "t", 1.0, 2.0, group="g2"),
        outcome("e", "t", 2.0, 1.0, group="g2"),
    ]
    fig = charts.rank_scatter(rows)
    assert "(1 of 5 runs on the diagonal)" in fig.layout.title.text
    pts = fig.data[1]
    pairs = dict(zip(zip(pts.x, pts.y), pts.customdata))
    assert pairs == {(1, 1): 1, (1, 2): 1, (2, 1): 1, (2, 3): 1, (3, 2): 1}
    bars = charts.group_bars(group_summary(rows))
    assert list(bars.data[0].y) == pytest.approx([1 / 3, -1.0], abs=1e-4)  # tau of each group (4 digits)
    assert list(bars.data[1].y) == pytest.approx([0.0, 100.0])  # regret (%)


def _synthetic(n_groups: int = 72, per_group: int = 10) -> list[Outcome]:
    """764 cases shaped like the shipped set: 44 single cases in 8 tables and 720 grouped runs."""
    rng = np.random.default_rng(0)
    out = []
    for k in range(44):
        pub = float(rng.uniform(0.01, 1.0))
        out.append(outcome(f"single-{k}", f"table {k % 7}", pub, pub * float(rng.uniform(0.8, 1.2))))
    for g in range(n_groups):
        for r in range(per_group):
            pub = float(rng.uniform(0.05, 2.0))
            out.append(
                Outcome(
                    Case(
                        f"vt-{g}-{r}",
                        "src",
                        "measured runs",
                        Path("s.yaml"),
                        "iteration_time_s",
                        pub,
                        note="miss (host): not fitted",
                        raw_set={"parallelism.tensor": r % 4, "training.micro_batch": r},
                        group=f"gpus=8 batch={g}",
                    ),
                    pub,
                    pub * float(rng.uniform(0.5, 1.1)),
                    BREAK,
                )
            )
    return out


def test_page_with_764_cases_stays_small_and_embeds_plotly_once() -> None:
    doc = page(_synthetic())
    assert doc.count("Plotly.newPlot(") == 2 * 8 + 2  # parity and errors per table, two ranking figures
    assert doc.count("plotly.js v") == 1  # the library's banner: embedded once
    assert len(doc.encode()) < 7.5e6, len(doc.encode())
    assert page(_synthetic()) == doc  # deterministic
    assert doc.count('<tr data-table="measured runs"') == 720 + 1  # the case rows and the summary row
    assert doc.count("<tr data-group=") == 72


def _case_file(tmp_path: Path) -> Path:
    """Two tables: absolute cases with a ratio, and a small table of measured runs in two groups."""
    shipped = default_cases_path().parent / "scenarios"
    (tmp_path / "k.yaml").write_text((shipped / "korthikanti_22b.yaml").read_text())
    k = {"source": "paper", "table": "layer times", "scenario": "k.yaml"}
    doc = {
        "cases": [
            {**k, "id": "fwd", "metric": "layer_forward_time_s", "published": 0.0077},
            {**k, "id": "bwd", "metric": "layer_backward_time_s", "published": 0.0100, "note": "miss (x): y"},
            {
                **k,
                "id": "fwd-recompute",
                "metric": "layer_backward_time_s",
                "published": 1.5,
                "relative_to": "bwd",
                "set": {"training.recompute": "full"},
            },
        ],
        "tables": [
            measured_table(
                tmp_path,
                "measured runs",
                "m",
                "gpus,gb,tp,layers,t (ms)\n4,8,1,2,30.0\n4,8,2,2,22.0\n4,8,4,2,31.0\n2,8,1,2,40.0\n2,8,2,2,45.0\n",
                {"tp": "parallelism.tensor", "layers": "model.layers", "gb": "training.global_batch"},
                note="miss (host): not fitted",
            )
        ],
    }
    path = tmp_path / "cases.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    return path


@pytest.fixture(scope="module")
def validated(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("validate")
    res = CliRunner().invoke(
        main, ["validate", "--cases", str(_case_file(tmp)), "--json", "--report", str(tmp / "rep")]
    )
    assert res.exit_code == 0, res.output
    return json.loads(res.output), tmp / "rep" / "validation.html"


def _text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def test_page_numbers_match_validate_json(validated) -> None:
    doc, path = validated
    src = path.read_text()
    titles = [_text(t) for t in re.findall(r'<h2 class="table-title">(.*?)</h2>', src)]
    assert len(titles) == len(doc["tables"]) == 2
    for title, (table, t) in zip(titles, doc["tables"].items()):
        assert title == (
            f"{table}: MAPE {t['mape'] * 100:.1f}%, mean signed error {t['mean_signed_error'] * 100:+.1f}% "
            f"({t['cases']} cases)"
        )
    rows = re.findall(r'<tr data-table="[^"]*"(?: class=miss)?>(.*?)</tr>', src.split('id="cases"')[1])
    assert len(rows) == len(doc["cases"])
    for row, case in zip(rows, doc["cases"]):
        cells = [_text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        assert cells[0] == case["id"]
        assert float(cells[4]) == pytest.approx(case["published"], rel=5e-4)
        assert float(cells[5]) == pytest.approx(case["predicted"], rel=5e-4)
        assert cells[6] == f"{case['error'] * 100:+.1f}%"
    groups = re.findall(r"<tr data-group=\"([^\"]*)\">(.*?)</tr>", src)
    assert [html.unescape(g) for g, _ in groups] == [g["group"] for g in doc["groups"]]
    for (_, row), g in zip(groups, doc["groups"]):
        cells = [_text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        assert cells[2] == ("n/a" if g["kendall_tau"] is None else f"{g['kendall_tau']:.2f}")
        assert cells[3] == f"{g['regret'] * 100:.1f}%"
        assert cells[4].endswith(f"({g['predicted_best']})")
        assert cells[4].startswith("tensor=")  # the setting that differs inside the group
    # the ratio case is drawn as bars, the absolute ones on the parity plot (in ms)
    assert "t0-ratios" in src or "t1-ratios" in src
    assert "published (ms)" in src


def test_page_draws_every_panel_in_chromium(validated) -> None:
    doc, path = validated
    shot = page_shot(path)
    ids = sorted(k for k in shot.rects if ":" not in k)  # the graphs (keys with ":" are their subplots)
    # layer times: parity, ratios, errors; measured runs: parity, errors, ranks, groups
    assert len(ids) == 7, ids
    for div in ids:
        x, y, w, h = shot.rects[div]
        assert w > 300 and h > 300, (div, shot.rects[div])
        assert shot.marks(div) > 40, f"{div} looks blank"
    assert shot.dom.count('class="main-svg"') >= 2 * len(ids)
    # filtering by table hides the other table's panels and case rows
    pick = (
        "<script>var s=document.getElementById('table-filter');s.value='measured runs';"
        "s.dispatchEvent(new Event('change'));"
        "document.querySelectorAll('#cases th')[6].click();</script>"  # sort by error, ascending
    )
    shot = page_shot(path, extra_js=pick)
    shown = re.search(r'<span id="shown">(\d+)</span>', shot.dom)
    assert shown and int(shown.group(1)) == sum(c["table"] == "measured runs" for c in doc["cases"])
    body = shot.dom.split('id="cases"')[1]
    order = re.findall(r'<tr data-table="[^"]*"[^>]*><td>([^<]*)</td>', body)
    assert order == [c["id"] for c in sorted(doc["cases"], key=lambda c: c["error"])]
    hidden = [div for div, r in shot.rects.items() if r[2] == 0 and ":" not in div]
    assert sorted(hidden) == [d for d in ids if d.startswith("t0-")]
