"""Optimus (2D SUMMA tensor parallelism): Table 1 volumes and FLOPs, SUMMA structure, memory, placement,
and end-to-end simulations."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from simcluster.config.loader import LoadedScenario, load_scenario
from simcluster.memory.maxbatch import max_batch, peak_memory
from simcluster.model.costs import CostModel
from simcluster.model.ops import OpSpec
from simcluster.parallel.optimus import Mesh
from simcluster.parallel.program import Program, build_program
from simcluster.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
OPTIMUS = ROOT / "scenarios" / "optimus_16gpu.yaml"
MEGATRON = ROOT / "scenarios" / "megatron_tp_16gpu.yaml"

# A small layer: b=8, s=64, h=256, 16 heads, fp32 (e=4).
SMALL = [
    "model.layers=2",
    "model.hidden=256",
    "model.heads=16",
    "model.seq_len=64",
    "training.global_batch=8",
    "training.micro_batch=8",
]


def load(path: Path, *overrides: str) -> LoadedScenario:
    return load_scenario(path, list(overrides))


def program(loaded: LoadedScenario) -> Program:
    sc = loaded.scenario
    return build_program(sc, CostModel(loaded.hardware, sc.training.precision), fold=True)


def layer_ops(prog: Program, rank: int, phases: tuple[str, ...]) -> list[OpSpec]:
    """One layer's ops (layer 0, the only micro-batch) of `rank` in the given phases."""
    return [op for op, layer, _mb in prog.steps[rank] if layer == 0 and op.phase in phases]


def tree_volume(ops: list[OpSpec], e: int, q: int) -> float:
    """Optimus Table 1's measure: sum of (size in elements x log2 q) over broadcasts and reduces."""
    return sum(op.bytes / e * math.log2(q) for op in ops if op.kind in ("broadcast", "reduce"))


def table1(b: int, s: int, h: int, p: int) -> tuple[float, float]:
    """Optimus Table 1 communication (elements per layer per device): forward, backward with recompute."""
    f = math.log2(p) / (2 * math.sqrt(p))
    return f * (7 * b * s * h + 12 * h * h), f * (21 * b * s * h + 36 * h * h)


MESHES = [("4", "1"), ("16", "4")]  # (tensor, nodes): q = 2 and q = 4


@pytest.mark.parametrize(("tensor", "nodes"), MESHES)
def test_communication_matches_table1(tensor: str, nodes: str) -> None:
    loaded = load(OPTIMUS, *SMALL, f"parallelism.tensor={tensor}", f"cluster.nodes={nodes}")
    prog = program(loaded)
    p = int(tensor)
    q = math.isqrt(p)
    b, s, h, e = 8, 64, 256, 4
    fwd_ref, bwd_ref = table1(b, s, h, p)
    assert prog.reps == list(range(p))  # every mesh position is simulated (no tp folding)
    for rank in prog.reps:
        fwd = layer_ops(prog, rank, ("forward",))
        bwd = layer_ops(prog, rank, ("backward", "recompute"))
        summa = lambda ops: [op for op in ops if ".summa" in op.name]  # noqa: E731
        assert tree_volume(summa(fwd), e, q) == pytest.approx(fwd_ref, rel=1e-12)
        assert tree_volume(summa(bwd), e, q) == pytest.approx(bwd_ref, rel=1e-12)
        # Layer-norm statistics, biases and layer-norm parameters: a small extra on top.
        extra = [op for op in fwd + bwd if ".summa" not in op.name and op.kind != "send" and op.group]
        assert extra, "bias and layer-norm collectives are modelled"
        assert all(".bias." in op.name or op.name.startswith("ln") for op in extra)
        extra_volume = tree_volume(extra, e, q) + sum(
            op.bytes / e * 2 * (q - 1) / q for op in extra if op.kind == "allreduce"
        )
        assert 0 < extra_volume < 0.02 * (fwd_ref + bwd_ref)


def test_megatron_is_not_table1_optimus() -> None:
    """The measure separates schemes: Megatron's 16-GPU layer moves its own Table 1 volume instead."""
    loaded = load(MEGATRON, *SMALL[:4], "training.global_batch=8", "training.micro_batch=8")
    prog = program(loaded)
    fwd = layer_ops(prog, 0, ("forward",))
    vol = sum(op.bytes / 4 * 2 * 15 / 16 for op in fwd if op.kind == "allreduce")
    assert vol == pytest.approx(4 * 15 / 16 * 8 * 64 * 256)
    assert vol != pytest.approx(table1(8, 64, 256, 16)[0])


@pytest.mark.parametrize(("tensor", "nodes"), MESHES)
def test_flops_match_table1(tensor: str, nodes: str) -> None:
    loaded = load(OPTIMUS, *SMALL, f"parallelism.tensor={tensor}", f"cluster.nodes={nodes}")
    prog = program(loaded)
    p = int(tensor)
    b, s, h = 8, 64, 256
    for rank in prog.reps:
        fwd = sum(op.flops for op in layer_ops(prog, rank, ("forward",)))
        bwd = sum(op.flops for op in layer_ops(prog, rank, ("backward", "recompute")))
        # Table 1 counts multiply-adds: one is 2 FLOPs.
        assert fwd == pytest.approx(2 * (12 * b * s * h * h + 2 * b * s * s * h) / p, rel=1e-12)
        assert bwd == pytest.approx(2 * (36 * b * s * h * h + 6 * b * s * s * h) / p, rel=1e-12)


def test_summa_structure_and_rotating_roots() -> None:
    loaded = load(OPTIMUS, *SMALL, "parallelism.placement=naive")
    prog = program(loaded)
    q = 4
    mesh = Mesh(tuple(range(16)))
    i, j = 1, 2
    rank = mesh.at(i, j)
    row = set(mesh.row(i))
    col = set(mesh.col(j))
    assert row == {4, 5, 6, 7} and col == {2, 6, 10, 14}
    fwd = layer_ops(prog, rank, ("forward",))
    for gemm in ("attn.qkv", "attn.proj", "mlp.fc1", "mlp.fc2"):
        ops = [op for op in fwd if op.name.startswith(f"{gemm}.summa")]
        assert [op.kind for op in ops] == ["broadcast", "broadcast", "gemm"] * q
        for step in range(q):
            a, bb, g = ops[3 * step : 3 * step + 3]
            assert a.family == "row" and set(a.group) == row and a.group[0] == mesh.at(i, step)
            assert bb.family == "col" and set(bb.group) == col and bb.group[0] == mesh.at(step, j)
            assert g.flops > 0
        assert {op.group[0] for op in ops if op.family == "row"} == row  # the root visits the whole row
        assert {op.group[0] for op in ops if op.family == "col"} == col
    bwd = layer_ops(prog, rank, ("backward",))
    for gemm in ("attn.qkv", "mlp.fc2"):
        dgrad = [op for op in bwd if op.name.startswith(f"{gemm}.dgrad.summa")]
        wgrad = [op for op in bwd if op.name.startswith(f"{gemm}.wgrad.summa")]
        assert [op.kind for op in dgrad] == ["broadcast", "gemm", "reduce"] * q  # Algorithm 2
        assert [op.kind for op in wgrad] == ["broadcast", "gemm", "reduce"] * q  # Algorithm 3
        for step in range(q):
            assert dgrad[3 * step].group[0] == mesh.at(step, j) and dgrad[3 * step].family == "col"
            assert dgrad[3 * step + 2].group[0] == mesh.at(i, step) and dgrad[3 * step + 2].family == "row"
            assert wgrad[3 * step].group[0] == mesh.at(i, step) and wgrad[3 * step].family == "row"
            assert wgrad[3 * step + 2].group[0] == mesh.at(step, j) and wgrad[3 * step + 2].family == "col"
    # Biases and layer norms live in row 0: broadcast from it forward, reduced to it backward.
    for op in fwd + bwd:
        if op.group and (".bias." in op.name or ".params." in op.name):
            assert op.group[0] == mesh.at(0, j) and set(op.group) == col
    # Attention is local: b/q sequences x a/q heads per rank, no collective between qkv and proj.
    names = [op.name for op in fwd]
    between = fwd[names.index("attn.qkv.bias.col_bcast") + 1 : names.index("attn.proj.summa0.row_bcast")]
    # fp32 scores: Megatron's fused softmax kernel takes 16-bit input only, so PyTorch's path runs.
    softmax = ["attn.softmax.scale", "attn.softmax.mask", "attn.softmax"]
    assert [op.name for op in between] == ["attn.qk", *softmax, "attn.dropout", "attn.av"]
    qk = between[0]
    assert qk.flops == 2.0 * (8 // q) * (16 // q) * 64 * 64 * (256 // 16)


def test_activation_memory_split_over_all_ranks() -> None:
    """Every activation of the Megatron accounting divided by p; scores [b/q, a/q, s, s] per rank; full
    recompute keeps the layer input's [bs/q, h/q] block."""
    loaded = load(OPTIMUS, "training.global_batch=60", "training.micro_batch=60")
    prog = program(loaded)
    scheme = prog.scheme
    b, s, h, a, e, p, q = 60, 512, 4096, 64, 4, 16, 4
    sbh = s * b * h
    assert scheme.layer_activation_bytes("full") == e * sbh / p
    assert scheme.layer_activation_bytes("selective") == pytest.approx((16 * e + 2) * sbh / p)
    scores = (2 * e + 1) * (b // q) * (a // q) * s * s
    assert scheme.layer_activation_bytes("none") == pytest.approx((16 * e + 2) * sbh / p + scores)
    assert scheme.p2p_bytes() == e * sbh / p


@pytest.mark.parametrize("recompute", ["full", "selective", "none"])
def test_far_less_activation_memory_than_megatron(recompute: str) -> None:
    common = ["training.global_batch=60", "training.micro_batch=60", f"training.recompute={recompute}"]
    opt = peak_memory(load(OPTIMUS, *common))
    meg = peak_memory(load(MEGATRON, *common))
    assert opt.parameters == pytest.approx(meg.parameters, rel=0.01)  # both shard the weights 16 ways
    assert opt.activations < 0.5 * meg.activations


# Optimus paper Table 2 weak scaling: (nodes, GPUs, hidden, heads); layers 24, seq 512, fp32, checkpointing.
WEAK = [(1, 4, 2048, 32), (4, 16, 4096, 64), (9, 36, 6120, 72), (16, 64, 8192, 128)]


def test_max_batch_grows_with_gpus_for_optimus_and_shrinks_for_megatron() -> None:
    """Optimus Figure 9: Optimus's largest batch grows with the GPU count, Megatron's falls."""
    opt, meg = [], []
    for nodes, gpus, h, a in WEAK:
        q = math.isqrt(gpus)
        common = [
            f"cluster.nodes={nodes}",
            f"parallelism.tensor={gpus}",
            f"model.hidden={h}",
            f"model.heads={a}",
        ]
        o = load(OPTIMUS, *common, f"training.global_batch={q}", f"training.micro_batch={q}")
        opt.append(max_batch(o))
        meg.append(max_batch(load(MEGATRON, *common)))
        assert opt[-1] % q == 0
    assert opt == sorted(opt) and len(set(opt)) == len(opt)  # strictly growing
    assert meg[1] > meg[2] > meg[3]  # falling from 16 GPUs on
    assert opt[-1] >= 4 * meg[-1]  # the paper: 8x on 64 GPUs
    # The published batches fit: Optimus 192 on 16 GPUs, 384 on 64 GPUs.
    assert opt[1] >= 192 and opt[3] >= 384


def test_bunched_placement_beats_naive_at_small_batch() -> None:
    """Optimus Figure 8: bunched (2x2 mesh blocks per node) halves the flows sharing each node's NIC for
    column (weight) broadcasts, which dominate when bs < h."""
    small = ["model.layers=2", "training.global_batch=4", "training.micro_batch=4"]
    bunched = simulate(load(OPTIMUS, *small, "parallelism.placement=bunched"))
    naive = simulate(load(OPTIMUS, *small, "parallelism.placement=naive"))
    assert bunched.engine.iteration_time_s < 0.9 * naive.engine.iteration_time_s


def test_simulation_of_the_16gpu_scenario() -> None:
    res = simulate(load(OPTIMUS, "model.layers=4", "training.global_batch=32", "training.micro_batch=32"))
    s = res.summary()
    assert s["scheme"] == "optimus" and s["world_size"] == 16
    assert s["forward_time_s"] > 0
    assert 3 * 0.7 < s["backward_time_s"] / s["forward_time_s"] < 3 * 1.3  # recompute + 2x forward
    assert s["iteration_time_s"] == pytest.approx(
        s["forward_time_s"] + s["backward_time_s"] + s["optimizer_time_s"], rel=0.01
    )
    assert s["fits_in_memory"]
    assert res.engine.algorithms.get("broadcast:chain", 0) > 0


def test_vocab_pipeline_and_data_parallel_run() -> None:
    """Embedding (SUMMA), LM head (Algorithm 2) and loss; a 2-stage pipeline; data-parallel folding gives
    the same time as simulating every rank."""
    common = [
        "model.layers=2",
        "model.hidden=256",
        "model.heads=16",
        "model.seq_len=64",
        "model.vocab=1024",
        "parallelism.tensor=4",
        "parallelism.placement=naive",
        "training.global_batch=16",
        "training.micro_batch=4",
    ]
    res = simulate(load(OPTIMUS, *common, "parallelism.pipeline=2", "parallelism.data=2"))
    assert res.engine.iteration_time_s > 0
    assert len(res.program.reps) == 8  # 16 ranks, data-parallel peers folded
    full = simulate(
        load(OPTIMUS, *common, "parallelism.pipeline=2", "parallelism.data=2", "simulation.fold=none")
    )
    assert full.engine.iteration_time_s == pytest.approx(res.engine.iteration_time_s, rel=1e-9)
    names = [op.name for op, _l, _m in res.program.steps[0]]
    assert "embed.summa0.col_bcast" in names and "head.logits.summa0.row_reduce" not in names
    last = res.program.layout.rank_of(pp=1)
    names_last = {op.name for op, _l, _m in res.program.steps[last]}
    assert {"head.logits.summa1.row_reduce", "loss.sum.row_allreduce"} <= names_last
    sends = [op for op, _l, _m in res.program.steps[0] if op.kind == "send"]
    assert sends and all(op.bytes == 4 * 64 * 256 * 4 / 4 for op in sends)


@pytest.mark.parametrize(("recompute", "ratio"), [("none", 2.0), ("selective", 2.0), ("full", 3.0)])
def test_recompute_modes_simulate(recompute: str, ratio: float) -> None:
    """Without recompute the backward is about twice the forward (selective adds only local attention);
    full recompute adds one forward, communication included."""
    res = simulate(load(OPTIMUS, *SMALL, f"training.recompute={recompute}", "parallelism.placement=naive"))
    s = res.summary()
    assert ratio * 0.8 < s["backward_time_s"] / s["forward_time_s"] < ratio * 1.25
    phases = {op.phase for op, _l, _m in res.program.steps[0]}
    assert ("recompute" in phases) == (recompute != "none")
