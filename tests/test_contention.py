"""SM sharing: a compute-bound kernel beside collectives that hold a share H of the SMs runs at 1 - H of its
rate while they are in flight. Closed forms for the fluid rate, the planner's static runs and the engine's
dynamic collectives, which must agree with each other; profiles without a share are unchanged."""

from __future__ import annotations

import pytest

from simcluster.engine.contention import Contention
from simcluster.engine.executor import Engine
from simcluster.engine.plan import _segment
from simcluster.hardware.profile import load_profile
from simcluster.model.ops import COPY_ENGINE, OpSpec, Step
from simcluster.topology.graph import build_topology

H = 24 / 132  # NCCL's 24 blocks on an H100's 132 SMs
C = Contention(H, 20 / 132)


def test_a_kernel_under_a_collective_the_whole_time_takes_one_over_the_free_share() -> None:
    assert C.finish(0.0, 1.0, [(0.0, 100.0, H)]) == pytest.approx(1.0 / (1.0 - H), rel=1e-12)
    assert C.finish(5.0, 1.0, []) == 6.0


@pytest.mark.parametrize("overlap", [0.1, 0.5, 0.8])
def test_a_collective_ending_inside_the_kernel_costs_its_overlap_times_the_held_share(overlap: float) -> None:
    # for T seconds the kernel does T (1 - H) of its work, then the rest alone: it ends at 1 + T H
    assert C.finish(0.0, 1.0, [(0.0, overlap, H)]) == pytest.approx(1.0 + overlap * H, rel=1e-12)


def test_a_collective_starting_inside_the_kernel_and_two_at_once_add_their_shares() -> None:
    # alone until 0.4, then the remaining 0.6 at 1 - H
    assert C.finish(0.0, 1.0, [(0.4, 50.0, H)]) == pytest.approx(0.4 + 0.6 / (1 - H), rel=1e-12)
    both = C.finish(0.0, 1.0, [(0.0, 50.0, H), (0.0, 50.0, 20 / 132)])
    assert both == pytest.approx(1.0 / (1.0 - H - 20 / 132), rel=1e-12)


def test_which_ops_hold_sms() -> None:
    ag = OpSpec("allgather", "fsdp.ag", "forward", bytes=1e6, group=(0, 1), blocking=False)
    assert C.held_by(ag) == H
    assert C.held_by(OpSpec("alltoall", "moe.dispatch.internode", "forward", algorithm="internode")) == 20 / 132
    assert C.held_by(OpSpec("sendrecv", "tp.ag.shard", "forward", algorithm=COPY_ENGINE)) == 0.0
    assert C.held_by(OpSpec("send", "pp.send", "forward")) == 0.0
    assert C.held_by(OpSpec("gemm", "mlp.fc1", "forward", duration_s=1.0)) == 0.0


def _run(d_comm: float, d_gemm: float, d_elem: float) -> tuple[list, dict]:
    ag = OpSpec("allgather", "fsdp.ag", "forward", bytes=1e6, group=(0, 1), family="dp", blocking=False)
    steps = [
        Step(ag, 0, 0),
        Step(OpSpec("gemm", "mlp.fc1", "forward", duration_s=d_gemm), 0, 0),
        Step(OpSpec("elementwise", "mlp.gelu", "forward", duration_s=d_elem), 0, 0),
        Step(OpSpec("wait", "wait.dp", "forward", family="dp"), 0, 0),
    ]
    return steps, {id(ag): (d_comm, ())}


@pytest.mark.parametrize("d_comm", [0.3, 2.0])
def test_the_planner_slows_the_gemm_beside_its_static_collective_and_not_the_elementwise_kernel(
    d_comm: float,
) -> None:
    steps, cost = _run(d_comm, 1.0, 0.5)
    plain = _segment(steps, 0, len(steps), cost)
    shared = _segment(steps, 0, len(steps), cost, contention=C)
    assert plain.end_off[1] == pytest.approx(1.0)
    gemm_end = 1.0 + d_comm * H if d_comm * (1 - H) < 1.0 else 1.0 / (1 - H)
    assert shared.end_off[1] == pytest.approx(gemm_end, rel=1e-12)
    assert shared.end_off[2] - shared.start_off[2] == pytest.approx(0.5)  # memory-bound: its own rate
    assert shared.total_s == pytest.approx(max(gemm_end + 0.5, d_comm), rel=1e-12)
    assert shared.bound_s == plain.bound_s == 1.0


def test_no_share_leaves_the_run_exactly_as_it_was() -> None:
    steps, cost = _run(2.0, 1.0, 0.5)
    a, b = _segment(steps, 0, len(steps), cost), _segment(steps, 0, len(steps), cost, contention=Contention(0.0))
    assert a.total_s == b.total_s and list(a.end_off) == list(b.end_off)
    assert Contention.of(load_profile("dgx-a100").collectives) is None


HW = load_profile("dgx-a100")


def _engine(contention: Contention | None, gemm_s: float, private: bool, registered: bool = False) -> Engine:
    """Two ranks: a non-blocking all-gather between them (on registered buffers where `registered`), a GEMM,
    its wait; `private`: the planner's static path (the group's collective cannot be contended), else the
    engine's dynamic one."""
    ag = OpSpec("allgather", "fsdp.ag", "forward", bytes=64e6, group=(0, 1), family="dp", blocking=False,
                registered=registered)  # fmt: skip
    prog = [
        Step(ag, 0, 0),
        Step(OpSpec("gemm", "mlp.fc1", "forward", duration_s=gemm_s), 0, 0),
        Step(OpSpec("wait", "wait.dp", "forward", family="dp"), 0, 0),
    ]
    topo = build_topology(HW, nodes=1)
    eng = Engine({0: list(prog), 1: list(prog)}, [(0, 1)], list(range(8)), topo, 6e-6, contention=contention)
    if not private:
        eng._private = set()
    return eng


@pytest.mark.parametrize("private", [True, False])
@pytest.mark.parametrize("gemm_s", [1e-4, 5e-3])
def test_the_engine_slows_a_gemm_beside_a_collective_by_the_same_closed_form(private: bool, gemm_s: float) -> None:
    base = _engine(None, gemm_s, private).run()
    comm = base.traces[0].end_s[0] - base.traces[0].start_s[0]  # the all-gather alone
    shared = _engine(C, gemm_s, private).run()
    gemm_end = shared.traces[0].end_s[1]
    want = gemm_s + comm * H if comm * (1 - H) < gemm_s else gemm_s / (1 - H)
    assert gemm_end - shared.traces[0].start_s[1] == pytest.approx(want, rel=1e-9)
    assert shared.iteration_time_s == pytest.approx(max(want, comm) + base.iteration_time_s - max(gemm_s, comm), rel=1e-9)


R = 4 / 132  # a collective on NCCL-registered user buffers (dgx-h100's collectives.registered_sm_share)


def test_a_collective_on_registered_buffers_holds_the_registered_share() -> None:
    """`training.nccl_ub` marks the data-parallel and FSDP collectives `registered`: they hold the profile's
    registered share; DeepEP's kernels and copy-engine transfers keep theirs; without a registered share
    (None) a registered collective holds the kernel share, as before."""
    ub = Contention(H, 20 / 132, R)
    ag = OpSpec("allgather", "fsdp.ag", "forward", bytes=1e6, group=(0, 1), blocking=False, registered=True)
    assert ub.held_by(ag) == R
    assert C.held_by(ag) == H  # no registered share in the profile
    assert ub.held_by(OpSpec("allgather", "fsdp.ag", "forward", bytes=1e6, group=(0, 1), blocking=False)) == H
    assert ub.held_by(OpSpec("alltoall", "moe.dispatch.internode", "forward", algorithm="internode",
                             registered=True)) == 20 / 132  # fmt: skip
    assert ub.finish(0.0, 1.0, [(0.0, 100.0, ub.held_by(ag))]) == pytest.approx(1.0 / (1.0 - R), rel=1e-12)
    assert Contention.of(load_profile("dgx-h100").collectives) == Contention(0.1818, 0.1515, 0.0303)


@pytest.mark.parametrize("private", [True, False])
def test_the_engine_slows_a_gemm_beside_a_registered_collective_by_the_registered_share(private: bool) -> None:
    gemm_s = 5e-3
    base = _engine(None, gemm_s, private).run()
    comm = base.traces[0].end_s[0] - base.traces[0].start_s[0]
    shared = _engine(Contention(H, 0.0, R), gemm_s, private, registered=True).run()
    want = gemm_s + comm * R if comm * (1 - R) < gemm_s else gemm_s / (1 - R)
    assert shared.traces[0].end_s[1] - shared.traces[0].start_s[1] == pytest.approx(want, rel=1e-9)
