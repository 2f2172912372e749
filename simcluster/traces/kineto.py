"""Read PyTorch profiler (Kineto) traces (`.pt.trace.json[.gz]`) and classify their GPU kernels.

Kineto writes Chrome trace-event JSON: complete events (`ph: "X"`) with `cat` `kernel`, `gpu_memcpy`,
`gpu_memset` on the GPU, `cpu_op` and `cuda_runtime` on the host; a kernel's `args["External id"]` is the
`External id` of the `cpu_op` that launched it, whose `args["Input Dims"]` (with `record_shapes=True`) give
GEMM shapes. NCCL kernels carry (in newer PyTorch) `In msg nelems`, `dtype`, `Group size` and
`Process Group Name` / `Process Group Ranks`, else their `record_param_comms` parent does.

HolisticTraceAnalysis is not used: its wheel (0.5.0) requires jupyterlab, pandas and pytest at run time,
far too heavy for a reader; this module reads only the documented fields above, with the standard library.
"""

from __future__ import annotations

import json
import math
import re
import stat
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from simcluster.errors import SimclusterError, excerpt

# what a well-formed trace stays within: timestamps and durations (us; Kineto's are since the epoch, ~1.7e15),
# GEMM dimensions and group sizes, message bytes
MAX_US = 1e17
MAX_DIM = 2**40
MAX_BYTES = 2.0**50
MAX_TRACE_BYTES = 2**30  # JSON text read, compressed or not
CLASSES = ("gemm", "attention", "collective", "p2p", "elementwise", "memcpy", "memset", "other")
_GPU_CATS = {"kernel": "kernel", "gpu_memcpy": "memcpy", "gpu_memset": "memset"}
_NCCL = re.compile(r"nccl(?:Dev)?Kernel_([A-Za-z]+)", re.IGNORECASE)
_NCCL_OPS = {
    "allreduce": "allreduce", "allgather": "allgather", "reducescatter": "reducescatter",
    "broadcast": "broadcast", "reduce": "reduce", "alltoall": "alltoall", "sendrecv": "sendrecv",
    "send": "sendrecv", "recv": "sendrecv",
}  # fmt: skip
_ATTENTION = re.compile(r"flash|fmha|attention|attn|sdpa|cudnn_generated_fort_native_sdpa", re.IGNORECASE)
_GEMM = re.compile(
    r"(?<!fb)gemm|cutlass|cublas|xmma|nvjet|matmul|s\d+gemm|_nn_|_nt_|_tn_|_tt_|splitKreduce|wgmma",
    re.IGNORECASE,
)
_ELEMENTWISE = re.compile(
    r"elementwise|vectorized|unrolled|reduce_kernel|reduction|softmax|norm|dropout|fill|copy|cat_|index|"
    r"scatter|gather|adam|multi_tensor|foreach|triton|sum|mean|where|relu|gelu|silu|swiglu|rotary|rope|"
    r"distribution|moments|gammabeta|pool|cub::|scan|sort|embedding|permute|transpose|cast|bias|add|mul",
    re.IGNORECASE,
)
_GEMM_OPS = {
    "aten::mm", "aten::addmm", "aten::bmm", "aten::baddbmm", "aten::matmul", "aten::linear", "aten::_scaled_mm"
}  # _scaled_mm: FP8 GEMMs (torchao, Transformer Engine-style linears)
_DTYPE_BYTES = {
    "float": 4, "float32": 4, "fp32": 4, "half": 2, "float16": 2, "fp16": 2, "bfloat16": 2, "bf16": 2,
    "double": 8, "int": 4, "int32": 4, "long": 8, "int64": 8, "int8": 1, "uint8": 1, "char": 1,
    "float8_e4m3fn": 1, "float8_e5m2": 1, "byte": 1,
}  # fmt: skip


class TraceError(SimclusterError):
    """A trace file that cannot be read as a Kineto trace: one line naming the file and the rule."""


@dataclass(frozen=True)
class Kernel:
    """One GPU activity of a measured trace; times in seconds from the rank's first GPU activity."""

    name: str
    cls: str  # one of CLASSES
    start_s: float
    dur_s: float
    stream: int
    op: str = ""  # the launching cpu_op, when recorded
    gemm_mnk: tuple[int, int, int] | None = None  # (M, N, K), batch folded into M, where shapes are recorded
    coll: str = ""  # allreduce, allgather, ... for NCCL kernels
    bytes: float = 0.0  # message size of a collective, where recorded
    group: str = ""  # process group name or ranks of a collective, where recorded
    group_size: int = 0
    dtype: str = ""  # a GEMM's first input type as the trace writes it (float, c10::BFloat16, ...)
    op_id: int = (
        -1
    )  # External id of the launching cpu_op (-1 when unknown): kernels of one GEMM call share it


@dataclass
class RankTrace:
    """The GPU side of one rank's trace."""

    path: str
    rank: int
    world_size: int
    kernels: list[Kernel]
    span_s: float  # first GPU activity start to last end
    busy_s: float  # union of all GPU activity
    gaps: list[tuple[float, float]] = field(
        default_factory=list
    )  # (start_s, length_s) GPU idle, largest first
    unknown: dict[str, int] = field(default_factory=dict)  # kernel names classified `other`, with counts
    launch_interval_us: float = float("nan")  # median host time between consecutive kernel launches

    def time_by_class(self) -> dict[str, float]:
        """Summed kernel time per class (overlapping streams counted per kernel)."""
        out = dict.fromkeys(CLASSES, 0.0)
        for k in self.kernels:
            out[k.cls] += k.dur_s
        return out


def load_json(path: Path) -> dict:
    """The trace's JSON object; a missing, truncated or non-JSON file is a one-line TraceError."""
    too_big = f"trace {path}: more than {MAX_TRACE_BYTES / 2**30:g} GiB of JSON (one rank's trace of a few steps is far less)"
    try:
        st = path.stat()
        if not stat.S_ISREG(st.st_mode):  # a FIFO or a device would block or never end
            raise TraceError(f"trace {path}: not a regular file (a folder, pipe or device)")
        if st.st_size > MAX_TRACE_BYTES:
            raise TraceError(too_big)
        raw = path.read_bytes()
    except OSError as exc:
        raise TraceError(f"trace {path}: cannot read ({exc.strerror or exc})") from None
    try:
        if raw[:2] == b"\x1f\x8b":
            raw = _gunzip(raw, MAX_TRACE_BYTES, too_big)
    except (OSError, EOFError, zlib.error) as exc:
        raise TraceError(f"trace {path}: gzip stream is truncated or corrupt ({exc})") from None
    try:
        data = json.loads(raw)
    except UnicodeDecodeError:
        raise TraceError(f"trace {path}: not a JSON trace (not UTF-8 text)") from None
    except json.JSONDecodeError as exc:
        rule = "truncated JSON" if exc.pos >= len(raw.rstrip()) - 1 else "not valid JSON"
        raise TraceError(f"trace {path}: {rule} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise TraceError(f"trace {path}: nested too deeply (not a PyTorch profiler trace)") from None
    except ValueError as exc:  # a number with more digits than Python converts
        raise TraceError(f"trace {path}: not a valid trace ({str(exc).split(';')[0]})") from None
    if isinstance(data, list):  # the bare-array form of the Chrome trace format
        data = {"traceEvents": data}
    if not isinstance(data, dict) or not isinstance(data.get("traceEvents"), list):
        raise TraceError(f"trace {path}: no 'traceEvents' list (not a PyTorch profiler trace)")
    return data


def _gunzip(raw: bytes, limit: int, too_big: str) -> bytes:
    """The gzip members of `raw` decompressed, refused (`too_big`) past `limit` bytes without inflating the
    rest (a small file can hold gigabytes of zeros)."""
    out: list[bytes] = []
    size = 0
    while raw:
        d = zlib.decompressobj(16 + zlib.MAX_WBITS)
        chunk = d.decompress(raw, limit - size + 1)
        size += len(chunk)
        if size > limit or d.unconsumed_tail:
            raise TraceError(too_big)
        out.append(chunk)
        if not d.eof:
            raise EOFError("compressed file ended before the end-of-stream marker was reached")
        raw = d.unused_data.lstrip(b"\0")  # gzip allows zero padding between members
    return b"".join(out)


def classify(name: str, op: str = "") -> tuple[str, str]:
    """(class, collective kind) of a kernel named `name`, launched by cpu_op `op`."""
    m = _NCCL.search(name)
    if m or name.lower().startswith("nccl"):
        kind = _NCCL_OPS.get(m.group(1).lower(), "") if m else ""
        return ("p2p" if kind == "sendrecv" else "collective"), kind
    if _ATTENTION.search(name) or "attention" in op:
        return "attention", ""
    if _GEMM.search(name) or op in _GEMM_OPS:
        return "gemm", ""
    if _ELEMENTWISE.search(name):
        return "elementwise", ""
    return "other", ""


def _gemm_mnk(op: str, dims: object) -> tuple[int, int, int] | None:
    """(M, N, K) from a GEMM cpu_op's Input Dims (batch dims folded into M)."""
    if not isinstance(dims, list) or not all(isinstance(d, list) for d in dims):
        return None
    try:
        if op in ("aten::mm", "aten::matmul", "aten::bmm", "aten::_scaled_mm") and len(dims) >= 2:
            a, b = dims[0], dims[1]
        elif op in ("aten::addmm", "aten::baddbmm") and len(dims) >= 3:
            a, b = dims[1], dims[2]
        elif op == "aten::linear" and len(dims) >= 2:
            a, w = dims[0], dims[1]
            b = [w[1], w[0]] if len(w) == 2 else []
        else:
            return None
        if len(a) < 2 or len(b) < 2:
            return None
        m = 1
        for d in a[:-1]:
            m *= int(d)
        mnk = m, int(b[-1]), int(a[-1])
        return mnk if all(0 < x <= MAX_DIM for x in mnk) else None
    except (TypeError, ValueError, OverflowError):
        return None


def _comm_args(args: dict) -> tuple[float, str, int]:
    """(bytes, group, group size) from NCCL kernel or record_param_comms args, where recorded."""
    nelems = _num(args.get("In msg nelems", args.get("In msg size")))
    out = _num(args.get("Out msg nelems"))
    dtype = str(args.get("dtype", "")).lower()
    size = 0.0
    if nelems > 0 and dtype in _DTYPE_BYTES:
        size = max(nelems, out) * _DTYPE_BYTES[dtype]
        if not size <= MAX_BYTES:  # a count no GPU holds: not a message size
            size = 0.0
    group = args.get("Process Group Ranks") or args.get("Process Group Name") or ""
    gsize = _num(args.get("Group size", 0))
    return size, str(group)[:200], int(gsize) if 0 < gsize <= MAX_DIM else 0


def read_trace(path: Path, max_gaps: int = 20) -> RankTrace:
    """One rank's trace: its GPU kernels classified, its GPU busy time and idle gaps."""
    data = load_json(path)
    events = data["traceEvents"]
    info = data.get("distributedInfo") if isinstance(data.get("distributedInfo"), dict) else {}
    ops: dict[object, tuple[str, dict]] = {}
    launch: dict[object, object] = {}  # runtime correlation -> the launching cpu_op's External id
    host: dict[tuple, list[tuple[float, int, float, object]]] = {}  # (pid, tid) -> (ts, order, end, key)
    raw: list[dict] = []
    starts: dict[int, list[float]] = {}
    for ev in events:
        if not isinstance(ev, dict) or ev.get("ph") != "X" or not isinstance(ev.get("cat"), str):
            continue
        cat = ev["cat"]
        if cat in _GPU_CATS:
            _check_times(path, ev)
            raw.append(ev)
        elif cat in ("cpu_op", "cuda_runtime"):
            args = ev.get("args")
            ext = _key(args.get("External id")) if isinstance(args, dict) else None
            if ext is not None:
                ts, end = _num(ev.get("ts")), _num(ev.get("ts")) + _num(ev.get("dur"))
                thread = host.setdefault((str(ev.get("pid")), str(ev.get("tid"))), [])
                if cat == "cpu_op":
                    ops[ext] = (str(ev.get("name", "")), args)
                    thread.append((ts, 0, end, ext))
                elif (corr := _key(args.get("correlation"))) is not None:
                    launch[corr] = ext
                    if "LaunchKernel" in str(ev.get("name", "")):
                        starts.setdefault(id(thread), []).append(ts)
                    thread.append((ts, 1, end, ("launch", corr)))
    if not raw:
        raise TraceError(
            f"trace {path}: no GPU kernels (a CPU-only trace, or recorded without CUDA activity)"
        )
    _nest_launches(host, ops, launch)
    kernels: list[Kernel] = []
    t0 = min(_num(ev.get("ts")) for ev in raw)
    unknown: dict[str, int] = {}
    for ev in raw:
        name = str(ev.get("name", ""))
        args = ev.get("args") if isinstance(ev.get("args"), dict) else {}
        own = _key(args.get("External id"))
        ext = launch.get(_key(args.get("correlation")), own)
        op, op_args = ops.get(ext, ops.get(own, ("", {})))
        if _GPU_CATS[ev["cat"]] != "kernel":
            cls, coll = _GPU_CATS[ev["cat"]], ""
        else:
            cls, coll = classify(name, op)
        mnk = _gemm_mnk(op, op_args.get("Input Dims")) if cls == "gemm" else None
        types = op_args.get("Input type")
        dtype = str(types[0]) if cls == "gemm" and isinstance(types, list) and types else ""
        size, group, gsize = 0.0, "", 0
        if cls in ("collective", "p2p"):
            size, group, gsize = _comm_args(args)
            if not size:
                size, group, gsize = _comm_args(op_args)
        if cls == "other":
            unknown[name] = unknown.get(name, 0) + 1
        kernels.append(
            Kernel(
                name=name, cls=cls, start_s=(_num(ev.get("ts")) - t0) * 1e-6, dur_s=_num(ev.get("dur")) * 1e-6,
                stream=int(_num(args.get("stream", ev.get("tid", 0)))), op=op, gemm_mnk=mnk, coll=coll,
                bytes=size, group=group, group_size=gsize, dtype=dtype,
                op_id=int(ext) if isinstance(ext, int) and op else -1,
            )
        )  # fmt: skip
    kernels.sort(key=lambda k: (k.start_s, k.stream))
    busy, span, gaps = _busy_and_gaps(kernels)
    gaps.sort(key=lambda g: (-g[1], g[0]))
    return RankTrace(
        path=str(path), rank=int(_num(info.get("rank", 0))), world_size=int(_num(info.get("world_size", 1))),
        kernels=kernels, span_s=span, busy_s=busy, gaps=gaps[:max_gaps],
        unknown=dict(sorted(unknown.items(), key=lambda kv: (-kv[1], kv[0]))),
        launch_interval_us=_median_interval_us(starts),
    )  # fmt: skip


def _nest_launches(host: dict, ops: dict, launch: dict) -> None:
    """Where a launch's External id names no cpu_op (older traces), attribute it to the innermost cpu_op
    that encloses it in time on the same host thread."""
    for items in host.values():
        items.sort(key=lambda x: (x[0], x[1], -x[2]))
        stack: list[tuple[float, object]] = []  # (end, External id) of open cpu_ops
        for ts, kind, end, key in items:
            while stack and stack[-1][0] <= ts:
                stack.pop()
            if kind == 0:
                stack.append((end, key))
            elif launch.get(key[1]) not in ops and stack:
                launch[key[1]] = stack[-1][1]


def _median_interval_us(starts: dict[int, list[float]], busy_limit_us: float = 1000.0) -> float:
    """Median time between consecutive kernel launches of one host thread, leaving out pauses longer than
    `busy_limit_us` (the thread waiting, not issuing): the host's cost to issue one kernel."""
    gaps = sorted(
        b - a
        for ts in starts.values()
        for a, b in zip(sorted(ts), sorted(ts)[1:])
        if 0 < b - a < busy_limit_us
    )
    return gaps[len(gaps) // 2] if gaps else float("nan")


def _finite(value: object) -> float | None:
    """A trace field as a finite float; None for anything else (text, a list, NaN, infinity, an integer past
    what a float holds)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        out = float(value)
    except OverflowError:
        return None
    return out if math.isfinite(out) else None


def _num(value: object) -> float:
    """A finite number from a trace field; anything else is 0 (a trace field, not the user's input)."""
    out = _finite(value)
    return 0.0 if out is None else out


def _key(value: object) -> int | str | None:
    """An id field (External id, correlation) usable as a key: an integer or a string, else None."""
    return value if isinstance(value, (int, str)) and not isinstance(value, bool) else None


def _check_times(path: Path, ev: dict) -> None:
    """A GPU activity's start and duration in microseconds: numbers within MAX_US (0 <= dur), else the trace
    is refused in one line naming the field (a corrupt trace, not one the profiler wrote)."""
    for key, low in (("ts", -MAX_US), ("dur", 0.0)):
        v = ev.get(key, 0)
        x = _finite(v)
        if x is None or not low <= x <= MAX_US:
            name = str(ev.get("name", ""))[:60]
            raise TraceError(
                f"trace {path}: GPU activity {name!r}: {key}={excerpt(v)} must be a number in [{low:g}, {MAX_US:g}] us"
            )


def _busy_and_gaps(kernels: list[Kernel]) -> tuple[float, float, list[tuple[float, float]]]:
    """Union of the kernels' intervals (all streams), the span, and the idle gaps between busy runs."""
    busy, gaps = 0.0, []
    cur_s, cur_e = kernels[0].start_s, kernels[0].start_s + kernels[0].dur_s
    for k in kernels[1:]:
        end = k.start_s + k.dur_s
        if k.start_s > cur_e:
            busy += cur_e - cur_s
            gaps.append((cur_e, k.start_s - cur_e))
            cur_s, cur_e = k.start_s, end
        else:
            cur_e = max(cur_e, end)
    busy += cur_e - cur_s
    return busy, cur_e - kernels[0].start_s, gaps


def summarize(trace: RankTrace, top: int = 10) -> dict:
    """A JSON-able summary of one rank: time per class, the top GEMM shapes and collectives, gaps."""
    gemms: dict[str, list[float]] = {}
    colls: dict[str, list[float]] = {}
    for k in trace.kernels:
        if k.cls == "gemm" and k.gemm_mnk:
            gemms.setdefault("x".join(map(str, k.gemm_mnk)), []).append(k.dur_s)
        elif k.cls in ("collective", "p2p"):
            key = f"{k.coll or 'nccl'} {k.bytes:.0f}B group={k.group or '?'}"
            colls.setdefault(key, []).append(k.dur_s)

    def top_of(d: dict[str, list[float]]) -> list[dict]:
        rows = sorted(d.items(), key=lambda kv: (-sum(kv[1]), kv[0]))[:top]
        return [
            {"key": key, "count": len(v), "total_s": sum(v), "mean_s": sum(v) / len(v)} for key, v in rows
        ]

    return {
        "path": trace.path, "rank": trace.rank, "world_size": trace.world_size, "kernels": len(trace.kernels),
        "span_s": trace.span_s, "gpu_busy_s": trace.busy_s, "gpu_idle_s": trace.span_s - trace.busy_s,
        "time_by_class_s": trace.time_by_class(),
        "gemm_shapes_MxNxK": top_of(gemms), "collectives": top_of(colls),
        "largest_gaps": [{"start_s": s, "length_s": g} for s, g in trace.gaps[:top]],
        "unknown_kernels": dict(list(trace.unknown.items())[:top]),
        "unknown_kernel_count": sum(trace.unknown.values()),
        "launch_interval_us": trace.launch_interval_us if trace.launch_interval_us == trace.launch_interval_us
        else None,
    }  # fmt: skip
