"""Engine: collectives against their alpha-beta closed forms, fair sharing, folding, determinism, deadlock."""

from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

from simcluster.cli import main
from simcluster.config.loader import load_scenario
from simcluster.engine.executor import Engine
from simcluster.errors import DeadlockError
from simcluster.hardware.profile import load_profile
from simcluster.model.ops import OpSpec, Step
from simcluster.network.flows import FlowModel
from simcluster.report.breakdown import breakdown
from simcluster.simulate import simulate
from simcluster.topology.graph import build_topology
from tests.conftest import SCENARIOS, small_scenario

HW = load_profile("dgx-a100")
NV_BW = HW.links.nvlink.bandwidth_GBps * 1e9
NV_LAT = HW.links.nvlink.latency_us * 1e-6
LAUNCH = HW.collectives.launch_us * 1e-6


def run_collective(kind: str, n: int, size: float, contended_path: bool) -> float:
    topo = build_topology(HW, nodes=1)
    group = tuple(range(n))
    steps = {r: [Step(OpSpec(kind, kind, "forward", bytes=size, group=group), -1, -1)] for r in range(n)}
    eng = Engine(steps, [tuple(range(n))], list(range(8)), topo, LAUNCH, algorithm="ring")
    if contended_path:
        eng._private = set()  # force the flow model instead of the closed-form fast path
    return eng.run().iteration_time_s


@pytest.mark.parametrize("contended_path", [False, True])
@pytest.mark.parametrize("n", [2, 4, 8])
@pytest.mark.parametrize("size", [1024.0, 1 << 20, 1 << 30])
def test_ring_collectives_equal_alpha_beta_closed_form(n, size, contended_path):
    alpha = 2 * NV_LAT  # GPU -> NVSwitch -> GPU
    cases = {
        "allreduce": LAUNCH + 2 * (n - 1) * (alpha + size / (n * NV_BW)),
        "allgather": LAUNCH + (n - 1) * (alpha + size / (n * NV_BW)),
        "reducescatter": LAUNCH + (n - 1) * (alpha + size / (n * NV_BW)),
    }
    for kind, want in cases.items():
        assert run_collective(kind, n, size, contended_path) == pytest.approx(want, rel=0.01)


def test_two_flows_sharing_a_link_each_get_half():
    fm = FlowModel(np.array([10.0, 10.0, 4.0]))
    fm.add(1, np.array([0, 1]), np.array([1.0, 1.0]), 100.0, 0.0)
    assert fm.active[1].rate_Bps == 10.0
    fm.add(2, np.array([1]), np.array([1.0]), 100.0, 0.0)
    assert fm.active[1].rate_Bps == 5.0 and fm.active[2].rate_Bps == 5.0
    fm.add(3, np.array([2]), np.array([2.0]), 100.0, 0.0)  # two flows of one transfer on a 4 B/s link
    assert fm.active[3].rate_Bps == 2.0
    fm.remove(2, 1.0)
    assert fm.active[1].rate_Bps == 10.0
    assert fm.active[1].remaining_bytes == pytest.approx(95.0)


def test_max_min_fairness_gives_leftover_to_unconstrained_flows():
    # link 0 (cap 10) shared by A and B; link 1 (cap 3) carries B only: B=3, A gets the remaining 7
    fm = FlowModel(np.array([10.0, 3.0]))
    fm.add(1, np.array([0]), np.array([1.0]), 1e9, 0.0)
    fm.add(2, np.array([0, 1]), np.array([1.0, 1.0]), 1e9, 0.0)
    assert fm.active[2].rate_Bps == pytest.approx(3.0)
    assert fm.active[1].rate_Bps == pytest.approx(7.0)


def _tiny_multinode(write_scenario, fold: str):
    data = small_scenario(
        cluster={"nodes": 2},
        parallelism={"scheme": "megatron", "tensor": 2, "pipeline": 2, "data": 4},
        model={"layers": 4, "hidden": 512, "heads": 8, "seq_len": 128, "vocab": 1024},
        training={"global_batch": 32, "micro_batch": 2, "recompute": "selective"},
        simulation={"fold": fold},
    )
    return simulate(load_scenario(write_scenario(data, f"{fold}.yaml")))


def test_folding_matches_full_simulation(write_scenario):
    folded = _tiny_multinode(write_scenario, "auto")
    full = _tiny_multinode(write_scenario, "none")
    assert len(folded.program.reps) == 2 and len(full.program.reps) == 16
    assert folded.engine.iteration_time_s == pytest.approx(full.engine.iteration_time_s, rel=1e-9)
    a, b = folded.summary(), full.summary()
    for ra, rb in zip(a["per_rank"], b["per_rank"]):
        assert ra["memory"] == rb["memory"]
        assert ra["compute_busy_s"] == pytest.approx(rb["compute_busy_s"], rel=1e-9)
        assert ra["bytes_sent"] == rb["bytes_sent"]


def test_same_scenario_gives_byte_identical_outputs(tmp_path):
    outs = []
    for i in range(2):
        out = tmp_path / f"run{i}"
        res = CliRunner().invoke(
            main,
            [
                "run",
                str(SCENARIOS / "megatron_tp_16gpu.yaml"),
                "--out",
                str(out),
                "--quiet",
                "--set",
                "training.global_batch=8",
                "--set",
                "training.micro_batch=8",
            ],
        )
        assert res.exit_code == 0, res.output
        outs.append(out)
    for name in ("summary.json", "events.csv"):
        assert (outs[0] / name).read_bytes() == (outs[1] / name).read_bytes()


def test_deadlock_is_reported_with_waiting_ranks():
    topo = build_topology(HW, nodes=1)
    recv = OpSpec("recv", "recv.act.c0", "forward", bytes=10.0, group=(1, 0))
    steps = {0: [Step(recv, -1, 0)], 1: [Step(OpSpec("gemm", "g", "forward", duration_s=1e-3), -1, 0)]}
    with pytest.raises(DeadlockError, match=r"rank 0 waits for recv recv.act.c0 from rank 1"):
        Engine(steps, [tuple(range(2))], list(range(8)), topo, LAUNCH).run()


def test_summary_fields_and_values():
    res = simulate(
        load_scenario(
            SCENARIOS / "megatron_tp_16gpu.yaml", ["training.global_batch=4", "training.micro_batch=4"]
        )
    )
    s = res.summary()
    for key in (
        "world_size",
        "iteration_time_s",
        "forward_time_s",
        "backward_time_s",
        "throughput_seq_per_s",
        "tokens_per_s",
        "model_flops_per_iteration",
        "mfu",
        "peak_memory_bytes",
        "fits_in_memory",
        "per_rank",
    ):
        assert key in s
    assert s["world_size"] == 16 and len(s["per_rank"]) == 16
    assert s["throughput_seq_per_s"] == pytest.approx(4 / s["iteration_time_s"])
    # model FLOPs: 72 B L s h^2 (1 + s/6h) with no vocab
    assert s["model_flops_per_iteration"] == pytest.approx(
        72 * 4 * 24 * 512 * 4096**2 * (1 + 512 / (6 * 4096))
    )
    # full recompute: the backward phase re-runs the forward (its collectives included) then does 2x its GEMMs
    steps = res.program.steps[0]
    tr = res.engine.traces[0]
    by_phase: dict[str, float] = {}
    flops: dict[str, float] = {}
    for i, (op, _layer, _mb) in enumerate(steps):
        flops[op.phase] = flops.get(op.phase, 0.0) + op.flops
        if not op.blocking:  # overlapped with compute: not on the critical stream
            continue
        by_phase[op.phase] = by_phase.get(op.phase, 0.0) + tr.end_s[i] - tr.start_s[i]
    assert by_phase["recompute"] == pytest.approx(by_phase["forward"], rel=1e-9)
    assert flops["backward"] == pytest.approx(2 * flops["forward"], rel=1e-9)
    assert s["forward_time_s"] == pytest.approx(by_phase["forward"], rel=1e-9)
    assert s["backward_time_s"] == pytest.approx(by_phase["backward"] + by_phase["recompute"], rel=1e-9)
    r0 = s["per_rank"][0]
    assert set(r0) >= {
        "rank",
        "device",
        "compute_busy_s",
        "comm_busy_s",
        "bytes_sent",
        "bytes_received",
        "memory",
    }
    # per-layer Megatron traffic: 6 all-reduces of bsh*4 bytes per layer (2 fwd, 2 recompute, 2 bwd), ring factor
    bsh4 = 4 * 512 * 4096 * 4
    assert r0["bytes_sent"] == pytest.approx(24 * 6 * bsh4 * 2 * 15 / 16)


@pytest.mark.parametrize("scheme", ["megatron", "megatron-sp"])
def test_static_segments_are_exact(write_scenario, scheme):
    """Runs advanced in one timeout give the same op times as the general path."""
    from simcluster.model.costs import CostModel
    from simcluster.parallel.program import build_program
    from simcluster.topology.placement import place

    data = small_scenario(
        cluster={"nodes": 4},  # tensor groups fill a node (NVLink only); data and pipeline cross nodes (NICs)
        parallelism={"scheme": scheme, "tensor": 8, "pipeline": 2, "data": 2},
        model={"layers": 4, "hidden": 1024, "heads": 16, "seq_len": 256, "vocab": 2048},
        training={"global_batch": 8, "micro_batch": 1, "recompute": "selective", "grad_overlap": True},
    )
    loaded = load_scenario(write_scenario(data))
    sc = loaded.scenario
    topo = build_topology(HW, 4)
    prog = build_program(sc, CostModel(HW, "bf16"), fold=True)
    gpus = place("naive", prog.layout, 8, scheme)
    fast = Engine(prog.steps, prog.translations, gpus, topo, LAUNCH)
    slow = Engine(prog.steps, prog.translations, gpus, topo, LAUNCH, static_segments=False)
    assert any(not isinstance(x, int) and x.i1 - x.i0 > 1 for x in fast.plans[0])
    a, b = fast.run(), slow.run()
    assert a.sim_events < b.sim_events
    assert a.iteration_time_s == pytest.approx(b.iteration_time_s, rel=1e-12)
    for r in a.traces:
        assert np.allclose(
            np.frombuffer(a.traces[r].end_s), np.frombuffer(b.traces[r].end_s), rtol=1e-12, atol=1e-15
        )
    assert np.allclose(a.link_bytes, b.link_bytes)


def test_gemm_cost_model_and_host_floor():
    from simcluster.model.costs import CostModel

    smooth = HW.gpu.gemm.model_copy(update={"tiles": [], "sm_count": None})
    hw = HW.model_copy(update={"gpu": HW.gpu.model_copy(update={"gemm": smooth})})
    g = hw.gpu.gemm
    cost = CostModel(hw, "bf16")
    secs, flops = cost.gemm(4096, 4096, 4096)
    shape = (4096 / (4096 + g.half_efficiency_dim)) ** 3
    assert flops == 2 * 4096**3
    assert secs == pytest.approx(g.launch_us * 1e-6 + flops / (312e12 * g.efficiency_max * shape))
    small, _ = cost.gemm(64, 64, 64)
    assert small / (2 * 64**3) > 20 * secs / flops  # small GEMMs run far below peak


def test_explicit_placement_is_not_folded(write_scenario):
    data = small_scenario(
        parallelism={"scheme": "megatron", "tensor": 2, "data": 2, "placement": [0, 5, 2, 7]}
    )
    res = simulate(load_scenario(write_scenario(data)))
    assert res.program.reps == [0, 1, 2, 3]
    assert res.gpus[:4] == [0, 5, 2, 7]


def test_a_blocking_collective_records_how_long_it_waited_for_its_last_member():
    # rank 0 computes 1 ms, rank 1 0.2 ms, then both all-reduce: rank 1 waits 0.8 ms for rank 0, rank 0 not at
    # all, and both end together one all-reduce later
    topo = build_topology(HW, nodes=1)
    ar = OpSpec("allreduce", "ar", "optimizer", bytes=float(1 << 20), group=(0, 1))
    steps = {
        r: [Step(OpSpec("gemm", "g", "backward", duration_s=d), -1, 0), Step(ar, -1, -1)]
        for r, d in ((0, 1e-3), (1, 0.2e-3))
    }
    eng = Engine(steps, [(0, 1)], list(range(8)), topo, LAUNCH, algorithm="ring")
    eng._private = set()
    res = eng.run()
    t_ar = LAUNCH + 2 * (2 * NV_LAT + (1 << 20) / (2 * NV_BW))  # ring all-reduce on 2 GPUs, closed form
    assert res.traces[0].peer_wait_s == {}
    assert res.traces[1].peer_wait_s == {1: pytest.approx(0.8e-3, rel=1e-12)}
    for r in (0, 1):
        assert res.traces[r].end_s[1] == pytest.approx(1e-3 + t_ar, rel=0.01)


def test_the_last_pipeline_stage_waits_in_the_gradient_norm_not_in_the_optimizer(write_scenario):
    # 1F1B on 2 stages: the last stage finishes its backward first and waits in the gradient-norm all-reduce
    # for the first; that wait is idle time, not optimizer time or communication
    data = small_scenario(
        parallelism={"scheme": "megatron", "tensor": 1, "pipeline": 2, "data": 1},
        model={"layers": 4, "hidden": 1024, "heads": 16, "seq_len": 256, "vocab": 0},
        training={"global_batch": 8, "micro_batch": 1, "precision": "bf16", "recompute": "none"},
    )
    res = simulate(load_scenario(write_scenario(data, "pp2.yaml")))
    last = 1
    assert res.program.layout.coord(last, "pp") == 1
    (i,) = [k for k, (op, _l, _m) in enumerate(res.program.steps[last]) if op.name == "grad_norm.allreduce"]
    (j,) = [k for k, (op, _l, _m) in enumerate(res.program.steps[0]) if op.name == "grad_norm.allreduce"]
    tl, t0 = res.engine.traces[last], res.engine.traces[0]
    waited = t0.start_s[j] - tl.start_s[i]  # the first stage arrives last
    it = res.engine.iteration_time_s
    assert waited > 0.05 * it
    st = res.rank_stats(last)
    assert st["peer_wait_s"] == pytest.approx(waited, rel=1e-9)
    # both stages hold the same parameters: the same optimizer work, the wait no part of it
    assert res.program.params_per_rank[0] == res.program.params_per_rank[1]
    assert st["optimizer_s"] == pytest.approx(res.rank_stats(0)["optimizer_s"], rel=1e-9)
    parts = breakdown(res, last)
    assert sum(parts.values()) == pytest.approx(it, rel=1e-12)
    assert parts["exposed_comm_s"] < 0.5 * waited
    assert parts["bubble_idle_s"] == pytest.approx(it - st["compute_busy_s"] - st["comm_busy_s"], rel=1e-9)
    assert parts["bubble_idle_s"] >= waited
    s = res.summary()  # the first stage: it finishes last (rank order breaks the tie) and waited for nobody
    assert s["slowest_rank"] == 0 and s["collective_wait_time_s"] < 1e-3 * waited
