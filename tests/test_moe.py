"""Mixture-of-experts closed forms: parameter counts, FLOPs, activation bytes, all-to-all bytes and time
(inside a node vs across nodes), expert rank layout, bad input."""

from __future__ import annotations

from dataclasses import replace

import pytest

from simcluster.engine.executor import Engine
from simcluster.errors import ConfigError
from simcluster.model import moe
from simcluster.model.mla import MLA
from simcluster.model.ops import OpSpec, Step
from simcluster.parallel import megatron
from simcluster.parallel.base import Dims
from simcluster.parallel.groups import RankLayout
from simcluster.topology.graph import build_topology
from tests.test_collectives import A100, IB_A, IB_BW, L_A100, NV_A, NV_BW, ib_alpha


def _dims(h: int, a: int, kv: int, f: int, V: int, s: int = 4096, mla: MLA | None = None) -> Dims:
    return Dims(b=1, s=s, h=h, a=a, f=f, V=V, t=1, e=2, dtype="bf16", kv=kv, activation="swiglu", rms=True,
                bias=False, rope=True, tied=False, mla=mla)


MIXTRAL = moe.MoE(experts=8, top_k=2, expert_ffn=14336)
DSV3 = moe.MoE(experts=256, top_k=8, expert_ffn=2048, shared_experts=1, first_dense=3)
# MLA with DeepSeek-V3's published dims: q rank 1536, kv rank 512, 128 heads of 128 (+64 rope), v 128
DSV3_MLA = MLA(1536, 512, 128, 64, 128)


def test_mixtral_8x7b_total_and_active():
    d = _dims(4096, 32, 8, 14336, 32000)
    assert megatron.model_params(d, 32, MIXTRAL) == pytest.approx(46.7e9, rel=0.005)
    assert megatron.model_params(d, 32, MIXTRAL, active=True) == pytest.approx(12.9e9, rel=0.005)


def test_mixtral_by_hand():
    # attention 2 h^2 + 2 h (8 x 128); 8 experts of 3 h f; router h x 8; two RMSNorms; embedding + head
    h, f = 4096, 14336
    layer = 2 * h * h + 2 * h * 1024 + 8 * 3 * h * f + 8 * h + 2 * h
    want = 32 * layer + 2 * 32000 * h + h
    assert megatron.model_params(_dims(h, 32, 8, f, 32000), 32, MIXTRAL) == want


def test_deepseek_v3_671b_37b():
    d = _dims(7168, 128, 128, 18432, 129280, mla=DSV3_MLA)
    total = megatron.model_params(d, 61, DSV3)
    active = megatron.model_params(d, 61, DSV3, active=True)
    assert total == pytest.approx(671e9, rel=0.01)
    assert active == pytest.approx(37e9, rel=0.02)  # published "37B activated", rounded
    assert DSV3.moe_layers(61) == 58


def test_moe_layer_selection():
    assert [i for i in range(6) if moe.MoE(4, 1, 8, every=2).is_moe(i)] == [1, 3, 5]
    assert [i for i in range(6) if moe.MoE(4, 1, 8, every=2, first_dense=1).is_moe(i)] == [2, 4]
    assert moe.MoE(4, 1, 8, layers=(0, 5)).moe_layers(6) == 2


def test_alltoall_bytes():
    # 4096 tokens x hidden 1024 x top 2 x 3/4 of them leave the rank x 2 bytes
    assert moe.alltoall_bytes(4096, 1024, 2, 4, 2) == 4096 * 1024 * 2 * 0.75 * 2
    assert moe.alltoall_bytes(4096, 1024, 2, 1, 2) == 0.0


def test_expert_params_per_rank():
    d = _dims(4096, 32, 8, 14336, 32000)
    assert moe.expert_params_per_rank(d, MIXTRAL, ep=4, etp=2) == 2 * 3 * 4096 * 14336 / 2


def test_expert_layout_groups():
    # 16 ranks, tp 2, dp 4, pp 2; experts: etp 1, ep 4 -> expert dp 2, order etp-ep-dp-pp
    ex = moe.expert_layout(RankLayout(tp=2, dp=4, pp=2), ep=4)
    assert (ex.tp, ex.ep, ex.dp, ex.pp) == (1, 4, 2, 2)
    assert ex.group(0, "ep") == (0, 1, 2, 3)
    assert ex.group(5, "dp") == (1, 5)
    assert ex.group(9, "ep") == (8, 9, 10, 11)  # second pipeline stage
    ex2 = moe.expert_layout(RankLayout(tp=2, dp=4, pp=1), ep=2, etp=2)
    assert ex2.group(0, "tp") == (0, 1) and ex2.group(0, "ep") == (0, 2) and ex2.group(0, "dp") == (0, 4)


@pytest.mark.parametrize(
    "m, ep, dpcp, field",
    [
        (moe.MoE(8, 9, 16), 1, 1, "model.moe.top_k"),
        (moe.MoE(8, 2, 16, capacity_factor=0.0), 1, 1, "model.moe.capacity_factor"),
        (moe.MoE(8, 2, 16), 3, 3, "parallelism.expert"),
        (moe.MoE(8, 2, 16), 4, 2, "parallelism.expert"),
    ],
)
def test_bad_input_one_line(m, ep, dpcp, field):
    with pytest.raises(ConfigError) as err:
        moe.check(m, ep, dpcp)
    assert err.value.field == field and "\n" not in str(err.value)
    moe.check(moe.MoE(8, 2, 16, capacity_factor=1.25), 4, 8)  # a valid shape passes


def test_routed_pairs_imbalance_and_capacity():
    assert moe.routed_pairs(1000, MIXTRAL) == 2000
    assert moe.routed_pairs(1000, MIXTRAL, imbalance=1.5) == 3000
    capped = moe.MoE(8, 2, 14336, capacity_factor=1.25)
    assert moe.routed_pairs(1000, capped, imbalance=1.5) == 2500  # the excess over capacity is dropped
    assert moe.routed_pairs(1000, capped) == 2000


def test_moe_mlp_flops_mixtral():
    # per token: router 2 h 8, two experts of 3 h f multiply-adds each
    d = _dims(4096, 32, 8, 14336, 32000)
    per_token = 2 * 4096 * 8 + 2 * 2 * 3 * 4096 * 14336
    assert moe.moe_mlp_flops(4096, d, MIXTRAL) == 4096 * per_token
    shared = moe.MoE(8, 2, 1024, shared_experts=1, shared_ffn=2048)
    assert moe.moe_mlp_flops(1, d, shared, etp=2) == 2 * 4096 * 8 + (2 * 2 * 3 * 1024 + 2 * 3 * 2048) * 4096 / 2


def test_moe_activation_bytes():
    d = _dims(4096, 32, 8, 14336, 32000)
    # 100 tokens: fp32 logits 100 x 8 x 4; 200 pairs x (h + 3 f) x 2 bytes
    assert moe.moe_activation_bytes(100, d, MIXTRAL) == 100 * 8 * 4 + 200 * (4096 + 3 * 14336) * 2
    m = moe.MoE(8, 2, 1024, shared_experts=2)
    want = 100 * 8 * 4 + 200 * (4096 + 3 * 1024) * 2 + 100 * 2 * 3 * 1024 * 2 + 100 * 4096 * 2
    assert moe.moe_activation_bytes(100, d, m) == want


def test_expert_layout_rejects_indivisible():
    with pytest.raises(ConfigError, match="parallelism.expert=3"):
        moe.expert_layout(RankLayout(tp=2, dp=4, pp=1), ep=3)


def _a2a_time(nodes: int, gpus: list[int], op: OpSpec) -> float:
    """One all-to-all through the engine, rank r on GPU gpus[r]."""
    group = tuple(range(len(gpus)))
    steps = {r: [Step(replace(op, group=group), -1, -1)] for r in group}
    eng = Engine(steps, [group], gpus, build_topology(A100, nodes), L_A100, {"alltoall": "auto"})
    return eng.run().iteration_time_s


def test_dispatch_combine_bytes_and_time_inside_vs_across_nodes():
    tokens, h, e, ep = 4096, 4096, 2, 8
    disp, comb = moe.dispatch_combine(tokens, h, MIXTRAL, e, tuple(range(ep)), "forward")
    assert disp.kind == comb.kind == "alltoall" and disp.family == "ep"
    assert disp.bytes * (ep - 1) / ep == moe.alltoall_bytes(tokens, h, 2, ep, e)
    S = disp.bytes
    inside = _a2a_time(1, list(range(8)), disp)
    assert inside == pytest.approx(L_A100 + NV_A + 7 / 8 * S / NV_BW, rel=1e-6)
    pair = _a2a_time(2, [0, 8], moe.dispatch_combine(tokens, h, MIXTRAL, e, (0, 1), "forward")[0])
    assert pair == pytest.approx(L_A100 + IB_A + S / 2 / IB_BW, rel=1e-6)
    across = _a2a_time(8, [8 * i for i in range(8)], disp)
    assert across == pytest.approx(L_A100 + ib_alpha(8) + 7 / 8 * S / IB_BW, rel=1e-6)
    assert inside < across
