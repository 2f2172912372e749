"""torchtitan's per-op selective activation checkpointing (`training.recompute: op`) against closed forms:
what it keeps per layer, what the backward re-runs, and its one-line input error."""

from __future__ import annotations

import pytest

from simcluster.config.loader import check_semantics, parse_scenario
from simcluster.errors import ConfigError
from simcluster.hardware.profile import load_profile
from tests.conftest import small_scenario
from tests.test_modern_models import LLAMA3_8B, scheme

E, H, F, A, KV = 2, 4096, 14336, 32, 8


@pytest.mark.parametrize(("t", "sp"), [(1, False), (4, False), (4, True)])
def test_op_sac_keeps_input_q_v_attention_w1_w2(t, sp):
    """Kept per layer: the layer input (sequence-sharded under SP), q, v, attention's output and fp32
    log-sum-exp, w1's output, w2's output (partial sums, whole on every rank), and the two reduce-scatter
    outputs under SP. Llama 3 8B, t = 1: e sbh (4 + kv/a) + e sbf + 4 a s b = 1,042,284,544 bytes at b 2, s 8192."""
    b, s_len = 2, 8192
    sch, _ = scheme({**LLAMA3_8B, "layers": 2, "attention": "flash"}, t=t, b=b, sp=sp)
    sbh, sbf = s_len * b * H, s_len * b * F
    expect = E * sbh / (t if sp else 1) + E * sbh * (2 + KV / A) / t + 4 * A * s_len * b / t + E * sbf / t
    expect += E * sbh + (2 * E * sbh / t if sp else 0)
    assert sch.layer_activation_bytes("op") == pytest.approx(expect, rel=1e-12)
    if t == 1:
        assert sch.layer_activation_bytes("op") == 1_042_284_544
        # between full recompute (the input only) and selective recompute (everything but the scores)
        assert sch.layer_activation_bytes("full") < expect < 0.45 * sch.layer_activation_bytes("selective")


@pytest.mark.parametrize("t", [1, 2])
def test_op_sac_recomputes_k_wo_w3_and_the_elementwise_ops(t):
    """The backward re-runs the GEMMs whose outputs the policy drops (k, wo and the gated MLP's w3:
    2 bs h (kv hd + h + f) / t FLOPs) and every non-matmul op of the forward, not attention."""
    b, s_len = 1, 1024
    sch, _ = scheme({**LLAMA3_8B, "seq_len": s_len, "layers": 2, "attention": "flash"}, t=t, b=b)
    layer = sch.layer(0)
    redo = layer.redo("op")
    gemm_flops = sum(op.flops for op in redo if op.kind == "gemm")
    assert gemm_flops == pytest.approx(2 * b * s_len * H * (KV * 128 + H + F) / t, rel=1e-12)
    names = {op.name for op in redo}
    assert {"ln1", "ln2", "attn.rope", "mlp.swiglu", "attn.bias_dropout_add", "mlp.bias_dropout_add"} <= names
    assert not any("flash" in n for n in names)
    assert all(op.phase == "recompute" for op in redo)
    assert layer.redo("none") == [] and layer.redo("full") == layer.recompute_full


def test_op_sac_is_megatron_only():
    with pytest.raises(ConfigError) as err:
        sc = parse_scenario(
            small_scenario(parallelism={"scheme": "optimus", "tensor": 4}, training={"recompute": "op"})
        )
        check_semantics(sc, load_profile(sc.hardware))
    text = str(err.value)
    assert "\n" not in text and text.startswith("training.recompute='op'") and "not optimus" in text


def test_eager_loss_workspace_is_two_fp32_logit_tensors():
    """`training.loss: eager` adds 8 s b V / t bytes (nll_loss's and log_softmax's fp32 gradients) to the last
    stage's workspace where that is larger than a layer's backward; fused (Megatron) adds nothing. Llama 3 8B
    at b 2, s 8192: 8 x 16,384 x 128,256 = 16.8 GB. Context parallel splits the loss with the sequence: each
    rank holds s / cp tokens' logits (the 256K-token CP 8 row was 269 GB where torchtitan measured 84.5 GiB).
    With the vocabulary split over tensor parallel it is torch's loss_parallel, whose fused backward
    (zeros_like(x) + exp(x)) * grad holds three such tensors at once: 12 s b V / t."""
    from simcluster.memory.model import eager_loss_bytes

    def sc(loss: str, t: int = 1, cp: int = 1):
        return parse_scenario(
            small_scenario(
                parallelism={"tensor": t, "context": cp},
                model={**LLAMA3_8B, "layers": 2},
                training={"global_batch": 2, "micro_batch": 2, "loss": loss},
            )
        )

    assert eager_loss_bytes(sc("eager")) == 8 * 8192 * 2 * 128256 == 16_810_770_432
    assert eager_loss_bytes(sc("eager", t=4)) == 16_810_770_432 * 1.5 / 4
    assert eager_loss_bytes(sc("eager", cp=4)) == 16_810_770_432 / 4
    assert eager_loss_bytes(sc("fused")) == 0.0


def test_fsdp_fp32_reduce_scatter_moves_twice_the_bytes(write_scenario):
    """`training.grad_reduce_fp32`: FSDP's per-layer reduce-scatter carries 4 bytes per layer parameter
    instead of 2 (bf16), and the unsharded gradient buffer is fp32: + 2 bytes x layer parameters."""
    from simcluster.config.loader import load_scenario
    from simcluster.memory.model import rank_memory
    from simcluster.model.costs import CostModel
    from simcluster.parallel.program import build_program

    def build(fp32: bool):
        path = write_scenario(
            small_scenario(
                parallelism={"tensor": 1, "data": 8, "zero": "full"},
                model={**LLAMA3_8B, "layers": 2, "seq_len": 512, "vocab": 0},
                training={"global_batch": 8, "micro_batch": 1, "grad_reduce_fp32": fp32},
            )
        )
        loaded = load_scenario(path)
        prog = build_program(loaded.scenario, CostModel(loaded.hardware, "bf16"), fold=True)
        return loaded.scenario, prog

    layer = 4096 * 4096 * 2 + 2 * 4096 * 1024 + 3 * 4096 * 14336 + 2 * 4096
    for fp32, per_param in ((False, 2), (True, 4)):
        sc, prog = build(fp32)
        rs = [st.op for st in prog.steps[0] if st.op.name.startswith("fsdp.grads")]
        assert rs and all(op.bytes == layer * per_param for op in rs)
    sc16, prog16 = build(False)
    sc32, prog32 = build(True)
    mem = lambda sc, prog: rank_memory(sc, prog.scheme, prog.params_per_rank[0], 0, prog.schedules[0])  # noqa: E731
    assert mem(sc32, prog32).workspace - mem(sc16, prog16).workspace == 2 * layer


def eager_scheme(model: dict, b: int, **training):
    """One rank's Megatron scheme (no tensor parallel, bf16 on dgx-h100) for `model` with `training` flags."""
    from simcluster.model.costs import CostModel
    from simcluster.parallel.base import Dims, OpFactory
    from simcluster.parallel.groups import RankLayout
    from simcluster.parallel.megatron import MegatronScheme

    sc = parse_scenario(
        small_scenario(
            parallelism={"tensor": 1},
            model=model,
            training={"global_batch": b, "micro_batch": b, "precision": "bf16", **training},
        )
    )
    return MegatronScheme(
        Dims.of(sc), OpFactory(CostModel(load_profile("dgx-h100"), "bf16")), RankLayout(tp=1, dp=1, pp=1), sp=False
    )


def test_eager_norm_bytes_per_element():
    """`training.eager_norm`: the norms' forward moves 28 + 4e bytes per element (36 at bf16) and the backward
    44 + 6e (56), where the fused kernel moves 2e and 3e; the layer's two norms carry that times tok x h."""
    b, s_len = 1, 1024
    model = {**LLAMA3_8B, "seq_len": s_len, "layers": 2, "attention": "flash"}
    fused, _ = scheme(model, b=b)
    eager = eager_scheme(model, b, eager_norm=True)
    tok_h = b * s_len * H

    def nbytes(sch, name):
        layer = sch.layer(0)
        return next(op.bytes for op in layer.forward + layer.backward if op.name == name) - 4 * H * E

    assert nbytes(fused, "ln1") == 4 * tok_h and nbytes(fused, "ln1.bwd") == 6 * tok_h
    assert nbytes(eager, "ln1") == 36 * tok_h and nbytes(eager, "ln2.bwd") == 56 * tok_h


def test_eager_pointwise_bytes_per_element():
    """`training.eager_pointwise`: RoPE moves 16 + 2e bytes per rotated q/k element each way (20 at bf16; fused
    2e = 4) and SwiGLU 5e per f-element forward and 9e backward (10 and 18; fused 3e and 5e = 6 and 10); the
    norms are untouched (their own flag)."""
    b, s_len = 1, 1024
    model = {**LLAMA3_8B, "seq_len": s_len, "layers": 2, "attention": "flash"}
    fused, _ = scheme(model, b=b)
    eager = eager_scheme(model, b, eager_pointwise=True)
    tok = b * s_len
    qk = tok * (A + KV) * (H // A)

    def nbytes(sch, name):
        layer = sch.layer(0)
        return next(op.bytes for op in layer.forward + layer.backward if op.name == name)

    assert nbytes(fused, "attn.rope") == 4 * qk and nbytes(fused, "attn.rope.bwd") == 4 * qk
    assert nbytes(eager, "attn.rope") == 20 * qk and nbytes(eager, "attn.rope.bwd") == 20 * qk
    assert nbytes(fused, "mlp.swiglu") == 6 * tok * F and nbytes(fused, "mlp.swiglu.bwd") == 10 * tok * F
    assert nbytes(eager, "mlp.swiglu") == 10 * tok * F and nbytes(eager, "mlp.swiglu.bwd") == 18 * tok * F
    assert nbytes(eager, "ln1") == nbytes(fused, "ln1")


@pytest.mark.parametrize("schedule, v", [("1f1b", 1), ("interleaved-1f1b", 2)])
def test_torch_pipelining_keeps_a_receive_buffer_per_micro_batch(schedule: str, v: int) -> None:
    """`pipeline_recv_buffers: per_microbatch` (torch.distributed.pipelining's _prepare_forward_infra and
    _prepare_backward_infra allocate every micro-batch's receive buffers once): stage s of p with v chunks
    holds m x B per chunk that receives activations (all but the model's first chunk) and per chunk that
    receives gradients (all but the last), B = the boundary activation b s h e / t under sequence parallel;
    a received input is its buffer, so each in-flight micro-batch's stored activations shrink by B, and the
    chunk's output stays in its fwd_cache until the backward (all but the model's last chunk): + B. Closed
    form on 4 stages, 8 micro-batches of 2 x 512 tokens, hidden 1024, tensor 2."""
    from simcluster.memory.model import chunk_activation_bytes, recv_buffer_bytes
    from simcluster.model.costs import CostModel
    from simcluster.parallel.base import Dims, OpFactory
    from simcluster.parallel.groups import RankLayout
    from simcluster.parallel.program import make_scheme

    p, m, b, s, h, t = 4, 8, 2, 512, 1024, 2
    doc = small_scenario(
        cluster={"nodes": 1},
        parallelism={"scheme": "megatron-sp", "tensor": t, "pipeline": p, "data": 1, "schedule": schedule,
                     "virtual_stages": v},
        model={"layers": 8, "hidden": h, "heads": 16, "seq_len": s, "vocab": 0},
        training={"global_batch": m * b, "micro_batch": b, "recompute": "full"},
    )
    hw = load_profile("dgx-a100")
    kept = parse_scenario({**doc, "parallelism": {**doc["parallelism"], "pipeline_recv_buffers": "per_microbatch"}})
    plain = parse_scenario(doc)
    check_semantics(kept, hw)
    B = b * s * h * 2 / t
    for stage in range(p):
        layout = RankLayout(tp=t, dp=1, pp=p, cp=1)
        sch = make_scheme(kept, Dims.of(kept), OpFactory(CostModel(hw, "bf16")), layout)
        chunks = [c * p + stage for c in range(v)]
        want = m * B * sum((g > 0) + (g < p * v - 1) for g in chunks)
        assert recv_buffer_bytes(kept, sch, stage) == pytest.approx(want, rel=1e-12)
        assert recv_buffer_bytes(plain, sch, stage) == 0.0
        w_kept, _ = chunk_activation_bytes(kept, sch, stage)
        w_plain, _ = chunk_activation_bytes(plain, sch, stage)
        for g, a, z in zip(chunks, w_kept, w_plain):
            assert a == pytest.approx(z - (B if g > 0 else 0.0) + (B if g < p * v - 1 else 0.0), rel=1e-12)


def test_receive_buffers_show_in_the_summary_and_its_total(tmp_path) -> None:
    """The simulated run reports the buffers per rank (`memory.buffers`) and counts them in the total."""
    import yaml

    from simcluster.config.loader import load_scenario
    from simcluster.simulate import simulate

    doc = small_scenario(
        parallelism={"scheme": "megatron-sp", "tensor": 2, "pipeline": 4, "data": 1,
                     "pipeline_recv_buffers": "per_microbatch"},
        model={"layers": 8, "hidden": 1024, "heads": 16, "seq_len": 512, "vocab": 0},
        training={"global_batch": 16, "micro_batch": 2, "recompute": "full"},
    )
    (tmp_path / "s.yaml").write_text(yaml.safe_dump(doc))
    s = simulate(load_scenario(tmp_path / "s.yaml")).summary()
    mem = s["per_rank"][0]["memory"]
    assert mem["buffers"] == round(8 * 2 * 512 * 1024 * 2 / 2)  # stage 0: gradients in, 8 micro-batches
    assert mem["total"] == pytest.approx(sum(v for k, v in mem.items() if k != "total"), abs=8)
