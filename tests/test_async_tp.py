"""Async tensor parallel (`training.async_tp`) against closed forms: the shards each sequence-parallel
collective is cut into, the GEMM chunks beside them, the reduce-scatter's final sum, and the pipeline's time
in the engine, (t - 1) max(copy, chunk) + chunk for a gather feeding a GEMM."""

from __future__ import annotations

import pytest

from simcluster.config.loader import check_semantics, parse_scenario
from simcluster.engine.executor import Engine
from simcluster.errors import ConfigError
from simcluster.hardware.profile import load_profile
from simcluster.model.costs import CostModel
from simcluster.model.ops import OpSpec, Step
from simcluster.parallel.base import Dims, OpFactory
from simcluster.parallel.groups import RankLayout
from simcluster.parallel.megatron import MegatronScheme
from simcluster.topology.graph import build_topology
from tests.conftest import small_scenario
from tests.test_collectives import engine_time

A100 = load_profile("dgx-a100")
B, S, H, A = 4, 512, 1024, 16


def scheme(t: int, async_tp: bool, scheme_name: str = "megatron-sp") -> MegatronScheme:
    sc = parse_scenario(
        small_scenario(
            parallelism={"scheme": scheme_name, "tensor": t},
            model={"layers": 2, "hidden": H, "heads": A, "seq_len": S, "vocab": 0},
            training={"global_batch": B, "micro_batch": B, "precision": "bf16", "async_tp": async_tp},
        )
    )
    return MegatronScheme(
        Dims.of(sc), OpFactory(CostModel(A100, "bf16")), RankLayout(tp=t, dp=1, pp=1), sp=scheme_name == "megatron-sp"
    )


@pytest.mark.parametrize("t", [2, 4, 8])
def test_shards_chunks_and_sums(t):
    """Per layer, forward and backward alike: each all-gather becomes t - 1 copies of one shard (b s h e / t
    bytes into every rank at once, on the copy engines: sendrecv with algorithm `copy`) and each
    reduce-scatter t - 1 sends of one partial shard plus a sum reading t shards and writing one; the GEMMs
    beside them run in t chunks of b s / t tokens whose FLOPs add up to the whole GEMM's; the other ops are
    the plain layer's."""
    plain, pipe = scheme(t, False).layer(0), scheme(t, True).layer(0)
    shard = B * S * H * 2 / t
    for p_ops, a_ops in ((plain.forward, pipe.forward), (plain.backward, pipe.backward)):
        gathers = [o for o in a_ops if o.name.endswith("allgather.shard") and ".input." not in o.name]
        sends = [o for o in a_ops if o.name.endswith("reducescatter.shard")]
        assert len(gathers) == len(sends) == 2 * (t - 1)
        # backward: the column-parallel inputs gathered again for the weight gradients (Megatron keeps shards)
        again = [o for o in a_ops if o.name.endswith(".input.allgather.shard")]
        assert len(again) == (2 * (t - 1) if p_ops is plain.backward else 0)
        gathers += again
        assert all(
            o.kind == "sendrecv" and o.algorithm == "copy" and not o.blocking and o.bytes == pytest.approx(shard)
            for o in gathers + sends
        )
        sums = [o for o in a_ops if o.name.endswith("reducescatter.sum")]
        assert len(sums) == 2 and all(o.bytes == pytest.approx((t + 1) * shard) for o in sums)
        assert not [o for o in a_ops if o.kind in ("allgather", "reducescatter")]
        for name in ("attn.qkv", "attn.proj", "mlp.fc1", "mlp.fc2"):
            whole = [o for o in p_ops if o.name.startswith(name) and o.kind == "gemm"]
            chunks = [o for o in a_ops if o.name.startswith(name) and o.kind == "gemm"]
            assert sum(o.flops for o in chunks) == pytest.approx(sum(o.flops for o in whole), rel=1e-12)
        rest = lambda ops: sorted(o.name for o in ops if o.kind not in ("gemm", "sendrecv", "wait", "allgather", "reducescatter") and not o.name.endswith(".sum"))  # noqa: E731
        assert rest(a_ops) == rest(p_ops)


def test_gather_pipeline_time():
    """[shard copy (non-blocking), chunk, wait] x (t - 1), then the last chunk: (t - 1) max(copy, chunk) +
    chunk, for chunks longer and shorter than a copy (t = 2 on two A100s)."""
    sch = scheme(2, True)
    topo = build_topology(A100, nodes=1)
    launch = A100.collectives.launch_us * 1e-6
    copy = engine_time(A100, 1, "sendrecv", "copy", [0, 1], B * S * H * 2 / 2)
    for chunk in (copy / 4, copy * 3):
        gemm = lambda m, first=True, a=1, c=chunk: OpSpec("gemm", "g", "forward", duration_s=c)  # noqa: E731
        ops = sch._gathered("attn", "forward", (0, 1), [gemm])
        steps = {r: [Step(o, -1, -1) for o in ops] for r in (0, 1)}
        t = Engine(steps, [(0, 1)], [0, 1], topo, launch).run().iteration_time_s
        assert t == pytest.approx(max(copy, chunk) + chunk, rel=1e-6)


def test_copies_skip_nccl_tables():
    """A copy-engine sendrecv takes the links' model even where the profile measures NCCL's sendrecv (dgx-h100's
    8-GPU table runs at ~145 GB/s where NVLink carries 370): closed form launch + latency + S / bandwidth."""
    from simcluster.hardware.tables import lookup_of

    h100 = load_profile("dgx-h100")
    size = 128 * 1024**2
    topo = build_topology(h100, nodes=1)
    g = tuple(range(8))

    def time(algorithm: str) -> float:
        op = OpSpec("sendrecv", "s", "forward", bytes=float(size), group=g, algorithm=algorithm)
        steps = {r: [Step(op, -1, -1)] for r in g}
        eng = Engine(steps, [g], list(g), topo, h100.collectives.launch_us * 1e-6, tables=lookup_of(h100.tables))
        return eng.run().iteration_time_s

    copy, nccl = time("copy"), time("auto")
    bw = h100.links.nvlink.bandwidth_GBps * 1e9
    assert copy == pytest.approx(size / bw, rel=0.05)
    assert nccl > 2 * copy  # the measured table's time


def test_async_tp_needs_sequence_parallel():
    doc = small_scenario(
        parallelism={"scheme": "megatron", "tensor": 2},
        model={"layers": 2, "hidden": H, "heads": A, "seq_len": S, "vocab": 0},
        training={"global_batch": B, "micro_batch": B, "async_tp": True},
    )
    with pytest.raises(ConfigError) as e:
        check_semantics(parse_scenario(doc), A100)
    text = str(e.value)
    assert e.value.field == "training.async_tp" and "megatron-sp" in text and "\n" not in text


def test_fp8_weight_cast_once():
    """FP8: the chunks of one GEMM cast the weight once (the first chunk) and each its own rows of the input,
    so their casts add up to the whole GEMM's: the weight k n (e + 2) bytes, e = 2 (bf16 in, fp8 and its
    transpose out), the input gathered in 8 bits m k ((e + 1) / t + 2) (its shard cast, the gathered bytes
    transposed); the GEMM itself reads and writes 1-byte elements."""

    def fp8_layer(async_tp: bool):
        sc = parse_scenario(
            small_scenario(
                parallelism={"scheme": "megatron-sp", "tensor": 4},
                model={"layers": 2, "hidden": H, "heads": A, "seq_len": S, "vocab": 0},
                training={"global_batch": B, "micro_batch": B, "precision": "bf16", "fp8": True, "async_tp": async_tp},
            )
        )
        f = OpFactory(CostModel(load_profile("dgx-h100"), "bf16"), fp8=True)
        return MegatronScheme(Dims.of(sc), f, RankLayout(tp=4, dp=1, pp=1), sp=True).layer(0)

    whole = [o for o in fp8_layer(False).forward if o.name == "attn.qkv"]
    chunks = [o for o in fp8_layer(True).forward if o.name == "attn.qkv"]
    assert len(whole) == 1 and len(chunks) == 4
    n = 3 * H // 4  # q, k and v (no grouped-query heads) on one of 4 ranks
    casts = lambda o, m: o.bytes - (m * H + H * n + m * n)  # noqa: E731
    assert casts(whole[0], B * S) == pytest.approx(B * S * H * (3 / 4 + 2) + H * n * 4)
    assert sum(casts(o, B * S // 4) for o in chunks) == pytest.approx(casts(whole[0], B * S))
