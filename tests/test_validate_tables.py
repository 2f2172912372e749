"""Measured-run tables in case files: CSV expansion, errors, and the ranking metrics (Kendall tau-b,
regret of the predicted-best layout) against hand-computed values."""

from __future__ import annotations

import json
import math

import pytest
import yaml
from click.testing import CliRunner

from simcluster.cli import main
from simcluster.errors import ConfigError
from simcluster.validate.cases import load_cases
from simcluster.validate.metrics import kendall_tau, regret
from tests.conftest import measured_table

CSV = """gpus,gb,mb,tp,layers,t (ms)
4,8,1,1,2,10.0
4,8,2,1,2,12.0
4,8,1,2,2,11.0
4,8,1,4,2,30.0
2,8,1,1,2,20.0
"""


def test_kendall_tau_closed_forms():
    assert kendall_tau([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert kendall_tau([1, 2, 3, 4], [40, 30, 20, 10]) == pytest.approx(-1.0)
    # one swapped pair of six: (5 - 1) / 6
    assert kendall_tau([1, 2, 3, 4], [1, 3, 2, 4]) == pytest.approx(4 / 6)
    # tau-b with a tie in x: pairs (12, 13, 14, 23, 24, 34); x ties on (1,2): concordant 5 of the other 5
    assert kendall_tau([1, 1, 2, 3], [1, 2, 3, 4]) == pytest.approx(5 / math.sqrt(5 * 6))
    assert math.isnan(kendall_tau([1], [2]))
    assert math.isnan(kendall_tau([1, 1], [2, 3]))


def test_regret_of_the_predicted_best():
    assert regret([1.0, 2.0, 3.0], [10.0, 11.0, 12.0]) == 0.0
    assert regret([3.0, 1.0, 2.0], [10.0, 11.0, 12.0]) == pytest.approx(0.1)
    with pytest.raises(ValueError):
        regret([], [])


def _table_file(tmp_path, **over):
    table = measured_table(
        tmp_path,
        "tiny measured",
        "t",
        CSV,
        {
            "tp": "parallelism.tensor",
            "layers": "model.layers",
            "gb": "training.global_batch",
            "mb": "training.micro_batch",
        },
        **{
            "fit_every": 2,
            "notes": [{"match": {"tp": 4}, "note": "miss (communication): four-way"}],
            "note": "plain",
            **over,
        },
    )
    path = tmp_path / "cases.yaml"
    path.write_text(yaml.safe_dump({"tables": [table]}))
    return path


def test_table_rows_become_grouped_cases(tmp_path):
    cases = load_cases(_table_file(tmp_path))
    assert [c.id for c in cases] == ["t-0", "t-1", "t-2", "t-3", "t-4"]
    assert cases[0].published == pytest.approx(0.010)
    assert sorted(cases[1].overrides) == [
        "model.layers=2",
        "parallelism.tensor=1",
        "training.global_batch=8",
        "training.micro_batch=2",
    ]
    assert [c.group for c in cases] == ["gpus=4 gb=8"] * 4 + ["gpus=2 gb=8"]
    assert [c.fitting for c in cases] == [True, False, True, False, True]
    assert cases[3].note == "miss (communication): four-way" and cases[1].note == "plain"
    assert cases[2].note.startswith("fitting row")


def test_table_validation_reports_groups(tmp_path):
    res = CliRunner().invoke(main, ["validate", "--cases", str(_table_file(tmp_path)), "--json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    groups = {g["group"]: g for g in doc["groups"]}
    assert set(groups) == {"gpus=4 gb=8", "gpus=2 gb=8"}
    four = groups["gpus=4 gb=8"]
    assert four["n"] == 4 and four["measured_best"] == "t-0"
    cases = [c for c in doc["cases"] if c["group"] == "gpus=4 gb=8"]
    pred = [c["predicted"] for c in cases]
    meas = [c["published"] for c in cases]
    assert four["kendall_tau"] == pytest.approx(kendall_tau(pred, meas))
    assert four["regret"] == pytest.approx(regret(pred, meas))
    assert groups["gpus=2 gb=8"]["kendall_tau"] is None  # one run: no ranking
    table = doc["tables"]["tiny measured"]
    errors = [c["error"] for c in doc["cases"]]
    assert table["mean_signed_error"] == pytest.approx(sum(errors) / len(errors))
    text = CliRunner().invoke(main, ["validate", "--cases", str(_table_file(tmp_path))]).output
    assert "ranking  tiny measured: 2 groups" in text


@pytest.mark.parametrize(
    ("over", "message"),
    [
        ({"csv": "none.csv"}, "tables[0].csv='none.csv': no such file"),
        ({"published": {"column": "nope"}}, "has no column 'nope'"),
        ({"published": {"column": "t (ms)", "scale": -1}}, "tables[0].published.scale=-1"),
        ({"colour": 1}, "tables[0].colour: unknown key"),
        ({"fit_every": -2}, "tables[0].fit_every=-2"),
    ],
)
def test_bad_tables_are_one_line_errors(tmp_path, over, message):
    path = _table_file(tmp_path, **over)
    with pytest.raises(ConfigError) as exc:
        load_cases(path)
    assert message in str(exc.value)
    res = CliRunner().invoke(main, ["validate", "--cases", str(path)])
    assert res.exit_code == 2 and message in res.output
