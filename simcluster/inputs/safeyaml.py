"""Read user files safely: regular files only, bounded size, UTF-8, YAML without tags, duplicate keys,
recursive or exploding aliases, or pathological nesting. Every failure is a one-line ConfigError."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Any

import yaml

from simcluster.errors import ConfigError

MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 64
MAX_NODES = 1_000_000


def read_text(path: Path, field: str, what: str = "file", limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of a regular file of at most `limit` bytes."""
    try:
        st = os.stat(path)
    except OSError as exc:
        raise ConfigError(field, str(path), f"cannot read {what}: {exc.strerror}") from None
    except ValueError:
        raise ConfigError(field, str(path), f"is not a {what} name (it holds a NUL byte)") from None
    if stat.S_ISDIR(st.st_mode):
        raise ConfigError(field, str(path), f"is a directory, not a {what}")
    if not stat.S_ISREG(st.st_mode):
        raise ConfigError(field, str(path), f"is not a regular file (a {what} must be one)")
    if st.st_size > limit:
        raise ConfigError(field, str(path), f"is too large ({st.st_size} bytes; the limit is {limit})")
    try:
        with open(path, "rb") as fh:
            raw = fh.read(limit + 1)
    except OSError as exc:
        raise ConfigError(field, str(path), f"cannot read {what}: {exc.strerror}") from None
    if len(raw) > limit:
        raise ConfigError(field, str(path), f"is too large (over {limit} bytes)")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ConfigError(
            field, str(path), f"is not UTF-8 text (byte 0x{raw[exc.start]:02x} at line {line})"
        ) from None


class _Loader(yaml.SafeLoader):
    """SafeLoader that rejects duplicate keys and names undefined tags as tags."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, int] = {}
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue  # `<<: *alias` merges a mapping; its keys may be overridden, not repeated
            key = self.construct_object(key_node, deep=deep)
            try:
                hash(key)
            except TypeError:
                raise _Refused(
                    f"has a key that is not a plain value at line {key_node.start_mark.line + 1}"
                ) from None
            line = key_node.start_mark.line + 1
            if key in seen:
                raise _Refused(f"repeats the key {_short(key)!r} (lines {seen[key]} and {line})")
            seen[key] = line
        return super().construct_mapping(node, deep=deep)

    def construct_undefined(self, node: yaml.Node) -> Any:
        raise _Refused(
            f"uses the tag {_short(node.tag)} at line {node.start_mark.line + 1}: tags are not allowed"
        )


_Loader.add_constructor(None, _Loader.construct_undefined)
# YAML 1.2's float rule: `1e9` and `5E-3` are numbers (YAML 1.1, PyYAML's rule, needs a dot: `1.0e9`)
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^[-+]?(?:[0-9][0-9_]*)(?:\.[0-9_]*)?[eE][-+]?[0-9]+$"),
    list("-+0123456789"),
)


class _Refused(Exception):
    pass


def _short(value: Any, n: int = 40) -> str:
    s = str(value)
    return s if len(s) <= n else s[: n - 3] + "..."


def _check_shape(root: yaml.Node) -> None:
    """Refuse nesting deeper than MAX_DEPTH, recursive aliases and more than MAX_NODES once aliases expand."""
    sizes: dict[int, int] = {}
    stack: list[tuple[yaml.Node, int, bool]] = [(root, 1, False)]
    active: set[int] = set()
    while stack:
        node, depth, done = stack.pop()
        key = id(node)
        if done:
            active.discard(key)
            sizes[key] = 1 + sum(sizes[id(c)] for c in _children(node))
            if sizes[key] > MAX_NODES:
                raise _Refused(f"expands to more than {MAX_NODES} values (YAML aliases)")
            continue
        if key in sizes:
            continue
        if key in active:
            raise _Refused(f"has a recursive alias at line {node.start_mark.line + 1}")
        if depth > MAX_DEPTH:
            raise _Refused(f"is nested too deep (more than {MAX_DEPTH} levels)")
        active.add(key)
        stack.append((node, depth, True))
        for c in _children(node):
            if id(c) in active:
                raise _Refused(f"has a recursive alias at line {c.start_mark.line + 1}")
            stack.append((c, depth + 1, False))


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [x for pair in node.value for x in pair]
    return []


def parse_yaml(text: str, field: str, source: str) -> Any:
    """Parse one YAML document safely; `source` names it in errors (a path, or the --set item)."""
    loader = None
    try:
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
        except RecursionError:
            raise _Refused(f"is nested too deep (more than {MAX_DEPTH} levels)") from None
        if node is None:
            return None
        _check_shape(node)
        return loader.construct_document(node)
    except _Refused as exc:
        raise ConfigError(field, source, str(exc)) from None
    except yaml.reader.ReaderError as exc:
        raise ConfigError(
            field, source, f"holds the control character #x{exc.character:02x} (at character {exc.position})"
        ) from None
    except ValueError as exc:  # Python's limit on integer digits
        if "digits" not in str(exc):
            raise
        raise ConfigError(field, source, "holds an integer of more than 4300 digits") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise ConfigError(field, source, f"is not valid YAML{where}") from None
    finally:
        if loader is not None:
            loader.dispose()


def is_file(path: Path) -> bool:
    """Path.is_file that answers False (instead of raising) for names too long or holding a NUL byte."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def read_yaml(path: Path, field: str, what: str = "file") -> Any:
    return parse_yaml(read_text(path, field, what), field, str(path))
