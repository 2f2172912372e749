"""Megatron and Megatron-SP against closed forms: Optimus Table 1 volumes and FLOPs, Korthikanti Table 2."""

from __future__ import annotations

import pytest

from simcluster.config.loader import parse_scenario
from simcluster.hardware.profile import load_profile
from simcluster.model.costs import CostModel
from simcluster.parallel.base import Dims, OpFactory, fused_softmax_available
from simcluster.parallel.groups import RankLayout
from simcluster.parallel.megatron import MegatronScheme
from tests.conftest import small_scenario

B, S, H, A, T = 4, 512, 1024, 16, 4


def scheme(sp: bool, t: int = T, precision: str = "bf16", regather: bool = True) -> MegatronScheme:
    sc = parse_scenario(
        small_scenario(
            parallelism={"scheme": "megatron-sp" if sp else "megatron", "tensor": t},
            model={"layers": 2, "hidden": H, "heads": A, "seq_len": S, "vocab": 0},
            training={"global_batch": B, "micro_batch": B, "precision": precision},
        )
    )
    dims = Dims.of(sc)
    layout = RankLayout(tp=t, dp=1, pp=1)
    return MegatronScheme(
        dims, OpFactory(CostModel(load_profile("dgx-a100"), precision)), layout, sp=sp, regather=regather
    )


def comm_elements(ops, e: int) -> float:
    """Sum over collectives of size x algorithm factor (ring all-reduce 2(p-1)/p, AG/RS (p-1)/p), in elements."""
    total = 0.0
    for op in ops:
        if op.kind == "allreduce":
            total += op.bytes / e * 2 * (T - 1) / T
        elif op.kind in ("allgather", "reducescatter"):
            total += op.bytes / e * (T - 1) / T
    return total


@pytest.mark.parametrize(("sp", "regather"), [(False, True), (True, False), (True, True)])
def test_table1_communication_volume(sp, regather):
    """The paper's volume (4 all-reduces, or with SP 4 all-gathers and 4 reduce-scatters, a forward and
    backward); Megatron's code adds, with SP, a backward all-gather of each column-parallel input (it keeps
    the sequence shard for the weight gradient): 2 more b s h gathers a layer."""
    layer = scheme(sp, regather=regather).layer(0)
    bsh = B * S * H
    fwd = comm_elements(layer.forward, 2)
    bwd = comm_elements(layer.recompute_full + layer.backward, 2)
    assert fwd == pytest.approx(4 * (T - 1) / T * bsh, rel=1e-12)
    assert bwd == pytest.approx((10 if sp and regather else 8) * (T - 1) / T * bsh, rel=1e-12)
    kinds = [op.kind for op in layer.forward if not op.is_compute]
    assert kinds == (["allgather", "reducescatter"] * 2 if sp else ["allreduce", "allreduce"])
    bkinds = [op.kind for op in layer.backward if not op.is_compute and op.kind != "wait"]
    region = ["allgather", "allgather", "reducescatter"] if regather else ["allgather", "reducescatter"]
    assert bkinds == (region * 2 if sp else ["allreduce", "allreduce"])


@pytest.mark.parametrize("sp", [False, True])
def test_table1_flops(sp):
    layer = scheme(sp).layer(0)
    madds_fwd = (12 * B * S * H**2 + 2 * B * S**2 * H) / T
    fwd = sum(op.flops for op in layer.forward)
    bwd = sum(op.flops for op in layer.recompute_full + layer.backward)
    assert fwd == pytest.approx(2 * madds_fwd, rel=1e-12)
    assert bwd == pytest.approx(2 * 3 * madds_fwd, rel=1e-12)  # Table 1: (36bsh^2 + 6bs^2h)/p with recompute


def test_selective_recompute_reruns_core_attention_only():
    layer = scheme(False).layer(0)
    names = [op.name for op in layer.recompute_selective]
    assert names == ["attn.qk", "attn.softmax", "attn.dropout", "attn.av"]
    assert all(op.phase == "recompute" for op in layer.recompute_selective + layer.recompute_full)
    assert sum(op.flops for op in layer.recompute_selective) == pytest.approx(4 * B * S * S * H / T)


@pytest.mark.parametrize(
    ("batch", "s", "e", "enabled", "fused"),
    [
        (4, 1024, 2, True, True),
        (2, 1024, 2, True, False),  # micro-batch 1 x 2 heads per rank (tensor 8 of 16 heads)
        (6, 1024, 2, True, False),  # a multiple of 2 but not of 4
        (4, 1024, 4, True, False),  # fp32 scores
        (4, 1024, 2, False, False),  # --no-masked-softmax-fusion
        (4, 8192, 2, True, False),  # beyond the kernel's 4096 keys
        (4, 16, 2, True, False),  # at or below 16 keys
        (4, 64, 2, True, False),  # 64 keys: 4 warps of 2 rows = 8 matrices per block
        (8, 64, 2, True, True),
        (4, 130, 2, True, False),  # keys not a multiple of 4
    ],
)
def test_fused_softmax_rule(batch, s, e, enabled, fused):
    assert fused_softmax_available(batch, s, e, enabled) is fused


def test_unfused_softmax_runs_pytorchs_fp32_path():
    """Tensor 8 of 16 heads at micro-batch 1 leaves 2 score matrices per rank: the fused kernel is out and
    the forward runs 5 element-wise kernels over fp32 copies of the scores (36 bytes per score: cast 2+4,
    scale 4+4, mask 4+4, softmax 4+4, cast back 4+2), the backward 5 (40 bytes: the softmax backward reads
    output and gradient)."""
    t, b = 8, 1
    sc = parse_scenario(
        small_scenario(
            parallelism={"scheme": "megatron", "tensor": t},
            model={"layers": 2, "hidden": H, "heads": A, "seq_len": S, "vocab": 0},
            training={"global_batch": b, "micro_batch": b, "precision": "fp16"},
        )
    )
    ms = MegatronScheme(
        Dims.of(sc),
        OpFactory(CostModel(load_profile("dgx-a100"), "fp16")),
        RankLayout(tp=t, dp=1, pp=1),
        sp=False,
    )
    layer = ms.layer(0)
    scores = b * (A // t) * S * S
    fwd = [op for op in layer.forward if op.name.startswith("attn.softmax")]
    bwd = [op for op in layer.backward if op.name.startswith("attn.softmax")]
    assert len(fwd) == 5 and len(bwd) == 5
    assert sum(op.bytes for op in fwd) == pytest.approx(36.0 * scores)
    assert sum(op.bytes for op in bwd) == pytest.approx(40.0 * scores)
    assert [op.name for op in layer.recompute_full] == [op.name for op in layer.forward]
    # Without recomputation autograd keeps PyTorch's fp32 softmax output: 4 bytes per score, not 2.
    four = scheme(False, t=t, precision="fp16")  # micro-batch 4: the fused kernel runs
    off = MegatronScheme(four.d, four.f, four.layout, sp=False, softmax_fusion=False)
    gap = off.layer_activation_bytes("none") - four.layer_activation_bytes("none")
    assert gap == pytest.approx(2.0 * B * (A // t) * S * S)
    assert off.layer_activation_bytes("full") == four.layer_activation_bytes("full")
    # Micro-batch 4 (8 matrices per rank): the fused kernel, one pass reading and writing 2 bytes per score.
    fused = scheme(False, t=t, precision="fp16").layer(0)  # micro-batch 4: 8 matrices
    assert [op.bytes for op in fused.forward if op.name.startswith("attn.softmax")] == [
        2.0 * 2 * 4 * 2 * S * S
    ]


KORTHIKANTI = {
    # Table 2 per layer, 16-bit activations: s*b*h*(...)
    ("megatron", "none"): lambda t: S * B * H * (10 + 24 / t + 5 * A * S / (H * t)),
    ("megatron-sp", "none"): lambda t: S * B * H * (34 / t + 5 * A * S / (H * t)),
    ("megatron", "selective"): lambda t: S * B * H * (10 + 24 / t),
    ("megatron-sp", "selective"): lambda t: S * B * H * (34 / t),
    ("megatron", "full"): lambda t: S * B * H * 2,
}


@pytest.mark.parametrize(("name", "recompute"), sorted(KORTHIKANTI))
@pytest.mark.parametrize("t", [1, 2, 4, 8, 16])
def test_activation_memory_equals_korthikanti_table2(name, recompute, t):
    got = scheme(name == "megatron-sp", t=t).layer_activation_bytes(recompute)
    want = KORTHIKANTI[(name, recompute)](t)
    if t == 1:  # no parallelism: s*b*h*(34 + 5as/h) for none, regardless of SP
        want = {"none": S * B * H * (34 + 5 * A * S / H), "selective": S * B * H * 34, "full": S * B * H * 2}[
            recompute
        ]
    assert got == pytest.approx(want, rel=1e-12)


def test_sp_full_recompute_checkpoints_are_sequence_sharded():
    assert scheme(True).layer_activation_bytes("full") == pytest.approx(2 * S * B * H / T)


def test_fp32_activations_scale_with_element_size():
    # 4-byte activations: 16e+2 = 66 sbh and (2e+1) = 9 a s^2 b without parallelism
    got = scheme(False, t=1, precision="fp32").layer_activation_bytes("none")
    assert got == pytest.approx(S * B * H * 66 + 9 * A * S * S * B)


def test_layer_parameters():
    s = scheme(False, t=1)
    f = 4 * H
    assert s.layer_params() == 4 * H * H + 2 * H * f + 3 * H + f + 2 * H + 4 * H  # 12h^2 + 13h


@pytest.mark.parametrize("t", [1, 2, 8])
@pytest.mark.parametrize("recompute", ["none", "full"])
def test_backward_workspace_closed_form(t, recompute):
    """The gradients alive at a layer's backward peak, in 16-bit elements of s*b*h (f = 4h): MLP peak
    2 + 4/t (output, dropout-input and fc2-input gradients); attention peak 2 + 2*as/(ht) (two hidden-sized
    gradients, probability and score gradients) minus the MLP's freed 2*2 + 1 + 2*2*4/t; full recompute
    adds the checkpoint's recomputed output (2)."""
    sbh = S * B * H
    mlp = (2 * 2 + 2 * 4 / t) * sbh
    attention = (2 * 2 + 2 * 2 * A * S / (H * t) - (2 * 2 + 1 + 2 * 2 * 4 / t)) * sbh
    want = max(mlp, attention) + (2 * sbh if recompute == "full" else 0)
    assert scheme(False, t=t).layer_backward_bytes(recompute) == pytest.approx(want, rel=1e-12)


def test_sp_backward_workspace_holds_one_gathered_gradient():
    sbh = S * B * H
    sp, plain = scheme(True), scheme(False)
    # hidden-sized gradients are sequence-sharded, plus one full all-gathered gradient
    mlp = (2 * 2 / T + 2 * 4 / T) * sbh
    attention = (2 * 2 / T + 2 * 2 * A * S / (H * T) - (2 * 2 + 1) / T - 2 * 2 * 4 / T) * sbh
    assert sp.layer_backward_bytes("none") == pytest.approx(2 * sbh + max(mlp, attention), rel=1e-12)
    assert sp.layer_backward_bytes("none") < plain.layer_backward_bytes("none")


@pytest.mark.parametrize(("precision", "per_logit"), [("bf16", 52.0), ("fp32", 40.0)])
def test_vocab_parallel_cross_entropy_kernels(precision, per_logit):
    """Megatron's loss on [b*s, V/t] fp32 logits: cast (bf16 only: 2+4), max 4, subtract 8, exp 8, sum 4,
    softmax 8, backward scale 8 and cast back (bf16 only: 4+2) bytes per logit element, and three
    tiny all-reduces (max, sum, target logit) over the tensor-parallel group."""
    V = 51200
    sc = parse_scenario(
        small_scenario(
            parallelism={"scheme": "megatron", "tensor": T},
            model={"layers": 2, "hidden": H, "heads": A, "seq_len": S, "vocab": V},
            training={"global_batch": B, "micro_batch": B, "precision": precision},
        )
    )
    cost = CostModel(load_profile("dgx-a100"), precision)
    m = MegatronScheme(Dims.of(sc), OpFactory(cost), RankLayout(tp=T, dp=1, pp=1), sp=False)
    edges = m.edges(0)
    loss = [op for op in edges.head_forward + edges.head_backward if op.name.startswith("loss.")]
    logits = B * S * V / T
    elementwise = [op for op in loss if op.kind == "elementwise"]
    assert sum(op.bytes for op in elementwise) == pytest.approx(per_logit * logits)
    for op in elementwise:
        assert op.duration_s == pytest.approx(cost.elementwise(op.bytes))
    tiny = [op for op in loss if op.kind == "allreduce"]
    assert [op.bytes for op in tiny] == [B * S * 4.0] * 3
