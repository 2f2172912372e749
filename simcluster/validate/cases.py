"""Case files: `cases: [{id, source, table, scenario, set, metric, published, relative_to, fitting}]`, and
`tables:` of measured runs, one CSV row per case (simcluster/validate/tables.py).

A case may time one collective instead of a scenario's step: `collective: {op, hardware, nodes, size, gpus,
algorithm}` (as `simcluster collective`: `size` in bytes, nccl-tests' convention; `gpus` and `algorithm`
optional) with `metric: time_s`, and neither `scenario`, `set` nor `baseline`. Published micro-benchmarks
(an all-to-all at a given expert-parallel size) are scored this way.

`scenario` is a path relative to the case file; `set` maps dotted paths to values (as `--set`); `metric` is a
summary.json key (numeric) or `max_global_batch` (the largest global batch that fits, from the memory model); `relative_to` names another case: the prediction and the published number are
then both ratios (this case's metric over that case's), which is how scaling efficiencies and speed-ups are
compared. `baseline: {scenario, set}` does the same against a configuration that is not itself a case
(its own value unpublished).

Rules (each refusal names the case id): `published` a positive finite number; `set` a mapping of dotted paths
to numbers, text, booleans or lists of them (finite); `relative_to` the id of another case, never itself and
never a cycle; a baseline or reference whose predicted metric is 0 is refused (no ratio); an error in a
case's scenario is reported as `case ID: ...`. `fitting: true` marks a row a profile factor was fitted on
(open markers on the page; tables mark theirs with `fit_every`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from simcluster.config.loader import read_yaml_mapping
from simcluster.errors import ConfigError
from simcluster.inputs.safeyaml import is_file
from simcluster.validate.tables import MAX_PUBLISHED, MIN_PUBLISHED, expand_table

METRICS = (
    "iteration_time_s",
    "forward_time_s",
    "backward_time_s",
    "fwd_per_seq_s",
    "bwd_per_seq_s",
    "layer_forward_time_s",
    "layer_backward_time_s",
    "moe_forward_time_s",
    "moe_backward_time_s",
    "throughput_seq_per_s",
    "train_seq_per_s",
    "inference_seq_per_s",
    "tokens_per_s",
    "tokens_per_s_per_gpu",
    "mfu",
    "model_tflops_per_gpu",
    "model_tflops_per_gpu_causal",
    "hardware_tflops_per_gpu",
    "peak_memory_bytes",
    "activation_bytes_per_layer",
    "max_global_batch",
    "time_s",  # a collective case's time (the only metric it has)
)
COLLECTIVE_KEYS = ("op", "hardware", "nodes", "size", "gpus", "algorithm")
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
    "fitting",
    "collective",
)


@dataclass(frozen=True)
class Collective:
    """One collective a case times (`simcluster collective`'s arguments)."""

    op: str
    hardware: str  # a preset name, or a profile file's path (resolved next to the case file)
    nodes: int
    size: int  # bytes, nccl-tests' convention
    gpus: int | None = None  # the first GPUs of the nodes; None: all of them
    algorithm: str = "auto"


@dataclass(frozen=True)
class Case:
    id: str
    source: str
    table: str
    scenario: Path | None  # None for a collective case
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
    collective: Collective | None = None  # set: the case times this collective, not a scenario


def default_cases_path() -> Path:
    return Path(str(resources.files("simcluster.validate") / "cases" / "cases.yaml"))


def load_cases(path: Path) -> list[Case]:
    data = read_yaml_mapping(path, field="--cases")
    items = data.get("cases", [])
    tables = data.get("tables", [])
    unknown = sorted(map(str, set(data) - {"cases", "tables"}))
    if unknown:
        raise ConfigError(unknown[0], None, f"unknown key in {path.name}; valid keys: cases, tables")
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
        extra = {"group"} if i >= len(data.get("cases", [])) else set()
        unknown = sorted(map(str, set(item) - set(CASE_KEYS) - extra))
        if unknown:
            raise ConfigError(
                f"{where}.{unknown[0]}", None, f"unknown key; valid keys: {', '.join(CASE_KEYS)}"
            )
        for key in ("id", "metric", "published"):
            if key not in item:
                raise ConfigError(f"{where}.{key}", None, "is required")
        if "scenario" not in item and "collective" not in item:
            raise ConfigError(f"{where}.scenario", None, "is required (or collective)")
        if not isinstance(item["id"], str | int) or isinstance(item["id"], bool) or item["id"] == "":
            raise ConfigError(f"{where}.id", item["id"], "must be a non-empty text or number")
        cid = str(item["id"])
        where = f"case {cid}"
        if cid in ids:
            raise ConfigError(f"{where}.id", cid, "is used twice")
        ids.add(cid)
        metric = item["metric"]
        if metric not in METRICS:
            raise ConfigError(f"{where}.metric", metric, f"is not a known metric ({', '.join(METRICS)})")
        collective = None
        if "collective" in item:
            for key in ("scenario", "set", "baseline"):
                if key in item:
                    raise ConfigError(f"{where}.{key}", None, "a collective case has no scenario, set or baseline")
            if metric != "time_s":
                raise ConfigError(f"{where}.metric", metric, "a collective case's metric is time_s")
            collective = _collective(item["collective"], f"{where}.collective", path.parent)
        elif metric == "time_s":
            raise ConfigError(f"{where}.metric", metric, "time_s is a collective case's metric")
        scenario = None if collective else path.parent / str(item["scenario"])
        if scenario is not None and not is_file(scenario):
            raise ConfigError(f"{where}.scenario", str(item["scenario"]), f"no such file next to {path.name}")
        published = item["published"]
        if (
            not isinstance(published, int | float)
            or isinstance(published, bool)
            or not math.isfinite(published)
            or not MIN_PUBLISHED <= published <= MAX_PUBLISHED
        ):
            raise ConfigError(
                f"{where}.published",
                published,
                f"must be a finite number in [{MIN_PUBLISHED:g}, {MAX_PUBLISHED:g}]",
            )
        sets = _sets(item.get("set"), f"{where}.set")
        overrides = tuple(f"{k}={_yaml_value(v)}" for k, v in sets.items())
        rel = item.get("relative_to")
        if rel is not None and (not isinstance(rel, str | int) or isinstance(rel, bool)):
            raise ConfigError(f"{where}.relative_to", rel, "must be the id of another case")
        for key in ("table", "source", "note"):
            if key in item and not isinstance(item[key], str):
                raise ConfigError(f"{where}.{key}", item[key], "must be text")
        baseline = None
        if "baseline" in item:
            b = item["baseline"]
            if not isinstance(b, dict) or "scenario" not in b:
                raise ConfigError(f"{where}.baseline", None, "must be a mapping with scenario (and set)")
            bpath = path.parent / str(b["scenario"])
            if not is_file(bpath):
                raise ConfigError(
                    f"{where}.baseline.scenario", str(b["scenario"]), f"no such file next to {path.name}"
                )
            bsets = _sets(b.get("set"), f"{where}.baseline.set")
            baseline = (bpath.resolve(), tuple(f"{k}={_yaml_value(v)}" for k, v in bsets.items()))
        out.append(
            Case(
                id=cid,
                source=str(item.get("source", "")),
                table=str(item.get("table", item.get("source", ""))),
                scenario=None if scenario is None else scenario.resolve(),
                metric=metric,
                published=float(published),
                overrides=overrides,
                relative_to=None if rel is None else str(rel),
                baseline=baseline,
                note=str(item.get("note", "")),
                raw_set=dict(sets),
                group=item.get("group"),
                fitting=_flag(item.get("fitting", False), f"{where}.fitting"),
                collective=collective,
            )
        )
    by_id = {c.id: c for c in out}
    for case in out:
        where = f"case {case.id}.relative_to"
        if case.relative_to is None:
            continue
        if case.relative_to not in ids:
            raise ConfigError(where, case.relative_to, "names no case in this file")
        if case.relative_to == case.id:
            raise ConfigError(where, case.relative_to, "a case cannot be relative to itself")
        chain = [case.id]
        ref: str | None = case.relative_to
        while ref is not None:
            if ref in chain:
                raise ConfigError(where, case.relative_to, f"forms a cycle: {' -> '.join([*chain, ref])}")
            chain.append(ref)
            ref = by_id[ref].relative_to
    return out


def _collective(value: Any, where: str, folder: Path) -> Collective:
    """A case's `collective`: op, hardware, nodes and size required, gpus and algorithm optional; each checked
    for its type here, and the op, algorithm and sizes against the cluster when the case runs."""
    if not isinstance(value, dict):
        raise ConfigError(where, value, "must be a mapping of op, hardware, nodes, size (gpus, algorithm)")
    unknown = sorted(map(str, set(value) - set(COLLECTIVE_KEYS)))
    if unknown:
        raise ConfigError(f"{where}.{unknown[0]}", None, f"unknown key; valid keys: {', '.join(COLLECTIVE_KEYS)}")
    for key in ("op", "hardware", "nodes", "size"):
        if key not in value:
            raise ConfigError(f"{where}.{key}", None, "is required")
    for key in ("op", "hardware", "algorithm"):
        if key in value and (not isinstance(value[key], str) or not value[key]):
            raise ConfigError(f"{where}.{key}", value[key], "must be a non-empty text")
    for key in ("nodes", "size", "gpus"):
        v = value.get(key, 1)
        if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
            raise ConfigError(f"{where}.{key}", v, "must be a whole number > 0")
    hardware = str(value["hardware"])
    local = folder / hardware
    return Collective(
        op=str(value["op"]),
        hardware=str(local.resolve()) if is_file(local) else hardware,
        nodes=int(value["nodes"]),
        size=int(value["size"]),
        gpus=None if value.get("gpus") is None else int(value["gpus"]),
        algorithm=str(value.get("algorithm", "auto")),
    )


def _sets(value: Any, where: str) -> dict[str, Any]:
    """A case's `set`: a mapping of dotted paths (strings) to plain values (numbers, strings, booleans or
    lists of them)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ConfigError(where, value, "must map dotted paths to values")
    for k, v in value.items():
        if not isinstance(k, str) or not k:
            raise ConfigError(where, k, "keys must be dotted paths (text)")
        items = v if isinstance(v, list) else [v]
        if not all(isinstance(x, str | int | float | bool) for x in items):
            raise ConfigError(f"{where}.{k}", v, "must be a number, text, a boolean or a list of them")
        if any(isinstance(x, float) and not math.isfinite(x) for x in items):
            raise ConfigError(f"{where}.{k}", v, "must be finite")
    return value


def _yaml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return "[" + ",".join(str(x) for x in v) + "]"
    return str(v)


def _flag(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(where, value, "must be true or false (true: a row profile factors were fitted on)")
    return value
