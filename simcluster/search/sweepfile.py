"""Sweep files: a base scenario, fixed overrides and axes over dotted paths, expanded into points.

```yaml
base: ../scenarios/megatron_tp_16gpu.yaml   # relative to the sweep file
set: {model.layers: 2}                      # fixed overrides of every point
grid: {parallelism.tensor: [4, 8, 16]}      # the product of these axes
zip: {training.micro_batch: [1, 2], training.global_batch: [8, 16]}   # walked together
random: {samples: 4, seed: 0, axes: {training.recompute: [none, full]}}  # seeded draws
timelines: false                            # per-point run outputs in DIR/points/N/
```
The points are grid x zip x random draws (each part absent counts as one empty point), in that order.
"""

from __future__ import annotations

import itertools
import math
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from simcluster.config.loader import read_yaml_mapping
from simcluster.config.schema import NAME_PATTERN
from simcluster.errors import ConfigError

MAX_POINTS = 100_000  # each point is a simulation; beyond this a sweep is a mistake, not a plan

KEYS = ("base", "set", "grid", "zip", "random", "timelines", "name")
RANDOM_KEYS = ("samples", "seed", "axes")


@dataclass(frozen=True)
class Sweep:
    base: Path
    fixed: dict[str, Any]
    points: list[dict[str, Any]]  # per point: dotted path -> value (the swept axes only)
    axes: list[str]
    timelines: bool = False
    name: str = ""
    raw: dict[str, Any] = field(default_factory=dict)


def _mapping(data: dict[str, Any], key: str) -> dict[str, Any]:
    val = data.get(key)
    if val is None:
        return {}
    if not isinstance(val, dict):
        raise ConfigError(f"sweep.{key}", val, "must be a mapping of dotted path -> value")
    for path in val:
        if not isinstance(path, str) or not path.strip(".") or " " in path:
            raise ConfigError(f"sweep.{key}", path, "every key must be a dotted scenario path")
    return val


def _values(where: str, val: Any) -> list[Any]:
    if not isinstance(val, list) or not val:
        raise ConfigError(where, val, "must be a non-empty list of values")
    return val


def load_sweep(path: Path) -> Sweep:
    """Read and expand a sweep file; every structural error is one line naming the field."""
    data = read_yaml_mapping(path, "sweep")
    unknown = [k for k in data if k not in KEYS]
    if unknown:
        raise ConfigError(
            f"sweep.{unknown[0]}", data[unknown[0]], f"unknown key; valid keys: {', '.join(KEYS)}"
        )
    base = data.get("base")
    if not isinstance(base, str) or not base:
        raise ConfigError("sweep.base", base, "must name the base scenario file (relative to the sweep file)")
    base_path = (path.parent / base) if not Path(base).is_absolute() else Path(base)
    if not base_path.is_file():
        raise ConfigError("sweep.base", base, f"no such file: {base_path}")
    fixed = _mapping(data, "set")
    grid = {k: _values(f"sweep.grid.{k}", v) for k, v in _mapping(data, "grid").items()}
    zipped = {k: _values(f"sweep.zip.{k}", v) for k, v in _mapping(data, "zip").items()}
    lengths = {len(v) for v in zipped.values()}
    if len(lengths) > 1:
        k = next(iter(zipped))
        raise ConfigError(
            "sweep.zip", f"lengths {sorted(len(v) for v in zipped.values())}",
            f"every zip axis must list the same number of values (as {k})",
        )  # fmt: skip
    n_grid = math.prod(len(v) for v in grid.values())
    n_draws = data["random"].get("samples", 1) if isinstance(data.get("random"), dict) else 1
    total = n_grid * (lengths and next(iter(lengths)) or 1) * (n_draws if isinstance(n_draws, int) else 1)
    if total > MAX_POINTS:
        raise ConfigError(
            "sweep", f"{total:,} points", f"is more than {MAX_POINTS:,} simulations: narrow an axis or split the sweep"
        )
    draws = _random_points(data.get("random"))
    axes = list(grid) + list(zipped) + sorted({k for d in draws for k in d})
    dup = [k for k in axes if axes.count(k) > 1]
    if dup:
        raise ConfigError("sweep", dup[0], "is swept by more than one of grid, zip and random")
    clash = [k for k in axes if k in fixed]
    if clash:
        raise ConfigError(f"sweep.set.{clash[0]}", fixed[clash[0]], "is also swept; set it in one place")
    grid_pts = [dict(zip(grid, vals)) for vals in itertools.product(*grid.values())] or [{}]
    n_zip = lengths.pop() if lengths else 0
    zip_pts = [{k: v[i] for k, v in zipped.items()} for i in range(n_zip)] or [{}]
    points = [{**g, **z, **r} for g in grid_pts for z in zip_pts for r in (draws or [{}])]
    timelines = data.get("timelines", False)
    if not isinstance(timelines, bool):
        raise ConfigError("sweep.timelines", timelines, "must be true or false")
    name = data.get("name") or path.stem
    if not isinstance(name, str) or len(name) > 100 or not re.fullmatch(NAME_PATTERN, name):
        raise ConfigError(
            "sweep.name", name, "must be a plain file name of at most 100 characters (letters, digits, '.', "
            "'_', '-'; not starting with '.' or '-'): it names the output folder out/<name>-sweep",
        )  # fmt: skip
    return Sweep(base_path, fixed, points, axes, timelines, str(name), data)


def _random_points(spec: Any) -> list[dict[str, Any]]:
    if spec is None:
        return []
    if not isinstance(spec, dict):
        raise ConfigError("sweep.random", spec, "must be a mapping with samples, seed and axes")
    unknown = [k for k in spec if k not in RANDOM_KEYS]
    if unknown:
        raise ConfigError(
            f"sweep.random.{unknown[0]}",
            spec[unknown[0]],
            f"unknown key; valid keys: {', '.join(RANDOM_KEYS)}",
        )
    n = spec.get("samples")
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise ConfigError("sweep.random.samples", n, "must be a positive integer")
    seed = spec.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= 2**63 - 1:
        raise ConfigError("sweep.random.seed", seed, "must be an integer from 0 to 2^63-1 (as a scenario's seed)")
    axes = spec.get("axes")
    if not isinstance(axes, dict) or not axes:
        raise ConfigError("sweep.random.axes", axes, "must map at least one dotted path to a list of values")
    vals = {k: _values(f"sweep.random.axes.{k}", v) for k, v in axes.items()}
    rng = random.Random(seed)
    return [{k: rng.choice(v) for k, v in vals.items()} for _ in range(n)]


def check_values(sweep: Sweep, base: dict[str, Any]) -> None:
    """Check the fixed overrides and every swept value against the scenario schema (field rules only:
    rules between fields are checked per point, and a point that breaks one fails on its own)."""
    from pydantic import ValidationError

    from simcluster.config.schema import Scenario
    from simcluster.inputs.messages import first_error
    from simcluster.search.space import with_values

    def check(where: str, values: dict[str, Any], shown: Any) -> None:
        try:
            Scenario.model_validate(with_values(base, values))
        except ValidationError as exc:
            err = first_error(exc, Scenario)
            raise ConfigError(where, shown, f"{err.field}: {err.rule}") from None

    for k, v in sweep.fixed.items():
        check(f"sweep.set.{k}", {k: v}, v)
    seen: set[tuple[str, str]] = set()
    for pt in sweep.points:
        for k, v in pt.items():
            if (k, repr(v)) not in seen:
                seen.add((k, repr(v)))
                part = (
                    "grid"
                    if k in sweep.raw.get("grid", {})
                    else "zip"
                    if k in sweep.raw.get("zip", {})
                    else "random"
                )
                check(f"sweep.{part}.{k}", {**sweep.fixed, k: v}, v)
