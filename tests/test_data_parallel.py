"""Data parallelism: bucketed gradient all-reduce on the order-string groups, overlap with backward."""

from __future__ import annotations

import math

import pytest

from simcluster.config.loader import load_scenario
from simcluster.simulate import simulate
from tests.conftest import small_scenario


def _dp(write_scenario, overlap: bool, bucket_MB: float = 40.0):
    data = small_scenario(
        cluster={"nodes": 4},
        parallelism={"scheme": "megatron", "tensor": 8, "data": 4},
        model={"layers": 8, "hidden": 2048, "heads": 16, "seq_len": 1024, "vocab": 0},
        training={"global_batch": 16, "micro_batch": 2, "grad_overlap": overlap, "grad_bucket_MB": bucket_MB},
    )
    return simulate(load_scenario(write_scenario(data, f"dp{overlap}{bucket_MB}.yaml")))


def test_buckets_cover_every_gradient_once(write_scenario):
    res = _dp(write_scenario, overlap=False)
    ops = [op for op, _l, _m in res.program.steps[0] if op.family == "dp" and op.kind == "allreduce"]
    params = res.program.params_per_rank[0]
    grad_bytes = params * 2
    assert len(ops) == math.ceil(grad_bytes / 40e6)
    assert sum(op.bytes for op in ops) == pytest.approx(grad_bytes)
    # the data-parallel group is rank 0 of every replica: stride tp = 8 in the tp-cp-ep-dp-pp order
    assert ops[0].group == (0, 8, 16, 24)


def test_overlap_hides_gradient_all_reduce(write_scenario):
    plain = _dp(write_scenario, overlap=False)
    overlapped = _dp(write_scenario, overlap=True)
    ops = [op for op, _l, _m in overlapped.program.steps[0] if op.family == "dp" and op.kind == "allreduce"]
    assert sum(op.bytes for op in ops) == pytest.approx(overlapped.program.params_per_rank[0] * 2)
    assert any(not op.blocking for op in ops)
    assert overlapped.engine.iteration_time_s < plain.engine.iteration_time_s
    s_plain, s_over = plain.summary(), overlapped.summary()
    assert s_plain["optimizer_time_s"] > s_over["optimizer_time_s"]
