"""Case files: `cases: [{id, source, table, scenario, set, metric, published, relative_to}]`, and
`tables:` of measured runs, one CSV row per case (simcluster/validate/tables.py).

`scenario` is a path relative to the case file; `set` maps dotted paths to values (as `--set`); `metric` is a
summary.json key (numeric) or `max_global_batch` (the largest global batch that fits, from the memory model); `relative_to` names another case: the prediction and the published number are
then both ratios (this case's metric over that case's), which is how scaling efficiencies and speed-ups are
compared. `baseline: {scenario, set}` does the same against a configuration that is not itself a case
(its own value unpublished).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from simcluster.config.loader import read_yaml_mapping
from simcluster.errors import ConfigError
from simcluster.validate.tables import expand_table

METRICS = (
    "iteration_time_s",
    "forward_time_s",
    "backward_time_s",
    "fwd_per_seq_s",
    "bwd_per_seq_s",
    "layer_forward_time_s",
    "layer_backward_time_s",
    "throughput_seq_per_s",
    "train_seq_per_s",
    "inference_seq_per_s",
    "tokens_per_s",
    "mfu",
    "model_tflops_per_gpu",
    "hardware_tflops_per_gpu",
    "peak_memory_bytes",
    "activation_bytes_per_layer",
    "max_global_batch",
)
CASE_KEYS = (
    "id",
    "source",
    "table",
    "scenario",
    "set",
    "metric",
    "published",
    "relative_to",
    "baseline",
    "note",
)


@dataclass(frozen=True)
class Case:
    id: str
    source: str
    table: str
    scenario: Path
    metric: str
    published: float
    overrides: tuple[str, ...] = ()
    relative_to: str | None = None
    baseline: tuple[Path, tuple[str, ...]] | None = (
        None  # (scenario, overrides) whose metric divides this one
    )
    note: str = ""
    raw_set: dict[str, Any] = field(default_factory=dict)
    group: str | None = None  # cases of one group (same model, GPUs, batch) are ranked against each other
    fitting: bool = False  # a row profile factors were fitted on


def default_cases_path() -> Path:
    return Path(str(resources.files("simcluster.validate") / "cases" / "cases.yaml"))


def load_cases(path: Path) -> list[Case]:
    data = read_yaml_mapping(path, field="--cases")
    items = data.get("cases", [])
    tables = data.get("tables", [])
    if not isinstance(items, list) or not isinstance(tables, list) or not (items or tables):
        raise ConfigError("cases", None, f"{path} must hold a non-empty list under 'cases' (or 'tables')")
    for t, table in enumerate(tables):
        items = [*items, *expand_table(table, f"tables[{t}]", path.parent)]
    out: list[Case] = []
    ids: set[str] = set()
    for i, item in enumerate(items):
        where = f"cases[{i}]"
        if not isinstance(item, dict):
            raise ConfigError(where, item, "must be a mapping")
        extra = {"group", "fitting"} if i >= len(data.get("cases", [])) else set()
        unknown = sorted(set(item) - set(CASE_KEYS) - extra)
        if unknown:
            raise ConfigError(
                f"{where}.{unknown[0]}", None, f"unknown key; valid keys: {', '.join(CASE_KEYS)}"
            )
        for key in ("id", "scenario", "metric", "published"):
            if key not in item:
                raise ConfigError(f"{where}.{key}", None, "is required")
        cid = str(item["id"])
        if cid in ids:
            raise ConfigError(f"{where}.id", cid, "is used twice")
        ids.add(cid)
        metric = item["metric"]
        if metric not in METRICS:
            raise ConfigError(f"{where}.metric", metric, f"is not a known metric ({', '.join(METRICS)})")
        scenario = (path.parent / str(item["scenario"])).resolve()
        if not scenario.is_file():
            raise ConfigError(f"{where}.scenario", str(item["scenario"]), f"no such file next to {path.name}")
        published = item["published"]
        if not isinstance(published, int | float) or isinstance(published, bool) or published <= 0:
            raise ConfigError(f"{where}.published", published, "must be a positive number")
        sets = item.get("set") or {}
        if not isinstance(sets, dict):
            raise ConfigError(f"{where}.set", sets, "must map dotted paths to values")
        overrides = tuple(f"{k}={_yaml_value(v)}" for k, v in sets.items())
        baseline = None
        if "baseline" in item:
            b = item["baseline"]
            if not isinstance(b, dict) or "scenario" not in b:
                raise ConfigError(f"{where}.baseline", None, "must be a mapping with scenario (and set)")
            bpath = (path.parent / str(b["scenario"])).resolve()
            if not bpath.is_file():
                raise ConfigError(
                    f"{where}.baseline.scenario", str(b["scenario"]), f"no such file next to {path.name}"
                )
            bsets = b.get("set") or {}
            baseline = (bpath, tuple(f"{k}={_yaml_value(v)}" for k, v in bsets.items()))
        out.append(
            Case(
                id=cid,
                source=str(item.get("source", "")),
                table=str(item.get("table", item.get("source", ""))),
                scenario=scenario,
                metric=metric,
                published=float(published),
                overrides=overrides,
                relative_to=item.get("relative_to"),
                baseline=baseline,
                note=str(item.get("note", "")),
                raw_set=dict(sets),
                group=item.get("group"),
                fitting=bool(item.get("fitting", False)),
            )
        )
    for i, case in enumerate(out):
        if case.relative_to is not None and case.relative_to not in ids:
            raise ConfigError(f"cases[{i}].relative_to", case.relative_to, "names no case in this file")
    return out


def _yaml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return "[" + ",".join(str(x) for x in v) + "]"
    return str(v)
