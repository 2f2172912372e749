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


_RANGE_KINDS = {
    "greater_than",
    "greater_than_equal",
    "less_than",
    "less_than_equal",
    "finite_number",
    "int_type",
    "int_parsing",
    "int_from_float",
    "float_type",
    "float_parsing",
}


def _clean_loc(model: type[BaseModel], loc: tuple[Any, ...]) -> tuple[tuple[Any, ...], Any]:
    """`loc` without pydantic's union-member tags (`literal['a','b']`, `list[int]`), and the FieldInfo of
    the last named field (None where the location is not a field)."""
    out: list[Any] = []
    current: Any = model
    info = None
    for item in loc:
        if isinstance(item, int):
            out.append(item)
            continue
        fields = getattr(current, "model_fields", None) if current is not None else None
        if fields and item in fields:
            out.append(item)
            info = fields[item]
            current = _unwrap_model(info.annotation)
        elif fields is None and current is None and not _looks_like_tag(item):
            out.append(item)  # a key inside a plain dict (peak_tflops.fp16)
        elif fields and item not in fields and not _looks_like_tag(item):
            out.append(item)  # unknown key (or a dict key: pydantic's `[key]` tag after it is dropped)
    return tuple(out), info


def _looks_like_tag(item: str) -> bool:
    return "[" in item or item in {"int", "float", "str", "bool", "list", "dict", "none"}


def _range(info: Any) -> str | None:
    """'an integer in [1, 4096]' or 'a finite number in (0, 1]' from a field's constraints."""
    lo = hi = None
    lo_open = hi_open = False
    for m in getattr(info, "metadata", []):
        if getattr(m, "gt", None) is not None:
            lo, lo_open = m.gt, True
        if getattr(m, "ge", None) is not None:
            lo = m.ge
        if getattr(m, "lt", None) is not None:
            hi, hi_open = m.lt, True
        if getattr(m, "le", None) is not None:
            hi = m.le
    ann = str(getattr(info, "annotation", ""))
    integer = "int" in ann and "float" not in ann
    kind = "an integer" if integer else "a finite number"
    if integer and lo_open:
        lo, lo_open = lo + 1, False
    if lo is None and hi is None:
        return kind
    left = "(" if lo_open else "["
    right = ")" if hi_open else "]"
    return f"{kind} in {left}{_num(lo)}, {_num(hi)}{right}"


def _num(x: Any) -> str:
    if x is None:
        return "inf"
    return f"{x:g}" if isinstance(x, float) else str(x)


def first_error(exc: ValidationError, model: type[BaseModel], prefix: str = "") -> ConfigError:
    """The first pydantic error as a ConfigError with a readable rule."""
    errors = exc.errors()
    # A union reports one error per alternative: prefer one inside the value (a list item) to the
    # alternatives whose type did not match at all.
    depth = [len(_clean_loc(model, tuple(e.get("loc", ())))[0]) for e in errors]
    err = errors[depth.index(max(depth))] if len(set(depth)) > 1 else errors[0]
    loc, info = _clean_loc(model, tuple(err.get("loc", ())))
    field = _loc(loc, prefix) or (prefix or "input")
    value = err.get("input")
    kind = err.get("type", "")
    if kind == "extra_forbidden":
        keys = _valid_keys(model, loc)
        return ConfigError(field, None, f"unknown key; valid keys here: {', '.join(keys)}")
    if kind == "missing":
        return ConfigError(field, None, "is required")
    same = [e for e in errors if _clean_loc(model, tuple(e.get("loc", ())))[0] == loc]
    if len(same) > 1:  # a union: say every alternative
        rules = [_rule(e) for e in same]
        msg = "; or ".join(dict.fromkeys(rules))
    elif kind in _RANGE_KINDS and info is not None and len(loc) and not isinstance(loc[-1], int):
        msg = f"must be {_range(info)}"
    else:
        msg = _rule(err)
    if value is None:
        return ConfigError(field, None, f"has no value; {msg}")
    return ConfigError(field, value, msg)


def _rule(err: Any) -> str:
    if err.get("type") in ("model_type", "model_attributes_type", "dict_type"):
        return "must be a mapping (a section of keys and values)"
    msg = str(err.get("msg", "invalid value")).removeprefix("Value error, ")
    return msg[0].lower() + msg[1:] if msg else msg
