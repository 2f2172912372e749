"""FP8 linear layers (training.fp8) against closed forms: the GEMM at the fp8 peak, the casts each GEMM adds,
what stays at 16 bits, and the one-line input errors."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from simcluster.config.loader import check_semantics, load_scenario, parse_scenario
from simcluster.errors import ConfigError
from simcluster.hardware.profile import load_profile
from simcluster.model.costs import CostModel
from simcluster.parallel.base import FP8_DGRAD, FP8_FORWARD, FP8_WGRAD, Dims, OpFactory
from simcluster.parallel.groups import RankLayout
from simcluster.parallel.megatron import MegatronScheme
from simcluster.parallel.program import build_program
from simcluster.simulate import can_fold, rep_memory
from tests.conftest import small_scenario
from tests.test_modern_models import LLAMA3_8B

MEASURED = load_profile("dgx-h100")  # with its measured FP8 table (b 1, 256-16384)
# the GEMM form's closed forms, on the same profile without its FP8 table (what answers outside it)
H100 = MEASURED.model_copy(
    update={"tables": MEASURED.tables.model_copy(update={"gemm": [g for g in MEASURED.tables.gemm if g.dtype != "fp8"]})}
)


def factories() -> tuple[OpFactory, OpFactory]:
    return OpFactory(CostModel(H100, "bf16")), OpFactory(CostModel(H100, "bf16"), fp8=True)


def test_fp8_peak_and_bytes():
    assert H100.peak_flops("fp8") == pytest.approx(2 * H100.peak_flops("bf16"), rel=1e-3)
    with pytest.raises(KeyError):
        load_profile("dgx-a100").peak_flops("fp8")  # no silent fallback to another dtype's peak


@pytest.mark.parametrize(("m", "n", "k"), [(16384, 4096, 4096), (8192, 14336, 4096), (2048, 1024, 4096)])
def test_linear_gemm_is_the_fp8_gemm_plus_its_casts(m, n, k):
    """forward: A (m x k activations) and B (k x n weight) cast, each read at 2 bytes and written twice at 1
    (operand and transpose), one element-wise kernel each; dgrad: A (the output gradient); wgrad: nothing."""
    bf16, fp8 = factories()
    c8, c16 = CostModel(H100, "fp8"), CostModel(H100, "bf16")
    cast = lambda elements: c16.elementwise(4.0 * elements)  # noqa: E731
    fwd = fp8.gemm("x", "forward", m, n, k, linear=FP8_FORWARD)
    assert fwd.duration_s == pytest.approx(c8.gemm(m, n, k)[0] + cast(m * k) + cast(k * n), rel=1e-12)
    assert fwd.flops == 2.0 * m * n * k
    dgrad = fp8.gemm("x", "backward", m, n, k, linear=FP8_DGRAD)
    assert dgrad.duration_s == pytest.approx(c8.gemm(m, n, k, backward=True)[0] + cast(m * k), rel=1e-12)
    wgrad = fp8.gemm("x", "backward", m, n, k, linear=FP8_WGRAD)
    assert wgrad.duration_s == pytest.approx(c8.gemm(m, n, k, backward=True)[0], rel=1e-12)
    # without fp8 the same call is the 16-bit GEMM, and a GEMM not marked linear never changes
    plain = bf16.gemm("x", "forward", m, n, k)
    assert bf16.gemm("x", "forward", m, n, k, linear=FP8_FORWARD) == plain  # (the measured H100 table)
    assert fp8.gemm("x", "forward", m, n, k).duration_s == bf16.gemm("x", "forward", m, n, k).duration_s


def test_the_measured_fp8_table_answers_inside_it_with_the_casts_on_top():
    """dgx-h100's FP8 table: a linear's forward GEMM is the table's time (here the H200's measured speedup over
    the bf16 table: ~1.9x at 8192 x 14336 x 4096), its casts on top as with the form."""
    c16 = CostModel(MEASURED, "bf16")
    bf16, fp8 = OpFactory(c16), OpFactory(c16, fp8=True)
    m, n, k = 8192, 14336, 4096
    table = fp8.measured_gemm_s(m, n, k, 1, fp8.fp8)
    assert MEASURED.tables is not None and fp8.tables.covers_gemm(1, m, n, k, "fp8")
    fwd = fp8.gemm("x", "forward", m, n, k, linear=FP8_FORWARD)
    casts = c16.elementwise(4.0 * m * k) + c16.elementwise(4.0 * k * n)
    assert fwd.duration_s == pytest.approx(table + casts, rel=1e-12) and fwd.measured
    speedup = bf16.gemm("x", "forward", m, n, k).duration_s / table
    assert 1.7 < speedup < 2.05


def test_large_fp8_gemm_runs_at_twice_the_16_bit_rate():
    """The same form at twice the peak: a large GEMM's compute halves (1,979 against 989 TFLOP/s)."""
    c8, c16 = CostModel(H100, "fp8"), CostModel(H100, "bf16")
    launch = H100.gpu.gemm.launch_us * 1e-6
    m = n = k = 8192
    ratio = (c16.gemm(m, n, k)[0] - launch) / (c8.gemm(m, n, k)[0] - launch)
    assert ratio == pytest.approx(1979.0 / 989.0, rel=1e-6)


def llama_layer(fp8: bool) -> tuple[MegatronScheme, Dims]:
    doc = small_scenario(
        parallelism={"tensor": 1},
        model={**LLAMA3_8B, "attention": "flash"},
        training={"global_batch": 1, "micro_batch": 1, "precision": "bf16", "fp8": fp8},
    )
    sc = parse_scenario({**doc, "hardware": "dgx-h100"})
    ops = OpFactory(CostModel(H100, "bf16"), fp8=sc.training.fp8)
    return MegatronScheme(Dims.of(sc), ops, RankLayout(tp=1, dp=1, pp=1), sp=False), Dims.of(sc)


def test_only_the_layer_linears_change():
    (s16, _), (s8, d) = llama_layer(False), llama_layer(True)
    l16, l8 = s16.layer(0), s8.layer(0)
    linear = {"attn.qkv", "attn.proj", "mlp.fc1", "mlp.fc2"}
    for a, b in zip(l16.forward + l16.backward, l8.forward + l8.backward, strict=True):
        assert a.name == b.name and a.flops == b.flops
        if a.name.split(".dgrad")[0].split(".wgrad")[0] in linear:
            assert b.duration_s < a.duration_s, a.name  # 8B-size GEMMs gain more than their casts cost
        else:
            assert b.duration_s == a.duration_s, a.name
    # the forward casts in closed form: bs x h inputs to qkv and fc1, bs x h (attention out) to proj,
    # bs x f to fc2, and the four weights
    bs, h, f, kv = d.b * d.s, d.h, d.f, d.kvh * (d.h // d.a)
    elements = [bs * h, h * (h + 2 * kv), bs * h, h * h, bs * h, h * 2 * f, bs * f, f * h]
    extra = sum(b.bytes - a.bytes for a, b in zip(l16.forward, l8.forward))
    gemm_bytes_saved = sum(
        a.bytes / 2 for a in l16.forward if a.name in linear
    )  # operands and output at 1 byte instead of 2
    assert extra == pytest.approx(4.0 * sum(elements) - gemm_bytes_saved, rel=1e-12)


def test_headline_llama3_8b_speedup():
    """FSDP 8 on one H100 node: FP8 linears make the iteration faster, by less than 2x (attention, norms,
    casts and communication stay)."""
    from simcluster.simulate import simulate

    t = {}
    for fp8 in (False, True):
        loaded = load_scenario("scenarios/llama3_8b_fsdp8_h100.yaml", [f"training.fp8={str(fp8).lower()}"])
        t[fp8] = simulate(loaded).summary()["iteration_time_s"]
    assert 1.1 < t[False] / t[True] < 1.6


@pytest.mark.parametrize(
    ("hardware", "training", "scheme", "rule"),
    [
        ("dgx-h100", {"precision": "fp32"}, "megatron", "needs training.precision bf16 or fp16"),
        ("dgx-a100", {"precision": "bf16"}, "megatron", "lists no gpu.peak_tflops.fp8"),
        ("dgx-h100", {"precision": "bf16"}, "optimus", "not optimus"),
    ],
)
def test_fp8_input_errors(hardware, training, scheme, rule):
    par = {"scheme": scheme, "tensor": 4, "data": 1} if scheme == "optimus" else {"scheme": scheme}
    doc = small_scenario(parallelism=par, training={"global_batch": 1, "micro_batch": 1, "fp8": True, **training})
    sc = parse_scenario({**doc, "hardware": hardware})
    with pytest.raises(ConfigError) as e:
        check_semantics(sc, load_profile(hardware))
    assert e.value.field == "training.fp8" and rule in str(e.value)
    assert "\n" not in str(e.value)


def sp_layer_of(t: int, **training) -> tuple[MegatronScheme, Dims]:
    doc = small_scenario(
        parallelism={"scheme": "megatron-sp", "tensor": t},
        model={**LLAMA3_8B, "attention": "flash"},
        training={"global_batch": 1, "micro_batch": 1, "precision": "bf16", **training},
    )
    sc = parse_scenario({**doc, "hardware": "dgx-h100"})
    ops = OpFactory(CostModel(H100, "bf16"), fp8=sc.training.fp8)
    return (
        MegatronScheme(Dims.of(sc), ops, RankLayout(tp=t, dp=1, pp=1), sp=True, regather=sc.training.sp_regather),
        Dims.of(sc),
    )


@pytest.mark.parametrize("t", [2, 4, 8])
def test_sequence_parallel_gathers_feeding_fp8_linears_move_8_bits(t):
    """torchao's Float8ColwiseParallel / PrepareFloat8ModuleInput and Transformer Engine cast before the
    sequence-parallel all-gather: the forward gathers (into qkv and fc1) and the backward ones (the output
    gradients into proj's and fc2's dgrad) move b s h bytes, half the bf16 run's; reduce-scatters stay 16-bit."""
    (s16, d), (s8, _) = sp_layer_of(t, fp8=False), sp_layer_of(t, fp8=True)
    l16, l8 = s16.layer(0), s8.layer(0)
    bsh = d.b * d.s * d.h
    for a, b in zip(l16.forward + l16.backward, l8.forward + l8.backward, strict=True):
        assert a.name == b.name
        if a.kind == "allgather":
            assert (a.bytes, b.bytes) == (2.0 * bsh, 1.0 * bsh), a.name
        elif a.kind == "reducescatter":
            assert a.bytes == b.bytes == 2.0 * bsh, a.name
    # the cast of a gathered input: its shard at 2 -> 1 bytes, then the gathered 8 bits transposed (1 + 1)
    bf16, fp8 = factories()
    c8, c16 = CostModel(H100, "fp8"), CostModel(H100, "bf16")
    m, n, k = d.b * d.s, 6144 // t, d.h
    op = fp8.gemm("x", "forward", m, n, k, linear=FP8_FORWARD, a_shards=t)
    want = c8.gemm(m, n, k)[0] + c16.elementwise(3.0 * m * k / t) + c16.elementwise(2.0 * m * k)
    want += c16.elementwise(4.0 * k * n)  # the weight, as before
    assert op.duration_s == pytest.approx(want, rel=1e-12)
    qkv = next(o for o in l8.forward if o.name == "attn.qkv")
    kv = d.kvh * (d.h // d.a)
    assert qkv.duration_s == pytest.approx(
        fp8.gemm("attn.qkv", "forward", m, (d.h + 2 * kv) // t, k, linear=FP8_FORWARD, a_shards=t).duration_s, rel=1e-12
    )


def test_async_tp_copies_fp8_shards():
    """Async TP's shard copies of an FP8 gather move b s h / t bytes each (the bf16 run's half)."""
    (s16, d), (s8, _) = sp_layer_of(4, async_tp=True), sp_layer_of(4, fp8=True, async_tp=True)
    c16 = [o for o in s16.layer(0).forward if o.kind == "sendrecv" and "allgather" in o.name]
    c8 = [o for o in s8.layer(0).forward if o.kind == "sendrecv" and "allgather" in o.name]
    assert len(c16) == len(c8) == 2 * 3  # qkv and fc1, t - 1 copies each
    bsh = d.b * d.s * d.h
    assert {o.bytes for o in c16} == {2.0 * bsh / 4} and {o.bytes for o in c8} == {1.0 * bsh / 4}


@pytest.mark.parametrize("fp8", [False, True])
def test_megatron_gathers_a_column_linear_input_again_in_backward(fp8):
    """Megatron-LM and Transformer Engine keep a column-parallel linear's input as the sequence shard: its
    backward gathers it again (b s h bytes at e bits, 8 under FP8) on the communication stream under the
    data-gradient GEMM, waits, then reduce-scatters the input gradient under the weight gradient. DTensor
    (sp_regather false) keeps the gathered input: no such gather, and 2 e b s h (1 - 1/t) more bytes stored."""
    t = 4
    (mg, d), (dt, _) = sp_layer_of(t, fp8=fp8), sp_layer_of(t, fp8=fp8, sp_regather=False)
    bw = mg.layer(0).backward
    again = [i for i, o in enumerate(bw) if o.name.endswith(".input.allgather")]
    assert [bw[i].name for i in again] == ["mlp.input.allgather", "attn.input.allgather"]
    bsh = d.b * d.s * d.h
    for i in again:
        assert bw[i].kind == "allgather" and not bw[i].blocking
        assert bw[i].bytes == bsh * (1 if fp8 else 2)
        region = bw[i].name.split(".")[0]
        names = [o.name for o in bw[i + 1 : i + 6]]
        assert names == [
            f"{'mlp.fc1' if region == 'mlp' else 'attn.qkv'}.dgrad", "wait.tp", f"{region}.reducescatter",
            f"{'mlp.fc1' if region == 'mlp' else 'attn.qkv'}.wgrad", "wait.tp",
        ]  # fmt: skip
    assert not any(o.name.endswith(".input.allgather") for o in dt.layer(0).backward)
    for rc in ("none", "selective"):
        extra = dt.layer_activation_bytes(rc) - mg.layer_activation_bytes(rc)
        assert extra == pytest.approx(2 * d.e * bsh * (1 - 1 / t), rel=1e-12)
    assert dt.layer_activation_bytes("full") == mg.layer_activation_bytes("full")


def test_async_tp_gathers_the_input_again_as_shard_copies():
    (s, d) = sp_layer_of(4, async_tp=True)
    copies = [o for o in s.layer(0).backward if o.name.endswith(".input.allgather.shard")]
    assert len(copies) == 2 * 3 and {o.bytes for o in copies} == {2.0 * d.b * d.s * d.h / 4}


def test_sp_regather_false_is_refused_with_moe_and_mla():
    doc = small_scenario(
        parallelism={"scheme": "megatron-sp", "tensor": 2, "expert": 2},
        model={**LLAMA3_8B, "attention": "flash", "moe": {"experts": 4, "top_k": 2, "expert_ffn": 1024}},
        training={"global_batch": 2, "micro_batch": 1, "precision": "bf16", "sp_regather": False},
    )
    with pytest.raises(ConfigError) as e:
        check_semantics(parse_scenario({**doc, "hardware": "dgx-h100"}), H100)
    assert e.value.field == "training.sp_regather" and "dense layers" in str(e.value) and "\n" not in str(e.value)


def dynamic_layer_of(t: int, fp8_weights: bool = False) -> MegatronScheme:
    doc = small_scenario(
        parallelism={"scheme": "megatron-sp", "tensor": t},
        model={**LLAMA3_8B, "attention": "flash"},
        training={"global_batch": 1, "micro_batch": 1, "precision": "bf16", "fp8": True, "fp8_scaling": "dynamic"},
    )
    sc = parse_scenario({**doc, "hardware": "dgx-h100"})
    ops = OpFactory(CostModel(H100, "bf16"), fp8=True, fp8_weights=fp8_weights)
    return MegatronScheme(Dims.of(sc), ops, RankLayout(tp=t, dp=1, pp=1), sp=True, regather=False, fp8_dynamic=True)


def test_dynamic_scaling_all_reduces_each_sharded_casts_amax():
    """torchao's tensorwise scaling under tensor parallel (torchtitan): per layer forward 11 blocking 4-byte
    all-reduces over the tensor group (the attention input and q, k, v's weights; the projection's input and
    weight; the MLP input and w1, w3; w2's input and weight), backward 7 (each linear's output gradient),
    recomputed with the forward they belong to (full: all 11; torchtitan's per-op rule: k, the projection and
    w3, two each); weights gathered in 8 bits with precomputed scales leave the 4 input ones; tensor 1 none."""
    s = dynamic_layer_of(4)
    layer = s.layer(0)
    group = s.layout.group(0, "tp")
    count = lambda ops: [o for o in ops if o.name.endswith(".fp8_amax.allreduce")]  # noqa: E731
    fwd, bwd = count(layer.forward), count(layer.backward)
    assert len(fwd) == 11 and len(bwd) == 7
    assert all(o.kind == "allreduce" and o.bytes == 4.0 and o.group == group and o.blocking for o in fwd + bwd)
    assert [o.name.split(".fp8")[0] for o in fwd] == ["attn.qkv"] * 4 + ["attn.proj"] * 2 + ["mlp.fc1"] * 3 + ["mlp.fc2"] * 2
    assert len(count(layer.redo("full"))) == 11 and len(count(layer.redo("op"))) == 6
    assert len(count(layer.redo("selective"))) == 0
    assert len(count(dynamic_layer_of(4, fp8_weights=True).layer(0).forward)) == 4
    assert not count(dynamic_layer_of(1).layer(0).forward + dynamic_layer_of(1).layer(0).backward)
    # delayed scaling (the default, Transformer Engine's amax history) has none
    (plain, _) = sp_layer_of(4, fp8=True)
    assert not count(plain.layer(0).forward + plain.layer(0).backward)


def test_dynamic_scaling_is_refused_with_moe_and_mla():
    moe = {**LLAMA3_8B, "attention": "flash", "moe": {"experts": 4, "top_k": 2, "expert_ffn": 1024}}
    mla = {**{k: v for k, v in LLAMA3_8B.items() if k != "kv_heads"}, "attention": "flash", "mla": {"q_lora_rank": 512, "kv_lora_rank": 256, "qk_head_dim": 128,
                                                     "qk_pos_emb_head_dim": 64, "v_head_dim": 128}}  # fmt: skip
    for model, par in ((moe, {"expert": 2}), (mla, {})):
        for fp8 in (True, False):
            doc = small_scenario(
                parallelism={"scheme": "megatron-sp", "tensor": 2, "data": 2, **par},
                model=model,
                training={"global_batch": 2, "micro_batch": 1, "precision": "bf16", "fp8": fp8, "fp8_scaling": "dynamic"},
            )
            sc = parse_scenario({**doc, "hardware": "dgx-h100"})
            if not fp8:  # nothing to scale: accepted as is (one scenario serves a table's bf16 and FP8 rows)
                check_semantics(sc, H100)
                continue
            with pytest.raises(ConfigError) as e:
                check_semantics(sc, H100)
            assert e.value.field == "training.fp8_scaling" and "dense layers" in str(e.value) and "\n" not in str(e.value)


@pytest.mark.parametrize("t", [1, 4])
def test_transformer_engine_keeps_its_gemm_inputs_as_fp8_casts(t):
    """Transformer Engine's FP8 (delayed scaling) keeps each GEMM input for the backward as the FP8 cast it fed
    the GEMM (LayerNormLinear's norm output, Linear's input: TE 1.8 `save_for_backward`), 1 byte where bf16
    keeps 2: the qkv and fc1 inputs (sequence-sharded) and fc2's f-wide input (SwiGLU's product) shrink by
    b s h / t each and b s f / t, while the projection keeps its FP8 cast beside the output flash attention
    holds, b s h / t more. torchao's dynamic scaling keeps the bf16 inputs (its Float8Linear saves input_hp),
    and so does `fp8_saved_inputs: false`."""
    (bf16, d), (te, _) = sp_layer_of(t, fp8=False), sp_layer_of(t, fp8=True)
    (off, _) = sp_layer_of(t, fp8=True, fp8_saved_inputs=False)
    bsh, bsf = d.b * d.s * d.h / t, d.b * d.s * d.f / t
    saved = bsh * (2 * (d.e - 1) - 1) + bsf * (d.e - 1)
    for rc in ("none", "selective"):
        assert bf16.layer_activation_bytes(rc) - te.layer_activation_bytes(rc) == pytest.approx(saved, rel=1e-12)
        assert off.layer_activation_bytes(rc) == bf16.layer_activation_bytes(rc)
    assert te.layer_activation_bytes("full") == bf16.layer_activation_bytes("full")
    # the backward frees the same FP8 casts it kept; the peak (flash: the MLP's, before anything is freed)
    # holds gradients only, which stay at 16 bits
    assert te.layer_backward_bytes("none") == bf16.layer_backward_bytes("none") > 0
    assert dynamic_layer_of(t if t > 1 else 2).d.fp8_saved is False


def test_fp8_saved_inputs_lets_nemo_gpt3_175b_fit_on_512_gpus(write_scenario):
    """NeMo 24.07 ran GPT-3 175B on 512 H100s (TP 4, PP 8 x 6 chunks, micro-batch 2, FP8: 825 tokens/s per
    GPU); with its GEMM inputs counted at 16 bits the model put the first stage at 80.1 GiB of 80, with them
    as FP8 casts at 73.7 GiB."""
    base = Path(__file__).resolve().parent.parent / "simcluster/validate/cases/scenarios/nemo_2407_pretrain.yaml"
    doc = yaml.safe_load(base.read_text())
    doc["cluster"]["nodes"] = 64
    doc["parallelism"].update(tensor=4, pipeline=8, data=16, schedule="interleaved-1f1b", virtual_stages=6)
    doc["model"].update(
        layers=96, hidden=12288, heads=96, kv_heads=96, ffn_hidden=49152, vocab=50688, seq_len=2048, mlp="gelu",
        norm="layernorm", bias=True, positions="learned", tie_embeddings=True, hidden_dropout=0.1, attention_dropout=0.1,
    )
    doc["training"].update(global_batch=2048, micro_batch=2)
    GiB = 1024**3

    def peak(path: Path) -> float:
        loaded = load_scenario(path)
        sc = loaded.scenario
        program = build_program(sc, CostModel(loaded.hardware, sc.training.precision), fold=can_fold(sc))
        return max(m.total for m in rep_memory(loaded, program).values()) / GiB

    assert peak(write_scenario(doc, "fp8.yaml")) == pytest.approx(73.70, abs=0.01)  # of 80 GiB
    doc["training"]["fp8_saved_inputs"] = False
    assert peak(write_scenario(doc, "bf16.yaml")) == pytest.approx(80.14, abs=0.01)


def test_fp8_saved_inputs_needs_fp8():
    doc = small_scenario(training={"global_batch": 1, "micro_batch": 1, "precision": "bf16", "fp8_saved_inputs": True})
    with pytest.raises(ConfigError) as e:
        check_semantics(parse_scenario({**doc, "hardware": "dgx-h100"}), H100)
    assert str(e.value) == "training.fp8_saved_inputs=True: says how FP8 GEMM inputs are kept: needs training.fp8 true"
