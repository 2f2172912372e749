"""The host thread: closed forms for host-bound and GPU-bound chains, syncs, host-only work, exactness of
static segments under any host lag, the program's host ops, and profile errors."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from simcluster.config.loader import load_scenario
from simcluster.engine.executor import Engine
from simcluster.engine.plan import HostCosts
from simcluster.errors import ConfigError
from simcluster.hardware.profile import load_profile, profile_from_dict
from simcluster.model.costs import CostModel
from simcluster.model.ops import OpSpec, Step
from simcluster.parallel.program import build_program, rank_params
from simcluster.simulate import simulate
from simcluster.topology.graph import build_topology
from simcluster.topology.placement import place
from tests.conftest import SCENARIOS, small_scenario

HW = load_profile("dgx-a100")
LAUNCH = HW.collectives.launch_us * 1e-6
US = 1e-6


def kernel(us: float, name: str = "k") -> OpSpec:
    return OpSpec("elementwise", name, "forward", duration_s=us * US)


def run_one_rank(ops: list[OpSpec], host: HostCosts, dynamic: bool = False):
    topo = build_topology(HW, nodes=1)
    steps = {0: [Step(op, -1, -1) for op in ops]}
    eng = Engine(steps, [tuple(range(1))], [0], topo, LAUNCH, host=host)
    if dynamic:
        eng.plans[0] = list(range(len(ops)))
    return eng.run()


@pytest.mark.parametrize("dynamic", [False, True])
def test_chain_of_tiny_kernels_is_host_bound(dynamic):
    """N kernels shorter than their issue cost: the last is issued at N x dispatch and then runs."""
    n, d, k = 50, 10.0, 1.0
    res = run_one_rank([kernel(k)] * n, HostCosts(op_dispatch_s=d * US), dynamic)
    assert res.iteration_time_s == pytest.approx((n * d + k) * US, rel=1e-12)
    starts = np.frombuffer(res.traces[0].start_s)
    assert starts == pytest.approx(np.arange(1, n + 1) * d * US, rel=1e-12)


@pytest.mark.parametrize("dynamic", [False, True])
def test_backward_kernels_issue_at_the_autograd_rate(dynamic):
    """Forward kernels at op_dispatch, backward ones at backward_dispatch (autograd's thread): a host-bound
    chain of n forward then m backward tiny kernels ends at n x forward + m x backward dispatch; unset, the
    backward ones cost op_dispatch."""
    n, m, d_f, d_b, k = 30, 40, 10.0, 4.0, 1.0
    bwd = OpSpec("elementwise", "kb", "backward", duration_s=k * US)
    ops = [kernel(k)] * n + [bwd] * m
    split = run_one_rank(ops, HostCosts(op_dispatch_s=d_f * US, backward_dispatch_s=d_b * US), dynamic)
    assert split.iteration_time_s == pytest.approx((n * d_f + m * d_b + k) * US, rel=1e-12)
    same = run_one_rank(ops, HostCosts(op_dispatch_s=d_f * US), dynamic)
    assert same.iteration_time_s == pytest.approx(((n + m) * d_f + k) * US, rel=1e-12)


def test_backward_dispatch_prices_every_backward_kernel_of_a_scenario(write_scenario):
    """Through a profile: lowering backward_dispatch_us by 20 us shortens a host-bound iteration by 20 us per
    backward compute op, and leaves the forward ones alone."""
    data = small_scenario(
        model={"layers": 2, "hidden": 256, "heads": 4, "seq_len": 128, "vocab": 0}, parallelism={"tensor": 1}
    )
    base = load_scenario(write_scenario(data))
    times = []
    for us in (None, 80.0):
        host = base.hardware.host.model_copy(update={"op_dispatch_us": 100.0, "backward_dispatch_us": us})
        hw = base.hardware.model_copy(update={"host": host})
        res = simulate(dataclasses.replace(base, hardware=hw))
        times.append(res.summary()["iteration_time_s"])
        n_bwd = sum(1 for st in res.program.steps[0] if st[0].is_compute and st[0].phase == "backward")
    assert n_bwd > 0
    assert times[0] - times[1] == pytest.approx(n_bwd * 20e-6, rel=0.02)


@pytest.mark.parametrize("dynamic", [False, True])
def test_long_kernels_hide_dispatch(dynamic):
    """Kernels longer than their issue cost: only the first dispatch shows."""
    n, d, k = 20, 10.0, 1000.0
    res = run_one_rank([kernel(k)] * n, HostCosts(op_dispatch_s=d * US), dynamic)
    assert res.iteration_time_s == pytest.approx((d + n * k) * US, rel=1e-12)


def test_sync_exposes_the_next_dispatch():
    """k1 (1 ms), sync (5 us), k2 (1 us) with 10 us dispatch: k2 is issued 10 us after the sync ends."""
    sync = OpSpec("sync", "sync", "forward", duration_s=5 * US)
    res = run_one_rank([kernel(1000), sync, kernel(1)], HostCosts(op_dispatch_s=10 * US))
    assert res.iteration_time_s == pytest.approx((10 + 1000 + 5 + 10 + 1) * US, rel=1e-12)
    start, end = np.frombuffer(res.traces[0].start_s), np.frombuffer(res.traces[0].end_s)
    assert (start[1], end[1]) == pytest.approx(((10 + 1000) * US, (10 + 1000 + 5) * US))


@pytest.mark.parametrize("dynamic", [False, True])
def test_host_only_work_delays_later_kernels_not_earlier_ones(dynamic):
    """A 100 us host op between two kernels: the second is issued after it; the first runs meanwhile."""
    host_op = OpSpec("host", "host.step", "forward", duration_s=100 * US)
    res = run_one_rank([kernel(50), host_op, kernel(1)], HostCosts(op_dispatch_s=10 * US), dynamic)
    start, end = np.frombuffer(res.traces[0].start_s), np.frombuffer(res.traces[0].end_s)
    assert start[0] == pytest.approx(10 * US)
    assert (start[1], end[1]) == pytest.approx((10 * US, 110 * US))  # on the host clock
    assert start[2] == pytest.approx(120 * US)
    assert res.iteration_time_s == pytest.approx(121 * US)


def test_iteration_ends_when_the_host_does():
    """Host work after the last kernel still belongs to the iteration."""
    host_op = OpSpec("host", "host.log", "optimizer", duration_s=300 * US)
    res = run_one_rank([kernel(5), host_op], HostCosts(op_dispatch_s=1 * US))
    assert res.iteration_time_s == pytest.approx(301 * US)


@pytest.mark.parametrize("lag_host", [0.5, 5.0, 40.0])
@pytest.mark.parametrize("scheme", ["megatron", "megatron-sp"])
def test_static_segments_are_exact_under_any_host_lag(write_scenario, scheme, lag_host):
    """The same program with every op run one by one (the reference path) and with static segments
    re-timed for the host's lag gives the same op times, GPU-bound and host-bound."""
    data = small_scenario(
        cluster={"nodes": 4},
        parallelism={"scheme": scheme, "tensor": 8, "pipeline": 2, "data": 2},
        model={"layers": 4, "hidden": 1024, "heads": 16, "seq_len": 256, "vocab": 2048},
        training={"global_batch": 8, "micro_batch": 1, "recompute": "selective", "grad_overlap": True},
    )
    sc = load_scenario(write_scenario(data)).scenario
    hw = HW.model_copy(
        update={"host": HW.host.model_copy(update={"sync_us": 3.0, "microbatch_overhead_us": 7.0})}
    )
    prog = build_program(sc, CostModel(hw, "bf16"), fold=True)
    gpus = place("naive", prog.layout, 8, scheme)
    host = HostCosts(op_dispatch_s=lag_host * US, collective_dispatch_s=2 * lag_host * US)
    fast = Engine(prog.steps, prog.translations, gpus, build_topology(HW, 4), LAUNCH, host=host)
    slow = Engine(
        prog.steps, prog.translations, gpus, build_topology(HW, 4), LAUNCH, host=host, static_segments=False
    )
    for r, steps in prog.steps.items():
        slow.plans[r] = list(range(len(steps)))
    a, b = fast.run(), slow.run()
    assert a.iteration_time_s == pytest.approx(b.iteration_time_s, rel=1e-9)
    for r in a.traces:
        for field in ("start_s", "end_s"):
            x = np.frombuffer(getattr(a.traces[r], field))
            y = np.frombuffer(getattr(b.traces[r], field))
            assert np.allclose(x, y, rtol=1e-9, atol=1e-12), (r, field)


def test_program_syncs_after_every_p2p_and_checks_on_the_host(write_scenario):
    data = small_scenario(
        parallelism={"scheme": "megatron", "tensor": 2, "pipeline": 2, "data": 2},
        model={"layers": 4, "hidden": 1024, "heads": 16, "seq_len": 256, "vocab": 2048},
        training={"global_batch": 8, "micro_batch": 1, "precision": "fp16"},
    )
    hw = HW.model_copy(
        update={
            "host": HW.host.model_copy(
                update={
                    "microbatch_overhead_us": 7.0,
                    "param_tensor_overhead_us": 2.0,
                    "iteration_overhead_us": 100.0,
                }
            )
        }
    )
    sc = load_scenario(write_scenario(data)).scenario
    prog = build_program(sc, CostModel(hw, "fp16"), fold=True)
    for rank, steps in prog.steps.items():
        kinds = [st[0].kind for st in steps]
        names = [st[0].name for st in steps]
        for i, k in enumerate(kinds):
            if k in ("send", "recv"):
                assert names[i + 1] == "sync.p2p"
        m = sc.microbatches
        assert names.count("host.microbatch") == 2 * m  # one per forward and per backward step
        # fp16: the loss scaler's inf check and the gradient norm are reduced over the model-parallel group
        # (2 tensor x 2 pipeline ranks) and read on the host; the iteration ends with the loss read.
        for check in ("found_inf", "grad_norm"):
            op = next(st[0] for st in steps if st[0].name == f"{check}.allreduce")
            assert len(op.group) == 4 and op.bytes == 4.0
            assert names[names.index(f"{check}.allreduce") + 1] == f"sync.{check}"
        assert names[-1] == "sync.iteration_end"
        host = next(st[0] for st in steps if st[0].name == "host.optimizer")
        tensors = 2 * 12 + (2 if prog.layout.coord(rank, "pp") == 0 else 3)
        assert host.duration_s == pytest.approx((2.0 * tensors + 100.0) * US)
    bf16 = build_program(
        sc.model_copy(update={"training": sc.training.model_copy(update={"precision": "bf16"})}),
        CostModel(hw, "bf16"),
        fold=True,
    )
    assert not any(st[0].name == "found_inf.allreduce" for st in bf16.steps[0])


def test_large_kernels_hide_the_host():
    """The 22B layer of Korthikanti Table 4 with a slow host (50 us per op) changes its per-layer times
    by well under 1%: the host runs ahead of kernels that take milliseconds."""
    base = load_scenario(SCENARIOS / "megatron_22b_selene.yaml")
    slow_host = base.hardware.model_copy(
        update={
            "host": base.hardware.host.model_copy(
                update={"op_dispatch_us": 50.0, "collective_dispatch_us": 80.0}
            )
        }
    )
    a = simulate(base).summary()
    b = simulate(dataclasses.replace(base, hardware=slow_host)).summary()
    for key in ("layer_forward_time_s", "layer_backward_time_s"):
        assert b[key] == pytest.approx(a[key], rel=0.01)
    assert b["iteration_time_s"] >= a["iteration_time_s"]


def test_small_model_is_host_bound_and_scales_with_dispatch(write_scenario):
    """A tiny model: iteration time grows by about (ops per rank) x (extra dispatch)."""
    data = small_scenario(
        model={"layers": 2, "hidden": 256, "heads": 4, "seq_len": 128, "vocab": 0}, parallelism={"tensor": 1}
    )
    base = load_scenario(write_scenario(data))
    times = []
    for us in (20.0, 40.0):
        hw = base.hardware.model_copy(
            update={"host": base.hardware.host.model_copy(update={"op_dispatch_us": us})}
        )
        res = simulate(dataclasses.replace(base, hardware=hw))
        times.append(res.summary()["iteration_time_s"])
        n_compute = sum(1 for st in res.program.steps[0] if st[0].is_compute)
    assert times[1] - times[0] == pytest.approx(n_compute * 20e-6, rel=0.02)


@pytest.mark.parametrize("value", [-1.0, float("nan")])
def test_bad_host_values_are_one_line_errors(value):
    from importlib import resources

    import yaml

    data = yaml.safe_load((resources.files("simcluster.hardware") / "presets" / "dgx-a100.yaml").read_text())
    for field in ("op_dispatch_us", "backward_dispatch_us"):
        data["host"] = {field: value}
        with pytest.raises(ConfigError) as err:
            profile_from_dict(data)
        msg = str(err.value)
        assert f"host.{field}" in msg and "\n" not in msg


@pytest.mark.parametrize(("precision", "per_param"), [("fp16", 54.0), ("bf16", 46.0), ("fp32", 36.0)])
def test_optimizer_passes_move_megatrons_bytes(write_scenario, precision, per_param):
    """The optimizer step's memory passes per parameter, from Megatron's Float16OptimizerWithFloat16Params:
    fp16 grads to fp32 (2+4), unscale and inf check (4+4, fp16 only), norm (4), Adam (28), main weights
    back to the model (4+2), zero the model's grads (2); fp32 training: norm, Adam, zero (4+28+4). Each pass
    is one element-wise sweep, timed by the cost model's memory rate."""
    data = small_scenario(
        parallelism={"scheme": "megatron", "tensor": 2},
        model={"layers": 2, "hidden": 1024, "heads": 16, "seq_len": 256, "vocab": 2048},
        training={"global_batch": 2, "micro_batch": 1, "precision": precision},
    )
    sc = load_scenario(write_scenario(data)).scenario
    cost = CostModel(HW, precision)
    prog = build_program(sc, cost, fold=True)
    ops = [st[0] for st in prog.steps[0] if st[0].kind == "optimizer"]
    params = rank_params(sc, prog.scheme, 0)
    assert sum(op.bytes for op in ops) == pytest.approx(per_param * params, rel=1e-12)
    assert sum(op.duration_s for op in ops) == pytest.approx(
        sum(cost.elementwise(op.bytes) for op in ops), rel=1e-12
    )
    assert [op.name for op in ops][-2:] == (
        ["optimizer.params_to_model", "optimizer.zero_grad"]
        if precision != "fp32"
        else ["optimizer.adam", "optimizer.zero_grad"]
    )


@pytest.mark.parametrize(
    ("form", "precision", "per_param"),
    [("foreach", "bf16", 96.0), ("foreach", "fp16", 104.0), ("fused", "bf16", 40.0), ("fused", "fp32", 40.0)],
)
def test_torch_optimizer_passes(write_scenario, form, precision, per_param):
    """`training.optimizer: foreach | fused` (PyTorch's AdamW on fp32 parameters, gradients and state):
    clip_grad_norm_'s norm (4) and unconditional scale (8), then foreach AdamW's eight passes (weight decay 8,
    lerp 12, v scale 8, addcmul 16, sqrt 8, bias correction 8, eps 8, addcdiv 16: 84) or the fused kernel
    (28); fp16 adds GradScaler's unscale (8). The norm's all-reduce is not read on the host (no sync); the
    fp16 inf check is."""
    data = small_scenario(
        parallelism={"scheme": "megatron", "tensor": 2},
        model={"layers": 2, "hidden": 1024, "heads": 16, "seq_len": 256, "vocab": 2048},
        training={"global_batch": 2, "micro_batch": 1, "precision": precision, "optimizer": form},
    )
    sc = load_scenario(write_scenario(data)).scenario
    cost = CostModel(HW, precision)
    prog = build_program(sc, cost, fold=True)
    steps = [st[0] for st in prog.steps[0] if st[0].phase == "optimizer"]
    ops = [op for op in steps if op.kind == "optimizer"]
    params = rank_params(sc, prog.scheme, 0)
    assert sum(op.bytes for op in ops) == pytest.approx(per_param * params, rel=1e-12)
    assert len(ops) == (10 if form == "foreach" else 3) + (precision == "fp16")
    names = [op.name for op in steps]
    norm = names.index("grad_norm.allreduce")
    assert names[norm - 1] == "optimizer.grad_norm" and names[norm + 1] == "optimizer.clip"
    assert ("sync.found_inf" in names) == (precision == "fp16") and "sync.grad_norm" not in names


def test_foreach_adamw_passes_are_the_measured_kernels():
    """The committed H200 trace's AdamW(foreach=True) step launched, per parameter list, two _foreach_mul_
    and one each of lerp_, addcmul_, sqrt, div_, add_ and addcdiv_: the eight passes `optimizer: foreach`
    counts (TORCH_FOREACH_ADAMW), in kernels."""
    from collections import Counter
    from pathlib import Path

    from simcluster.hardware.passes import TORCH_FOREACH_ADAMW
    from simcluster.traces.kineto import read_trace

    trace = read_trace(Path(__file__).parent / "data/h200/traces/llama4l_h200_bf16.pt.trace.json.gz")
    calls = Counter(k.op for k in trace.kernels if k.op.startswith("aten::_foreach_"))
    lists = calls["aten::_foreach_lerp_"]
    assert lists > 0 and sum(calls.values()) == len(TORCH_FOREACH_ADAMW) * lists
    assert calls["aten::_foreach_mul_"] == 2 * lists
    assert all(calls[f"aten::_foreach_{op}"] == lists for op in ("addcmul_", "sqrt", "div_", "add_", "addcdiv_"))


@pytest.mark.parametrize("form", ["foreach", "fused", "megatron"])
def test_pytorch_optimizer_passes_run_at_the_multi_tensor_rate(write_scenario, form):
    """PyTorch's steps launch multi-tensor kernels (torch._foreach_*): clip_grad_norm_'s norm and scale and
    foreach AdamW's eight passes each take launch + bytes / (bandwidth x multi_tensor_efficiency); the fused
    AdamW kernel and Megatron's passes keep the element-wise rate. The search's estimate prices the same."""
    from simcluster.search.estimate import Estimator, _Layout
    from simcluster.search.prune import scheme_of

    hw = HW.model_copy(update={"gpu": HW.gpu.model_copy(update={"multi_tensor_efficiency": 0.5})})
    data = small_scenario(
        parallelism={"scheme": "megatron", "tensor": 2},
        model={"layers": 2, "hidden": 1024, "heads": 16, "seq_len": 256, "vocab": 2048},
        training={"global_batch": 2, "micro_batch": 1, "precision": "bf16", "optimizer": form},
    )
    loaded = load_scenario(write_scenario(data))
    cost = CostModel(hw, "bf16")
    prog = build_program(loaded.scenario, cost, fold=True)
    ops = [st[0] for st in prog.steps[0] if st[0].kind == "optimizer"]
    launch, bw = hw.gpu.kernel_launch_us * 1e-6, hw.gpu.memory_bandwidth_GBps * 1e9
    for op in ops:
        multi = form != "megatron" and op.name != "optimizer.adamw"
        eff = 0.5 if multi else hw.gpu.memory_efficiency
        assert op.duration_s == pytest.approx(launch + op.bytes / (bw * eff), rel=1e-12), op.name
    assert sum(op.name == "optimizer.adamw" for op in ops) == (form == "fused")
    loaded = dataclasses.replace(loaded, hardware=hw)
    lay = _Layout(Estimator(loaded), loaded.scenario, scheme_of(loaded.scenario, hw))
    params = rank_params(loaded.scenario, prog.scheme, 0)
    gpu = lay.optimizer_time(0, params) - lay.optimizer_time(0, 0.0)
    assert gpu == pytest.approx(sum(op.duration_s for op in ops) - len(ops) * launch, rel=1e-9)


def test_multi_tensor_efficiency_is_the_h200_traces():
    """`multi_tensor_efficiency` (hgx-h200, carried to dgx-h100) is the committed H200 step's: its AdamW
    foreach passes' kernel time over 42 bytes a parameter (the eight passes in bf16, as the model counts
    them: 84 in fp32) of the traced model's 1.92B parameters, against the 4.8 TB/s datasheet."""
    import json
    from pathlib import Path

    from simcluster.hardware.passes import TORCH_FOREACH_ADAMW
    from simcluster.traces.kineto import read_trace

    here = Path(__file__).parent / "data/h200/traces"
    trace = read_trace(here / "llama4l_h200_bf16.pt.trace.json.gz")
    seconds = sum(k.dur_s for k in trace.kernels if k.op.startswith("aten::_foreach_"))
    params = json.loads((here / "llama4l_h200_bf16.json").read_text())["params"]
    per_param = sum(b for _, b in TORCH_FOREACH_ADAMW) / 2  # fp32 -> bf16 state
    h200 = load_profile("hgx-h200")
    measured = per_param * params / seconds / (h200.gpu.memory_bandwidth_GBps * 1e9)
    assert seconds == pytest.approx(26.27e-3, rel=1e-3)
    assert h200.gpu.multi_tensor_efficiency == pytest.approx(measured, abs=5e-4)
    assert load_profile("dgx-h100").gpu.multi_tensor_efficiency == h200.gpu.multi_tensor_efficiency


@pytest.mark.parametrize("precision", ["fp16", "bf16"])
def test_a_measured_optimizer_is_one_sweep_of_its_bytes(write_scenario, precision):
    """`host.optimizer_bytes_per_param` (a framework's optimizer as calibrate measures it, e.g. one fused
    Adam sweep: 28 bytes) replaces Megatron's passes by one sweep of params x bytes at the memory rate; the
    loss scaler's inf check (fp16) and the gradient norm still reduce over the model-parallel group and
    sync the host, before the step."""
    data = small_scenario(
        parallelism={"scheme": "megatron", "tensor": 2},
        model={"layers": 2, "hidden": 1024, "heads": 16, "seq_len": 256, "vocab": 2048},
        training={"global_batch": 2, "micro_batch": 1, "precision": precision},
    )
    sc = load_scenario(write_scenario(data)).scenario
    hw = HW.model_copy(update={"host": HW.host.model_copy(update={"optimizer_bytes_per_param": 28.0})})
    cost = CostModel(hw, precision)
    prog = build_program(sc, cost, fold=True)
    steps = [st[0] for st in prog.steps[0] if st[0].phase == "optimizer"]
    sweeps = [op for op in steps if op.kind == "optimizer"]
    params = rank_params(sc, prog.scheme, 0)
    assert [op.name for op in sweeps] == ["optimizer.step"]
    assert sweeps[0].bytes == pytest.approx(28.0 * params, rel=1e-12)
    launch = HW.gpu.kernel_launch_us * US
    assert sweeps[0].duration_s == pytest.approx(launch + 28.0 * params / cost.memory_rate, rel=1e-12)
    names = [op.name for op in steps]
    checks = ["found_inf.allreduce", "sync.found_inf"] if precision == "fp16" else []
    checks += ["grad_norm.allreduce", "sync.grad_norm"]
    assert [n for n in names if n in checks] == checks
    assert max(names.index(n) for n in checks) < names.index("optimizer.step")


@pytest.mark.parametrize("pipeline", [1, 2])
def test_gradient_accumulation_adds_every_later_micro_batch(write_scenario, pipeline):
    """`host.grad_accumulation_bytes_per_param` (autograd's in-place add: 6 bytes) adds each micro-batch
    after the first into the accumulated gradients over the rank's parameters; a word embedding tied to the
    LM head on the same rank (pipeline 1) gets two gradients per micro-batch, so it is added every time.
    Unset (fused into the weight-gradient GEMMs), there is no such pass."""
    m = 4
    data = small_scenario(
        parallelism={"scheme": "megatron", "tensor": 2, "pipeline": pipeline},
        model={"layers": 2, "hidden": 1024, "heads": 16, "seq_len": 256, "vocab": 2048},
        training={"global_batch": m, "micro_batch": 1, "precision": "fp16"},
    )
    sc = load_scenario(write_scenario(data)).scenario
    for per_param in (0.0, 6.0):
        hw = HW.model_copy(
            update={"host": HW.host.model_copy(update={"grad_accumulation_bytes_per_param": per_param})}
        )
        cost = CostModel(hw, "fp16")
        prog = build_program(sc, cost, fold=False)
        for rank in sorted({0, prog.layout.world_size - 1}):
            stage = prog.layout.coord(rank, "pp")
            adds = [st for st in prog.steps[rank] if st[0].name == "grad.accumulate"]
            if per_param == 0:
                assert adds == []
                continue
            params = rank_params(sc, prog.scheme, stage)
            tied = prog.scheme.embedding_params() if pipeline == 1 else 0.0
            assert len(adds) == (m if tied else m - 1)
            total = sum(st[0].bytes for st in adds)
            assert total == pytest.approx(per_param * ((m - 1) * params + m * tied), rel=1e-12)
            assert all(st[0].duration_s == pytest.approx(cost.elementwise(st[0].bytes)) for st in adds)


def test_embedding_backward_zeroes_the_tables_gradient(write_scenario):
    """PyTorch's dense embedding backward writes the whole (vocab-parallel) table's gradient, zeroed, then
    adds the tokens' rows: V/t x h x e bytes beyond the rows' traffic."""
    b, s, h, V, t, e = 2, 256, 1024, 4096, 2, 2
    data = small_scenario(
        parallelism={"scheme": "megatron", "tensor": t},
        model={"layers": 2, "hidden": h, "heads": 16, "seq_len": s, "vocab": V},
        training={"global_batch": b, "micro_batch": b, "precision": "fp16"},
    )
    sc = load_scenario(write_scenario(data)).scenario
    prog = build_program(sc, CostModel(HW, "fp16"), fold=False)
    (op,) = {st[0] for st in prog.steps[0] if st[0].name == "embed.grad_scatter"}
    assert op.bytes == pytest.approx(3.0 * b * s * h * e + V // t * h * e, rel=1e-12)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("optimizer_bytes_per_param", 0.0),
        ("optimizer_bytes_per_param", -28.0),
        ("optimizer_bytes_per_param", 2000.0),
        ("grad_accumulation_bytes_per_param", -6.0),
        ("grad_accumulation_bytes_per_param", 2000.0),
    ],
)
def test_bad_per_param_bytes_are_one_line_errors(field, value):
    data = HW.model_dump(mode="json")
    data["host"] = {field: value}
    with pytest.raises(ConfigError) as err:
        profile_from_dict(data)
    msg = str(err.value)
    assert f"host.{field}" in msg and "\n" not in msg


@pytest.mark.parametrize("framework_syncs", [False, True])
def test_timed_gradient_all_reduce_holds_the_host(write_scenario, framework_syncs):
    """Megatron's timers also bracket the data-parallel all-reduce with device syncs: with `step_sync` the
    optimizer's host work starts one sync after the all-reduce ends; without, it runs under it."""
    data = small_scenario(
        parallelism={"scheme": "megatron", "tensor": 1, "data": 2},
        model={"layers": 2, "hidden": 1024, "heads": 16, "seq_len": 256, "vocab": 0},
        training={"global_batch": 2, "micro_batch": 1, "precision": "bf16", "grad_overlap": False},
    )
    data["training"].pop("step_sync", None)
    host = HW.host.model_copy(
        update={"step_sync": framework_syncs, "sync_us": 5.0, "param_tensor_overhead_us": 10.0}
    )
    loaded = load_scenario(write_scenario(data))
    run = simulate(dataclasses.replace(loaded, hardware=HW.model_copy(update={"host": host})))
    names = [st[0].name for st in run.program.steps[0]]
    trace = run.engine.traces[0]
    start, end = np.frombuffer(trace.start_s), np.frombuffer(trace.end_s)
    reduce, host_op = names.index("grad.bucket0.allreduce"), names.index("host.optimizer")
    assert ("sync.grad_sync" in names) is framework_syncs
    if framework_syncs:
        assert names.index("sync.grad_sync") == reduce + 1
        assert start[host_op] == pytest.approx(end[reduce] + 5.0 * US, rel=1e-12)
    else:
        assert start[host_op] < end[reduce]


def test_step_sync_exposes_the_per_step_host_work(write_scenario):
    """With `training.step_sync` (Megatron's timers synchronize after every forward and backward step) the
    host's per-step work can no longer run while the GPU finishes the previous step: on a GPU-bound model
    every step after the first pays it, (2m - 1) x microbatch_overhead, plus one sync per step."""
    m = 4
    data = small_scenario(
        parallelism={"scheme": "megatron", "tensor": 1},
        model={"layers": 4, "hidden": 2048, "heads": 16, "seq_len": 2048, "vocab": 0},
        training={"global_batch": m, "micro_batch": 1, "precision": "bf16", "recompute": "none"},
    )
    host = HW.host.model_copy(update={"microbatch_overhead_us": 400.0, "sync_us": 5.0, "op_dispatch_us": 1.0})
    hw = HW.model_copy(update={"host": host})
    runs = {}
    for sync in (False, True):
        data["training"]["step_sync"] = sync
        loaded = load_scenario(write_scenario(data, f"s{sync}.yaml"))
        runs[sync] = simulate(dataclasses.replace(loaded, hardware=hw))
    names = [st[0].name for st in runs[True].program.steps[0]]
    assert names.count("sync.step") == 2 * m
    assert "sync.step" not in [st[0].name for st in runs[False].program.steps[0]]
    extra = runs[True].engine.iteration_time_s - runs[False].engine.iteration_time_s
    assert extra == pytest.approx((2 * m - 1) * 400.0 * US + 2 * m * 5.0 * US, rel=5e-3)
    # Unset in the scenario, the profile's host (the framework it describes) decides.
    data["training"].pop("step_sync")
    loaded = load_scenario(write_scenario(data, "unset.yaml"))
    for framework_syncs in (False, True):
        hw_sync = HW.model_copy(update={"host": host.model_copy(update={"step_sync": framework_syncs})})
        got = simulate(dataclasses.replace(loaded, hardware=hw_sync)).engine.iteration_time_s
        assert got == runs[framework_syncs].engine.iteration_time_s


def test_hopper_presets_take_the_host_calibrate_measured():
    """dgx-h100 (and the presets built on it) issue work at the host speed `calibrate` measured on the H200's host
    (tests/data/h200/calibrate/host.csv: seconds per simulated op, per collective call, per sync), to 0.01 us."""
    import csv
    from pathlib import Path

    with open(Path(__file__).parent / "data/h200/calibrate/host.csv") as f:
        rows = {r["name"]: float(r["time_s"]) * 1e6 for r in csv.DictReader(f)}
    for name in ("dgx-h100", "hgx-h200", "h100-hbm2e-500w"):
        h = load_profile(name).host
        assert h.op_dispatch_us == pytest.approx(rows["op_dispatch"], abs=0.005)
        assert h.backward_dispatch_us == pytest.approx(rows["backward_dispatch"], abs=0.005)
        assert h.collective_dispatch_us == pytest.approx(rows["collective_dispatch"], abs=0.005)
        assert h.sync_us == pytest.approx(rows["sync"], abs=0.005)
