"""The layout search space: axes over dotted scenario paths, their defaults, and the enumeration of layouts.

A layout is one value per axis. Axes that do not apply are pinned so every layout is listed once:
the scheme only varies with tensor parallelism (tensor 1 is listed once, under the first scheme), the
schedule only with a pipeline, virtual stages only with the interleaved schedule, gradient
overlap and sharding (`parallelism.zero`, default: the scenario's own) only with data (or context)
parallelism, the bunched placement only with Optimus. Context parallel (`parallelism.context`) defaults to the
scenario's own size; a `--space` file may list sizes. By default the data-parallel size fills the cluster
(`data = GPUs / (tensor x pipeline x context)`); a `--space` file may list data sizes instead.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from simcluster.config.loader import LoadedScenario, read_yaml_mapping
from simcluster.config.schema import FUSED_ATTENTION, Scenario
from simcluster.errors import ConfigError
from simcluster.inputs.messages import first_error
from simcluster.schedule.split import chunk_sizes

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
ZERO = "parallelism.zero"
CONTEXT = "parallelism.context"
EXPERT = "parallelism.expert"
AXES = (SCHEME, TENSOR, PIPELINE, DATA, MICRO, SCHEDULE, VIRTUAL, RECOMPUTE, PLACEMENT, OVERLAP, ZERO, CONTEXT, EXPERT)
MAX_LAYOUTS = 500_000  # about 2.5 GB of candidate scenarios; the default GPT-3 175B space has 47,328
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
        if key == "hardware":  # the search's profile is the scenario's: it prices every layout's estimate
            raise ConfigError(
                "space.hardware", raw, "one search is for one hardware profile (its memory and estimate "
                "rank the layouts): set it in the scenario or with --set hardware=NAME, one search per profile",
            )  # fmt: skip
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
    """Every combination of axis values, with non-applicable axes pinned (each layout once). Extra axes
    vary outermost; the defaults that depend on the cluster, the batch or the depth follow their values."""
    sc = loaded.scenario
    extra_keys = sorted(space.extra)
    for ex in itertools.product(*(space.extra[k] for k in extra_keys)):
        fixed = dict(zip(extra_keys, ex))
        nodes = fixed.get("cluster.nodes", sc.cluster.nodes)
        gpn = fixed.get("cluster.gpus_per_node", loaded.gpus_per_node)
        total = nodes * gpn if isinstance(nodes, int) and isinstance(gpn, int) else loaded.total_gpus
        B = fixed.get("training.global_batch", sc.training.global_batch)
        layers = fixed.get("model.layers", sc.model.layers)
        split = _split_of(sc)
        experts = sc.model.moe.experts if sc.model.moe is not None else None
        par = sc.parallelism
        for lay in _layouts(space, total, B, layers, par.zero, par.context, split, experts, par.expert):
            lay.update(fixed)
            yield lay


def _split_of(sc: Scenario) -> tuple[bool, bool, int | None, int | None]:
    """The scenario's uneven pipeline split settings (`schedule.split.chunk_sizes`)."""
    par = sc.parallelism
    return par.account_for_embedding, par.account_for_loss, par.first_stage_layers, par.last_stage_layers


def _layouts(
    space: Space,
    total: int,
    B: int,
    layers: int,
    zero: str = "none",
    context: int = 1,
    split: tuple[bool, bool, int | None, int | None] = (False, False, None, None),
    experts: int | None = None,
    expert: int = 1,
) -> Iterator[Layout]:
    schemes = _pick(space, SCHEME, ["megatron", "megatron-sp", "optimus"])
    tensors = _pick(space, TENSOR, divisors(total))
    pipes = _pick(space, PIPELINE, [p for p in divisors(total) if chunk_sizes(layers, p, *split) is not None])
    eps = _pick(space, EXPERT, divisors(experts) if experts else [expert])
    fill = space.axis(DATA) is None
    recomputes = _pick(space, RECOMPUTE, ["none", "selective", "full"])
    overlaps = _pick(space, OVERLAP, [False, True])
    zeros = _pick(space, ZERO, [zero])
    contexts = _pick(space, CONTEXT, [context])
    for scheme, t, p, c, ep in itertools.product(schemes, tensors, pipes, contexts, eps):
        if t == 1 and scheme != schemes[0]:
            continue  # without tensor parallelism every scheme is the same layout: listed once
        tpc = t * p * c
        datas = [total // tpc] if fill and total % tpc == 0 else ([] if fill else space.axis(DATA))
        for d in datas or []:
            per_replica = B // d if B % d == 0 else 0
            default_mb = [b for b in divisors(per_replica) if b <= MAX_DEFAULT_MICRO_BATCH] or [1]
            placements = _pick(space, PLACEMENT, ["naive", "bunched"] if scheme == "optimus" else ["naive"])
            if scheme != "optimus":
                placements = [x for x in placements if x != "bunched"] or placements[:1]
            for mb in _pick(space, MICRO, default_mb):
                for sched, v in _schedules(space, p, layers, split):
                    for rc, pl in itertools.product(recomputes, placements):
                        pairs = itertools.product(overlaps, zeros) if d * c > 1 else [(overlaps[0], zeros[0])]
                        for ov, z in pairs:
                            yield {
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
                                ZERO: z,
                                CONTEXT: c,
                                EXPERT: ep,
                            }


def _schedules(
    space: Space, p: int, layers: int, split: tuple[bool, bool, int | None, int | None] = (False, False, None, None)
) -> list[tuple[str, int]]:
    """(schedule, virtual stages) pairs: interleaving needs a pipeline and at least 2 chunks per stage;
    without a pipeline the schedule does not apply (Megatron runs forward, backward per micro-batch: 1f1b)."""
    scheds = _pick(space, SCHEDULE, ["1f1b", "gpipe", "interleaved-1f1b"])
    vs = space.axis(VIRTUAL)
    if p == 1:
        return [("1f1b", 1)] if vs is None or 1 in vs else []
    out = []
    for s in scheds:
        if s != "interleaved-1f1b":
            if vs is None or 1 in vs:
                out.append((s, 1))
            continue
        extra = int(split[0]) + int(split[1])
        cands = vs if vs is not None else [v for v in range(2, layers + extra + 1) if (layers + extra) % (p * v) == 0]
        out.extend((s, v) for v in cands if v > 1 and chunk_sizes(layers, p * v, *split) is not None)
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
    if chunk_sizes(m.layers, p * lay[VIRTUAL], *_split_of(sc)) is None:
        return "pipeline x virtual stages does not divide the layers"
    if sc.training.global_batch % (b * d):
        return "micro-batch x data does not divide the global batch"
    mbs = sc.training.global_batch // (b * d)
    if lay[SCHEDULE] == "interleaved-1f1b" and p > 1 and mbs % p:
        return "interleaved: micro-batches not divisible by the pipeline"
    c = lay.get(CONTEXT, 1)
    if c > 1:
        if lay[SCHEME] == "optimus":
            return "context parallel needs a megatron scheme"
        if m.attention not in FUSED_ATTENTION:
            return "context parallel needs fused attention (flash or cudnn)"
        two = 2 if sc.parallelism.context_form in ("ring", "torch") else 1
        if m.seq_len % (two * c):
            return "context does not divide the sequence"
        if lay[SCHEME] == "megatron-sp" and (m.seq_len // c) % t:
            return "tensor does not divide the sequence share (sequence parallel)"
        if sc.parallelism.context_form == "ulysses" and (m.heads % (t * c) or (m.kv_heads or m.heads) % (t * c)):
            return "tensor x context does not divide the heads (ulysses)"
        if m.mla is not None:
            return "context parallel is not modelled with latent attention"
    if m.mla is not None and lay[SCHEME] == "optimus":
        return "latent attention needs a megatron scheme"
    if m.mla is not None and lay.get(RECOMPUTE) == "op":
        return "per-op recompute is not defined for latent attention"
    ep = lay.get(EXPERT, 1)
    if m.moe is None and ep > 1:
        return "expert parallel needs a mixture-of-experts model"
    if m.moe is not None:
        etp = sc.parallelism.expert_tensor or t
        if lay[SCHEME] == "optimus":
            return "mixture-of-experts needs a megatron scheme"
        if t > 1 and lay[SCHEME] != "megatron-sp":
            return "mixture-of-experts with tensor > 1 needs megatron-sp"
        if m.moe.experts % ep:
            return "expert does not divide the experts"
        if (t * c * d) % (ep * etp) or m.moe.expert_ffn % etp:
            return "expert x expert tensor does not divide the ranks of a stage"
        shared = m.moe.shared_experts * (m.moe.shared_ffn or m.moe.expert_ffn)
        if shared % t:
            return "tensor does not divide the shared experts"
    if t * p * d * c > total:
        return "tensor x pipeline x data x context exceeds the cluster"
    return None


def scenario_of(loaded: LoadedScenario, raw: dict[str, Any], lay: Layout) -> Scenario:
    """The base scenario with a layout's values (not yet checked against the cross-field rules)."""
    sc = loaded.scenario
    if any(k not in AXES for k in lay):
        from simcluster.config.loader import parse_scenario

        return parse_scenario(with_values(raw, lay))
    par = sc.parallelism.model_copy(
        update={
            "scheme": lay[SCHEME],
            "tensor": lay[TENSOR],
            "pipeline": lay[PIPELINE],
            "data": lay[DATA],
            "schedule": lay[SCHEDULE],
            "virtual_stages": lay[VIRTUAL],
            "placement": lay[PLACEMENT],
            "zero": lay.get(ZERO, sc.parallelism.zero),
            "context": lay.get(CONTEXT, sc.parallelism.context),
            "expert": lay.get(EXPERT, sc.parallelism.expert),
        }
    )
    tr = sc.training.model_copy(
        update={
            "micro_batch": lay[MICRO],
            "recompute": lay[RECOMPUTE],
            "grad_overlap": lay[OVERLAP],
            # the weights' gather overlap goes with the sharding: a layout without it has nothing to gather
            "param_gather_overlap": sc.training.param_gather_overlap and par.zero != "none",
        }
    )
    return sc.model_copy(update={"parallelism": par, "training": tr})


def enumerate_space(loaded: LoadedScenario, raw: dict[str, Any], space: Space) -> Enumerated:
    """Every layout of `space` around the loaded scenario: the valid ones (with their scenarios) and the
    invalid ones counted by the first rule they break."""
    from simcluster.config.loader import check_semantics

    count = sum(1 for _ in itertools.islice(iter_layouts(space, loaded), MAX_LAYOUTS + 1))
    if count > MAX_LAYOUTS:
        raise ConfigError(
            "--space",
            f"more than {MAX_LAYOUTS:,} layouts",
            "is too large to search in memory (about 5 KB a layout): narrow an axis or search in parts",
        )
    total = loaded.total_gpus
    layouts: list[Layout] = []
    scenarios: list[Scenario] = []
    invalid: dict[str, int] = {}
    inert = [k for k in space.extra if k in NO_EFFECT]  # settings that do nothing in some layouts
    seen: set[tuple] = set()
    for lay in iter_layouts(space, loaded):
        # With extra axes (the model, the cluster may change) the loader alone judges.
        reason = None if space.extra else quick_rule(lay, loaded.scenario, total, loaded.gpus_per_node)
        cand = None
        if reason is None:
            try:
                cand = scenario_of(loaded, raw, lay)
                check_semantics(cand, loaded.hardware)
            except ConfigError as exc:  # counted per rule: the numbers in it vary between layouts
                reason = re.sub(r"\b\d+\b", "#", f"{exc.field}: {exc.rule}")
        if reason is None and inert:
            idle = [k for k in inert if NO_EFFECT[k](cand)]
            key = tuple(sorted((k, None if k in idle else repr(v)) for k, v in lay.items()))
            if key in seen:
                reason = f"{', '.join(idle)}: no effect in this layout (the same as one kept)"
            seen.add(key)
        if reason is not None:
            invalid[reason] = invalid.get(reason, 0) + 1
            continue
        layouts.append(lay)
        scenarios.append(cand)
    return Enumerated(layouts, scenarios, invalid)


# Settings a space may list that change nothing in some layouts: each such layout is the same as the one with
# the setting's first value, so only that one is kept (the others counted with this reason).
NO_EFFECT: dict[str, Callable[[Scenario], bool]] = {
    "parallelism.context_form": lambda sc: sc.parallelism.context == 1,
    "parallelism.fsdp_copies": lambda sc: sc.parallelism.zero != "full",
    "parallelism.reshard_after_forward": lambda sc: sc.parallelism.zero != "full",
    "training.async_tp": lambda sc: sc.parallelism.tensor == 1,
    "training.expand_kv": lambda sc: sc.kv_heads == sc.model.heads,
}


def with_values(raw: dict[str, Any], values: dict[str, Any], shared: bool = False) -> dict[str, Any]:
    """A copy of scenario data with `values` set at their dotted paths (as `--set` does, without parsing).
    `shared`: copy only the mappings on the way to those paths and share the rest with `raw` (equal data,
    built much faster; for reading only, such as hashing)."""
    import copy

    out = dict(raw) if shared else copy.deepcopy(raw)
    for path, value in values.items():
        node = out
        keys = path.split(".")
        for k in keys[:-1]:
            child = node.get(k)
            child = dict(child) if isinstance(child, dict) and shared else child
            if not isinstance(child, dict):
                child = {}
            node[k] = child
            node = child
        node[keys[-1]] = copy.deepcopy(value)
    return out
