"""Context parallel (parallelism.context) against closed forms: rank groups, ring attention's key/value bytes and
FLOPs, the all-to-all form's bytes, the all-to-all collective's time, the ring's overlap in the engine,
activation memory, and the one-line input errors."""

from __future__ import annotations

import pytest

from simcluster.config.loader import check_semantics, load_scenario, parse_scenario
from simcluster.engine.executor import Engine
from simcluster.errors import ConfigError
from simcluster.hardware.profile import load_profile
from simcluster.model.costs import CostModel
from simcluster.model.ops import OpSpec, Step, wait_for
from simcluster.parallel.base import Dims, OpFactory
from simcluster.parallel.groups import RankLayout
from simcluster.parallel.megatron import MegatronScheme
from simcluster.parallel.program import build_program
from simcluster.simulate import simulate
from simcluster.topology.graph import build_topology
from tests.conftest import small_scenario
from tests.test_collectives import NV_A, NV_BW, close, engine_time
from tests.test_modern_models import LLAMA3_8B

H100 = load_profile("dgx-h100")
A100 = load_profile("dgx-a100")


def scenario(cp: int, form: str = "ring", t: int = 1, dp: int = 1, seq: int = 8192, **training) -> object:
    doc = small_scenario(
        parallelism={"tensor": t, "data": dp, "context": cp, "context_form": form},
        model={**LLAMA3_8B, "seq_len": seq, "attention": "flash", "layers": 2},
        training={"global_batch": dp, "micro_batch": 1, "precision": "bf16", **training},
    )
    return parse_scenario({**doc, "hardware": "dgx-h100", "cluster": {"nodes": max(1, t * cp * dp // 8)}})


def layer_of(sc, rank: int = 0):
    layout = RankLayout(tp=sc.parallelism.tensor, dp=sc.parallelism.data, pp=1, cp=sc.parallelism.context)
    scheme = MegatronScheme(Dims.of(sc), OpFactory(CostModel(H100, "bf16")), layout, sp=False)
    return scheme.layer(rank), scheme


@pytest.mark.parametrize("order", ["tp-cp-ep-dp-pp", "tp-dp-cp-ep-pp", "cp-tp-dp-ep-pp"])
def test_groups(order):
    lay = RankLayout(tp=2, dp=2, pp=2, cp=2, order=order)
    for r in range(lay.world_size):
        cp, data = lay.group(r, "cp"), lay.data_group(r)
        assert r in cp and len(cp) == 2 and r in data and len(data) == 4
        assert set(cp) <= set(data)  # context ranks reduce gradients with the data ranks
        # everything but cp and dp equal inside the data group
        for q in data:
            assert all(lay.coord(q, a) == lay.coord(r, a) for a in ("tp", "pp"))
    # cp = 1: the data group is the data-parallel group, in the same order
    flat = RankLayout(tp=2, dp=4, pp=2, order=order)
    assert all(flat.data_group(r) == flat.group(r, "dp") for r in range(flat.world_size))


@pytest.mark.parametrize(("cp", "t"), [(2, 1), (4, 2), (8, 1)])
def test_ring_kv_bytes_and_flops(cp, t):
    """Per layer and rank: cp - 1 sends of one key/value block (2 b (s/cp) (kv/t) hd e bytes) forward, of the
    blocks and their gradients backward; attention FLOPs 1/cp of the causal 2 b (a/t) s^2 hd."""
    sc = scenario(cp, t=t)
    ops, _ = layer_of(sc)
    s, h, a, kv, e = 8192, 4096, 32, 8, 2
    hd = h // a
    block = 2.0 * (s // cp) * (kv // t) * hd * e
    fwd = [o for o in ops.forward if o.kind == "sendrecv"]
    bwd = [o for o in ops.backward if o.kind == "sendrecv"]
    assert len(fwd) == len(bwd) == cp - 1
    assert sum(o.bytes for o in fwd) == pytest.approx((cp - 1) * block)
    assert sum(o.bytes for o in bwd) == pytest.approx(2 * (cp - 1) * block)
    assert all(len(o.group) == cp and not o.blocking and o.family == "cp" for o in fwd + bwd)
    attn = sum(o.flops for o in ops.forward if o.kind == "attention")
    assert attn == pytest.approx(2.0 * (a // t) * s * s * hd / cp)
    # the linear layers see s / cp tokens
    qkv = next(o for o in ops.forward if o.name == "attn.qkv")
    assert qkv.flops == pytest.approx(2.0 * (s // cp) * (a + 2 * kv) * hd // t * h)


@pytest.mark.parametrize(("cp", "t"), [(2, 1), (4, 2), (8, 1)])
def test_torch_form_bytes_and_flops(cp, t):
    """PyTorch's context_parallel (`context_form: torch`), per layer and rank, with torchtitan's repeat_kv
    (`expand_kv`): one all-gather of every rank's key/value block (a/t heads: 2 (s/cp) (a/t) hd e bytes each)
    forward and one backward; the ring's attention FLOPs; cp - 1 fp32 merges of (e + 36) bytes per output
    element plus the block's concatenation (2 block bytes); cp fp32 key/value gradient sends (4 / e block
    bytes each) and cp accumulations of (e + 8) per query and key/value element, 16 more per key/value
    element and the next block's concatenation."""
    sc = scenario(cp, "torch", t=t, expand_kv=True)
    ops, scheme = layer_of(sc)
    s, h, a, kv, e = 8192, 4096, 32, 8, 2
    hd = h // a
    block = 2.0 * (s // cp) * (a // t) * hd * e  # expanded: every query head's keys and values
    out = (s // cp) * (a // t) * hd
    gathers = [o for o in ops.forward + ops.backward if o.kind == "allgather"]
    assert [o.name for o in gathers] == ["attn.cp.kv.allgather", "attn.cp.kv.allgather.bwd"]
    assert all(o.bytes == pytest.approx(cp * block) and not o.blocking and len(o.group) == cp for o in gathers)
    merges = [o for o in ops.forward if o.name.startswith("attn.cp.merge")]
    assert len(merges) == cp - 1
    assert all(o.bytes == pytest.approx((e + 36) * out + 2 * block) for o in merges)
    sends = [o for o in ops.backward if o.kind == "sendrecv"]
    assert len(sends) == cp and all(o.bytes == pytest.approx(4 / e * block) for o in sends)
    kv_el = block / e
    accs = [o for o in ops.backward if o.name.startswith("attn.cp.grad.acc")]
    assert len(accs) == cp
    assert all(o.bytes == pytest.approx((e + 8) * (out + kv_el) + 16 * kv_el + 2 * block) for o in accs)
    attn = sum(o.flops for o in ops.forward if o.kind == "attention")
    assert attn == pytest.approx(2.0 * (a // t) * s * s * hd / cp)
    # repeat_kv: reads kv and writes a heads of keys and values per token, forward; the sum back, backward
    expand = [o for o in ops.forward + ops.backward if o.name.startswith("attn.expand_kv")]
    assert [o.bytes for o in expand] == pytest.approx([2.0 * (s // cp) * (kv + a) * hd * e / t] * 2)
    # without repeat_kv the blocks carry the kv heads only, and no copy runs
    plain, _ = layer_of(scenario(cp, "torch", t=t))
    assert next(o for o in plain.forward if o.kind == "allgather").bytes == pytest.approx(cp * block * kv / a)
    assert not [o for o in plain.forward if o.name.startswith("attn.expand_kv")]
    # the backward's workspace holds the gathered blocks and the fp32 gradients (two key/value sets in flight)
    ring = layer_of(scenario(cp, "ring", t=t, expand_kv=True))[1]
    extra = scheme.layer_backward_bytes("full") - ring.layer_backward_bytes("full")
    assert extra == pytest.approx(cp * block + 4 * (out + kv_el) + 8 * kv_el)


def test_torch_form_gather_hides_behind_the_first_block():
    """The forward of a 2-way torch-form layer in the engine: [all-gather (non-blocking), block 0, wait,
    block 1, merge, cast]: max(gather, block) + block + merge + cast."""
    topo = build_topology(A100, nodes=1)
    L = A100.collectives.launch_us * 1e-6
    group = (0, 1)
    for nbytes, block_s in ((256 * 1024**2, 50e-6), (1024.0, 2e-3)):
        gather = OpSpec("allgather", "kv", "forward", bytes=nbytes, group=group, family="cp", blocking=False)
        attn = OpSpec("attention", "a", "forward", duration_s=block_s)
        merge = OpSpec("elementwise", "m", "forward", duration_s=1e-4)
        t = two_rank_time([gather, attn, wait_for("cp", "forward"), attn, merge, merge], topo, L)
        transfer = engine_time(A100, 1, "allgather", "auto", list(group), nbytes)
        assert t == pytest.approx(max(transfer, block_s) + block_s + 2e-4, rel=1e-6)


def test_ulysses_alltoall_bytes():
    """q, k, v of the rank's s/cp tokens out before attention, the output back after; attention over the
    whole sequence for heads / cp heads: the same FLOPs as the ring."""
    cp, s, h, a, kv, e = 4, 8192, 4096, 32, 8, 2
    hd = h // a
    ops, _ = layer_of(scenario(cp, "ulysses"))
    a2a = {o.name: o for o in ops.forward + ops.backward if o.kind == "alltoall"}
    tokens = s // cp
    assert a2a["attn.cp.qkv.alltoall"].bytes == tokens * (a + 2 * kv) * hd * e
    assert a2a["attn.cp.out.alltoall"].bytes == tokens * a * hd * e
    assert a2a["attn.cp.dout.alltoall"].bytes == tokens * a * hd * e
    assert a2a["attn.cp.dqkv.alltoall"].bytes == tokens * (a + 2 * kv) * hd * e
    attn = sum(o.flops for o in ops.forward if o.kind == "attention")
    assert attn == pytest.approx(2.0 * a * s * s * hd / cp)


@pytest.mark.parametrize("S", [1024**2, 64 * 1024**2])
@pytest.mark.parametrize("n", [2, 4, 8])
def test_alltoall_closed_form(n, S):
    """Every ordered pair at once, S/n bytes each: each GPU's NVSwitch port carries (n - 1) S / n."""
    L = A100.collectives.launch_us * 1e-6
    close(engine_time(A100, 1, "alltoall", "auto", list(range(n)), S), L + NV_A + (n - 1) / n * S / NV_BW)


def two_rank_time(ops: list[OpSpec], topo, launch_s: float) -> float:
    """The engine's iteration time for ranks 0 and 1 both running `ops`."""
    steps = {r: [Step(o, -1, -1) for o in ops] for r in (0, 1)}
    return Engine(steps, [(0, 1)], [0, 1], topo, launch_s).run().iteration_time_s


def test_ring_step_overlaps_attention_with_the_block_in_flight():
    """[sendrecv (non-blocking), attention block, wait, attention block]: max(transfer, block) + block."""
    topo = build_topology(A100, nodes=1)
    L = A100.collectives.launch_us * 1e-6
    group = (0, 1)
    for nbytes, block_s in ((64 * 1024**2, 50e-6), (1024.0, 2e-3)):
        send = OpSpec("sendrecv", "kv", "forward", bytes=nbytes, group=group, family="cp", blocking=False)
        attn = OpSpec("attention", "a", "forward", duration_s=block_s)
        t = two_rank_time([send, attn, wait_for("cp", "forward"), attn], topo, L)
        transfer = L + NV_A + nbytes / NV_BW
        assert t == pytest.approx(max(transfer, block_s) + block_s, rel=1e-6)


def test_activation_memory_scales_with_the_share_of_tokens():
    _, one = layer_of(scenario(1))
    _, four = layer_of(scenario(4))
    for rec in ("none", "selective", "full"):
        assert four.layer_activation_bytes(rec) == pytest.approx(one.layer_activation_bytes(rec) / 4)


def test_gradients_reduce_over_data_and_context():
    sc = scenario(2, dp=2, seq=4096)
    prog = build_program(sc, CostModel(H100, "bf16"), fold=False)
    grads = [st.op for st in prog.steps[0] if st.op.name.startswith("grad.bucket")]
    assert grads and all(len(op.group) == 4 for op in grads)


def test_iteration_runs_and_longer_sequences_pay_for_attention():
    """Llama-3 8B on 8 H100, sequence 32K -> 256K with context 1 -> 8 (torchtitan Table 2's layouts): the
    same work per rank outside attention, attention's share growing with s."""
    times = {}
    for cp, seq in ((1, 32768), (8, 262144)):
        loaded = load_scenario(
            "scenarios/llama3_8b_fsdp8_h100.yaml",
            [f"parallelism.context={cp}", f"parallelism.data={8 // cp}", f"model.seq_len={seq}",
             f"training.global_batch={8 // cp}", "training.micro_batch=1", "training.recompute=full"],
        )  # fmt: skip
        times[cp] = simulate(loaded).summary()["iteration_time_s"]
    # per-rank linear work is the same (s/cp tokens); attention per rank grows by 8^2 / 8 = 8x, so the
    # iteration grows by less than 8x and more than 2x (torchtitan measured 3890 -> 548 tokens/s per GPU: 7.1x)
    assert 2.0 < times[8] / times[1] < 8.0


@pytest.mark.parametrize(
    ("changes", "rule"),
    [
        ({"seq": 8190}, "2 x context must divide model.seq_len"),
        ({"seq": 8190, "form": "torch"}, "torch: 2 x context must divide model.seq_len"),
        ({"form": "ulysses", "cp": 16}, "tensor x context = 16 must divide model.kv_heads=8"),
        ({"attention": "eager"}, "needs model.attention: flash"),
    ],
)
def test_context_input_errors(changes, rule):
    cp = changes.get("cp", 2)
    doc = small_scenario(
        parallelism={"tensor": 1, "context": cp, "context_form": changes.get("form", "ring")},
        model={**LLAMA3_8B, "seq_len": changes.get("seq", 8192), "attention": changes.get("attention", "flash")},
        training={"global_batch": 1, "micro_batch": 1},
    )
    sc = parse_scenario({**doc, "hardware": "dgx-h100", "cluster": {"nodes": 2}})
    with pytest.raises(ConfigError) as e:
        check_semantics(sc, H100)
    assert e.value.field == "parallelism.context" and rule in str(e.value) and "\n" not in str(e.value)


def test_world_size_counts_context():
    doc = small_scenario(parallelism={"tensor": 8, "context": 4}, model={**LLAMA3_8B, "attention": "flash"})
    sc = parse_scenario({**doc, "hardware": "dgx-h100"})
    assert sc.world_size == 32
    with pytest.raises(ConfigError, match="tensor x context x pipeline x data = 32"):
        check_semantics(sc, H100)


def test_search_enumerates_context(tmp_path):
    """A space listing context sizes: data fills the GPUs left (8 / (tensor x context)); sizes whose ring
    does not divide the sequence are counted invalid with their reason."""
    import yaml

    from simcluster.config.loader import read_yaml_mapping
    from simcluster.search.space import CONTEXT, DATA, enumerate_space, load_space

    path = tmp_path / "s.yaml"
    raw = read_yaml_mapping("scenarios/llama3_8b_fsdp8_h100.yaml")
    raw["model"]["seq_len"] = 8200  # 2 x 8 = 16 does not divide it; 2 x 4 = 8 does
    raw["training"].update(global_batch=8, micro_batch=1)
    path.write_text(yaml.safe_dump(raw))
    space = tmp_path / "space.yaml"
    space.write_text(yaml.safe_dump({
        "parallelism.scheme": ["megatron"], "parallelism.tensor": [1], "parallelism.pipeline": [1],
        "training.micro_batch": [1], "training.recompute": ["full"], "training.grad_overlap": [False],
        "parallelism.context": [1, 2, 4, 8],
    }))  # fmt: skip
    enum = enumerate_space(load_scenario(path), raw, load_space(space, raw))
    got = sorted((lay[CONTEXT], lay[DATA]) for lay in enum.layouts)
    assert got == [(1, 8), (2, 4), (4, 2)]
    assert enum.invalid == {"context does not divide the sequence": 1}
    assert sorted(sc.parallelism.context for sc in enum.scenarios) == [1, 2, 4]


def test_flash_backward_runs_at_its_own_efficiency(tmp_path):
    """Without an attention table, the fused attention's forward runs at `flash_attention_efficiency` of peak,
    its backward at `flash_attention_backward_efficiency` (dgx-h100: FlashAttention-2's 335 and 291.6 TFLOP/s
    of 989); a profile without the backward figure runs both at the forward's. With dgx-h100's table, an 8K
    sequence runs at the measured curve's 8K point: 331.8 and 273.7."""
    (tmp_path / "p.yaml").write_text("base: dgx-h100\nname: no-table\ntables:\n  attention: []\n")
    plain = load_profile(str(tmp_path / "p.yaml"))
    launch = H100.gpu.gemm.launch_us * 1e-6
    for hw, fwd_tflops, bwd_tflops in ((plain, 989 * 0.339, 989 * 0.295), (H100, 331.778, 273.722)):
        layout = RankLayout(tp=1, dp=1, pp=1, cp=1)
        ops = MegatronScheme(Dims.of(scenario(1)), OpFactory(CostModel(hw, "bf16")), layout, sp=False).layer(0)
        fwd = next(o for o in ops.forward if o.name == "attn.flash")
        bwd = next(o for o in ops.backward if o.name == "attn.flash.bwd")
        assert fwd.duration_s == pytest.approx(launch + fwd.flops / (fwd_tflops * 1e12), rel=1e-5)
        assert bwd.duration_s == pytest.approx(launch + bwd.flops / (bwd_tflops * 1e12), rel=1e-5)
    same = plain.model_copy(
        update={"gpu": plain.gpu.model_copy(update={"flash_attention_backward_efficiency": None})}
    )
    F = OpFactory(CostModel(same, "bf16"))
    op = F.fused_attention("b", "backward", 1e12, 0.0, 8192, 128)
    assert op.duration_s == pytest.approx(launch + 1e12 / (989e12 * 0.339))
