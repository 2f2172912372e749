"""Mixture-of-experts in the simulator (model.moe, parallelism.expert): the ops of a MoE layer and their
all-to-all bytes, expert and expert-data-parallel groups, folding, parameters, gradient sync and memory
against closed forms, the uneven pipeline split, and the one-line input errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from simcluster.config.loader import check_semantics, parse_scenario
from simcluster.errors import ConfigError
from simcluster.hardware.profile import HostSpec, load_profile
from simcluster.model.costs import CostModel
from simcluster.model.moe import MoE, alltoall_bytes
from simcluster.parallel import megatron
from simcluster.parallel.base import Dims
from simcluster.parallel.layers import rank_layers, stage_layers
from simcluster.parallel.program import build_program
from simcluster.simulate import simulate
from tests.conftest import small_scenario

H100 = load_profile("dgx-h100")
# the same profile without SM sharing: folding is exact for it (with sharing, a collective a fold makes static is
# timed op by op in its run, where the unfolded engine slows the run's compute-bound share as a whole)
# the same profile with an infinitely fast host: these layers are small enough for the measured host to pace them
H100_FAST_HOST = H100.model_copy(update={"host": HostSpec()})
H100_NO_SHARING = H100.model_copy(
    update={"collectives": H100.collectives.model_copy(update={"kernel_sm_share": 0.0, "deepep_sm_share": 0.0})}
)
MODEL = {
    "layers": 4,
    "hidden": 1024,
    "heads": 16,
    "kv_heads": 4,
    "seq_len": 2048,
    "vocab": 32000,
    "mlp": "swiglu",
    "norm": "rmsnorm",
    "bias": False,
    "positions": "rope",
    "tie_embeddings": False,
    "attention": "flash",
}
MOE = {"experts": 16, "top_k": 2, "expert_ffn": 512, "first_dense": 1}


def scenario(t=2, pp=2, dp=4, ep=4, etp=1, moe=None, nodes=2, **training):
    par = {"scheme": "megatron-sp" if t > 1 else "megatron", "tensor": t, "pipeline": pp, "data": dp}
    par.update({"expert": ep, "expert_tensor": etp})
    doc = small_scenario(
        parallelism=par,
        model={**MODEL, "moe": {**MOE, **(moe or {})}},
        training={"global_batch": 4 * dp, "micro_batch": 1, **training},
    )
    return parse_scenario({**doc, "hardware": "dgx-h100", "cluster": {"nodes": nodes}})


def run(sc, fold="auto", hw=H100):
    from simcluster.config.loader import LoadedScenario

    sc = sc.model_copy(update={"simulation": sc.simulation.model_copy(update={"fold": fold})})
    check_semantics(sc, hw)
    return simulate(LoadedScenario(sc, hw, Path(".")))


def ops_named(res, rank, prefix):
    rep = res.program.rep_of[rank]
    return [op for op, ly, mb in res.program.steps[rep] if op.name.startswith(prefix) and mb == 0]


def test_dispatch_bytes_and_groups():
    """Each MoE layer sends tokens x top_k x h x e per all-to-all (nccl-tests' size), of which (ep-1)/ep
    leaves the rank, over the expert group Megatron-Core's etp-ep-edp-pp layout gives; dense layers none."""
    sc = scenario()
    prog = build_program(sc, CostModel(H100, "bf16"), fold=True)
    d = Dims.of(sc)
    tokens = d.b * d.s // d.t  # sequence parallel: each tensor rank routes its share
    steps = prog.steps[0]
    a2a = [(op, ly) for op, ly, mb in steps if op.kind == "alltoall" and mb == 0]
    # layers 0-1 on stage 0, layer 0 dense (first_dense 1): layer 1 only, 2 forward + 2 backward
    assert sorted({ly for _op, ly in a2a}) == [1]
    assert len(a2a) == 4
    for op, _ly in a2a:
        assert op.bytes == tokens * MOE["top_k"] * d.h * d.e
        assert op.group == (0, 1, 2, 3)  # etp 1: four consecutive ranks of the stage
        leaving = alltoall_bytes(tokens, d.h, MOE["top_k"], 4, d.e)
        assert op.bytes * 3 / 4 == pytest.approx(leaving)


def test_expert_tensor_gather():
    """With expert tensor parallel the routed tokens are all-gathered over the etp group before the experts
    and reduce-scattered after: etp x tokens x top_k x h x e, and each expert's GEMM is expert_ffn / etp wide."""
    sc = scenario(t=2, dp=4, ep=2, etp=2)
    prog = build_program(sc, CostModel(H100, "bf16"), fold=True)
    d = Dims.of(sc)
    tokens = d.b * d.s // d.t
    ops = {op.name: op for op, ly, mb in prog.steps[0] if mb == 0 and ly == 1}
    assert ops["moe.dispatch.allgather"].bytes == 2 * tokens * 2 * d.h * d.e
    assert ops["moe.dispatch.allgather"].group == (0, 1)
    assert ops["moe.dispatch.alltoall"].group == (0, 2)
    # grouped GEMM: experts / ep local experts, their rows the gathered copies spread evenly
    fc1 = ops["moe.fc1"]
    local, rows, f1 = 16 // 2, 2 * tokens * 2 // (16 // 2), 2 * 512 // 2
    assert fc1.flops == pytest.approx(2 * local * rows * f1 * d.h)


@pytest.mark.parametrize(("t", "dp", "ep", "etp"), [(2, 4, 4, 1), (1, 8, 8, 1), (2, 4, 2, 2), (1, 8, 2, 1)])
def test_folding_matches_unfolded(t, dp, ep, etp):
    """Folding keeps only shifts that carry expert groups onto expert groups: the folded run equals the
    unfolded one."""
    sc = scenario(t=t, dp=dp, ep=ep, etp=etp, pp=1, nodes=1 if t * dp <= 8 else 2)
    folded, full = run(sc), run(sc, "none")
    # shifts inside an expert group's block and of whole blocks: one simulated rank per stage
    assert folded.program.reps == [0]
    assert folded.engine.iteration_time_s == pytest.approx(full.engine.iteration_time_s, rel=1e-12)
    assert folded.memory[0].total == full.memory[0].total


def test_parameters_add_up():
    """Over all ranks, the data-parallel-replicated parameters counted once per data-parallel replica and the
    experts once per expert-data-parallel replica make the whole model (megatron.model_params)."""
    sc = scenario(t=1, pp=2, dp=8, ep=4)
    res = run(sc, "none")
    lay, scheme = res.program.layout, res.program.scheme
    edp = scheme.expert_layout.size("dp")
    assert edp == 2
    from simcluster.parallel.layers import layers_params

    m = MoE.of(sc.model.moe)
    total = 0.0
    for r in range(lay.world_size):
        expert = layers_params(scheme, rank_layers(sc, lay.coord(r, "pp")), m)[1]
        total += (res.program.params_per_rank[r] - expert) / lay.dp + expert / edp
    assert total == pytest.approx(megatron.model_params(Dims.of(sc), sc.model.layers, m), rel=1e-12)
    assert scheme.moe_layer_params()[1] == 16 // 4 * 3 * 1024 * 512


def test_expert_gradients_reduce_over_expert_data_group():
    """Expert gradients all-reduce over the expert-data-parallel group (world / (pp ep etp) ranks), the
    rest over the data group; bytes = parameters x 2."""
    sc = scenario(t=2, pp=1, dp=4, ep=4, nodes=1)
    res = run(sc)
    ops = [op for op, ly, mb in res.program.steps[0] if op.name.startswith("grad.")]
    expert = [op for op in ops if op.name.startswith("grad.expert")]
    dense = [op for op in ops if not op.name.startswith("grad.expert")]
    el = res.program.scheme.expert_layout
    assert el.size("dp") == 8 // (4 * 1)
    assert all(op.group == el.group(0, "dp") == (0, 4) for op in expert)
    n_moe = 3
    assert sum(op.bytes for op in expert) == pytest.approx(n_moe * res.program.scheme.moe_layer_params()[1] * 2)
    assert all(op.group == (0, 2, 4, 6) for op in dense)


def test_distributed_optimizer_shards_experts():
    """With ZeRO-1 the optimizer state of the experts divides by the expert-data-parallel size, the rest by
    data x context (16 bytes per parameter in mixed precision: 12 of optimizer state)."""
    sc = scenario(t=1, pp=1, dp=8, ep=2, nodes=1)
    base, sharded = run(sc), run(sc.model_copy(update={"parallelism": sc.parallelism.model_copy(update={"zero": "optimizer"})}))
    expert = 3 * base.program.scheme.moe_layer_params()[1]
    dense = base.program.params_per_rank[0] - expert
    assert base.memory[0].optimizer == pytest.approx(12 * (dense + expert))
    assert sharded.memory[0].optimizer == pytest.approx(12 * (dense / 8 + expert / 4))


def test_imbalance_slows_experts_only():
    """The imbalance factor scales the busiest rank's expert GEMMs (routed copies), not the all-to-all."""
    a = build_program(scenario(), CostModel(H100, "bf16"), fold=True)
    b = build_program(scenario(moe={"imbalance": 2.0}), CostModel(H100, "bf16"), fold=True)
    pick = lambda p, name: next(op for op, ly, mb in p.steps[0] if op.name == name)  # noqa: E731
    assert pick(b, "moe.fc1").flops == pytest.approx(2 * pick(a, "moe.fc1").flops)
    assert pick(b, "moe.dispatch.alltoall").bytes == pick(a, "moe.dispatch.alltoall").bytes
    capped = build_program(scenario(moe={"imbalance": 2.0, "capacity_factor": 1.25}), CostModel(H100, "bf16"), True)
    assert pick(capped, "moe.fc1").flops == pytest.approx(1.25 * pick(a, "moe.fc1").flops)


def test_model_flops_count_routed_experts():
    """Model FLOPs count top_k expert MLPs per token in the MoE layers (Megatron's formula), not the router."""
    sc = scenario()
    res = run(sc)
    m = sc.model
    B, s, h, L = sc.training.global_batch, m.seq_len, m.hidden, m.layers
    qkv = (16 + 2 * 4) * 64
    dense_mlp = 3 * h * 4 * h
    moe_mlp = 3 * h * 512 * 2
    fwd = 2.0 * B * s * (L * (qkv * h + h * h + 2 * s * h) + dense_mlp + 3 * moe_mlp + h * m.vocab)
    assert res.model_flops() == pytest.approx(3 * fwd)


@pytest.mark.parametrize(("layers", "pp", "v", "emb", "loss"), [(94, 8, 4, True, True), (94, 32, 3, True, True),
                                                                 (63, 4, 1, False, True), (8, 2, 2, False, False)])
def test_uneven_pipeline_split(layers, pp, v, emb, loss):
    """Megatron's account-for-embedding/loss split: (layers + emb + loss) / (pp v) per chunk, the first chunk
    one fewer with emb, the last one fewer with loss; every layer on exactly one chunk, in order."""
    doc = small_scenario(
        parallelism={"tensor": 1, "pipeline": pp, "virtual_stages": v, "account_for_embedding": emb,
                     "account_for_loss": loss, "schedule": "interleaved-1f1b" if v > 1 else "1f1b"},
        model={"layers": layers},
    )
    sc = parse_scenario(doc)
    per = (layers + emb + loss) // (pp * v)
    chunks = [stage_layers(sc, k % pp, k // pp) for k in range(pp * v)]
    assert [ly for c in chunks for ly in c] == list(range(layers))
    assert len(chunks[0]) == per - emb and len(chunks[-1]) == per - loss
    assert all(len(c) == per for c in chunks[1:-1])
    assert sum(len(rank_layers(sc, s)) for s in range(pp)) == layers


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"moe": {"top_k": 32}}, "model.moe.top_k"),
        ({"ep": 3}, "parallelism.expert"),
        ({"ep": 16, "dp": 4, "t": 2}, "parallelism.expert"),  # 16 x etp 1 > 8 ranks of a stage
        ({"etp": 4, "ep": 1, "moe": {"expert_ffn": 510}}, "parallelism.expert_tensor"),
        ({"moe": {"layers": [9]}}, "model.moe.layers"),
        ({"moe": {"router_groups": 4}}, "model.moe.router_group_top_k"),
        ({"moe": {"router_group_top_k": 2}}, "model.moe.router_groups"),
        ({"moe": {"router_groups": 3, "router_group_top_k": 1}}, "model.moe.router_groups"),
        ({"moe": {"router_groups": 4, "router_group_top_k": 5}}, "model.moe.router_group_top_k"),
        ({"moe": {"router_groups": 16, "router_group_top_k": 1}}, "model.moe.top_k"),  # 1 expert < top_k 2
    ],
)
def test_bad_moe_inputs(change, field):
    kw = {"t": change.pop("t", 2), "dp": change.pop("dp", 4), "ep": change.pop("ep", 4), "etp": change.pop("etp", 1)}
    with pytest.raises(ConfigError) as err:
        check_semantics(scenario(**kw, **change), H100)
    assert str(err.value).startswith(field), str(err.value)
    assert "\n" not in str(err.value)


def test_moe_rules_of_megatron_core():
    doc = small_scenario(parallelism={"scheme": "megatron", "tensor": 2}, model={**MODEL, "moe": MOE})
    with pytest.raises(ConfigError, match="parallelism.scheme.*sequence parallel"):
        check_semantics(parse_scenario({**doc, "hardware": "dgx-h100"}), H100)
    dense = small_scenario(parallelism={"tensor": 1, "expert": 2}, model=MODEL)
    with pytest.raises(ConfigError, match="parallelism.expert.*needs model.moe"):
        check_semantics(parse_scenario({**dense, "hardware": "dgx-h100"}), H100)
    odd = small_scenario(model={"layers": 5}, parallelism={"tensor": 1, "pipeline": 2})
    with pytest.raises(ConfigError, match="model.layers"):
        check_semantics(parse_scenario(odd), load_profile("dgx-a100"))


def test_first_and_last_stage_layers():
    """Megatron's --decoder-first/last-pipeline-num-layers: DeepSeek-V3's 61 layers on 16 stages as 3 + 14 x 4
    + 2; a split that does not divide is a one-line error naming model.layers."""
    doc = small_scenario(
        parallelism={"tensor": 1, "pipeline": 16, "first_stage_layers": 3, "last_stage_layers": 2},
        model={"layers": 61},
    )
    sc = parse_scenario(doc)
    sizes = [len(stage_layers(sc, s, 0)) for s in range(16)]
    assert sizes == [3] + [4] * 14 + [2]
    assert [ly for s in range(16) for ly in stage_layers(sc, s, 0)] == list(range(61))
    bad = parse_scenario({**doc, "parallelism": {**doc["parallelism"], "last_stage_layers": 3}})
    with pytest.raises(ConfigError, match=r"^model.layers=61: minus first/last_stage_layers \(3, 3\)"):
        check_semantics(bad, load_profile("dgx-a100"))


def test_hit_probability_closed_form():
    """P(a token's top_k of E uniform experts hits a given part of E/parts experts) = 1 - C(E-E/p, k)/C(E, k)."""
    from math import comb

    from simcluster.model.moe import hit_probability

    for E, k, parts in [(128, 8, 4), (256, 8, 8), (8, 2, 8), (16, 2, 2), (64, 6, 64)]:
        assert hit_probability(E, k, parts) == pytest.approx(1 - comb(E - E // parts, k) / comb(E, k), rel=1e-12)
    assert hit_probability(8, 8, 2) == 1.0  # every expert chosen


def test_group_limited_hit_probability_by_enumeration():
    """Group-limited routing (`router_groups`, `router_group_top_k`): the probability that a token reaches a
    part (GPU or node) equals the count over every pick of groups and every top_k of their experts, averaged
    over the parts, for parts inside a group, spanning groups, and straddling group edges."""
    from itertools import combinations

    from simcluster.model.moe import hit_probability

    def enumerate_hits(E, k, parts, G, g):
        size, per, hits, total = E // G, E // parts, 0, 0
        for picked in combinations(range(G), g):
            experts = [e for q in picked for e in range(q * size, (q + 1) * size)]
            for chosen in combinations(experts, k):
                total += parts
                hits += len({e // per for e in chosen})
        return hits / total

    for E, k, parts, G, g in [(12, 3, 4, 4, 2), (12, 3, 2, 4, 2), (12, 3, 3, 4, 2), (12, 2, 6, 4, 3),
                              (16, 4, 8, 4, 2), (24, 3, 4, 6, 2)]:  # fmt: skip
        assert hit_probability(E, k, parts, G, g) == pytest.approx(enumerate_hits(E, k, parts, G, g), rel=1e-12)
    # DeepSeek-V3: 256 experts in 8 groups (one a node), 4 picked: each of 8 nodes is reached with probability
    # 1/2 x (1 - C(96, 8) / C(128, 8)), 3.63 nodes a token (at most 4), where uniform top 8 reaches 5.3
    from math import comb

    assert hit_probability(256, 8, 8, 8, 4) == pytest.approx(0.5 * (1 - comb(96, 8) / comb(128, 8)), rel=1e-12)
    assert 8 * hit_probability(256, 8, 8, 8, 4) < 4 < 8 * hit_probability(256, 8, 8)
    # the widest inputs the schema takes stay sums of a few terms (hypergeometric, one period of the layout),
    # inside [0, 1]: one part of 2 reached surely by 1,000 experts of 32,768 picked groups; 3 groups over 5 parts
    assert hit_probability(65536, 1000, 2, 65536, 32768) == 1.0
    assert 0.0 < hit_probability(65535, 8, 5, 3, 2) < 1.0


def test_group_limited_routing_shrinks_deepep_bytes_only():
    """DeepEP moves one copy per GPU (node) a token reaches, so group-limited routing scales its exchanges by
    the ratio of hit probabilities; NCCL's all-to-all sends a copy per expert and does not change."""
    from simcluster.model.moe import hit_probability

    def exchanges(dispatcher, groups):
        sc = scenario(t=1, pp=1, dp=8, ep=8, nodes=1, moe=groups)
        par = sc.parallelism.model_copy(update={"expert_dispatcher": dispatcher})
        sc = sc.model_copy(update={"parallelism": par})
        check_semantics(sc, H100)
        prog = build_program(sc, CostModel(H100, "bf16"), fold=True)
        return {op.name: op.bytes for op, ly, mb in prog.steps[0] if mb == 0 and ly == 1 and op.kind == "alltoall"}

    limited = {"router_groups": 8, "router_group_top_k": 2}  # 16 experts, 2 a group = a GPU's
    uniform, grouped = exchanges("deepep", None), exchanges("deepep", limited)
    ratio = hit_probability(16, 2, 8, 8, 2) / hit_probability(16, 2, 8)
    assert ratio < 1 and set(uniform) == set(grouped)
    for name, nbytes in uniform.items():
        assert grouped[name] == pytest.approx(ratio * nbytes, rel=1e-12)
    assert exchanges("alltoall", limited) == exchanges("alltoall", None)


def test_deepep_exchanges():
    """DeepEP over an expert group of 2 nodes x 4 GPUs: the dispatch crosses the fabric once per node hit
    (N x P(node) tokens per rank), then NVLink once per GPU hit (G x N x P(GPU)); the combine reverses it."""
    from math import comb

    sc = scenario(t=1, pp=1, dp=8, ep=8, nodes=2)
    sc = sc.model_copy(update={"parallelism": sc.parallelism.model_copy(update={"expert_dispatcher": "deepep"})})
    sc = sc.model_copy(update={"cluster": sc.cluster.model_copy(update={"gpus_per_node": 4, "nics_per_node": 4})})
    check_semantics(sc, H100)
    prog = build_program(sc, CostModel(H100, "bf16"), fold=True)
    d = Dims.of(sc)
    tok_bytes = d.b * d.s * d.h * d.e
    ops = [op for op, ly, mb in prog.steps[0] if mb == 0 and ly == 1 and op.kind == "alltoall"]
    names = [op.name for op in ops]
    assert names == [
        "moe.dispatch.internode", "moe.dispatch.intranode", "moe.combine.intranode", "moe.combine.internode",
        "moe.combine.internode.bwd", "moe.combine.intranode.bwd", "moe.dispatch.intranode.bwd",
        "moe.dispatch.internode.bwd",
    ]  # fmt: skip
    p_node = 1 - comb(16 - 8, 2) / comb(16, 2)
    p_gpu = 1 - comb(16 - 2, 2) / comb(16, 2)
    by = {op.name: op for op in ops}
    assert by["moe.dispatch.internode"].bytes == pytest.approx(2 * p_node * tok_bytes)
    assert by["moe.dispatch.intranode"].bytes == pytest.approx(4 * 2 * p_gpu * tok_bytes)
    assert by["moe.dispatch.internode"].group == tuple(range(8))
    # folded = unfolded
    assert run(sc).engine.iteration_time_s == pytest.approx(run(sc, "none").engine.iteration_time_s, rel=1e-12)


def test_internode_alltoall_is_rail_pairs():
    """The internode exchange of 16 GPUs on 2 nodes moves S/2 between GPU i and GPU i+8 only: the time of a
    2-rank all-to-all of S between those two, on every rail at once."""
    from tests.test_collectives import engine_time

    S = 256 * 2**20
    a = engine_time(H100, 2, "alltoall", "internode", list(range(16)), S)
    b = engine_time(H100, 2, "alltoall", "p2p", [0, 8], S)
    assert a == pytest.approx(b, rel=1e-9)
    intra = engine_time(H100, 2, "alltoall", "intranode", list(range(16)), S)
    assert intra == pytest.approx(engine_time(H100, 1, "alltoall", "p2p", list(range(8)), S), rel=1e-9)


def _moe_search_base(tmp_path):
    """A MoE scenario on 2 H100 nodes for the search (16 experts, top 2, first layer dense)."""
    import yaml

    from simcluster.config.loader import load_scenario

    doc = small_scenario(
        parallelism={"scheme": "megatron-sp", "tensor": 1},
        model={**MODEL, "moe": MOE},
        training={"global_batch": 32, "micro_batch": 1},
    )
    doc = {**doc, "hardware": "dgx-h100", "cluster": {"nodes": 2}}
    path = tmp_path / "moe.yaml"
    path.write_text(yaml.safe_dump(doc))
    return load_scenario(path), doc


def test_search_enumerates_expert_parallel(tmp_path):
    """The default space varies parallelism.expert over the divisors of the experts; every listed layout
    passes the loader, and every rejected (tensor, data, expert) breaks one of Megatron-Core's rules."""
    from simcluster.search.space import EXPERT, Space, enumerate_space

    loaded, raw = _moe_search_base(tmp_path)
    space = Space({"training.recompute": ["none"], "training.grad_overlap": [True], "parallelism.pipeline": [1]})
    enum = enumerate_space(loaded, raw, space)
    seen = {(lay["parallelism.tensor"], lay[EXPERT]) for lay in enum.layouts}
    for sc in enum.scenarios:
        check_semantics(sc, H100)
    # etp defaults to tensor: expert x tensor must divide tensor x data = 16
    assert seen == {(t, ep) for t in (1, 2, 4) for ep in (1, 2, 4, 8, 16) if 16 % (ep * t) == 0}  # kv_heads 4
    assert {lay["parallelism.scheme"] for lay in enum.layouts if lay["parallelism.tensor"] > 1} == {"megatron-sp"}


def test_search_memory_and_estimate_on_moe(tmp_path):
    """The search's fast memory equals the memory model on MoE layouts, and its estimate ranks them as the
    engine does (Spearman >= 0.9, each within 25%)."""
    from simcluster.memory.maxbatch import peak_memory
    from simcluster.search.driver import run_search
    from simcluster.search.prune import peak_memory_fast
    from simcluster.search.space import Space, enumerate_space
    from tests.test_search import _spearman, estimates_and_engine

    loaded, raw = _moe_search_base(tmp_path)
    space = Space({"training.recompute": ["none"], "training.grad_overlap": [True], "parallelism.pipeline": [1, 2]})
    enum = enumerate_space(loaded, raw, space)
    for sc in enum.scenarios[:: max(1, len(enum.scenarios) // 12)]:
        assert peak_memory_fast(sc, loaded.hardware).total == pytest.approx(peak_memory(loaded, sc).total, rel=1e-12)
    res = run_search(loaded, raw, space, top=0, jobs=1)
    picks, est, sim = estimates_and_engine(loaded, enum, res, 10)
    assert _spearman(est, sim) >= 0.9
    for e, s, r in zip(est, sim, picks):
        assert e == pytest.approx(s, rel=0.25), r["label"]


def test_recompute_modules():
    """Megatron-Core's --recompute-modules: the backward re-runs exactly the chosen modules' forward ops
    (moe: the whole block, its all-to-alls included), and the stored bytes drop by the closed forms (layernorm:
    its two outputs, 2 e s b h / t under sequence parallel; moe_act: the experts' activation output)."""
    base = scenario(pp=1, dp=4, nodes=1)

    def with_modules(mods):
        tr = base.training.model_copy(update={"recompute": "selective", "recompute_modules": mods})
        sc = base.model_copy(update={"training": tr})
        check_semantics(sc, H100)
        return sc, build_program(sc, CostModel(H100, "bf16"), fold=True)

    sc, prog = with_modules(["layernorm"])
    redo = [op for op, ly, mb in prog.steps[0] if mb == 0 and ly == 1 and op.phase == "recompute"]
    assert [op.name for op in redo] == ["ln1", "ln2"]
    sc, prog = with_modules(["moe"])
    redo = [op.name for op, ly, mb in prog.steps[0] if mb == 0 and ly == 1 and op.phase == "recompute"]
    assert "moe.dispatch.alltoall" in redo and "moe.combine.alltoall" in redo and "moe.fc1" in redo
    assert not any(n.startswith(("attn", "ln")) for n in redo)
    dense_redo = [op for op, ly, mb in prog.steps[0] if mb == 0 and ly == 0 and op.phase == "recompute"]
    assert dense_redo == []  # layer 0 is dense: nothing of it is a MoE module
    d = Dims.of(sc)
    scheme = prog.scheme
    none = scheme.layer_activation_bytes("none")
    _, prog_ln = with_modules(["layernorm"])
    assert none - prog_ln.scheme.layer_activation_bytes("selective") == pytest.approx(2 * d.e * d.s * d.b * d.h / d.t)
    _, prog_act = with_modules(["moe_act"])
    tokens = d.b * d.s // d.t
    act = tokens * 2 * 512 * d.e  # top_k 2 copies, expert_ffn 512, etp 1
    moe_none = prog_act.scheme.moe_layer_activation_bytes("none")
    assert moe_none - prog_act.scheme.moe_layer_activation_bytes("selective") == pytest.approx(act)


@pytest.mark.parametrize(
    ("recompute", "mods", "rule"),
    [("full", ["layernorm"], "needs training.recompute: selective"), ("selective", ["bogus"], "")],
)
def test_recompute_modules_errors(recompute, mods, rule):
    doc = small_scenario(training={"recompute": recompute, "recompute_modules": mods})
    with pytest.raises(ConfigError) as err:
        check_semantics(parse_scenario(doc), load_profile("dgx-a100"))
    assert str(err.value).startswith("training.recompute_modules") and rule in str(err.value)
    dense = small_scenario(training={"recompute": "selective", "recompute_modules": ["moe"]})
    with pytest.raises(ConfigError, match=r"^training.recompute_modules='moe': needs model.moe"):
        check_semantics(parse_scenario(dense), load_profile("dgx-a100"))


@pytest.mark.parametrize(("pp", "v"), [(2, 2), (1, 1)])
def test_moe_overlap_merges_steady_state_pairs(pp, v):
    """Expert-parallel overlap: the steady state's forward and the following backward (different micro-batches;
    without a pipeline the next forward runs first, one more micro-batch in flight) run merged, every
    all-to-all non-blocking and waited on; no op is lost or added but the waits; the iteration gets faster by
    at most the all-to-all time; folding still equals the unfolded run."""
    from collections import Counter

    base = scenario(t=1, pp=pp, dp=8 if pp == 2 else 16, ep=8, moe={"first_dense": 0}, nodes=2)
    par = base.parallelism.model_copy(
        update={"virtual_stages": v, "schedule": "interleaved-1f1b" if v > 1 else "1f1b"}
    )
    tr = base.training.model_copy(update={"global_batch": 8 * base.parallelism.data})
    base = base.model_copy(update={"model": base.model.model_copy(update={"layers": 8}), "training": tr,
                                   "parallelism": par})  # fmt: skip
    on = base.model_copy(update={"training": tr.model_copy(update={"moe_overlap": True})})
    p_off = build_program(base, CostModel(H100, "bf16"), fold=True)
    p_on = build_program(on, CostModel(H100, "bf16"), fold=True)
    key = lambda st: (st.op.name, st.op.kind, st.op.bytes, st.layer, st.microbatch)  # noqa: E731
    for rep in p_off.reps:
        a = Counter(key(st) for st in p_off.steps[rep])
        b = Counter(key(st) for st in p_on.steps[rep] if st.op.kind != "wait" or st.op.family != "ep")
        assert a == b
        steps = p_on.steps[rep]
        assert any(st.op.kind == "alltoall" and not st.op.blocking for st in steps)
        pending = 0  # every non-blocking all-to-all is waited on, at most two in flight
        for st in steps:
            if st.op.kind == "alltoall" and not st.op.blocking:
                pending += 1
                assert pending <= 2
            elif st.op.kind == "wait" and st.op.family == "ep":
                pending = 0
        assert pending == 0
    off, onr = run(base, hw=H100_FAST_HOST), run(on, hw=H100_FAST_HOST)  # the GPU's side of the overlap
    t_off, t_on = off.engine.iteration_time_s, onr.engine.iteration_time_s
    tr0 = off.engine.traces[0]
    a2a = sum(tr0.end_s[i] - tr0.start_s[i] for i, (op, _l, _m) in enumerate(off.program.steps[0]) if op.kind == "alltoall")
    assert t_on < t_off and t_off - t_on <= a2a
    exact = run(on, hw=H100_NO_SHARING).engine.iteration_time_s
    assert exact == pytest.approx(run(on, "none", hw=H100_NO_SHARING).engine.iteration_time_s, rel=1e-12)
    assert t_on == pytest.approx(run(on, "none", hw=H100_FAST_HOST).engine.iteration_time_s, rel=1e-3)
    if pp == 1:  # one more micro-batch's activations in flight
        assert onr.memory[0].activations > off.memory[0].activations


def test_moe_overlap_runs_megatron_core_s_order():
    """A merged layer pair runs as Megatron-Core's schedule plan says (TransformerLayerSchedulePlan.run, since
    its first version, August 2025): comm stream combine_bwd | dispatch_fwd -> dispatch_bwd | combine_fwd,
    compute stream attention_fwd | mlp_bwd -> mlp_fwd | attention_bwd. So the backward's combine runs under
    the forward's attention, the forward's dispatch under the backward's expert GEMMs, the backward's
    dispatch under the forward's expert GEMMs, the forward's combine under the backward's attention; the
    forward going first (its dispatch under the backward's few element-wise ops) hides half as much."""
    base = scenario(t=1, pp=1, dp=16, ep=8, moe={"first_dense": 0}, nodes=2)
    tr = base.training.model_copy(update={"global_batch": 8 * base.parallelism.data, "moe_overlap": True})
    sc = base.model_copy(update={"model": base.model.model_copy(update={"layers": 2}), "training": tr})
    steps = build_program(sc, CostModel(H100, "bf16"), fold=True).steps[0]
    marks = {
        ("alltoall", "moe.combine.alltoall.bwd"): "B.combine",
        ("alltoall", "moe.dispatch.alltoall"): "F.dispatch",
        ("alltoall", "moe.dispatch.alltoall.bwd"): "B.dispatch",
        ("alltoall", "moe.combine.alltoall"): "F.combine",
        ("attention", "attn.flash"): "F.attn",
        ("gemm", "moe.fc1.dgrad"): "B.experts",
        ("gemm", "moe.fc1"): "F.experts",
        ("attention", "attn.flash.bwd"): "B.attn",
    }
    start = next(k for k, st in enumerate(steps) if st.op.kind == "alltoall" and not st.op.blocking)
    seq = [marks[(st.op.kind, st.op.name)] for st in steps[start:] if (st.op.kind, st.op.name) in marks]
    assert seq[:8] == ["B.combine", "F.attn", "F.dispatch", "B.experts", "B.dispatch", "F.experts", "F.combine",
                       "B.attn"]  # fmt: skip
    # each of the four is issued without blocking and waited on before the piece that needs its result
    issued = [st.op for st in steps[start:] if st.op.kind == "alltoall"][:4]
    assert [op.blocking for op in issued] == [False] * 4


def test_moe_overlap_rules():
    with pytest.raises(ConfigError, match="^training.moe_overlap=True: needs model.moe"):
        check_semantics(parse_scenario(small_scenario(training={"moe_overlap": True})), load_profile("dgx-a100"))
    sc = scenario(pp=2)
    sc = sc.model_copy(update={"training": sc.training.model_copy(update={"moe_overlap": True})})
    with pytest.raises(ConfigError, match="^training.moe_overlap=True: needs interleaved-1f1b"):
        check_semantics(sc, H100)


def test_summary_coords_name_each_ranks_groups():
    """summary.json's per-rank coords: the ranks sharing every coordinate but `ep` are exactly the dispatch
    all-to-all's group, and those sharing all but `tp` the tensor group."""
    res = run(scenario(t=2, pp=2, dp=4, ep=4, nodes=2), "none")
    rows = res.summary()["per_rank"]
    coords = {r["rank"]: r["coords"] for r in rows}
    for rank in range(res.world_size):
        op = next(op for op, ly, mb in res.program.steps[rank] if op.name == "moe.dispatch.alltoall")
        same = tuple(q for q in range(res.world_size)
                     if all(coords[q][k] == coords[rank][k] for k in ("edp", "pp")))  # fmt: skip
        assert op.group == same
        assert res.program.layout.group(rank, "tp") == tuple(
            q for q in range(res.world_size) if all(coords[q][k] == coords[rank][k] for k in ("cp", "dp", "pp"))
        )


def _moe_forward_names(prog, phase="forward"):
    return [op.name for op, ly, mb in prog.steps[0] if mb == 0 and ly == 1 and op.phase == phase]


def test_dropless_dispatch_counts_and_host_sync():
    """Megatron-Core's dropless dispatch brings every expert's token count to the host before its exchange:
    NCCL's all-to-all all-gathers the per-expert counts (int64) over the expert tensor x expert group
    (tp_ep: etp 2 x ep 2 = ranks 0-3 here, 4 x 16 x 8 bytes) and synchronizes after the permutation
    ("before_ep_alltoall"); with a capacity factor the sync comes before the permutation; DeepEP gathers
    nothing (its notify does) but its dispatch waits on the host; the backward has neither, and a recomputed
    MoE block runs both again."""
    sc = scenario(t=2, dp=4, ep=2, etp=2)
    prog = build_program(sc, CostModel(H100, "bf16"), fold=True)
    names = _moe_forward_names(prog)
    i = names.index
    assert i("moe.router.topk") < i("moe.dispatch.counts.allgather") < i("moe.permute")
    assert i("moe.permute") < i("moe.dispatch.sync") < i("moe.dispatch.alltoall")
    assert names.count("moe.dispatch.sync") == names.count("moe.dispatch.counts.allgather") == 1
    ops = {op.name: op for op, ly, mb in prog.steps[0] if mb == 0 and ly == 1 and op.phase == "forward"}
    assert ops["moe.dispatch.counts.allgather"].group == (0, 1, 2, 3)
    assert ops["moe.dispatch.counts.allgather"].bytes == 4 * 16 * 8
    assert ops["moe.dispatch.sync"].kind == "sync"
    assert not [n for n in _moe_forward_names(prog, "backward") if "counts" in n or n.endswith(".sync")]
    assert [op for op, ly, mb in prog.steps[0] if ly == 0 and op.name.startswith("moe.")] == []  # dense layer

    capped = scenario(t=2, dp=4, ep=2, etp=2, moe={"capacity_factor": 1.25})
    names = _moe_forward_names(build_program(capped, CostModel(H100, "bf16"), fold=True))
    assert names.index("moe.dispatch.sync") < names.index("moe.permute")

    deepep = scenario(t=1, pp=1, dp=8, ep=8, nodes=2)
    deepep = deepep.model_copy(
        update={"parallelism": deepep.parallelism.model_copy(update={"expert_dispatcher": "deepep"})}
    )
    check_semantics(deepep, H100)
    names = _moe_forward_names(build_program(deepep, CostModel(H100, "bf16"), fold=True))
    assert "moe.dispatch.counts.allgather" not in names
    assert names.index("moe.permute") < names.index("moe.dispatch.sync") < names.index("moe.dispatch.intranode")

    tr = sc.training.model_copy(update={"recompute": "selective", "recompute_modules": ["moe"]})
    redo = build_program(sc.model_copy(update={"training": tr}), CostModel(H100, "bf16"), fold=True)
    assert _moe_forward_names(redo, "recompute").count("moe.dispatch.sync") == 1


def test_dispatch_sync_exposes_host_time():
    """On one GPU (no exchange: the sync sits before the experts, "before_finish") each MoE forward drains
    the GPU and then spends the profile's sync time on the host with nothing queued: a longer sync_us lengthens
    the iteration by exactly the difference per synchronization in the program (the MoE layers' and the step's
    own)."""
    sc = scenario(t=1, pp=1, dp=1, ep=1, nodes=1)
    sc = sc.model_copy(update={"cluster": sc.cluster.model_copy(update={"gpus_per_node": 1, "nics_per_node": 1})})
    base = run(sc, hw=H100_NO_SHARING).engine.iteration_time_s
    us = 250.0
    slow = H100_NO_SHARING.model_copy(update={"host": H100_NO_SHARING.host.model_copy(update={"sync_us": us})})
    res = run(sc, hw=slow)
    syncs = [op for op, ly, mb in res.program.steps[0] if op.kind == "sync"]
    moe_syncs = [op for op in syncs if op.name == "moe.dispatch.sync"]
    d = Dims.of(sc)
    microbatches = sc.training.global_batch // sc.training.micro_batch
    assert len(moe_syncs) == (MODEL["layers"] - MOE["first_dense"]) * microbatches  # one per MoE forward
    names = [op.name for op, ly, mb in res.program.steps[0] if ly == 1 and mb == 0 and op.phase == "forward"]
    assert names.index("moe.permute") < names.index("moe.dispatch.sync") < names.index("moe.fc1")
    assert d.t == 1
    delta = (us - H100_NO_SHARING.host.sync_us) * 1e-6
    assert res.engine.iteration_time_s - base == pytest.approx(len(syncs) * delta, rel=1e-9)


def test_moe_block_time_is_its_ops_time_per_moe_layer_and_micro_batch():
    """`moe_forward_time_s` / `moe_backward_time_s` (Megatron-LM's moe_perf timings): on one GPU, where nothing
    overlaps or waits, the busy time of one MoE block's ops (router to un-permute) for one micro-batch, averaged
    over the rank's MoE layers only (the dense first layer does not dilute it); null on a dense model."""
    sc = scenario(t=1, pp=1, dp=1, ep=1, nodes=1, global_batch=2)  # layer 0 dense, layers 1-3 MoE; 2 micro-batches
    res = run(sc, hw=H100_FAST_HOST)
    summary = res.summary()
    rep = res.program.rep_of[0]
    for phase in ("forward", "backward"):
        ops = [op for op, ly, mb in res.program.steps[rep] if ly == 1 and mb == 0 and op.phase == phase]
        block = sum(op.duration_s for op in ops if op.name.startswith("moe."))
        assert block > 0 and all(op.is_compute or op.kind == "sync" for op in ops if op.name.startswith("moe."))
        assert summary[f"moe_{phase}_time_s"] == pytest.approx(block, rel=1e-9)
        layer = sum(op.duration_s for op in ops if op.is_compute)
        assert summary[f"moe_{phase}_time_s"] < layer  # the attention around it does not count
    dense = run(sc.model_copy(update={"model": sc.model.model_copy(update={"moe": None})}), hw=H100_FAST_HOST)
    assert dense.summary()["moe_forward_time_s"] is None and dense.summary()["moe_backward_time_s"] is None
