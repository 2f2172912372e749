"""Multi-head latent attention (model.mla): parameters (DeepSeek-V3's 671B), the layer's ops, collective
widths, FLOPs, stored bytes and mla_up_proj recompute against closed forms; folding; the one-line errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from simcluster.config.loader import LoadedScenario, check_semantics, load_scenario, parse_scenario
from simcluster.errors import ConfigError
from simcluster.hardware.profile import load_profile
from simcluster.model.costs import CostModel
from simcluster.model.mla import MLA, mla_params
from simcluster.model.moe import MoE
from simcluster.parallel.base import Dims
from simcluster.parallel.megatron import model_params
from simcluster.parallel.program import build_program
from simcluster.simulate import simulate
from tests.conftest import small_scenario

H100 = load_profile("dgx-h100")
ROOT = Path(__file__).resolve().parent.parent
# a small latent attention: 16 heads, q latent 96, kv latent 32, 32 content + 16 rotary channels, v 32
MLA_DOC = {"q_lora_rank": 96, "kv_lora_rank": 32, "qk_head_dim": 32, "qk_pos_emb_head_dim": 16, "v_head_dim": 32}
MODEL = {
    "layers": 4, "hidden": 512, "heads": 16, "seq_len": 1024, "vocab": 8000, "mlp": "swiglu", "norm": "rmsnorm",
    "bias": False, "positions": "rope", "tie_embeddings": False, "attention": "flash", "mla": MLA_DOC,
}


def scenario(t: int = 2, dp: int = 4, pp: int = 1, mla: dict | None = None, **training):
    par = {"scheme": "megatron-sp" if t > 1 else "megatron", "tensor": t, "pipeline": pp, "data": dp}
    doc = small_scenario(
        parallelism=par,
        model={**MODEL, "mla": {**MLA_DOC, **(mla or {})}},
        training={"global_batch": 4 * dp, "micro_batch": 1, **training},
    )
    return parse_scenario({**doc, "hardware": "dgx-h100", "cluster": {"nodes": 1}})


def program(sc):
    check_semantics(sc, H100)
    return build_program(sc, CostModel(H100, "bf16"), fold=True)


def layer_ops(prog, phase="forward", layer=0):
    return {op.name: op for op, ly, mb in prog.steps[0] if mb == 0 and ly == layer and op.phase == phase}


def test_deepseek_v3_parameters_from_the_scenario():
    """The shipped DeepSeek-V3 scenario's own Dims count 671B parameters and 37B active (published), the same
    as the closed form with DeepSeek's latent widths."""
    sc = load_scenario(ROOT / "scenarios" / "deepseek_v3_2048gpu.yaml").scenario
    d, m = Dims.of(sc), MoE.of(sc.model.moe)
    assert d.mla == MLA(1536, 512, 128, 64, 128)
    total = model_params(d, 61, m)
    assert total == pytest.approx(671e9, rel=0.01)
    assert model_params(d, 61, m, active=True) == pytest.approx(37e9, rel=0.02)
    std = Dims(**{**d.__dict__, "mla": None})  # the same model with standard attention: only attention differs
    std_attention = (d.a + 2 * d.kvh) * d.hd * d.h + d.a * d.hd * d.h
    latent = mla_params(7168, 128, 1536, 512, 128, 64, 128)
    assert total - model_params(std, 61, m) == pytest.approx(61 * (latent - std_attention), rel=1e-12)


def test_latent_attention_by_hand():
    """One layer's latent attention: q down 512x96 + q up 96x(16x48) + kv down 512x(32+16) + kv up
    32x(16x64) + out (16x32)x512 + the latents' norms 96 + 32."""
    m = MLA(96, 32, 32, 16, 32)
    assert m.params(512, 16) == 512 * 96 + 96 * 16 * 48 + 512 * 48 + 32 * 16 * 64 + 16 * 32 * 512 + 96 + 32
    assert m.down_params(512) + m.up_params(512, 16) == m.params(512, 16)
    assert MLA(0, 32, 32, 16, 32).params(512, 16) == 512 * 16 * 48 + 512 * 48 + 32 * 16 * 64 + 16 * 32 * 512 + 32


def test_layer_ops_shapes_and_gathers():
    """Under sequence parallel (t = 2): the duplicated down projections run on the rank's s/t tokens; the
    up projections are column-parallel on all s tokens and gather only the latents (96, 32) and the key's
    rotary channels (16), not h; flash attention is q_head (48) wide with 32-wide values."""
    sc = scenario()
    prog = program(sc)
    d = Dims.of(sc)
    tok, bs, heads = d.s // 2, d.s, 16 // 2
    fwd = layer_ops(prog)
    assert fwd["attn.q_down"].flops == 2 * tok * 96 * 512
    assert fwd["attn.kv_down"].flops == 2 * tok * 48 * 512
    assert fwd["attn.q_up"].flops == 2 * bs * heads * 48 * 96
    assert fwd["attn.kv_up"].flops == 2 * bs * heads * 64 * 32
    assert fwd["attn.proj"].flops == 2 * bs * 512 * heads * 32
    assert fwd["attn.flash"].flops == bs * bs * heads * (48 + 32)  # causal half of 2 s^2 heads (48 + 32)
    gathers = {n: op.bytes for n, op in fwd.items() if op.kind == "allgather"}
    e = d.e
    assert gathers == {
        "attn.k_rope.allgather": bs * 16 * e,
        "attn.q_up.allgather": bs * 96 * e,
        "attn.kv_up.allgather": bs * 32 * e,
        "mlp.allgather": bs * 512 * e,
    }
    bwd = layer_ops(prog, "backward")
    scatters = {n: op.bytes for n, op in bwd.items() if op.kind == "reducescatter"}
    assert scatters == {
        "attn.k_rope.reducescatter": bs * 16 * e,
        "attn.q_up.reducescatter": bs * 96 * e,
        "attn.kv_up.reducescatter": bs * 32 * e,
        "mlp.reducescatter": bs * 512 * e,
    }
    # every forward GEMM has its two backward GEMMs at twice its FLOPs
    fwd_gemm = sum(op.flops for op in fwd.values() if op.kind == "gemm")
    bwd_gemm = sum(op.flops for op in bwd.values() if op.kind == "gemm")
    assert bwd_gemm == pytest.approx(2 * fwd_gemm)


def test_without_sequence_parallel():
    """megatron (no SP) with t = 2: the down projections run on every token; the up projections' input
    gradients all-reduce at latent width, and so does the key's shared rotary part."""
    doc = small_scenario(
        parallelism={"scheme": "megatron", "tensor": 2, "data": 4},
        model={**MODEL},
        training={"global_batch": 16, "micro_batch": 1},
    )
    sc = parse_scenario({**doc, "hardware": "dgx-h100", "cluster": {"nodes": 1}})
    prog = program(sc)
    bs, e = 1024, 2
    fwd = layer_ops(prog)
    assert fwd["attn.q_down"].flops == 2 * bs * 96 * 512
    assert not any(op.kind == "allgather" for op in fwd.values())
    ars = {n: op.bytes for n, op in layer_ops(prog, "backward").items() if op.kind == "allreduce"}
    assert ars["attn.q_up.allreduce"] == bs * 96 * e
    assert ars["attn.kv_up.allreduce"] == bs * 32 * e
    assert ars["attn.k_rope.allreduce"] == bs * 16 * e


def test_parameters_and_gradient_sync():
    """Per rank: the up and output projections split t ways, the down projections and latent norms whole;
    under SP those duplicated weights' gradients all-reduce over the tensor group with the norms'."""
    sc = scenario()
    prog = program(sc)
    d = Dims.of(sc)
    m = d.mla
    per_layer = (m.up_params(512, 16) + 3 * 512 * 2048) / 2 + m.down_params(512) + 2 * 512
    assert prog.scheme.layer_params() == per_layer
    sync = [op for op, ly, mb in prog.steps[0] if op.name == "sp.layernorm_grads.allreduce"]
    assert sync and sync[0].bytes == 4 * (m.down_params(512) + 2 * 512) * d.e


def test_stored_bytes_and_mla_up_proj():
    """Stored per layer (SP, t = 2, no recompute): the standard layer's replicated terms, the latents
    before and after their norms (2 e s b (96 + 32), sequence-split), q and k (48 wide), v and the output
    (32 wide) per head (split over heads), the MLP's, flash's fp32 log-sum-exp. mla_up_proj drops q, k, v
    and re-runs exactly the up projections, their gathers, the rotary embedding and the concatenations."""
    sc = scenario()
    prog = program(sc)
    d = Dims.of(sc)
    s, b, h, a, e, t, f = d.s, d.b, d.h, d.a, d.e, d.t, d.f
    want = ((4 * e + 2) * s * b * h + 2 * e * s * b * (96 + 32) + e * s * b * a * (2 * 48 + 2 * 32)
            + 3 * e * s * b * f + 4 * a * s * b) / t
    assert prog.scheme.layer_activation_bytes("none") == pytest.approx(want)
    sel = scenario(recompute="selective", recompute_modules=["mla_up_proj"])
    prog2 = program(sel)
    freed = prog2.scheme.layer_activation_bytes("none") - prog2.scheme.layer_activation_bytes("selective")
    assert freed == pytest.approx(e * s * b * a * (2 * 48 + 32) / t)
    redo = [op.name for op, ly, mb in prog2.steps[0] if mb == 0 and ly == 0 and op.phase == "recompute"]
    assert redo == ["attn.q_up.allgather", "attn.q_up", "attn.kv_up.allgather", "attn.kv_up", "attn.mla_rope",
                    "attn.mla_concat"]


def test_model_flops():
    """Megatron's MLA count: 2 x the attention's parameters (norms included) + 2 s heads (q_head + v) per
    token and layer forward; training 3x."""
    sc = scenario()
    res = simulate(LoadedScenario(sc, H100, Path(".")))
    B, s, h, L, V = 16, 1024, 512, 4, 8000
    attn = MLA(96, 32, 32, 16, 32).params(h, 16) + s * 16 * (48 + 32)
    fwd = 2.0 * B * s * (L * attn + 3 * h * 2048 * L + h * V)
    assert res.model_flops() == pytest.approx(3 * fwd)


@pytest.mark.parametrize(("t", "dp", "pp"), [(2, 4, 1), (1, 4, 2), (4, 2, 1)])
def test_folding_matches_unfolded(t, dp, pp):
    sc = scenario(t=t, dp=dp, pp=pp)
    check_semantics(sc, H100)
    runs = []
    for fold in ("auto", "none"):
        s2 = sc.model_copy(update={"simulation": sc.simulation.model_copy(update={"fold": fold})})
        runs.append(simulate(LoadedScenario(s2, H100, Path("."))))
    assert runs[0].engine.iteration_time_s == pytest.approx(runs[1].engine.iteration_time_s, rel=1e-12)
    assert runs[0].memory[0].total == runs[1].memory[0].total


@pytest.mark.parametrize(
    ("model", "parallelism", "training", "field"),
    [
        ({"attention": "eager"}, {}, {}, "model.attention"),
        ({"kv_heads": 4}, {}, {}, "model.kv_heads"),
        ({"head_dim": 64}, {}, {}, "model.head_dim"),
        ({"bias": True}, {}, {}, "model.bias"),
        ({}, {"context": 2, "data": 2}, {}, "parallelism.context"),
        ({}, {}, {"recompute": "op"}, "training.recompute"),
        ({"qk_norm": True}, {}, {}, "model.qk_norm"),
        ({}, {"scheme": "optimus", "tensor": 4, "data": 2}, {}, "parallelism.scheme"),
        ({"mla": None}, {}, {"recompute": "selective", "recompute_modules": ["mla_up_proj"]},
         "training.recompute_modules"),
        ({"mla": {**MLA_DOC, "kv_lora_rank": 0}}, {}, {}, "model.mla.kv_lora_rank"),
    ],
)
def test_bad_mla_inputs(model, parallelism, training, field):
    doc = small_scenario(
        parallelism={"scheme": "megatron-sp", "tensor": 2, "data": 4, **parallelism},
        model={**MODEL, **model},
        training={"global_batch": 16, "micro_batch": 1, **training},
    )
    with pytest.raises(ConfigError) as err:
        check_semantics(parse_scenario({**doc, "hardware": "dgx-h100", "cluster": {"nodes": 1}}), H100)
    assert str(err.value).startswith(field), str(err.value)
    assert "\n" not in str(err.value)


def test_search_on_latent_attention(tmp_path):
    """The default space over an MLA model lists only layouts the loader takes (no context parallel, no
    per-op recompute), its fast memory equals the memory model, and its estimate is within 25% of the engine
    (the estimate is built from the same layer ops)."""
    import yaml

    from simcluster.memory.maxbatch import peak_memory
    from simcluster.search.driver import run_search
    from simcluster.search.prune import peak_memory_fast
    from simcluster.search.space import CONTEXT, Space, enumerate_space
    from tests.test_search import estimates_and_engine

    doc = small_scenario(
        parallelism={"scheme": "megatron-sp", "tensor": 1},
        model={**MODEL},
        training={"global_batch": 32, "micro_batch": 1},
    )
    doc = {**doc, "hardware": "dgx-h100", "cluster": {"nodes": 2}}
    path = tmp_path / "mla.yaml"
    path.write_text(yaml.safe_dump(doc))
    loaded = load_scenario(path)
    space = Space({"training.grad_overlap": [True], "parallelism.pipeline": [1, 2], CONTEXT: [1, 2]})
    enum = enumerate_space(loaded, doc, space)
    assert enum.scenarios and all(lay.get(CONTEXT, 1) == 1 for lay in enum.layouts)
    assert {lay["training.recompute"] for lay in enum.layouts} <= {"none", "selective", "full"}
    for sc in enum.scenarios:
        check_semantics(sc, H100)
    for sc in enum.scenarios[:: max(1, len(enum.scenarios) // 8)]:
        assert peak_memory_fast(sc, H100).total == pytest.approx(peak_memory(loaded, sc).total, rel=1e-12)
    res = run_search(loaded, doc, space, top=0, jobs=1)
    for r, est, sim in zip(*estimates_and_engine(loaded, enum, res, 3)):
        assert est == pytest.approx(sim, rel=0.25), r["label"]


def test_causal_model_flops():
    """model_tflops_per_gpu_causal (Megatron-Core's count since 2025): the attention scores and their product
    with V over half the keys. Standard attention loses 3 x 2 B s L (s heads head_dim) of the full count; latent
    attention 3 x 2 B s L (s heads (q_head + v) / 2)."""
    sc = scenario()
    res = simulate(LoadedScenario(sc, H100, Path(".")))
    B, s, L = 16, 1024, 4
    assert res.model_flops() - res.model_flops(causal=True) == pytest.approx(3 * 2.0 * B * s * L * s * 16 * 80 / 2)
    doc = small_scenario(
        parallelism={"scheme": "megatron", "tensor": 2, "data": 4},
        model={**MODEL, "mla": None, "kv_heads": 4},
        training={"global_batch": 16, "micro_batch": 1},
    )
    std = simulate(load_scenario_from(doc))
    assert std.model_flops() - std.model_flops(causal=True) == pytest.approx(3 * 2.0 * B * s * L * s * 16 * 32)
    summ = std.summary()
    assert summ["model_tflops_per_gpu_causal"] == pytest.approx(
        summ["model_tflops_per_gpu"] * std.model_flops(causal=True) / std.model_flops()
    )


def load_scenario_from(doc: dict) -> LoadedScenario:
    sc = parse_scenario({**doc, "hardware": "dgx-h100", "cluster": {"nodes": 1}})
    check_semantics(sc, H100)
    return LoadedScenario(sc, H100, Path("."))
