"""Llama-style layers against closed forms: grouped-query attention, SwiGLU, RMSNorm, rotary positions, untied
embeddings (parameter counts, FLOPs per token, activation bytes) and their one-line input errors."""

from __future__ import annotations

import pytest

from simcluster.config.loader import check_semantics, parse_scenario
from simcluster.errors import ConfigError
from simcluster.hardware.profile import load_profile
from simcluster.model.costs import CostModel
from simcluster.parallel.base import Dims, OpFactory
from simcluster.parallel.groups import RankLayout
from simcluster.parallel.layers import edge_params
from simcluster.parallel.megatron import MegatronScheme
from tests.conftest import small_scenario

LLAMA3_8B = {
    "layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 8, "ffn_hidden": 14336, "vocab": 128256,
    "seq_len": 8192, "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "positions": "rope",
    "tie_embeddings": False,
}
LLAMA3_70B = {
    **LLAMA3_8B, "layers": 80, "hidden": 8192, "heads": 64, "kv_heads": 8, "ffn_hidden": 28672,
}


def scheme(model: dict, t: int = 1, b: int = 1, sp: bool = False) -> tuple[MegatronScheme, object]:
    sc = parse_scenario(
        small_scenario(
            parallelism={"scheme": "megatron-sp" if sp else "megatron", "tensor": t},
            model=model,
            training={"global_batch": b, "micro_batch": b, "precision": "bf16"},
        )
    )
    ops = OpFactory(CostModel(load_profile("dgx-h100"), "bf16"))
    return MegatronScheme(Dims.of(sc), ops, RankLayout(tp=t, dp=1, pp=1), sp=sp), sc


def total_params(s: MegatronScheme, layers: int) -> float:
    return layers * s.layer_params() + edge_params(s, True, True)


@pytest.mark.parametrize(("model", "published"), [(LLAMA3_8B, 8.03e9), (LLAMA3_70B, 70.55e9)])
def test_llama3_parameter_count(model, published):
    """Meta's model cards: 8.03B and 70.6B parameters (untied 128,256-word embedding and head)."""
    s, _ = scheme(model)
    assert total_params(s, model["layers"]) == pytest.approx(published, rel=2e-3)


def test_llama3_8b_exact_count():
    h, f, V, L = 4096, 14336, 128256, 32
    per_layer = h * h * 2 + 2 * h * 1024 + 3 * h * f + 2 * h
    s, _ = scheme(LLAMA3_8B)
    assert s.layer_params() == per_layer
    assert total_params(s, L) == L * per_layer + 2 * V * h + h == 8_030_261_248


@pytest.mark.parametrize("t", [1, 2, 8])
def test_flops_per_token_are_6n_plus_attention(t):
    """Training FLOPs of a layer per token: 6 x its matrix parameters + 12 s h (QK^T and AV over the full
    s x s scores, forward and backward); every rank computes 1/t of it."""
    b, s_len = 2, 256
    model = {**LLAMA3_8B, "seq_len": s_len, "layers": 2}
    sch, _ = scheme(model, t=t, b=b)
    layer = sch.layer(0)
    flops = sum(op.flops for op in layer.forward + layer.backward)
    h, f = 4096, 14336
    matrix = 2 * h * h + 2 * h * 1024 + 3 * h * f
    assert flops * t / (b * s_len) == pytest.approx(6 * matrix + 12 * s_len * h, rel=1e-12)
    fwd_qkv = next(op for op in layer.forward if op.name == "attn.qkv")
    assert fwd_qkv.flops == 2 * b * s_len * h * (h + 2 * 1024) / t
    assert any(op.name == "attn.rope" for op in layer.forward)
    assert any(op.name == "mlp.swiglu.bwd" for op in layer.backward)


def test_defaults_are_the_gpt_layer():
    """kv_heads = heads, GeLU, LayerNorm, biases, learned positions, tied: Megatron's 12h^2 + 13h layer."""
    h = 1024
    sch, _ = scheme({"layers": 2, "hidden": h, "heads": 16, "seq_len": 512, "vocab": 0})
    assert sch.layer_params() == 12 * h * h + 13 * h


@pytest.mark.parametrize("sp", [False, True])
def test_activation_bytes_gqa_swiglu(sp):
    """Korthikanti Table 2 with q, k, v = (1 + 2 kv/a) sbh and the MLP's stored activations 3 sbf (SwiGLU)
    instead of 2 sbf; selective recompute (no scores)."""
    b, s_len, t = 1, 1024, 4
    model = {**LLAMA3_8B, "seq_len": s_len, "layers": 2}
    sch, _ = scheme(model, t=t, b=b, sp=sp)
    e, h, f, a, kv = 2, 4096, 14336, 32, 8
    sbh, sbf = s_len * b * h, s_len * b * f
    sharded = e * sbh * (2 + 2 * kv / a) + 3 * e * sbf
    replicated = (4 * e + 2) * sbh
    expect = (replicated + sharded) / t if sp else replicated + sharded / t
    assert sch.layer_activation_bytes("selective") == pytest.approx(expect, rel=1e-12)


@pytest.mark.parametrize(
    ("model", "par", "field", "rule"),
    [
        ({"kv_heads": 6}, {}, "model.kv_heads=6", "must divide model.heads=16"),
        ({"kv_heads": 32}, {}, "model.kv_heads=32", "must divide model.heads=16"),
        ({"kv_heads": 2}, {"tensor": 4}, "parallelism.tensor=4", "does not divide model.kv_heads=2"),
        ({"mlp": "swiglu"}, {"scheme": "optimus", "tensor": 4}, "model.mlp='swiglu'", "scheme optimus"),
        ({"qk_norm": True}, {"scheme": "optimus", "tensor": 4}, "model.qk_norm=True", "scheme optimus"),
    ],
)
def test_bad_input_is_one_line(model, par, field, rule):
    with pytest.raises(ConfigError) as err:
        sc = parse_scenario(
            small_scenario(
                parallelism=par,
                model={"layers": 2, "hidden": 1024, "heads": 16, "seq_len": 512, "vocab": 0, **model},
                training={"global_batch": 4, "micro_batch": 4},
            )
        )
        check_semantics(sc, load_profile(sc.hardware))
    text = str(err.value)
    assert "\n" not in text and text.startswith(field) and rule in text


QWEN3_8B = {  # Qwen/Qwen3-8B config.json: 36 layers, head_dim 128, untied, q and k heads RMS-normalized
    **LLAMA3_8B, "layers": 36, "ffn_hidden": 12288, "vocab": 151936, "head_dim": 128, "qk_norm": True,
}


def test_qwen3_8b_parameter_count():
    """Qwen3-8B's model card: 8.2B parameters; each layer adds its q and k norms' two 128-wide weights."""
    h, f, V, L, hd = 4096, 12288, 151936, 36, 128
    per_layer = 2 * h * h + 2 * h * 1024 + 3 * h * f + 2 * h + 2 * hd
    s, _ = scheme(QWEN3_8B)
    assert s.layer_params() == per_layer
    assert total_params(s, L) == L * per_layer + 2 * V * h + h == 8_190_735_360


@pytest.mark.parametrize(("t", "sp"), [(1, False), (4, False), (4, True)])
def test_qk_norm_ops_and_stored_bytes(t, sp):
    """model.qk_norm: one fused norm pass over the rank's query and key heads after the QKV GEMM and before
    RoPE (2e bytes per element forward, 3e backward, as the layer's norms, plus the two weights), re-run by
    per-op recompute; the layer keeps the pre-norm q and k (e bytes) and an fp32 reciprocal root per head
    and token: (a + kv) s b (e hd + 4) / t more stored bytes, nothing else changes."""
    b, s_len, e, a, kv, hd = 2, 1024, 2, 32, 8, 128
    model = {**QWEN3_8B, "seq_len": s_len, "layers": 2}
    on, _ = scheme(model, t=t, b=b, sp=sp)
    off, _ = scheme({**model, "qk_norm": False}, t=t, b=b, sp=sp)
    elements = b * s_len * (a + kv) * hd / t
    layer = on.layer(0)
    names = [op.name for op in layer.forward]
    assert names.index("attn.qkv") < names.index("attn.qk_norm") < names.index("attn.rope")
    fwd = next(op for op in layer.forward if op.name == "attn.qk_norm")
    bwd = next(op for op in layer.backward if op.name == "attn.qk_norm.bwd")
    assert fwd.bytes == 2 * e * elements + 4 * hd * e and bwd.bytes == 3 * e * elements + 4 * hd * e
    assert [op.name for op in layer.recompute_op].count("attn.qk_norm") == 1
    assert [op.name for op in off.layer(0).forward] == [n for n in names if n != "attn.qk_norm"]
    extra = b * s_len * (a + kv) * (e * hd + 4) / t
    for recompute in ("none", "selective"):
        got = on.layer_activation_bytes(recompute) - off.layer_activation_bytes(recompute)
        assert got == pytest.approx(extra, rel=1e-12)
    for recompute in ("full", "op"):
        assert on.layer_activation_bytes(recompute) == off.layer_activation_bytes(recompute)


def test_flash_attention_flops_time_and_memory():
    """One fused kernel: the causal half of 4 b a s^2 hd FLOPs forward, 2.5 x that backward, at the
    profile's measured attention rate at that sequence; no s x s scores stored, nothing to recompute selectively."""
    b, s_len = 1, 2048
    model = {**LLAMA3_8B, "seq_len": s_len, "layers": 2, "attention": "flash"}
    sch, _ = scheme(model, b=b)
    layer = sch.layer(0)
    fwd = next(op for op in layer.forward if op.name == "attn.flash")
    bwd = next(op for op in layer.backward if op.name == "attn.flash.bwd")
    assert fwd.flops == 2.0 * b * 32 * s_len**2 * 128
    assert bwd.flops == 2.5 * fwd.flops
    # dgx-h100's attention table at 2K: the H200's measured 298.3 TFLOP/s x the H100's 16K rate over the H200's
    assert fwd.duration_s == pytest.approx(5e-6 + fwd.flops / (298.325e12 * 989 * 0.339 / 342.551), rel=1e-5)
    assert not any(op.name.startswith("attn.softmax") for op in layer.forward)
    assert layer.recompute_selective == []
    eager, _ = scheme({**model, "attention": "eager"}, b=b)
    e, a = 2, 32
    diff = eager.layer_activation_bytes("none") - sch.layer_activation_bytes("none")
    assert diff == pytest.approx((2 * e + 1) * a * s_len**2 * b - 4 * a * s_len * b, rel=1e-12)


def test_flash_needs_the_profile_constant():
    sc = parse_scenario(
        small_scenario(
            model={"layers": 2, "hidden": 1024, "heads": 16, "seq_len": 512, "vocab": 0, "attention": "flash"},
            training={"global_batch": 4, "micro_batch": 4},
        )
    )
    with pytest.raises(ConfigError, match=r"^model.attention='flash': needs gpu.flash_attention_efficiency"):
        check_semantics(sc, load_profile("dgx-a100"))


def test_dgx_h100_preset_matches_published_facts():
    """NVIDIA's H100 SXM / DGX H100 facts: 989 TFLOP/s dense bf16, 80 GB HBM3 at 3.35 TB/s, 8 GPUs and
    8 x 400 Gb/s InfiniBand NICs per node, NVLink4 450 GB/s per GPU per direction. The link rates are the
    measured NCCL bus bandwidths, at or below those spec-sheet ceilings."""
    hw = load_profile("dgx-h100")
    assert hw.gpu.peak_tflops["bf16"] == 989.0
    assert hw.gpu.memory_GiB == 80 and hw.gpu.memory_bandwidth_GBps == 3350
    assert hw.node.gpus_per_node == 8 and hw.node.nics_per_node == 8
    assert 0.9 * 50.0 <= hw.links.nic.bandwidth_GBps <= 400 / 8  # 400 Gb/s = 50 GB/s per NIC
    assert 0.8 * 450.0 <= hw.links.nvlink.bandwidth_GBps <= 450.0


def test_model_flops_count_gqa_and_swiglu(write_scenario):
    """summary's model FLOPs: 6 x (matrix parameters incl. the untied head) + 12 s h per layer, per token."""
    from simcluster.config.loader import load_scenario
    from simcluster.simulate import simulate

    model = {**LLAMA3_8B, "seq_len": 256, "layers": 2, "vocab": 1024}
    res = simulate(load_scenario(write_scenario(
        small_scenario(model=model, training={"global_batch": 1, "micro_batch": 1}), "flops.yaml")))  # fmt: skip
    h, f = 4096, 14336
    matrix = 2 * (2 * h * h + 2 * h * 1024 + 3 * h * f) + h * 1024
    assert res.model_flops() == pytest.approx(256 * (6 * matrix + 2 * 12 * 256 * h), rel=1e-12)


@pytest.mark.parametrize(("t", "sp"), [(1, False), (4, True)])
def test_eager_norms_and_swiglu_keep_more_for_the_backward(t, sp):
    """Eager RMSNorm (`eager_norm`: x.float() and the output before the weight, where a fused norm keeps its
    input) keeps 4 more bytes per normalized element, two norms: 8 s b h; eager SwiGLU (`eager_pointwise`:
    silu keeps its input, the product both factors) keeps silu's output more: e s b f, tensor-split. RoPE's
    complex multiply keeps nothing more. Only the stored set without recompute changes (it is also what one
    layer re-materializes under per-op or full recompute), and the MLP's share is freed before attention's
    backward peak."""
    from dataclasses import replace

    b, s_len, e, f = 2, 1024, 2, 14336
    model = {**LLAMA3_8B, "seq_len": s_len, "layers": 2}
    fused, _ = scheme(model, t=t, b=b, sp=sp)
    eager = MegatronScheme(replace(fused.d, eager_norm=True, eager_pointwise=True), fused.f, fused.layout, sp=sp)
    sbh, sbf = s_len * b * 4096, s_len * b * f
    extra = (8 * sbh + e * sbf) / t
    assert eager.layer_activation_bytes("none") - fused.layer_activation_bytes("none") == pytest.approx(extra)
    for recompute in ("op", "full"):
        assert eager.layer_activation_bytes(recompute) == fused.layer_activation_bytes(recompute)
    assert eager.layer_backward_bytes("none") <= fused.layer_backward_bytes("none")


def test_squared_relu_is_a_two_matrix_mlp_priced_as_gelu():
    """Nemotron's squared ReLU (`mlp: squared_relu`): two matrices and one element-wise pass each way, as GeLU:
    the same parameters, FLOPs, bytes and stored activations; only the kernel's name differs. Optimus keeps the
    GPT layer."""
    nemotron = {"layers": 2, "hidden": 1024, "heads": 16, "ffn_hidden": 4096, "vocab": 0, "bias": False}
    (gelu, _), (relu2, _) = scheme({**nemotron, "mlp": "gelu"}), scheme({**nemotron, "mlp": "squared_relu"})
    fwd_g, fwd_r = gelu.layer(0).forward, relu2.layer(0).forward
    assert [o.name for o in fwd_r] == [o.name.replace("mlp.gelu", "mlp.squared_relu") for o in fwd_g]
    assert [(o.bytes, o.flops, o.duration_s) for o in fwd_r] == [(o.bytes, o.flops, o.duration_s) for o in fwd_g]
    assert "mlp.squared_relu.bwd" in [o.name for o in relu2.layer(0).backward]
    assert relu2.layer_activation_bytes("none") == gelu.layer_activation_bytes("none")
    assert total_params(relu2, 2) == total_params(gelu, 2)
    doc = small_scenario(parallelism={"scheme": "optimus", "tensor": 4}, model={"mlp": "squared_relu"})
    with pytest.raises(ConfigError) as e:
        check_semantics(parse_scenario(doc), load_profile("dgx-a100"))
    assert str(e.value).startswith("model.mlp='squared_relu': must keep its default under scheme optimus")
