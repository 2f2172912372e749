"""FP8 weights: gathered from their shards (`training.fp8_param_gather`: torchao's FSDP Float8 all-gather,
Megatron's --fp8-param-gather) against closed forms: the sharded gathers move 1 byte per layer weight, FSDP's
gathered buffers hold 1, the forward GEMM no longer casts its weight and the data-gradient GEMM copies it
transposed, one amax pass and all-reduce per step; the one-line errors."""

from __future__ import annotations

import pytest

from simcluster.config.loader import check_semantics, load_scenario, parse_scenario
from simcluster.errors import ConfigError
from simcluster.model.costs import CostModel
from simcluster.parallel.base import FP8_DGRAD, FP8_FORWARD, FP8_WGRAD, OpFactory
from simcluster.parallel.program import FP8_SCALES_PER_LAYER
from simcluster.simulate import simulate
from tests.conftest import FAST_HOST_H100, small_scenario
from tests.test_fp8 import H100  # dgx-h100 without its FP8 table: the GEMM form's closed forms
from tests.test_zero import FACTOR

D, LAYERS = 8, 4


def _run(write_scenario, zero: str, gather: bool, reshard: bool = True):
    data = small_scenario(
        cluster={"nodes": 2},
        parallelism={"scheme": "megatron", "tensor": 2, "data": D, "zero": zero, "reshard_after_forward": reshard},
        model={"layers": LAYERS, "hidden": 1024, "heads": 16, "seq_len": 512, "vocab": 0},
        training={"global_batch": 16, "micro_batch": 2, "precision": "bf16", "fp8": True, "fp8_param_gather": gather},
    )
    data["hardware"] = "dgx-h100"
    return simulate(load_scenario(write_scenario(data, f"g{zero}{gather}{reshard}.yaml")))


def _data_parallel_ops(res):
    return [op for op, _l, _m in res.program.steps[0] if op.family in ("dp", "fsdp-ag", "fsdp-rs") and op.kind in FACTOR]


def _volume(res) -> float:
    """Bytes each rank sends per step over its data-parallel groups, in units of its 16-bit parameter bytes
    times (n-1)/n (the amax all-reduce left out: checked on its own)."""
    params = res.program.params_per_rank[0] * 2
    total = sum(
        FACTOR[op.kind] * op.bytes * (len(op.group) - 1) / len(op.group)
        for op in _data_parallel_ops(res)
        if not op.name.startswith("fp8.")
    )
    return total / params / ((D - 1) / D)


@pytest.mark.parametrize(("zero", "plain", "fp8"), [("full", 3.0, 2.0), ("optimizer", 2.0, 1.5), ("gradients", 2.0, 1.5)])
def test_gathers_move_one_byte_per_weight(write_scenario, zero, plain, fp8):
    """ZeRO-3: two gathers at 1 byte and a 2-byte reduce-scatter (4 bytes a parameter where 16-bit gathers move
    6); ZeRO-1/2 and the distributed optimizer: the reduce-scatter at 2, the gather at 1 (3 where 4)."""
    assert _volume(_run(write_scenario, zero, False)) == pytest.approx(plain, rel=1e-12)
    assert _volume(_run(write_scenario, zero, True)) == pytest.approx(fp8, rel=1e-12)


def test_amax_pass_and_all_reduce(write_scenario):
    """After the optimizer step: one pass reading the rank's fp32 weight shard, one all-reduce over the shard
    group of one fp32 amax per layer weight matrix; without the option neither runs."""
    res = _run(write_scenario, "full", True)
    steps = [op for op, _l, _m in res.program.steps[0]]
    amax = next(op for op in steps if op.name == "fp8.weights.amax")
    ar = next(op for op in steps if op.name == "fp8.weights.amax.allreduce")
    psi = res.program.params_per_rank[0]
    assert amax.phase == "optimizer" and amax.bytes == pytest.approx(4.0 * psi / D, rel=1e-12)
    assert ar.kind == "allreduce" and len(ar.group) == D and ar.bytes == 4.0 * FP8_SCALES_PER_LAYER * LAYERS
    plain = _run(write_scenario, "full", False)
    assert not [op for op, _l, _m in plain.program.steps[0] if op.name.startswith("fp8.weights")]


def test_fsdp_memory_holds_one_byte_gathered(write_scenario):
    """Resharding FSDP: the two gathered layers' weights at 1 byte (one layer's 16-bit gradient beside them),
    4 layer-sizes of workspace where 16-bit gathers hold 6; keeping the weights (no reshard): the whole layers
    at 1 byte. The sharded state is unchanged."""
    for reshard in (True, False):
        plain, fp8 = _run(write_scenario, "full", False, reshard), _run(write_scenario, "full", True, reshard)
        psi = plain.program.params_per_rank[0]
        a, b = plain.memory[0], fp8.memory[0]
        assert b.gradients == a.gradients and b.optimizer == a.optimizer
        if reshard:
            assert b.parameters == a.parameters
            assert a.workspace - b.workspace == pytest.approx(2 * psi / LAYERS, rel=1e-12)  # 2 layers x 1 byte
        else:
            assert a.parameters == pytest.approx(2 * psi) and b.parameters == pytest.approx(psi)


def test_distributed_optimizer_memory_unchanged(write_scenario):
    """Megatron's FP8 parameters keep their 8-bit data and (Hopper's TN GEMMs) the transpose: 2 bytes, as 16-bit
    weights; only the gather's bytes change."""
    a, b = _run(write_scenario, "optimizer", False).memory[0], _run(write_scenario, "optimizer", True).memory[0]
    assert (a.parameters, a.gradients, a.optimizer, a.workspace) == (b.parameters, b.gradients, b.optimizer, b.workspace)


@pytest.mark.parametrize(("m", "n", "k"), [(16384, 4096, 4096), (8192, 14336, 4096)])
def test_gemm_casts_with_fp8_weights(m, n, k):
    """Forward: only A is cast (2 + 1 + 1 bytes an element); dgrad: the output gradient cast and the weight's
    8-bit transposed copy (1 + 1 bytes an element of B); wgrad: nothing; a later chunk of a split GEMM copies
    no transpose again."""
    f = OpFactory(CostModel(H100, "bf16"), fp8=True, fp8_weights=True)
    c8, c16 = CostModel(H100, "fp8"), CostModel(H100, "bf16")
    cast = lambda elements: c16.elementwise(4.0 * elements)  # noqa: E731
    fwd = f.gemm("x", "forward", m, n, k, linear=FP8_FORWARD)
    assert fwd.duration_s == pytest.approx(c8.gemm(m, n, k)[0] + cast(m * k), rel=1e-12)
    dgrad = f.gemm("x", "backward", m, n, k, linear=FP8_DGRAD)
    want = c8.gemm(m, n, k, backward=True)[0] + cast(m * k) + c16.elementwise(2.0 * k * n)
    assert dgrad.duration_s == pytest.approx(want, rel=1e-12)
    assert dgrad.bytes - f.gemm("x", "backward", m, n, k, linear=FP8_DGRAD, cast_weight=False).bytes == 2.0 * k * n
    wgrad = f.gemm("x", "backward", m, n, k, linear=FP8_WGRAD)
    assert wgrad.duration_s == pytest.approx(c8.gemm(m, n, k, backward=True)[0], rel=1e-12)
    # only an FP8 run has 8-bit weights: without fp8 the flag changes nothing
    bf16 = OpFactory(CostModel(H100, "bf16"), fp8_weights=True)
    assert bf16.gemm("x", "forward", m, n, k, linear=FP8_FORWARD) == OpFactory(CostModel(H100, "bf16")).gemm(
        "x", "forward", m, n, k, linear=FP8_FORWARD
    )


@pytest.mark.parametrize(("training", "parallelism"), [({"fp8": False}, {"zero": "full"}), ({"fp8": True}, {"zero": "none"})])
def test_fp8_param_gather_errors(training, parallelism):
    doc = small_scenario(
        parallelism={"scheme": "megatron", "data": 2, **parallelism},
        training={"global_batch": 2, "micro_batch": 1, "precision": "bf16", "fp8_param_gather": True, **training},
    )
    sc = parse_scenario({**doc, "hardware": "dgx-h100"})
    with pytest.raises(ConfigError) as e:
        check_semantics(sc, H100)
    text = str(e.value)
    assert e.value.field == "training.fp8_param_gather" and "\n" not in text
    assert "needs training.fp8 true and parallelism.zero other than none" in text
    assert f"training.fp8={training['fp8']}" in text and f"parallelism.zero={parallelism['zero']}" in text


def _cached_loaded(write_scenario, cache: bool, gather: bool = False, micro: int = 4):
    data = small_scenario(
        cluster={"nodes": 1},
        parallelism={"scheme": "megatron", "tensor": 2, "data": 2, "zero": "optimizer"},
        model={"layers": LAYERS, "hidden": 1024, "heads": 16, "seq_len": 512, "vocab": 0},
        training={
            "global_batch": 2 * micro, "micro_batch": 1, "precision": "bf16", "fp8": True, "recompute": "none",
            "fp8_weight_cache": cache, "fp8_param_gather": gather,
        },
    )
    data["hardware"] = FAST_HOST_H100  # a layer this small is host-bound at the preset's measured host costs
    return load_scenario(write_scenario(data, f"c{cache}{gather}{micro}.yaml"))


def _cached(write_scenario, cache: bool, gather: bool = False, micro: int = 4):
    return simulate(_cached_loaded(write_scenario, cache, gather, micro))


@pytest.mark.parametrize("gather", [False, True])
def test_weight_cache_casts_once_per_step(write_scenario, gather):
    """Transformer Engine under Megatron-Core: one pass per layer in the step's first micro-batch (e + 2 bytes
    per parameter, or the 1 + 1 byte transpose of FP8 weights) and none in any GEMM: over m micro-batches the
    step's bytes fall by (e + 2) (m W - P) per layer, W the GEMMs' weights and P the layer's parameters
    (2 (m W - P) with FP8 weights, whose data-gradient GEMMs copy the transpose every micro-batch uncached)."""
    m = 4
    plain, cached = _cached(write_scenario, False, gather, m), _cached(write_scenario, True, gather, m)
    w = plain.program.params_per_rank[0] / LAYERS  # a layer's parameters on the rank: the pass reads them all
    h = 1024
    gemm_w = (4 * h * h + 2 * h * 4 * h) / 2  # the GEMMs' weights: QKV, projection, two MLP matrices, over t = 2
    assert 0 < w - gemm_w < 0.002 * w  # the biases and norms the pass also reads: 0.15% more here
    casts = [(op, ly, mb) for op, ly, mb in cached.program.steps[0] if op.name == "fp8.weights.cast"]
    assert sorted(ly for _op, ly, _mb in casts) == list(range(LAYERS)) and {mb for _o, _l, mb in casts} == {0}
    per = 2.0 if gather else 4.0
    assert all(op.bytes == pytest.approx(per * w, rel=1e-12) and op.phase == "forward" for op, _l, _m in casts)
    moved = lambda res: sum(op.bytes for op, _l, _m in res.program.steps[0] if op.kind in ("gemm", "elementwise"))  # noqa: E731
    assert moved(plain) - moved(cached) == pytest.approx((m * gemm_w - w) * per * LAYERS, rel=1e-12)
    assert cached.engine.iteration_time_s < plain.engine.iteration_time_s


def test_weight_cache_memory(write_scenario):
    """The cache holds each 16-bit weight's FP8 copy and transpose (2 bytes a weight); FP8 weights (their
    transpose counted with them) add nothing."""
    for gather, extra in ((False, 2.0), (True, 0.0)):
        a, b = _cached(write_scenario, False, gather).memory[0], _cached(write_scenario, True, gather).memory[0]
        psi = _cached(write_scenario, False, gather).program.params_per_rank[0]
        assert b.parameters - a.parameters == pytest.approx(extra * psi, rel=1e-12)
        assert (a.gradients, a.optimizer, a.activations) == (b.gradients, b.optimizer, b.activations)


def test_weight_cache_gemms_and_error():
    f = OpFactory(CostModel(H100, "bf16"), fp8=True, weight_cache=True)
    c8, c16 = CostModel(H100, "fp8"), CostModel(H100, "bf16")
    m, n, k = 8192, 4096, 4096
    assert f.gemm("x", "forward", m, n, k, linear=FP8_FORWARD).duration_s == pytest.approx(
        c8.gemm(m, n, k)[0] + c16.elementwise(4.0 * m * k), rel=1e-12
    )
    assert f.gemm("x", "backward", m, n, k, linear=FP8_DGRAD).duration_s == pytest.approx(
        c8.gemm(m, n, k, backward=True)[0] + c16.elementwise(4.0 * m * k), rel=1e-12
    )
    assert f.weight_cast_bytes(1000.0) == 4000.0
    assert OpFactory(CostModel(H100, "bf16"), fp8=True, fp8_weights=True, weight_cache=True).weight_cast_bytes(1000.0) == 2000.0
    assert OpFactory(CostModel(H100, "bf16"), fp8=True).weight_cast_bytes(1000.0) == 0.0
    doc = small_scenario(training={"global_batch": 1, "micro_batch": 1, "precision": "bf16", "fp8_weight_cache": True})
    with pytest.raises(ConfigError) as e:
        check_semantics(parse_scenario({**doc, "hardware": "dgx-h100"}), H100)
    assert str(e.value) == "training.fp8_weight_cache=True: caches FP8 weights: needs training.fp8 true"


def test_search_estimate_sees_the_weight_forms(write_scenario):
    """The search's estimate keys on both settings and follows the engine: the cached and 8-bit-gathered runs
    estimated faster than the plain FP8 run, each within 5% of the simulated iteration."""
    from simcluster.search.estimate import Estimator
    from simcluster.search.prune import scheme_of

    got, sim, est = [], [], None
    for cache, gather in ((False, False), (True, False), (True, True)):
        loaded = _cached_loaded(write_scenario, cache, gather, micro=8)
        sc = loaded.scenario
        est = est or Estimator(loaded)  # one estimator: its caches must tell the three apart
        got.append(est.estimate(sc, scheme_of(sc, loaded.hardware)).iteration_time_s)
        sim.append(simulate(loaded).engine.iteration_time_s)
        assert got[-1] == pytest.approx(sim[-1], rel=0.05)
    assert got[1] < got[0] and sim[1] < sim[0] and got[2] < got[0] and sim[2] < sim[0]
