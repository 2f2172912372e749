"""Turn pydantic validation errors into one-line messages that name field, value and rule."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError

from simcluster.errors import ConfigError


def _loc(loc: tuple[Any, ...], prefix: str) -> str:
    parts = [prefix] if prefix else []
    for item in loc:
        if isinstance(item, int):
            parts[-1:] = [f"{parts[-1]}[{item}]"] if parts else [f"[{item}]"]
        else:
            parts.append(str(item))
    return ".".join(parts)


def _valid_keys(model: type[BaseModel], loc: tuple[Any, ...]) -> list[str]:
    """Field names of the sub-model at `loc` (for 'unknown key' messages)."""
    current: Any = model
    for item in loc[:-1]:
        if isinstance(item, int):
            continue
        fields = getattr(current, "model_fields", None)
        if not fields or item not in fields:
            return []
        ann = fields[item].annotation
        current = _unwrap_model(ann)
        if current is None:
            return []
    fields = getattr(current, "model_fields", {})
    return sorted(fields)


def _unwrap_model(ann: Any) -> Any:
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return ann
    for arg in getattr(ann, "__args__", ()) or ():
        found = _unwrap_model(arg)
        if found is not None:
            return found
    return None


def first_error(exc: ValidationError, model: type[BaseModel], prefix: str = "") -> ConfigError:
    """The first pydantic error as a ConfigError with a readable rule."""
    err = exc.errors()[0]
    loc = tuple(err.get("loc", ()))
    field = _loc(loc, prefix) or (prefix or "input")
    value = err.get("input")
    kind = err.get("type", "")
    if kind == "extra_forbidden":
        keys = _valid_keys(model, loc)
        return ConfigError(field, None, f"unknown key; valid keys here: {', '.join(keys)}")
    if kind == "missing":
        return ConfigError(field, None, "is required")
    msg = err.get("msg", "invalid value")
    msg = msg.removeprefix("Value error, ")
    if isinstance(value, dict | list):
        value = None if isinstance(value, dict) else value
    return ConfigError(field, value, msg[0].lower() + msg[1:] if msg else msg)
