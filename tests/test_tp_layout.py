"""`training.activation_layout: bsh` (PyTorch DTensor's [batch, sequence, hidden] activations) against closed
forms: a copy of the whole tensor after every sequence-parallel all-gather and before every reduce-scatter,
2 b s h e bytes each (torch's functional collectives cat the t gathered chunks along the sequence, and cat
the chunks of a reduce-scatter's input along the first dimension), none where NCCL's first-dimension layout is
already the tensor's (micro-batch 1, Megatron's sequence-first layout, no sequence parallel, async TP's
fused kernels); and the engine's iteration longer by exactly those copies when nothing overlaps them."""

from __future__ import annotations

from pathlib import Path

import pytest

from simcluster.config.loader import LoadedScenario, check_semantics, parse_scenario
from simcluster.hardware.profile import load_profile
from simcluster.model.costs import CostModel
from simcluster.parallel.base import Dims, OpFactory
from simcluster.parallel.groups import RankLayout
from simcluster.parallel.schemes import make_scheme
from simcluster.simulate import simulate
from tests.conftest import small_scenario

A100 = load_profile("dgx-a100")
H100 = load_profile("dgx-h100")
S, H, V = 512, 1024, 4096


def _scenario(t: int = 4, mb: int = 2, layout: str = "bsh", scheme: str = "megatron-sp", **training) -> dict:
    return small_scenario(
        parallelism={"scheme": scheme, "tensor": t},
        model={"layers": 2, "hidden": H, "heads": 16, "seq_len": S, "vocab": V},
        training={"global_batch": 2 * mb, "micro_batch": mb, "activation_layout": layout, "tp_comm_overlap": False,
                  "sp_regather": False, **training},
    )  # fmt: skip


def _scheme(hw=A100, **kw):
    sc = parse_scenario(_scenario(**kw))
    check_semantics(sc, hw)
    t = sc.parallelism.tensor
    ops = OpFactory.of(CostModel(hw, "bf16"), sc.training)
    return make_scheme(sc, Dims.of(sc), ops, RankLayout(tp=t, dp=1, pp=1))


def _lists(sch) -> dict[str, list]:
    layer, edges = sch.layer(0), sch.edges(0)
    return {
        "forward": layer.forward,
        "backward": layer.backward,
        "embed": edges.embed_forward + edges.embed_backward,
        "head": edges.head_forward + edges.head_backward,
    }


@pytest.mark.parametrize("t", [2, 4, 8])
def test_a_copy_beside_every_sequence_parallel_collective(t):
    """Each all-gather is followed, each reduce-scatter preceded, by an element-wise copy of 2 b s h e bytes
    (the gathered tensor, or the scatter's input: b s h e, read and written); per layer 4 forward (attention
    and MLP in and out) and 4 backward, the embedding 2 and the head 2; nothing else changes."""
    mb = 2
    whole = mb * S * H * 2
    bsh, sbh = _lists(_scheme(t=t, mb=mb)), _lists(_scheme(t=t, mb=mb, layout="sbh"))
    for part, want in (("forward", 4), ("backward", 4), ("embed", 2), ("head", 2)):
        ops = bsh[part]
        copies = [i for i, o in enumerate(ops) if o.name.endswith(".relayout")]
        assert len(copies) == want, part
        for i in copies:
            op = ops[i]
            assert op.kind == "elementwise" and op.bytes == pytest.approx(2 * whole)
            beside = ops[i - 1] if ops[i - 1].kind == "allgather" else ops[i + 1]
            assert beside.kind in ("allgather", "reducescatter") and beside.bytes == whole
            assert op.name == f"{beside.name}.relayout"
            assert (beside.kind == "allgather") == (ops[i - 1] is beside)  # after a gather, before a scatter
        assert [o for o in ops if not o.name.endswith(".relayout")] == sbh[part]


def test_no_copy_where_the_layout_needs_none():
    """Micro-batch 1 (a sequence shard is a slice of the first dimension), the sequence-first layout, tensor
    parallel without sequence parallel (all-reduces): no copy."""
    for kw in ({"mb": 1}, {"layout": "sbh"}, {"scheme": "megatron"}, {"mb": 1, "async_tp": True}):
        lists = _lists(_scheme(**kw))
        assert not [o.name for ops in lists.values() for o in ops if o.name.endswith(".relayout")], kw


def test_async_tp_copies_where_its_fused_gathers_leave_the_sequence_first():
    """Under async TP the fused collectives take the layout, but a fused all-gather returns the gathered tensor
    sequence-major, so each of the layer's four weight gradients that reads one (the attention and MLP inputs,
    the gathered output gradients of the two row-parallel projections) copies it first, b s h e read and
    written; the embedding's collectives, beside no matmul, keep theirs; FP8 linears' weight gradients take
    a transposed 8-bit cast anyway (no copy)."""
    whole = 2 * S * H * 2
    lists = _lists(_scheme(async_tp=True))
    assert [o.name for o in lists["embed"] if o.name.endswith(".relayout")] == [
        "embed.reducescatter.relayout", "embed.allgather.relayout"
    ]
    assert not [o for o in lists["forward"] + lists["head"] if o.name.endswith(".relayout")]
    bwd = lists["backward"]
    copies = [i for i, o in enumerate(bwd) if o.name.endswith(".relayout")]
    names = ["mlp.fc2.wgrad", "mlp.fc1.wgrad", "attn.proj.wgrad", "attn.qkv.wgrad"]  # backward order
    assert [bwd[i].name for i in copies] == [f"{n}.relayout" for n in names]
    assert all(bwd[i + 1].name == n and bwd[i].bytes == 2 * whole for i, n in zip(copies, names, strict=True))
    fp8 = _lists(_scheme(hw=H100, async_tp=True, fp8=True))
    assert not [o for o in fp8["backward"] if o.name.endswith(".relayout")]


def test_regathered_inputs_are_copied_too():
    """With Megatron's regather (sp_regather true) each column-parallel input gathered again in backward is
    copied as well: 2 copies more per layer's backward."""
    ops = _scheme(sp_regather=True).layer(0).backward
    assert len([o for o in ops if o.name.endswith(".relayout")]) == 6
    assert len([o for o in ops if o.name.endswith("input.allgather.relayout")]) == 2


def test_iteration_longer_by_exactly_the_copies():
    """On one node without overlap (blocking tensor-parallel collectives, no data parallel), the iteration
    grows by the copies' time: (layers x 8 + 4) copies per micro-batch, each the element-wise time of 2 b s h e
    bytes."""
    base = Path(__file__).resolve().parent
    runs = {}
    for layout in ("sbh", "bsh"):
        sc = parse_scenario(_scenario(t=4, mb=2, layout=layout))
        runs[layout] = simulate(LoadedScenario(sc, A100, base))
    copy = OpFactory(CostModel(A100, "bf16")).elementwise("c", "forward", 2.0 * 2 * S * H * 2).duration_s
    n = (2 * 8 + 4) * 2  # per micro-batch: 2 layers x 8, the embedding's 2 and the head's 2; 2 micro-batches
    grown = runs["bsh"].engine.iteration_time_s - runs["sbh"].engine.iteration_time_s
    assert grown == pytest.approx(n * copy, rel=1e-9)
    assert grown > 0


def test_async_tp_leaves_summed_input_gradients_plain():
    """`async_tp_grad_scatter: false` (torch's micro-pipeline pass fuses a reduce-scatter only with the one matmul
    that produced its input; torchtitan's separate q, k, v and w1, w3 projections sum their input gradients first):
    under async TP the two column-parallel input gradients of a layer's backward are plain blocking
    reduce-scatters of the whole b s h e bytes after unchunked data-gradient GEMMs, each after its layout copy;
    the row-parallel outputs' gathered gradients stay micro-pipelined, and the forward does not change."""
    whole = 2 * S * H * 2
    fused = _lists(_scheme(async_tp=True))
    plain = _lists(_scheme(async_tp=True, async_tp_grad_scatter=False))
    assert plain["forward"] == fused["forward"]
    bwd = plain["backward"]
    rs = [o for o in bwd if o.kind == "reducescatter"]
    assert [o.name for o in rs] == ["mlp.reducescatter", "attn.reducescatter"]  # backward order
    assert all(o.blocking and o.bytes == whole for o in rs)
    for o in rs:
        i = bwd.index(o)
        assert bwd[i - 1].name == f"{o.name}.relayout" and bwd[i - 1].bytes == 2 * whole
    assert not [o for o in fused["backward"] if o.kind == "reducescatter"]
    # the row-parallel side's gathers: t - 1 shard copies each, as with the scatter fused
    shards = lambda ops: [o for o in ops if o.name.endswith("allgather.shard")]  # noqa: E731
    assert len(shards(bwd)) == len(shards(fused["backward"])) == 2 * (4 - 1)


def test_summed_gradient_scatter_costs_exactly_its_pieces():
    """On one node without other overlap, async TP with the input gradients' scatters left plain: a bsh run
    takes longer than an sbh one by exactly its copies, per micro-batch the embedding's 2 and each layer's 2
    backward scatters' and 4 weight gradients' (all of b s h e)."""
    base = Path(__file__).resolve().parent
    t = {}
    for layout in ("sbh", "bsh"):
        sc = parse_scenario(_scenario(layout=layout, async_tp=True, async_tp_grad_scatter=False))
        t[layout] = simulate(LoadedScenario(sc, A100, base)).engine.iteration_time_s
    sc = parse_scenario(_scenario(layout="sbh", async_tp=True))
    fused = simulate(LoadedScenario(sc, A100, base)).engine.iteration_time_s
    copy = OpFactory(CostModel(A100, "bf16")).elementwise("c", "forward", 2.0 * 2 * S * H * 2).duration_s
    assert t["bsh"] - t["sbh"] == pytest.approx((2 + 2 * (2 + 4)) * 2 * copy, rel=1e-9)
    assert t["sbh"] != pytest.approx(fused, rel=1e-6)  # the flag changes the run
