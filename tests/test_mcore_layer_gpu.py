"""benchmarks/mcore_layer_gpu.py's GPU busy time from a profiler trace: the union of kernel and copy intervals
(overlapping streams counted once), the kernels launched, and the span; host events do not count."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "mcore_layer_gpu.py"


def _module():  # noqa: ANN202 - the benchmark script as a module (it imports megatron-core only when run)
    spec = importlib.util.spec_from_file_location("mcore_layer_gpu", PATH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_busy_is_the_union_of_device_intervals():
    ev = [
        {"ph": "X", "cat": "kernel", "ts": 100.0, "dur": 50.0},  # 100-150
        {"ph": "X", "cat": "kernel", "ts": 120.0, "dur": 60.0},  # overlaps: 100-180
        {"ph": "X", "cat": "gpu_memcpy", "ts": 200.0, "dur": 10.0},  # 200-210
        {"ph": "X", "cat": "kernel", "ts": 205.0, "dur": 2.0},  # inside the copy
        {"ph": "X", "cat": "cpu_op", "ts": 0.0, "dur": 1000.0},  # the host's: not device time
        {"ph": "i", "cat": "kernel", "ts": 300.0},  # not a complete event
    ]
    busy, kernels, span = _module()._busy({"traceEvents": ev})
    assert busy == pytest.approx(90e-6)  # 80 + 10 us
    assert kernels == 3  # complete kernel events only
    assert span == pytest.approx(110e-6)  # 100 -> 210 us


def test_busy_of_a_trace_without_device_events_is_zero():
    assert _module()._busy({"traceEvents": [{"ph": "X", "cat": "cpu_op", "ts": 0, "dur": 5}]}) == (0.0, 0, 0.0)
