"""Sharded data parallel against closed forms: ZeRO-3 moves 3 x the parameter bytes per step where all-reduce
moves 2 x, ZeRO-1/2 the same 2 x as reduce-scatter + all-gather; the ZeRO paper's memory; hybrid groups."""

from __future__ import annotations

import pytest

from simcluster.config.loader import check_semantics, load_scenario, parse_scenario
from simcluster.errors import ConfigError
from simcluster.hardware.profile import load_profile
from simcluster.simulate import simulate
from tests.conftest import small_scenario

D = 8
FACTOR = {"allreduce": 2.0, "allgather": 1.0, "reducescatter": 1.0}


def _run(write_scenario, zero: str, shard_group: int | None = None, overlap: bool = False):
    data = small_scenario(
        cluster={"nodes": 2},
        parallelism={"scheme": "megatron", "tensor": 2, "data": D, "zero": zero, "shard_group": shard_group},
        model={"layers": 4, "hidden": 1024, "heads": 16, "seq_len": 512, "vocab": 0},
        training={"global_batch": 16, "micro_batch": 2, "grad_overlap": overlap},
    )
    return simulate(load_scenario(write_scenario(data, f"z{zero}{shard_group}{overlap}.yaml")))


def _volume(res, n: int) -> float:
    """Bytes each rank sends per step over the data-parallel groups, (n-1)/n per unit of the collective's
    algorithm factor, in units of the rank's parameter bytes."""
    params = res.program.params_per_rank[0] * 2
    total = 0.0
    for op, _ly, _mb in res.program.steps[0]:
        if op.family in ("dp", "fsdp-ag", "fsdp-rs", "param-ag") and op.kind in FACTOR:
            k = len(op.group)
            total += FACTOR[op.kind] * op.bytes * (k - 1) / k
    return total / params / ((n - 1) / n)


@pytest.mark.parametrize(("zero", "volume"), [("none", 2.0), ("optimizer", 2.0), ("gradients", 2.0)])
def test_volume_allreduce_and_zero12(write_scenario, zero, volume):
    assert _volume(_run(write_scenario, zero), D) == pytest.approx(volume, rel=1e-9)


def test_zero3_moves_three_times_the_parameters(write_scenario):
    res = _run(write_scenario, "full")
    m = 16 // (2 * D)  # micro-batches per replica: each re-gathers forward and backward
    assert m == 1
    assert _volume(res, D) == pytest.approx(3.0, rel=1e-9)
    kinds = [op.kind for op, ly, _ in res.program.steps[0] if op.family == "fsdp-ag" and op.kind != "wait"]
    assert len(kinds) == 2 * 4  # one per layer, forward and backward
    fsdp = [op for op, _l, _m in res.program.steps[0] if op.family.startswith("fsdp") and op.kind != "wait"]
    assert fsdp and all(not op.blocking for op in fsdp)


def test_zero_memory_formulas(write_scenario):
    """ZeRO paper (mixed precision Adam, K = 12): none 16 Psi; ZeRO-1 4 Psi + 12 Psi/N; ZeRO-2 2 Psi + 14 Psi/N;
    ZeRO-3 16 Psi / N (+ the gathered buffers of two layers' weights and one layer's gradient)."""
    out = {z: _run(write_scenario, z) for z in ("none", "optimizer", "gradients", "full")}
    psi = out["none"].program.params_per_rank[0]
    per = {z: r.memory[0] for z, r in out.items()}
    state = {z: m.parameters + m.gradients + m.optimizer for z, m in per.items()}
    assert state["none"] == pytest.approx(16 * psi)
    assert state["optimizer"] == pytest.approx(4 * psi + 12 * psi / D)
    assert state["gradients"] == pytest.approx(2 * psi + 14 * psi / D)
    assert state["full"] == pytest.approx(16 * psi / D)
    layer = psi / 4
    assert per["full"].workspace - per["none"].workspace == pytest.approx(6 * layer)


def test_hybrid_sharding_groups_and_volume(write_scenario):
    res = _run(write_scenario, "optimizer", shard_group=4)
    ops = [op for op, _l, _m in res.program.steps[0] if op.family == "dp" and op.kind != "wait"]
    rs = next(op for op in ops if op.kind == "reducescatter")
    ar = next(op for op in ops if op.kind == "allreduce")
    assert rs.group == (0, 2, 4, 6) and ar.group == (0, 8)  # tp = 2 is the fastest axis
    assert ar.bytes == pytest.approx(rs.bytes / 4)
    mem = res.memory[0]
    psi = res.program.params_per_rank[0]
    assert mem.optimizer == pytest.approx(12 * psi / 4)


def test_zero3_prefetch_overlaps(write_scenario):
    """FSDP2's order: the next layer's gather is issued before this layer computes, and the gathers and
    reduce-scatters run on their own streams, so the step beats the unoverlapped all-reduce here."""
    full = _run(write_scenario, "full")
    steps = full.program.steps[0]
    gathers = [i for i, (op, _l, _m) in enumerate(steps) if op.name == "fsdp.params.allgather"]
    first_gemm = next(i for i, (op, ly, _m) in enumerate(steps) if op.kind == "gemm" and ly == 0)
    assert gathers[1] < first_gemm and steps[gathers[1]][1] == 1
    none = _run(write_scenario, "none")
    assert full.engine.iteration_time_s < none.engine.iteration_time_s


def test_shard_group_must_divide_data():
    sc = parse_scenario(
        small_scenario(
            parallelism={"data": 4, "shard_group": 3, "zero": "full"},
            model={"layers": 2, "hidden": 1024, "heads": 16, "seq_len": 512, "vocab": 0},
            training={"global_batch": 4, "micro_batch": 1},
        )
    )
    with pytest.raises(ConfigError, match=r"^parallelism.shard_group=3: must divide parallelism.data x context = 4$"):
        check_semantics(sc, load_profile(sc.hardware))


@pytest.mark.parametrize(("zero", "group"), [("full", None), ("full", 4), ("optimizer", 4)])
def test_folded_equals_every_rank(write_scenario, zero, group):
    """Hybrid shard groups are chunks of the data axis: folding must not map them onto each other."""
    times = []
    for fold in ("auto", "none"):
        data = small_scenario(
            cluster={"nodes": 2},
            parallelism={"scheme": "megatron", "tensor": 2, "data": D, "zero": zero, "shard_group": group},
            model={"layers": 4, "hidden": 1024, "heads": 16, "seq_len": 512, "vocab": 0},
            training={"global_batch": 16, "micro_batch": 2},
            simulation={"fold": fold},
        )
        times.append(
            simulate(
                load_scenario(write_scenario(data, f"f{zero}{group}{fold}.yaml"))
            ).engine.iteration_time_s
        )
    assert times[0] == times[1]


def test_search_enumerates_zero_only_with_data(write_scenario):
    """The zero axis multiplies the layouts with data > 1 only (data 1 is listed once), and the memory
    pruning and estimate see the sharded state."""
    from simcluster.config.loader import read_yaml_mapping
    from simcluster.search.prune import peak_memory_fast
    from simcluster.search.space import ZERO, Space, enumerate_space

    data = small_scenario(
        cluster={"nodes": 1},
        model={"layers": 4, "hidden": 1024, "heads": 16, "seq_len": 512, "vocab": 0},
        training={"global_batch": 16, "micro_batch": 1},
    )
    path = write_scenario(data, "search_zero.yaml")
    loaded = load_scenario(path)
    raw = read_yaml_mapping(path, "scenario")
    base = {"parallelism.scheme": ["megatron"], "training.grad_overlap": [False], "training.recompute": ["none"]}
    one = enumerate_space(loaded, raw, Space(dict(base)))
    three = enumerate_space(loaded, raw, Space({**base, ZERO: ["none", "optimizer", "full"]}))
    with_data = sum(1 for lay in one.layouts if lay["parallelism.data"] > 1)
    assert len(three.layouts) == len(one.layouts) + 2 * with_data
    assert {lay[ZERO] for lay in one.layouts} == {"none"}
    full = [sc for sc, lay in zip(three.scenarios, three.layouts, strict=True) if lay[ZERO] == "full"]
    none = {(sc.parallelism.tensor, sc.parallelism.pipeline, sc.training.micro_batch): sc
            for sc, lay in zip(three.scenarios, three.layouts, strict=True) if lay[ZERO] == "none"}  # fmt: skip
    sc = full[0]
    plain = none[(sc.parallelism.tensor, sc.parallelism.pipeline, sc.training.micro_batch)]
    m_full, m_none = peak_memory_fast(sc, loaded.hardware), peak_memory_fast(plain, loaded.hardware)
    assert m_full.optimizer == pytest.approx(m_none.optimizer / sc.parallelism.data)
    assert m_full.parameters == pytest.approx(m_none.parameters / sc.parallelism.data)


def test_estimate_sees_the_sharding(write_scenario):
    """The search's estimate keys its caches on the sharding: ZeRO-1 (reduce-scatter + all-gather, optimizer
    on 1/N) and ZeRO-3 (per-layer collectives hidden) get their own estimates, each within 25% of the
    engine's iteration here."""
    from simcluster.search.estimate import Estimator
    from simcluster.search.prune import scheme_of

    est, got_all, sim_all = None, [], []
    for z in ("none", "optimizer", "full"):
        data = small_scenario(
            cluster={"nodes": 2},
            parallelism={"scheme": "megatron", "tensor": 2, "data": D, "zero": z},
            model={"layers": 4, "hidden": 1024, "heads": 16, "seq_len": 512, "vocab": 0},
            training={"global_batch": 16, "micro_batch": 2},
        )
        loaded = load_scenario(write_scenario(data, f"est{z}.yaml"))
        est = est or Estimator(loaded)
        sc = loaded.scenario
        got = est.estimate(sc, scheme_of(sc, loaded.hardware)).iteration_time_s
        sim = simulate(loaded).engine.iteration_time_s
        assert got == pytest.approx(sim, rel=0.25), z
        got_all.append(got)
        sim_all.append(sim)
    assert sorted(range(3), key=got_all.__getitem__) == sorted(range(3), key=sim_all.__getitem__)
    assert len(set(got_all)) == 3, got_all


@pytest.mark.parametrize("reshard", [True, False])
def test_reshard_after_forward(write_scenario, reshard):
    """FSDP with 4 micro-batches: resharding after forward gathers every layer twice per micro-batch and
    reduce-scatters it once per micro-batch (2m + m = 12 x the parameters at m = 4); keeping the weights
    gathers once and reduce-scatters once (2 x), and holds whole weights and gradients in memory."""
    data = small_scenario(
        cluster={"nodes": 2},
        parallelism={"scheme": "megatron", "tensor": 2, "data": D, "zero": "full", "reshard_after_forward": reshard},
        model={"layers": 4, "hidden": 1024, "heads": 16, "seq_len": 512, "vocab": 0},
        training={"global_batch": 64, "micro_batch": 2},
    )
    res = simulate(load_scenario(write_scenario(data, f"reshard{reshard}.yaml")))
    assert res.scenario.microbatches == 4
    assert _volume(res, D) == pytest.approx(12.0 if reshard else 2.0, rel=1e-9)
    mem, params = res.memory[0], res.program.params_per_rank[0]
    w = mem.parameters / params
    assert w == pytest.approx(2 / D if reshard else 2.0)
    assert mem.gradients / params == pytest.approx(2 / D if reshard else 2.0)


@pytest.mark.parametrize(("reshard", "fp32", "grad_bytes"), [(False, True, 4.0), (False, False, 2.0), (True, True, 2 / D)])
def test_unsynced_gradients_accumulate_in_the_reduce_dtype(write_scenario, reshard, fp32, grad_bytes):
    """FSDP2 keeping weights (no gradient sync until the last micro-batch) upcasts each unsharded gradient to
    its reduce dtype and accumulates it there: with grad_reduce_fp32 the whole gradients cost 4 bytes per
    parameter, 2 without; resharding after forward keeps gradients sharded (2 / D)."""
    data = small_scenario(
        cluster={"nodes": 2},
        parallelism={"scheme": "megatron", "tensor": 2, "data": D, "zero": "full", "reshard_after_forward": reshard},
        model={"layers": 4, "hidden": 1024, "heads": 16, "seq_len": 512, "vocab": 0},
        training={"global_batch": 64, "micro_batch": 2, "grad_reduce_fp32": fp32},
    )
    res = simulate(load_scenario(write_scenario(data, f"acc{reshard}{fp32}.yaml")))
    mem, params = res.memory[0], res.program.params_per_rank[0]
    assert mem.gradients / params == pytest.approx(grad_bytes)
    assert mem.parameters / params == pytest.approx(2 / D if reshard else 2.0)


@pytest.mark.parametrize("fp32", [False, True])
def test_fsdp_root_unit(write_scenario, fp32):
    """FSDP2's root unit (embedding, final norm, LM head outside the layers): whole in memory for the step, plus
    the LM head's unsharded gradient from the loss's backward on, both at 2 bytes; its gradient
    reduce-scattered once after the backward, in the layers' reduce dtype (4 bytes with grad_reduce_fp32); its
    weights all-gathered once when the step starts."""
    from simcluster.parallel.layers import edge_params

    def run(zero: str):
        data = small_scenario(
            cluster={"nodes": 2},
            parallelism={"scheme": "megatron", "tensor": 2, "data": D, "zero": zero},
            model={"layers": 4, "hidden": 1024, "heads": 16, "seq_len": 512, "vocab": 32000, "tie_embeddings": False},
            training={"global_batch": 16, "micro_batch": 2, "grad_reduce_fp32": fp32},
        )
        return simulate(load_scenario(write_scenario(data, f"root{zero}{fp32}.yaml")))

    full, none = run("full"), run("none")
    scheme = full.program.scheme
    edges, head = edge_params(scheme, True, True), edge_params(scheme, False, True)
    assert head > 0 and edges > head  # the untied head, and the embedding beside it
    layer = (full.program.params_per_rank[0] - edges) / 4
    grad = 4 if fp32 else 2
    assert full.memory[0].workspace - none.memory[0].workspace == pytest.approx(
        layer * (2 * 2 + grad) + (edges + head) * 2
    )
    root = [op for op, _l, _m in full.program.steps[0] if op.name == "grad.bucket0.reducescatter"]
    assert len(root) == 1 and root[0].bytes == pytest.approx(edges * grad)
    # gathered once, first thing in the step, over the shard group, before any layer's gather
    first = full.program.steps[0][0][0]
    assert first.name == "fsdp.root.params.allgather" and first.blocking and len(first.group) == D
    assert first.bytes == pytest.approx(edges * 2)
    assert sum(op.name == first.name for op, _l, _m in full.program.steps[0]) == 1


@pytest.mark.parametrize(("reshard", "fp32"), [(True, True), (True, False), (False, True)])
def test_fsdp2_copies(write_scenario, reshard, fp32):
    """`fsdp_copies`: after every layer all-gather, one copy-out reading and writing the layer's weights (2 + 2
    bytes per parameter); before every reduce-scatter, one copy-in reading the gradients (2 bytes, or 4 when
    kept whole in fp32 without resharding) and writing them in the reduce dtype (4 with grad_reduce_fp32);
    each on the compute stream at the element-wise rate, so the iteration grows by at least their time when
    nothing else hides it; the root unit's gradients get one copy-in before their reduce-scatter."""
    from simcluster.parallel.layers import edge_params

    def run(copies: bool):
        data = small_scenario(
            cluster={"nodes": 2},
            parallelism={"scheme": "megatron", "tensor": 2, "data": D, "zero": "full",
                         "reshard_after_forward": reshard, "fsdp_copies": copies},
            model={"layers": 4, "hidden": 1024, "heads": 16, "seq_len": 512, "vocab": 32000, "tie_embeddings": False},
            training={"global_batch": 32, "micro_batch": 2, "grad_reduce_fp32": fp32},
        )  # fmt: skip
        return simulate(load_scenario(write_scenario(data, f"copies{copies}{reshard}{fp32}.yaml")))

    on, off = run(True), run(False)
    steps = [op for op, _l, _m in on.program.steps[0]]
    scheme = on.program.scheme
    edges = edge_params(scheme, True, True)
    layer = (on.program.params_per_rank[0] - edges) / 4
    m = on.scenario.microbatches
    reduce = 4 if fp32 else 2
    grads = 2 if reshard else reduce
    outs = [op for op in steps if op.name == "fsdp.params.copy_out"]
    ins = [op for op in steps if op.name == "fsdp.grads.copy_in"]
    assert len(outs) == (4 * 2 * m if reshard else 4)  # every layer, forward and backward, each micro-batch
    assert len(ins) == (4 * m if reshard else 4)
    assert all(op.bytes == pytest.approx(4 * layer) for op in outs)
    assert all(op.bytes == pytest.approx((grads + reduce) * layer) for op in ins)
    root = [op for op in steps if op.name in ("fsdp.root.grads.copy_in", "fsdp.root.params.copy_out")]
    assert [op.bytes for op in root] == pytest.approx([4 * edges, (2 + reduce) * edges])
    added = sum(op.duration_s for op in outs + ins + root)
    it = {k: r.summary()["iteration_time_s"] for k, r in (("on", on), ("off", off))}
    assert it["on"] - it["off"] == pytest.approx(added, rel=0.05)
    assert not [op for op, _l, _m in off.program.steps[0] if "copy_" in op.name]


def test_lazy_gradients_peak_in_the_schedule():
    """FSDP2 keeping its weights holds a chunk's gradients whole from its first backward through its last:
    the peak is the largest (stored activations + held gradients) over the moments after each forward and
    during each backward, in closed form for a two-chunk order."""
    from simcluster.memory.model import peak_split
    from simcluster.schedule.pipeline import Action, live_rows

    acts = [Action("F", 0, 0), Action("F", 0, 1), Action("B", 0, 1), Action("F", 1, 0), Action("B", 0, 0),
            Action("B", 1, 0)]  # fmt: skip
    rows = live_rows(acts, 2)
    a0, a1, g0, g1 = 3.0, 5.0, 7.0, 11.0
    moments = [a0 + a1, a0 + a1 + g1, 2 * a0, 2 * a0 + g0, a0 + g0]
    assert sum(peak_split(rows, [a0, a1], [g0, g1])) == max(moments)
    assert peak_split(rows, [a0, a1], [g0, g1]) == (a0 + a1, g1)  # the second chunk's gradients, not both
    assert sum(peak_split(rows, [a0, a1], [100.0, g1])) == 2 * a0 + 100.0


@pytest.mark.parametrize(("schedule", "v"), [("1f1b", 1), ("interleaved-1f1b", 2)])
def test_lazy_gradients_against_whole_ones(write_scenario, schedule, v):
    """1F1B: the first stage's first backward comes with every warm-up forward still stored, so the peak is
    the activations' peak plus the whole gradients, as if held for the step; interleaved with torch's warm-up
    and as many micro-batches as stages (torchtitan's 405B runs): every forward runs first, the first
    backward holds the last chunk's gradients only, and that chunk's last backward frees them before the
    first chunk's begin: half the whole gradients at the peak."""
    data = small_scenario(
        cluster={"nodes": 2},
        parallelism={"scheme": "megatron", "tensor": 2, "pipeline": 2, "data": 4, "zero": "full",
                     "reshard_after_forward": False, "schedule": schedule, "virtual_stages": v,
                     "interleaved_warmup": "torch"},
        model={"layers": 8, "hidden": 1024, "heads": 16, "seq_len": 512, "vocab": 0},
        training={"global_batch": 16, "micro_batch": 2, "grad_reduce_fp32": True},
    )  # fmt: skip
    res = simulate(load_scenario(write_scenario(data, f"lazy{schedule}.yaml")))
    mem, params = res.memory[0], res.program.params_per_rank[0]
    whole = 4.0 * params
    if v == 1:
        assert mem.gradients == pytest.approx(whole)
    else:
        assert mem.gradients == pytest.approx(whole / 2)  # the last chunk's half of the stage's layers
    from simcluster.search.prune import peak_memory_fast

    fast = peak_memory_fast(res.scenario, load_profile(res.scenario.hardware))
    assert fast.gradients == pytest.approx(mem.gradients) and fast.total == pytest.approx(mem.total)


def _pg_doc(overlap: bool) -> dict:
    return small_scenario(
        parallelism={"scheme": "megatron", "tensor": 1, "data": D, "zero": "optimizer"},
        model={"layers": 4, "hidden": 4096, "heads": 32, "seq_len": 2048, "vocab": 0},
        training={"global_batch": 16, "micro_batch": 2, "param_gather_overlap": overlap},
    )


def _overlap_run(write_scenario, overlap: bool):
    return simulate(load_scenario(write_scenario(_pg_doc(overlap), f"pg{overlap}.yaml")))


def test_param_gather_overlap_moves_the_layer_gathers_under_the_first_forward(write_scenario):
    """Megatron-Core's --overlap-param-gather: the updated weights come back layer by layer, each gather issued
    as the layer before starts (non-blocking, its own stream) and waited for before the layer runs, in the
    step's first micro-batch only; the same bytes as the one gather after the optimizer step. With each gather
    shorter than a layer's forward, only the first layer's is exposed: the step is shorter by the end-of-step
    gather's time less the first layer's."""
    off, on = _overlap_run(write_scenario, False), _overlap_run(write_scenario, True)
    steps = on.program.steps[0]
    layer = [(op, ly, mb) for op, ly, mb in steps if op.name == "params.layer.allgather"]
    assert [ly for _op, ly, _mb in layer] == [0, 1, 2, 3] and {mb for _o, _l, mb in layer} == {0}
    assert all(op.phase == "forward" and not op.blocking and op.family == "param-ag" for op, _l, _m in layer)
    assert not [op for op, _l, _m in steps if op.name == "params.allgather"]  # no edges (vocab 0)
    (end,) = [op for op, _l, _m in off.program.steps[0] if op.name == "params.allgather"]
    assert sum(op.bytes for op, _l, _m in layer) == pytest.approx(end.bytes, rel=1e-12)
    assert _volume(on, D) == pytest.approx(2.0, rel=1e-9)

    def duration(res, name: str) -> float:
        tr, st = res.engine.traces[0], res.program.steps[0]
        return next(float(tr.end_s[i] - tr.start_s[i]) for i, (op, _l, _m) in enumerate(st) if op.name == name)

    saved = duration(off, "params.allgather") - duration(on, "params.layer.allgather")
    assert saved > 0
    assert off.engine.iteration_time_s - on.engine.iteration_time_s == pytest.approx(saved, rel=1e-6)


def test_param_gather_overlap_needs_a_sharded_optimizer(write_scenario):
    doc = small_scenario(
        parallelism={"data": 2, "zero": "none"}, training={"global_batch": 2, "micro_batch": 1, "param_gather_overlap": True}
    )
    with pytest.raises(ConfigError) as e:
        check_semantics(parse_scenario(doc), load_profile("dgx-a100"))
    assert str(e.value) == (
        "training.param_gather_overlap=True: overlaps the sharded optimizer's weight gather: needs "
        "parallelism.zero optimizer, gradients or full, not none"
    )
    # FSDP gathers every layer before it runs either way: the same program with the setting on or off
    fsdp = {**doc, "parallelism": {**doc["parallelism"], "zero": "full"}}
    on = load_scenario(write_scenario(fsdp, "on.yaml"))
    off = load_scenario(write_scenario({**fsdp, "training": {**fsdp["training"], "param_gather_overlap": False}}, "off.yaml"))
    assert simulate(on).engine.iteration_time_s == simulate(off).engine.iteration_time_s


def test_estimate_takes_the_overlapped_gathers_as_hidden(write_scenario):
    """The search's estimate drops the sharded optimizer's layer gathers from the step's end when they run
    under the next forward, and follows the engine: both settings within 5% of the simulated iteration, the
    overlapped one shorter in both."""
    from simcluster.search.estimate import Estimator
    from simcluster.search.prune import scheme_of

    got, sim = {}, {}
    for overlap in (False, True):
        loaded = load_scenario(write_scenario(_pg_doc(overlap), f"est{overlap}.yaml"))
        res = simulate(loaded)
        sc = loaded.scenario
        got[overlap] = Estimator(loaded).estimate(sc, scheme_of(sc, loaded.hardware)).iteration_time_s
        sim[overlap] = res.engine.iteration_time_s
        assert got[overlap] == pytest.approx(sim[overlap], rel=0.05), overlap
    assert got[True] < got[False] and sim[True] < sim[False]


def test_param_gather_overlap_interleaved_prefetches_a_chunk_ahead(write_scenario):
    """Interleaved (2 stages x 2 chunks of 1 layer): every stage issues its first chunk's gathers when the step
    starts, not when its first activation arrives, and the next chunk's after the wait in the chunk's first
    forward (Megatron-Core's param_sync_func)."""
    doc = small_scenario(
        parallelism={
            "scheme": "megatron", "tensor": 1, "pipeline": 2, "data": 4, "zero": "optimizer",
            "schedule": "interleaved-1f1b", "virtual_stages": 2,
        },
        model={"layers": 4, "hidden": 1024, "heads": 16, "seq_len": 512, "vocab": 0},
        training={"global_batch": 16, "micro_batch": 2, "param_gather_overlap": True},
    )  # fmt: skip
    res = simulate(load_scenario(write_scenario(doc)))
    lay = res.program.layout
    for stage in (0, 1):
        rank = lay.rank_of(pp=stage)
        steps = res.program.steps[rank]
        names = [op.name for op, _l, _m in steps]
        first, second = stage, 2 + stage  # chunk c of stage s holds layer 2 c + s
        assert names[0] == "params.layer.allgather" and steps[0][1] == first
        waits = [i for i, n in enumerate(names) if n == "wait.param-ag"]
        assert len(waits) == 2
        assert names[waits[0] + 1] == "params.layer.allgather" and steps[waits[0] + 1][1] == second
        tr = res.engine.traces[rank]
        assert float(tr.start_s[0]) == pytest.approx(0.0, abs=1e-4)  # not behind the pipeline's first receive


def test_search_pins_the_gather_overlap_to_the_sharded_layouts(write_scenario):
    """A scenario with `param_gather_overlap` searched over zero none and optimizer: every layout is valid,
    the unsharded ones without the overlap (nothing to gather), the sharded ones with it."""
    from simcluster.config.loader import read_yaml_mapping
    from simcluster.search.space import Space, enumerate_space

    doc = _pg_doc(True)
    doc["parallelism"]["zero"] = "optimizer"
    path = write_scenario(doc, "search.yaml")
    space = Space(
        {
            "parallelism.scheme": ["megatron"], "parallelism.tensor": [1, 2], "parallelism.pipeline": [1],
            "parallelism.zero": ["none", "optimizer"], "training.micro_batch": [2], "training.recompute": ["none"],
            "training.grad_overlap": [True],
        }
    )  # fmt: skip
    enum = enumerate_space(load_scenario(path), read_yaml_mapping(path), space)
    assert not enum.invalid and len(enum.scenarios) == 4
    for sc in enum.scenarios:
        assert sc.training.param_gather_overlap is (sc.parallelism.zero != "none")


# -- gradients kept and reduced in fp32 without FSDP (training.grad_reduce_fp32: Megatron's main_grad) --------


def _run_fp32(write_scenario, zero: str, fp32: bool):
    data = small_scenario(
        cluster={"nodes": 2},
        parallelism={"scheme": "megatron", "tensor": 2, "data": D, "zero": zero},
        model={"layers": 4, "hidden": 1024, "heads": 16, "seq_len": 512, "vocab": 0},
        training={"global_batch": 16, "micro_batch": 2, "grad_reduce_fp32": fp32},
    )
    return simulate(load_scenario(write_scenario(data, f"g32{zero}{fp32}.yaml")))


@pytest.mark.parametrize(
    ("zero", "bf16", "fp32"),
    [("none", 16, 18), ("optimizer", 4 + 12 / D, 6 + 12 / D), ("gradients", 2 + 14 / D, 2 + 16 / D), ("full", 16 / D, 16 / D)],
)
def test_fp32_gradient_buffer_memory(write_scenario, zero, bf16, fp32):
    """Megatron's distributed-optimizer table (docs/source/api-guide/dist_optimizer.md): bf16 weights with fp32
    gradients hold 18 bytes a parameter replicated and 6 + 12 / N_d with the distributed optimizer (the fp32
    buffer is whole on every rank); ZeRO-2 shards it: 2 + 16 / N_d. 16-bit gradients: the ZeRO paper's 16,
    4 + 12 / N_d, 2 + 14 / N_d. FSDP reduces in fp32 but keeps 16 / N_d (FSDP2's fp32 shards are its master
    weights)."""
    for flag, want in ((False, bf16), (True, fp32)):
        res = _run_fp32(write_scenario, zero, flag)
        m, psi = res.memory[0], res.program.params_per_rank[0]
        assert (m.parameters + m.gradients + m.optimizer) / psi == pytest.approx(want, rel=1e-9)


@pytest.mark.parametrize(("zero", "volume"), [("none", 4.0), ("optimizer", 3.0), ("gradients", 3.0)])
def test_fp32_gradient_reductions_move_twice_the_gradient_bytes(write_scenario, zero, volume):
    """In units of the bf16 weights' bytes: an all-reduce of fp32 gradients moves 2 x 4 / 2 = 4 (2 with bf16
    gradients); the sharded optimizer's fp32 reduce-scatter 2 and its bf16 weight all-gather 1: 3."""
    res = _run_fp32(write_scenario, zero, True)
    assert _volume(res, D) == pytest.approx(volume, rel=1e-9)
    psi = res.program.params_per_rank[0]
    gathered = sum(op.bytes for op, _l, _m in res.program.steps[0] if op.kind == "allgather")
    assert gathered == pytest.approx(0.0 if zero == "none" else 2 * psi)  # the weights stay 16-bit


def test_fp32_main_gradients_are_stepped_in_place(write_scenario):
    """The optimizer takes the fp32 buffer as its main gradients: no copy into fp32 (6 bytes a parameter),
    the buffer zeroed in fp32 (4 instead of 2); the main weights still go back to the bf16 model weights. On
    the engine, with nothing overlapped, the iteration grows by exactly what the changed ops take."""
    from simcluster.parallel.program import ADAM_BYTES_PER_PARAM, optimizer_passes

    base = [("optimizer.grad_norm", 4.0), ("optimizer.adam", float(ADAM_BYTES_PER_PARAM)), ("optimizer.params_to_model", 6.0)]
    assert optimizer_passes("bf16", 2) == [("optimizer.grads_to_fp32", 6.0), *base, ("optimizer.zero_grad", 2.0)]
    assert optimizer_passes("bf16", 2, main_grads_fp32=True) == [*base, ("optimizer.zero_grad", 4.0)]
    assert optimizer_passes("fp32", 4, main_grads_fp32=True) == optimizer_passes("fp32", 4)

    def changed(res) -> dict[str, float]:
        """Seconds rank 0 spent in the data-parallel reductions, the copy and the zeroing."""
        tr, out = res.engine.traces[0], {"dp": 0.0, "grads_to_fp32": 0.0, "zero_grad": 0.0}
        for i, (op, _l, _m) in enumerate(res.program.steps[0]):
            key = "dp" if op.family == "dp" else op.name.removeprefix("optimizer.")
            if key in out:
                out[key] += tr.end_s[i] - tr.start_s[i]
        return out

    r16, r32 = _run_fp32(write_scenario, "none", False), _run_fp32(write_scenario, "none", True)
    c16, c32 = changed(r16), changed(r32)
    assert c16["grads_to_fp32"] > 0 and c32["grads_to_fp32"] == 0
    assert c32["dp"] > 1.5 * c16["dp"] > 0
    delta = sum(c32.values()) - sum(c16.values())
    assert r32.engine.iteration_time_s - r16.engine.iteration_time_s == pytest.approx(delta, rel=1e-6)


def _ub_run(write_scenario, ub: bool, hardware: str = "dgx-h100"):
    data = small_scenario(
        cluster={"nodes": 2},
        parallelism={"scheme": "megatron", "tensor": 2, "data": D, "zero": "full"},
        model={"layers": 4, "hidden": 4096, "heads": 32, "seq_len": 2048, "vocab": 0},
        training={"global_batch": 32, "micro_batch": 2, "grad_overlap": True, "nccl_ub": ub},
    ) | {"hardware": hardware}
    loaded = load_scenario(write_scenario(data, f"ub{ub}{len(hardware)}.yaml"))
    return loaded, simulate(loaded)


def test_nccl_ub_registers_the_data_parallel_and_fsdp_collectives(write_scenario, tmp_path):
    """`training.nccl_ub` (Megatron-Core's --use-nccl-ub): every FSDP weight gather and gradient reduction is
    registered, no tensor-parallel collective is; on dgx-h100 a registered collective holds 4 of 132 SMs
    where an NCCL kernel holds 24, so GEMMs beside FSDP's collectives slow less and the step is shorter; with
    the registered share set to the kernel share the step is exactly the one without."""
    (l_plain, plain), (l_ub, ub) = _ub_run(write_scenario, False), _ub_run(write_scenario, True)
    coll = ("allgather", "reducescatter", "allreduce")
    ops = [op for op, _l, _m in ub.program.steps[0] if op.kind in coll]
    fsdp = [op for op in ops if op.family.startswith("fsdp")]
    assert fsdp and all(op.registered for op in fsdp)
    assert all(not op.registered for op in ops if op.family == "tp")
    assert not any(op.registered for op, _l, _m in plain.program.steps[0])
    t_plain, t_ub = plain.engine.iteration_time_s, ub.engine.iteration_time_s
    assert t_ub < t_plain
    same = tmp_path / "same.yaml"
    same.write_text("base: dgx-h100\nname: dgx-h100-same\ncollectives:\n  registered_sm_share: 0.1818\n")
    assert _ub_run(write_scenario, True, str(same))[1].engine.iteration_time_s == t_plain
    # the search's estimate sees the registration too (its key holds nccl_ub; its FSDP ops are the program's)
    from simcluster.search.estimate import Estimator
    from simcluster.search.prune import scheme_of

    est = {}
    for loaded in (l_plain, l_ub):
        sc = loaded.scenario
        est[sc.training.nccl_ub] = Estimator(loaded).estimate(sc, scheme_of(sc, loaded.hardware)).iteration_time_s
    assert est[True] < est[False]


def test_nccl_ub_needs_a_registered_share_in_the_profile(write_scenario):
    data = small_scenario(training={"nccl_ub": True})
    with pytest.raises(ConfigError, match=r"^training.nccl_ub=True: hardware dgx-a100 has no "
                                          r"collectives.registered_sm_share"):  # fmt: skip
        load_scenario(write_scenario(data, "noub.yaml"))
