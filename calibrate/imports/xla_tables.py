"""XLA's measured tables -> the profile's collective tables (size_bytes -> time_us) and GEMM rows.

The matmul table (`read_xla_gemms`) is described at its reader. OpenXLA ships, per GPU generation, the collectives it measured (`kDefaultCollectivePTable` in
xla/service/gpu/model/collective_interpolator_data.h, written by //xla/tools:collective_perf_table_gen_main;
or that tool's own .pbtxt output). Each record is one collective HLO instruction (opcode, f32 shape, iota
replica groups) and `network_throughput_bytes_per_sec` = tensor size / the median measured runtime of a
module holding only that collective. The tensor size is nccl-tests' size: the all-reduce's and all-to-all's
buffer, the all-gather's output, the reduce-scatter's input (its output shape x the group size); so
time_us = size / throughput. Groups are contiguous device ranges (iota, no transpose); every group of a
record ran at once, each on its own GPUs. collective-permute records (a send/recv pattern, timed over 100
iterations of a loop and divided back) are read where they are what nccl-tests' sendrecv measures: pairs
exchanging (0<->1, 2<->3, ...: sendrecv on 2 GPUs, every pair at once) or a ring (i -> i+1: sendrecv on all
of them), each device sending its buffer (the shape) once; one-way patterns are left out.

The text format is protobuf's text format; the small reader below takes what these files hold (messages,
scalars, strings, comments) and names file and line for anything else.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from calibrate.imports.checked import fail
from calibrate.imports.gemm_csv import Row, gemm_dtype, grid_gap
from calibrate.imports.nccl_tests import Measured
from simcluster.errors import ConfigError
from simcluster.hardware.tables import MAX_TIME_US

OPS = {
    "all-reduce": "allreduce",
    "all-gather": "allgather",
    "reduce-scatter": "reducescatter",
    "all-to-all": "alltoall",
}
PERMUTE = "collective-permute"
ELEMENT_BYTES = {
    "F32": 4,
    "S32": 4,
    "U32": 4,
    "BF16": 2,
    "F16": 2,
    "S8": 1,
    "U8": 1,
    "F8E4M3FN": 1,
    "F8E5M2": 1,
    "F64": 8,
}
_TOKEN = re.compile(
    r'\s+|#[^\n]*|(?P<id>[A-Za-z_][\w.]*)|(?P<str>"(?:[^"\\\n]|\\.)*")|(?P<num>[-+]?[\d.][\w.+-]*)|(?P<p>[{}:])'
)

Message = dict[str, list[Any]]
MAX_DEPTH = 32  # XLA's records nest 5 deep; deeper text is refused, not recursed into


def _tokens(text: str, path: Path) -> list[tuple[str, str, int]]:
    """(kind, text, line) of every token; anything else is a one-line error."""
    out = []
    pos, line = 0, 1
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise fail(path, line, f"unexpected character {text[pos]!r} in the protobuf text")
        kind = m.lastgroup
        if kind is not None:
            out.append((kind, m.group(kind), line))
        line += text.count("\n", pos, m.end())
        pos = m.end()
    return out


def _message(
    toks: list[tuple[str, str, int]], i: int, path: Path, closing: bool, depth: int = 0
) -> tuple[Message, int]:
    """The fields of one message from token i; (fields, index after its closing brace)."""
    if depth > MAX_DEPTH:
        raise fail(path, toks[i - 1][2], f"messages nest deeper than {MAX_DEPTH} levels")
    fields: Message = {}
    while i < len(toks):
        kind, text, line = toks[i]
        if kind == "p" and text == "}":
            if not closing:
                raise fail(path, line, "unbalanced '}'")
            return fields, i + 1
        if kind != "id":
            raise fail(path, line, f"expected a field name, found {text!r}")
        i += 1
        if i < len(toks) and toks[i][1] == ":":
            i += 1
        if i >= len(toks):
            raise fail(path, line, f"field {text!r} has no value")
        vkind, vtext, vline = toks[i]
        if vtext == "{":
            value, i = _message(toks, i + 1, path, closing=True, depth=depth + 1)
        elif vkind in ("num", "id"):
            value, i = vtext, i + 1
        elif vkind == "str":
            value, i = vtext[1:-1], i + 1
        else:
            raise fail(path, vline, f"field {text!r}: unexpected {vtext!r}")
        fields.setdefault(text, []).append(value)
    if closing:
        raise fail(path, toks[-1][2] if toks else 1, "a message is not closed ('}' missing)")
    return fields, i


def parse_text_proto(text: str, path: Path) -> Message:
    """The top-level message of protobuf text (inside the C++ raw string when given the header file)."""
    m = re.search(r'R"pb\((.*)\)pb"', text, re.S)
    offset = 0
    if m is not None:
        offset = text.count("\n", 0, m.start(1))
        text = m.group(1)
    toks = [(k, t, line + offset) for k, t, line in _tokens(text, path)]
    fields, _ = _message(toks, 0, path, closing=False)
    return fields


def _one(msg: Message, name: str, path: Path, where: str) -> Any:
    values = msg.get(name)
    if not values:
        raise ConfigError(str(path), None, f"{where}: field {name!r} is missing")
    return values[0]


def _int(text: Any, path: Path, where: str, name: str) -> int:
    try:
        v = int(str(text))
    except ValueError:
        raise ConfigError(str(path), None, f"{where}: {name}={text!r} is not an integer") from None
    if v <= 0:
        raise ConfigError(str(path), None, f"{where}: {name}={v} must be positive")
    return v


def _group_size(instr: Message, path: Path, where: str) -> int:
    """Devices per group of an iota replica-group list with contiguous groups (the group count checked too)."""
    iota = None
    if "iota_collective_device_list" in instr:
        iota = instr["iota_collective_device_list"][0]
    elif "collective_device_list" in instr:
        iota = (instr["collective_device_list"][0].get("iota_replica_group_list") or [None])[0]
    if not isinstance(iota, dict):
        raise ConfigError(str(path), None, f"{where}: only iota replica groups are read")
    perm = [str(p) for p in iota.get("iota_transpose_perm", ["0"])]
    if perm != [str(i) for i in range(len(perm))]:
        raise ConfigError(str(path), None, f"{where}: transposed replica groups (perm {perm}) are not read")
    _int(_one(iota, "num_replica_groups", path, where), path, where, "num_replica_groups")
    return _int(_one(iota, "num_devices_per_group", path, where), path, where, "num_devices_per_group")


def _permute_group(instr: Message, path: Path, where: str) -> int | None:
    """The sendrecv group size of a collective-permute's pairs: 2 for pairs exchanging (0<->1, 2<->3, ...),
    the device count for a ring (i -> i+1 mod n), None for anything else (a field left out is 0)."""
    pairs = set()
    for p in instr.get("source_target_pairs", []):
        if not isinstance(p, dict):
            raise ConfigError(str(path), None, f"{where}: source_target_pairs must be messages")
        ends = [str(p.get(k, ["0"])[0]) for k in ("source", "target")]
        if not all(e.isdigit() for e in ends):
            raise ConfigError(str(path), None, f"{where}: source_target_pairs {ends} are not device numbers")
        pairs.add((int(ends[0]), int(ends[1])))
    devices = {d for pair in pairs for d in pair}
    n = len(devices)
    if n < 2 or devices != set(range(n)):
        return None
    if n % 2 == 0 and pairs == {(i, i ^ 1) for i in range(n)}:
        return 2
    if pairs == {(i, (i + 1) % n) for i in range(n)}:
        return n
    return None


def read_xla_collectives(path: Path, device: str, gpus_per_node: int) -> list[Measured]:
    """One table per (op, devices per group) from the `device` entry (e.g. "sm_90") of an XLA collective
    performance table; a group of n devices spans ceil(n / gpus_per_node) nodes."""
    records = _device_table(path, device)
    points: dict[tuple[str, int], dict[float, float]] = {}
    for k, rec in enumerate(records, start=1):
        where = f"{device} record {k}"
        instr = _one(rec, "instruction", path, where)
        opcode = str(_one(instr, "opcode", path, where))
        if opcode == PERMUTE:
            n = _permute_group(instr, path, where)
            if n is None:
                continue  # a one-way pattern: not what sendrecv measures
        elif opcode not in OPS:
            raise ConfigError(str(path), None, f"{where}: opcode {opcode!r} is not a collective this reads")
        shape = _one(instr, "shape", path, where)
        etype = str(_one(shape, "element_type", path, where))
        if etype not in ELEMENT_BYTES:
            raise ConfigError(str(path), None, f"{where}: element type {etype!r} is unknown")
        elems = 1
        for d in shape.get("dimensions", []):
            elems *= _int(d, path, where, "dimensions")
        if opcode != PERMUTE:
            n = _group_size(instr, path, where)
        size = float(elems * ELEMENT_BYTES[etype] * (n if opcode == "reduce-scatter" else 1))
        rate = float(
            _int(_one(rec, "network_throughput_bytes_per_sec", path, where), path, where, "throughput")
        )
        table = points.setdefault((OPS.get(opcode, "sendrecv"), n), {})
        t_us = size / rate * 1e6
        if t_us > MAX_TIME_US:
            raise ConfigError(str(path), None, f"{where}: {size:g} B at {rate:g} B/s is over 1e9 us")
        if size in table and table[size] != t_us:
            raise ConfigError(
                str(path), None, f"{where}: {opcode} on {n} devices measured twice at {size:g} B"
            )
        table[size] = t_us
    if not points:
        raise ConfigError(
            str(path),
            None,
            f"the {device} table holds no all-reduce, all-gather, reduce-scatter, all-to-all or sendrecv pattern",
        )
    out = []
    for (op, n), table in sorted(points.items()):
        if n < 2:
            continue
        sizes = sorted(table)
        times = [table[s] for s in sizes]
        nodes = -(-n // gpus_per_node)
        if n % nodes:
            raise ConfigError(
                str(path),
                None,
                f"{op} groups of {n} devices do not fill {nodes} nodes of {gpus_per_node} evenly",
            )
        out.append(Measured(path, op, n, nodes, sizes, times))
    return out


def _device_table(path: Path, device: str) -> list[Any]:
    """The records of the `device` entry of an XLA performance table (a one-line error naming the keys it
    has when it has not that one)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(str(path), None, f"cannot be read as text ({type(exc).__name__})") from None
    top = parse_text_proto(text, path)
    devices = {str(_one(e, "key", path, "entries")): e for e in top.get("entries", []) if isinstance(e, dict)}
    if device not in devices:
        keys = ", ".join(sorted(devices)) or "none"
        raise ConfigError("--xla-device", device, f"{path} holds no such device table (it has: {keys})")
    return _one(devices[device], "value", path, device).get("entries", [])


def read_xla_gemms(path: Path, device: str) -> list[Row]:
    """GEMM table rows (b, m, n, k, dtype, time_us) from the `device` entry of XLA's matmul performance table
    (`kDefaultMatmulPTable` in matmul_interpolator_data.h): each record a batched GEMM b x [m, k] x [k, n] with
    its FLOP rate per operand type, time = 2 b m n k / rate. `bf16xbf16->bf16` is bf16, `f32xf32->f32` tf32
    (XLA runs f32 dots on TF32 tensor cores), `f8e4m3fnxf8e4m3fn->bf16` fp8; mixed e4m3/e5m2 operands (FP8
    backward GEMMs) are left out. Checked as any GEMM table (full grid per dtype, one row per shape)."""
    rows: list[Row] = []
    seen: set[tuple[int, int, int, int, str]] = set()
    for k_rec, rec in enumerate(_device_table(path, device), start=1):
        where = f"{device} record {k_rec}"
        dims = [_int(_one(rec, c, path, where), path, where, c) for c in "bmnk"]
        flops = 2.0 * dims[0] * dims[1] * dims[2] * dims[3]
        for f in rec.get("flops", []):
            dtype = gemm_dtype(str(_one(f, "key", path, where)))
            if dtype is None:
                continue
            rate = float(_int(_one(f, "value", path, where), path, where, "flops"))
            t_us = flops / rate * 1e6
            if t_us > MAX_TIME_US:
                raise ConfigError(
                    str(path), None, f"{where}: {flops:g} FLOP at {rate:g} FLOP/s is over 1e9 us"
                )
            key = (*dims, dtype)
            if key in seen:
                raise ConfigError(str(path), None, f"{where}: the {dtype} GEMM {dims} is measured twice")
            seen.add(key)
            rows.append((dims[0], dims[1], dims[2], dims[3], dtype, t_us))
    if not rows:
        raise ConfigError(str(path), None, f"the {device} table holds no bf16, tf32 or fp8 GEMM")
    gap = grid_gap(rows)
    if gap is not None:
        raise ConfigError(
            str(path),
            None,
            f"{device}: {gap[0]} GEMMs are not a full grid over b, m, n, k ({gap[1]} of {gap[2]})",
        )
    return sorted(rows, key=lambda r: (r[4], r[0], r[1], r[2], r[3]))
