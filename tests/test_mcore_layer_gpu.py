"""benchmarks/mcore_layer_gpu.py's GPU figures from a profiler trace, read as `simcluster trace` reads one: the
union of kernel and copy intervals (overlapping streams counted once), the kernels launched, and the span; host
events do not count."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from simcluster.traces.kineto import TraceError

PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "mcore_layer_gpu.py"


def _module():  # noqa: ANN202 - the benchmark script as a module (it imports megatron-core only when run)
    spec = importlib.util.spec_from_file_location("mcore_layer_gpu", PATH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_busy_is_the_union_of_device_intervals(tmp_path):
    ev = [
        {"ph": "X", "cat": "kernel", "ts": 100.0, "dur": 50.0},  # 100-150
        {"ph": "X", "cat": "kernel", "ts": 120.0, "dur": 60.0},  # overlaps: 100-180
        {"ph": "X", "cat": "gpu_memcpy", "ts": 200.0, "dur": 10.0},  # 200-210
        {"ph": "X", "cat": "kernel", "ts": 205.0, "dur": 2.0},  # inside the copy
        {"ph": "X", "cat": "cpu_op", "ts": 0.0, "dur": 1000.0},  # the host's: not device time
        {"ph": "i", "cat": "kernel", "ts": 300.0},  # not a complete event
    ]
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"traceEvents": ev}))
    busy, kernels, span = _module().gpu_figures(path)
    assert busy == pytest.approx(90e-6)  # 80 + 10 us
    assert kernels == 3  # complete kernel events only
    assert span == pytest.approx(110e-6)  # 100 -> 210 us


def test_a_trace_without_device_events_is_refused_in_one_line(tmp_path):
    """A CPU run's trace has no GPU figures (the script reports zeros without reading it); given one anyway,
    the reader refuses it in one line."""
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"traceEvents": [{"ph": "X", "cat": "cpu_op", "ts": 0, "dur": 5}]}))
    with pytest.raises(TraceError, match="no GPU kernels") as err:
        _module().gpu_figures(path)
    assert "\n" not in str(err.value)
