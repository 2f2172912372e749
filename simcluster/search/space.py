"""The layout search space: axes over dotted scenario paths, their defaults, and the enumeration of layouts.

A layout is one value per axis. Axes that do not apply are pinned so every layout is listed once:
virtual stages only vary with the interleaved schedule (and a pipeline), gradient overlap only with data
parallelism, the bunched placement only with Optimus. By default the data-parallel size fills the cluster
(`data = GPUs / (tensor x pipeline)`); a `--space` file may list data sizes instead.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from simcluster.config.loader import LoadedScenario, read_yaml_mapping
from simcluster.config.schema import Scenario
from simcluster.errors import ConfigError
from simcluster.validation import first_error

SCHEME = "parallelism.scheme"
TENSOR = "parallelism.tensor"
PIPELINE = "parallelism.pipeline"
DATA = "parallelism.data"
MICRO = "training.micro_batch"
SCHEDULE = "parallelism.schedule"
VIRTUAL = "parallelism.virtual_stages"
RECOMPUTE = "training.recompute"
PLACEMENT = "parallelism.placement"
OVERLAP = "training.grad_overlap"
AXES = (SCHEME, TENSOR, PIPELINE, DATA, MICRO, SCHEDULE, VIRTUAL, RECOMPUTE, PLACEMENT, OVERLAP)
MAX_DEFAULT_MICRO_BATCH = 16  # the default micro-batch axis: divisors of the per-replica batch up to this

Layout = dict[str, Any]


def divisors(n: int) -> list[int]:
    return [k for k in range(1, n + 1) if n % k == 0]


@dataclass(frozen=True)
class Space:
    """Values per axis (`None` = the default for that axis, which may depend on other axes) and extra
    axes over any other dotted path (varied as a product, applied like `--set`)."""

    values: dict[str, list[Any] | None] = field(default_factory=dict)
    extra: dict[str, list[Any]] = field(default_factory=dict)

    def axis(self, path: str) -> list[Any] | None:
        return self.values.get(path)


def _check_value(base: dict[str, Any], path: str, value: Any) -> None:
    """Raise a one-line error if `value` is not a valid value of `path` in a scenario."""
    from simcluster.config.loader import apply_overrides

    data = apply_overrides(base, [])
    node = data
    keys = path.split(".")
    for k in keys[:-1]:
        child = node.get(k)
        if child is None:
            child = node[k] = {}
        if not isinstance(child, dict):
            raise ConfigError(f"space.{path}", value, f"'{k}' is a value, not a section")
        node = child
    node[keys[-1]] = value
    try:
        Scenario.model_validate(data)
    except ValidationError as exc:
        err = first_error(exc, Scenario)
        raise ConfigError(f"space.{path}", value, f"{err.field}: {err.rule}") from None


def load_space(path: Path | None, base: dict[str, Any]) -> Space:
    """Read a `--space` file: a mapping from dotted path to a list of values (or `auto` for the default)."""
    if path is None:
        return Space()
    data = read_yaml_mapping(path, "space")
    values: dict[str, list[Any] | None] = {}
    extra: dict[str, list[Any]] = {}
    for key, raw in data.items():
        if not isinstance(key, str) or not key.strip("."):
            raise ConfigError("space", key, "every key must be a dotted scenario path")
        if raw == "auto":
            if key not in AXES:
                raise ConfigError(
                    f"space.{key}", raw, f"'auto' is only for the searched axes {', '.join(AXES)}"
                )
            values[key] = None
            continue
        vals = raw if isinstance(raw, list) else [raw]
        if not vals:
            raise ConfigError(f"space.{key}", raw, "must list at least one value")
        for v in vals:
            _check_value(base, key, v)
        if len(set(map(repr, vals))) != len(vals):
            raise ConfigError(f"space.{key}", raw, "lists a value twice")
        (values if key in AXES else extra)[key] = list(vals)
    return Space(values, extra)


@dataclass(frozen=True)
class Enumerated:
    """Every layout of the space, in a fixed order, and the invalid ones' counts per broken rule."""

    layouts: list[Layout]
    scenarios: list[Scenario]
    invalid: dict[str, int]

    @property
    def total(self) -> int:
        return len(self.layouts) + sum(self.invalid.values())


def _pick(space: Space, path: str, default: list[Any]) -> list[Any]:
    got = space.axis(path)
    return default if got is None else got


def iter_layouts(space: Space, loaded: LoadedScenario) -> Iterator[Layout]:
    """Every combination of axis values, with non-applicable axes pinned (each layout once)."""
    sc = loaded.scenario
    total = loaded.total_gpus
    B = sc.training.global_batch
    schemes = _pick(space, SCHEME, ["megatron", "megatron-sp", "optimus"])
    tensors = _pick(space, TENSOR, divisors(total))
    pipes = _pick(space, PIPELINE, [p for p in divisors(total) if sc.model.layers % p == 0])
    fill = space.axis(DATA) is None
    recomputes = _pick(space, RECOMPUTE, ["none", "selective", "full"])
    overlaps = _pick(space, OVERLAP, [False, True])
    extra_keys = sorted(space.extra)
    extras = list(itertools.product(*(space.extra[k] for k in extra_keys)))
    for scheme, t, p in itertools.product(schemes, tensors, pipes):
        datas = [total // (t * p)] if fill and total % (t * p) == 0 else ([] if fill else space.axis(DATA))
        for d in datas or []:
            per_replica = B // d if B % d == 0 else 0
            default_mb = [b for b in divisors(per_replica) if b <= MAX_DEFAULT_MICRO_BATCH] or [1]
            placements = _pick(space, PLACEMENT, ["naive", "bunched"] if scheme == "optimus" else ["naive"])
            if scheme != "optimus":
                placements = [x for x in placements if x != "bunched"] or placements[:1]
            for mb in _pick(space, MICRO, default_mb):
                for sched, v in _schedules(space, p, sc.model.layers):
                    for rc, pl in itertools.product(recomputes, placements):
                        for ov in overlaps if d > 1 else overlaps[:1]:
                            for ex in extras:
                                lay = {
                                    SCHEME: scheme,
                                    TENSOR: t,
                                    PIPELINE: p,
                                    DATA: d,
                                    MICRO: mb,
                                    SCHEDULE: sched,
                                    VIRTUAL: v,
                                    RECOMPUTE: rc,
                                    PLACEMENT: pl,
                                    OVERLAP: ov,
                                }
                                lay.update(zip(extra_keys, ex))
                                yield lay


def _schedules(space: Space, p: int, layers: int) -> list[tuple[str, int]]:
    """(schedule, virtual stages) pairs: interleaving needs a pipeline and at least 2 chunks per stage."""
    scheds = _pick(space, SCHEDULE, ["1f1b", "gpipe", "interleaved-1f1b"])
    vs = space.axis(VIRTUAL)
    out = []
    for s in scheds:
        if s != "interleaved-1f1b":
            if vs is None or 1 in vs:
                out.append((s, 1))
            continue
        if p == 1:
            continue
        cands = vs if vs is not None else [v for v in divisors(layers // p if layers % p == 0 else 1)]
        out.extend((s, v) for v in cands if v > 1)
    # Without a pipeline every schedule is the same order of forwards and backwards per micro-batch, except
    # GPipe's (all forwards first), which keeps more activations: both stay.
    return out


def quick_rule(lay: Layout, sc: Scenario, total: int, gpus_per_node: int) -> str | None:
    """The first broken rule of a layout, as a short reason, from integer arithmetic alone (the loader's
    `check_semantics` confirms every layout this passes)."""
    m = sc.model
    t, p, d, b = lay[TENSOR], lay[PIPELINE], lay[DATA], lay[MICRO]
    f = m.ffn_hidden or 4 * m.hidden
    if lay[SCHEME] == "optimus":
        q = math.isqrt(t)
        if q * q != t:
            return "optimus needs a square tensor size"
        if m.heads % q or m.hidden % q or f % q or m.vocab % q:
            return "optimus mesh side does not divide heads/hidden/ffn/vocab"
        if b % q:
            return "optimus mesh side does not divide the micro-batch"
        side = math.isqrt(gpus_per_node)
        if lay[PLACEMENT] == "bunched" and (side * side != gpus_per_node or q % side):
            return "bunched placement needs a square node whose side divides the mesh side"
    else:
        if m.heads % t or f % t or m.vocab % t:
            return "tensor does not divide heads/ffn/vocab"
        if lay[SCHEME] == "megatron-sp" and m.seq_len % t:
            return "tensor does not divide the sequence (sequence parallel)"
    if m.layers % (p * lay[VIRTUAL]):
        return "pipeline x virtual stages does not divide the layers"
    if sc.training.global_batch % (b * d):
        return "micro-batch x data does not divide the global batch"
    mbs = sc.training.global_batch // (b * d)
    if lay[SCHEDULE] == "interleaved-1f1b" and p > 1 and mbs % p:
        return "interleaved: micro-batches not divisible by the pipeline"
    if t * p * d > total:
        return "tensor x pipeline x data exceeds the cluster"
    return None


def scenario_of(loaded: LoadedScenario, raw: dict[str, Any], lay: Layout) -> Scenario:
    """The base scenario with a layout's values (not yet checked against the cross-field rules)."""
    sc = loaded.scenario
    extra = [k for k in lay if k not in AXES]
    if extra:
        from simcluster.config.loader import apply_overrides, parse_scenario

        data = apply_overrides(raw, [f"{k}={_yaml(v)}" for k, v in lay.items()])
        return parse_scenario(data)
    par = sc.parallelism.model_copy(
        update={
            "scheme": lay[SCHEME],
            "tensor": lay[TENSOR],
            "pipeline": lay[PIPELINE],
            "data": lay[DATA],
            "schedule": lay[SCHEDULE],
            "virtual_stages": lay[VIRTUAL],
            "placement": lay[PLACEMENT],
        }
    )
    tr = sc.training.model_copy(
        update={"micro_batch": lay[MICRO], "recompute": lay[RECOMPUTE], "grad_overlap": lay[OVERLAP]}
    )
    return sc.model_copy(update={"parallelism": par, "training": tr})


def _yaml(v: Any) -> str:
    import json

    return json.dumps(v)


def enumerate_space(loaded: LoadedScenario, raw: dict[str, Any], space: Space) -> Enumerated:
    """Every layout of `space` around the loaded scenario: the valid ones (with their scenarios) and the
    invalid ones counted by the first rule they break."""
    from simcluster.config.loader import check_semantics

    total = loaded.total_gpus
    layouts: list[Layout] = []
    scenarios: list[Scenario] = []
    invalid: dict[str, int] = {}
    for lay in iter_layouts(space, loaded):
        sc = loaded.scenario
        reason = quick_rule(lay, sc, total, loaded.gpus_per_node)
        cand = None
        if reason is None:
            try:
                cand = scenario_of(loaded, raw, lay)
                check_semantics(cand, loaded.hardware)
            except ConfigError as exc:
                reason = f"{exc.field}: {exc.rule}"
        if reason is not None:
            invalid[reason] = invalid.get(reason, 0) + 1
            continue
        layouts.append(lay)
        scenarios.append(cand)
    return Enumerated(layouts, scenarios, invalid)


def with_values(raw: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """A copy of scenario data with `values` set at their dotted paths (as `--set` does, without parsing)."""
    import copy

    out = copy.deepcopy(raw)
    for path, value in values.items():
        node = out
        keys = path.split(".")
        for k in keys[:-1]:
            child = node.get(k)
            if not isinstance(child, dict):
                child = node[k] = {}
            node = child
        node[keys[-1]] = copy.deepcopy(value)
    return out
