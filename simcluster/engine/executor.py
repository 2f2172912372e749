"""SimPy executor: runs every simulated rank's program on one clock, with collectives as flows on links.

The engine knows programs of typed ops, groups of ranks and a topology; it knows nothing of Megatron or
Optimus. Per rank, one process walks the program:
  - consecutive compute ops are advanced with one timeout (their individual start/end times are still
    recorded), which is most of what makes large runs fast;
  - a blocking collective waits until every simulated member has arrived (rendezvous), then runs as a
    transfer on the network; non-blocking ones queue on the rank's communication stream until a `wait`;
  - send is eager (the transfer starts when the sender posts it) and recv waits for its data, matched by
    (source, destination, tag, micro-batch).
  - a host thread per rank issues every op in program order (`HostCosts`); no op starts before it is issued,
    host-only ops take host time and no GPU time, and a `sync` makes the host wait for the rank's GPU work
    (and its sends) before it goes on, so host time after a sync is exposed.
Folded ranks: a collective issued by a representative runs on every translated copy of its group at once.
"""

from __future__ import annotations

import copy
from array import array
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from operator import itemgetter

import numpy as np
import simpy

from simcluster.engine.contention import SLOWED_KINDS, Contention
from simcluster.engine.opindex import (
    BLOCKING,
    COMPUTE,
    HOST,
    NONBLOCKING,
    P2P,
    SYNC,
    WAIT,
    OpIndex,
    op_index,
)
from simcluster.engine.plan import HostCosts, PlanItem, Segment, StaticCost, plan_rank, retime
from simcluster.errors import DeadlockError
from simcluster.hardware.tables import Lookup, ratio
from simcluster.model.ops import OpSpec
from simcluster.network.collectives import (
    COPY_ENGINE,
    NODE_SPLIT_ALLTOALL,
    Phase,
    Shape,
    choose_algorithm,
    collective_shape,
    fastest_protocol,
)
from simcluster.network.flows import FlowModel
from simcluster.network.protocols import IDEAL, Protocol
from simcluster.topology.graph import Topology

# Collectives of at most this size (a loss or gradient-norm scalar) do not count as sharing links when
# deciding which groups are private: their flows last nanoseconds on any link, so the contention they could
# add to a private group is below 4 kB / (link bandwidth), under 0.2 us on a 25 GB/s NIC.
TINY_BYTES = 4096.0


@dataclass
class RankTrace:
    start_s: array
    end_s: array
    finish_s: float = float("nan")
    # step index -> seconds a blocking collective waited, from this rank's arrival, for the last member of its
    # group to arrive (its start_s to end_s span holds the wait, as a profiler shows a kernel that spins on its
    # peers; the transfer itself is the rest)
    peer_wait_s: dict[int, float] = field(default_factory=dict)

    def busy_start_s(self) -> np.ndarray:
        """Each step's start with a blocking collective's taken from when its transfer began: end - this is
        the time the step kept the rank busy (its wait for the group's last member is idle)."""
        start = np.frombuffer(self.start_s, dtype=float)
        if not self.peer_wait_s:
            return start
        start = start.copy()
        start[np.fromiter(self.peer_wait_s, dtype=np.int64)] += np.fromiter(self.peer_wait_s.values(), dtype=float)
        return start


@dataclass
class _Rendezvous:
    expected: int
    done: simpy.Event
    arrived: int = 0
    began: float = float("nan")  # when the last member arrived and the transfer started


class LinkBytes:
    """Bytes each link carried: what the run's transfers added, then the static segments' traffic in
    order, summed on first use (only some reports need it; the sums are the same as added at once)."""

    def __init__(self, base: np.ndarray, links: list[np.ndarray], carried: list[np.ndarray]) -> None:
        self._total, self._links, self._carried = base, links, carried
        self._list: list[float] | None = None

    def __call__(self) -> list[float]:
        if self._list is None:
            for lk, c in _chunks(self._links, self._carried):
                _add_in_order(self._total, lk, c)
            self._links, self._carried = [], []
            self._list = self._total.tolist()
        return self._list


def _chunks(links: list[np.ndarray], carried: list[np.ndarray], most: int = 1 << 22) -> Generator:
    """`links` and `carried` in consecutive runs of about `most` entries (bounded temporaries)."""
    i = n = 0
    for j, lk in enumerate(links):
        n += len(lk)
        if n >= most:
            yield links[i : j + 1], carried[i : j + 1]
            i, n = j + 1, 0
    if i < len(links):
        yield links[i:], carried[i:]


@dataclass
class EngineResult:
    traces: dict[int, RankTrace]
    iteration_time_s: float
    link_bytes_of: Callable[[], list[float]]  # bytes each link carried (computed when first asked)
    transfers: int
    sim_events: int
    algorithms: dict[str, int] = field(default_factory=dict)
    # One row per transfer phase: (start_s, end_s, link ids, bytes each link carried). Link utilization
    # over time follows from it (rates inside a contended phase are averaged over the phase).
    transfer_log: list[tuple[float, float, np.ndarray, np.ndarray]] = field(default_factory=list)
    # (kind, group, bytes) of the collectives whose size a measured table holds (at or between its points)
    measured: frozenset = frozenset()
    # The most a measured collective table ran faster than the link model (1: none did). Such a collective's
    # phases put its real bytes through the links in the measured time, so within it a link may carry up to
    # this factor over its modelled capacity (NVLink SHARP, a capacity the profile understates).
    table_speedup: float = 1.0

    @property
    def link_bytes(self) -> list[float]:
        """Bytes each link carried in the iteration (indexed by link id)."""
        return self.link_bytes_of()


class Engine:
    def __init__(
        self,
        steps: dict[int, list],
        translations: Sequence[Sequence[int]],
        gpus: list[int],
        topo: Topology,
        launch_s: float,
        algorithm: str | Mapping[str, str] = "auto",
        static_segments: bool = True,
        host: HostCosts | None = None,
        protocols: Sequence[Protocol] = (IDEAL,),
        per_flow_Bps: Sequence[float] | None = None,
        tables: Lookup | None = None,
        start_s: Mapping[int, float] | None = None,
        stretch: Callable[[int, int, int], float] | None = None,
        contention: Contention | None = None,
    ) -> None:
        self.steps = steps
        # the SMs collectives hold beside compute (None: SM sharing not modelled): engine/contention.py
        self.contention = contention
        # extra seconds a rank's static run of steps [i0, i1) takes on top of its timing (time variability);
        # the run's ops and traffic are stretched uniformly to fill it
        self.stretch = stretch
        self.tables = tables if tables is not None else Lookup(None)
        self.measured: set[tuple] = set()
        self.start_s = dict(start_s or {})  # when each rank begins (several jobs on one cluster); default 0
        self.reps = sorted(steps)
        self.rep_set = set(self.reps)
        self.translations = translations  # the fold's relabellings of ranks (sequences indexed by rank)
        self.gpus = gpus
        self.topo = topo
        self.launch_s = launch_s
        self.algorithm = algorithm
        self.host = host if host is not None else HostCosts()
        self.protocols = tuple(protocols)
        self._per_flow_Bps = per_flow_Bps
        self._fresh()
        self._instances: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
        self._expected: dict[tuple[int, ...], int] = {}
        self._shapes: dict[tuple, Shape] = {}
        self._collectives: dict[tuple, tuple[str, list[Phase], list[np.ndarray], float]] = {}
        self._nodes_spanned: dict[tuple[int, ...], int] = {}
        index: dict[int, OpIndex] = {r: op_index(s) for r, s in steps.items()}
        self.op_index = index  # per rank: its steps' distinct ops and the one each step runs
        self._private: set[tuple[int, ...]] = self._private_groups(index)
        self._static_label: dict[int, str] = {}
        cost = self._static_cost if static_segments else _never_static
        runs: dict[bytes, Segment] = {}
        self.plans: dict[int, list[PlanItem]] = {
            r: plan_rank(s, cost, index[r], runs, self.host, contention) for r, s in steps.items()
        }
        self._seg_cost: dict[int, StaticCost | None] = {}
        self._dispatch: dict[int, float] = {}
        for idx in index.values():
            for op, c in zip(idx.ops, idx.classes.tolist()):
                self._dispatch[id(op)] = self.host.of(op, c)
                if c in (BLOCKING, NONBLOCKING) and id(op) not in self._seg_cost:
                    self._seg_cost[id(op)] = cost(op)
        self._retimed: dict[tuple[int, float], Segment] = {}

    def _fresh(self) -> None:
        """The state one run changes (clock, flows, rendezvous, per-rank times), set to its start."""
        self.env = simpy.Environment()
        self.flows = FlowModel(self.topo.capacity_Bps, self._per_flow_Bps)
        self._rdv: dict[tuple, _Rendezvous] = {}
        self._seq: dict[int, dict[tuple[int, ...], int]] = {r: {} for r in self.reps}
        self._p2p: dict[tuple, simpy.Event] = {}
        self._done_evt: dict[int, simpy.Event] = {}
        self._tid = 0
        self._waiting: dict[int, str | OpSpec] = {}  # what each blocked rank waits for (an op: formatted late)
        self._peer_wait: dict[int, dict[int, float]] = {r: {} for r in self.reps}  # RankTrace.peer_wait_s
        self._comm_tail: dict[tuple[int, str], simpy.Event] = {}
        self._pos: dict[int, int] = {r: 0 for r in self.reps}  # steps each rank has reached (progress)
        self.algorithms: dict[str, int] = {}
        self.transfer_log: list[tuple[float, float, np.ndarray, np.ndarray]] = []
        self._seg_runs: list[tuple[int, Segment, float, float]] = []
        self._last_send: dict[int, simpy.Event] = {}
        self.host_busy_s: dict[int, float] = {r: 0.0 for r in self.reps}
        self._start_np = {r: np.zeros(len(s)) for r, s in self.steps.items()}
        self._end_np = {r: np.zeros(len(s)) for r, s in self.steps.items()}
        self._finish: dict[int, float] = {}
        self._times_only = False
        self._held: dict[int, float] = {}  # share of each rank's SMs its in-flight collectives hold
        self._held_evt: dict[int, simpy.Event] = {}  # fires when that share changes

    def again(self, stretch: Callable[[int, int, int], float] | None = None) -> Engine:
        """A fresh engine over the same program, topology and costs, with its own `stretch`: plans, collective
        shapes and segment timings are shared, so only the run is repeated (many seeds of one scenario)."""
        new = copy.copy(self)
        new.stretch = stretch
        new.measured = set(self.measured)
        new._fresh()
        return new

    # -- groups ------------------------------------------------------------------------------------------
    def instances(self, group: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every distinct image of `group` under the fold translations (the group itself first)."""
        hit = self._instances.get(group)
        if hit is None:
            hit = self._instances[group] = _distinct_images(self.translations, group)
        return hit

    def expected(self, group: tuple[int, ...]) -> int:
        hit = self._expected.get(group)
        if hit is None:
            hit = self._expected[group] = sum(1 for r in group if r in self.rep_set)
        return hit

    # -- network ------------------------------------------------------------------------------------------
    def _private_groups(self, index: dict[int, OpIndex]) -> set[tuple[int, ...]]:
        """Groups whose collectives can never be contended: their links are touched by no other group, and
        on every rank each of their ops ends before the next starts (blocking, or non-blocking and waited
        for before the group's next op). Their time is the closed form, so they skip the flow model."""
        ops: dict[int, OpSpec] = {}
        overlapping: set[tuple[int, ...]] = set()
        for idx in index.values():
            for op, c in zip(idx.ops, idx.classes.tolist()):
                if c not in (COMPUTE, HOST, SYNC):
                    ops[id(op)] = op
                if c == P2P:
                    overlapping.add(op.group)
            # Walk the waits and non-blocking collectives in order; the blocking collectives between two of
            # them matter only while some non-blocking ones are pending, and then only their distinct ops.
            step_class = idx.step_classes
            marks = np.flatnonzero((step_class == WAIT) | (step_class == NONBLOCKING))
            of_step = idx.of_step.tolist()
            is_blocking = (idx.classes == BLOCKING).tolist()
            pending: dict[str, set[tuple[int, ...]]] = {}
            prev = 0
            for i, k, c in zip(
                [*marks.tolist(), len(step_class)],
                [*idx.of_step[marks].tolist(), -1],
                [*step_class[marks].tolist(), -1],
            ):
                if pending and i > prev:
                    for b in set(of_step[prev:i]):
                        if is_blocking[b]:
                            g = idx.ops[b].group
                            if any(g in gs for gs in pending.values()):
                                overlapping.add(g)
                prev = i + 1
                if c == WAIT:
                    pending.pop(idx.ops[k].family, None)
                elif c == NONBLOCKING:
                    op = idx.ops[k]
                    g = op.group
                    if pending and any(g in gs for gs in pending.values()):
                        overlapping.add(g)
                    pending.setdefault(op.family, set()).add(g)
        parts: dict[tuple[int, ...], list[np.ndarray]] = {}
        seen: set[tuple] = set()
        for op in ops.values():
            if op.kind == "wait" or (op.bytes <= TINY_BYTES and op.kind not in ("send", "recv")):
                continue  # tiny collectives (loss, grad-norm scalars) are latency: they make no group shared
            g = op.group
            algorithm = (
                "p2p"
                if op.kind in ("send", "recv")
                else (op.algorithm if op.algorithm != "auto" else self.algorithm)
            )
            key = (op.kind, g, self._label(op.kind, g, op.bytes, algorithm))
            if key in seen:
                continue
            seen.add(key)
            parts.setdefault(g, []).extend(
                ph.links for ph in self._phases(op.kind, g, op.bytes, algorithm, count=False)
            )
        links_of = {
            g: np.unique(np.concatenate(p)) if p else np.zeros(0, dtype=np.int64) for g, p in parts.items()
        }
        users = np.zeros(len(self.topo.capacity_Bps), dtype=np.int32)
        for links in links_of.values():
            users[links] += 1
        return {
            g
            for g, links in links_of.items()
            if g not in overlapping and (not len(links) or users[links].max() == 1)
        }

    def _phases(
        self, kind: str, group: tuple[int, ...], nbytes: float, algorithm: str, count: bool = True
    ) -> list[Phase]:
        return self._collective(kind, group, nbytes, algorithm, count)[0]

    def _collective(
        self,
        kind: str,
        group: tuple[int, ...],
        nbytes: float,
        algorithm: str | Mapping[str, str],
        count: bool = True,
    ) -> tuple[list[Phase], list[np.ndarray]]:
        """A collective's phases and the bytes each phase puts on its links (cached: a program repeats the
        same collectives many times)."""
        key = (kind, group, nbytes, algorithm if isinstance(algorithm, str) else id(algorithm))
        hit = self._collectives.get(key)
        if hit is None:
            label = self._label(kind, group, nbytes, algorithm)
            algo = label.split(":", 1)[1]
            shape_key = (kind, algo, group)
            shape = self._shapes.get(shape_key)
            if shape is None:
                inst = [tuple(self.gpus[r] for r in g) for g in self.instances(group)]
                shape = self._shapes[shape_key] = collective_shape(self.topo, kind, algo, inst)
            proto = self._protocol(kind, algo, group, nbytes)
            phases = shape.phases(nbytes, self.launch_s, proto)
            carried = [ph.weights * ph.bytes_per_flow for ph in phases]
            r = self._table_ratio(kind, algo, group, nbytes, proto)
            if r != 1.0:  # the measured time, alone; contention with other groups still scales it
                if self.tables.covers_collective(kind, len(group), self._nodes_spanned[group], nbytes):
                    self.measured.add((kind, group, nbytes))
                phases = [
                    replace(ph, bytes_per_flow=ph.bytes_per_flow * r, latency_s=ph.latency_s * r)
                    for ph in phases
                ]
            hit = self._collectives[key] = (label, phases, carried, r)
        if count:
            self.algorithms[hit[0]] = self.algorithms.get(hit[0], 0) + 1
        return hit[1], hit[2]

    def _table_ratio(
        self, kind: str, algo: str, group: tuple[int, ...], nbytes: float, proto: Protocol
    ) -> float:
        """Measured time / the model's time of this group's call alone (1 where no table covers it)."""
        spanned = self._nodes_spanned.get(group)
        if spanned is None:
            spanned = self._nodes_spanned[group] = len({self.topo.node_of(self.gpus[r]) for r in group})
        if algo in (*NODE_SPLIT_ALLTOALL, COPY_ENGINE) or not self.tables.has_collective(kind, len(group), spanned):
            return 1.0  # a table measures the whole NCCL collective, not DeepEP's per-node parts or a copy
        key = (kind, algo, group, "alone")
        alone = self._shapes.get(key)
        if alone is None:
            alone = self._shapes[key] = collective_shape(
                self.topo, kind, algo, [tuple(self.gpus[r] for r in group)]
            )
        cap, rate = self.flows.capacity_Bps, self.flows.alone_rate

        def model_s(size: float) -> float:
            p = fastest_protocol(alone, size, self.launch_s, cap, self.protocols, rate)
            return alone.uncontended_time_s(size, self.launch_s, cap, p, rate)

        table_s = self.tables.collective_s(kind, len(group), spanned, nbytes, model_s)
        return ratio(table_s, alone.uncontended_time_s(nbytes, self.launch_s, cap, proto, rate))

    def _protocol(self, kind: str, algo: str, group: tuple[int, ...], nbytes: float) -> Protocol:
        """The wire protocol of one call, chosen as NCCL does: from the group's own uncontended time (its
        communicator does not see the other groups running the same collective, folded or not)."""
        if len(self.protocols) == 1:
            return self.protocols[0]
        key = (kind, algo, group, "alone")
        alone = self._shapes.get(key)
        if alone is None:
            gpus = tuple(self.gpus[r] for r in group)
            alone = self._shapes[key] = collective_shape(self.topo, kind, algo, [gpus])
        cap = self.flows.capacity_Bps
        return fastest_protocol(alone, nbytes, self.launch_s, cap, self.protocols, self.flows.alone_rate)

    def _transfer(self, phases: list[Phase], carried: list[np.ndarray]) -> Generator:
        env = self.env
        for ph, moved in zip(phases, carried):
            if ph.bytes_per_flow > 0 and len(ph.links):
                self._tid += 1
                tid = self._tid
                done = env.event()
                self._done_evt[tid] = done
                t0 = env.now
                self._reschedule(self.flows.add(tid, ph.links, ph.weights, ph.bytes_per_flow, env.now))
                yield done
                self.transfer_log.append((t0, env.now, ph.links, moved))
                # a measured table may have stretched the phase (bytes_per_flow x the table's ratio): the links
                # carried the real bytes (zero correction where no table applies)
                self.flows.link_bytes[ph.links] += moved - ph.weights * ph.bytes_per_flow
            if ph.latency_s > 0:
                yield env.timeout(ph.latency_s)

    def _reschedule(self, changed: list[int]) -> None:
        env = self.env
        for tid in changed:
            f = self.flows.active[tid]
            delay = max(0.0, self.flows.finish_time(tid) - env.now)
            ev = env.timeout(delay)
            ev.callbacks.append(lambda _e, tid=tid, ver=f.version: self._maybe_finish(tid, ver))

    def _maybe_finish(self, tid: int, version: int) -> None:
        f = self.flows.active.get(tid)
        if f is None or f.version != version:
            return
        changed = self.flows.remove(tid, self.env.now)
        self._done_evt.pop(tid).succeed()
        self._reschedule(changed)

    def _start(self, kind: str, group: tuple[int, ...], nbytes: float, algorithm: str) -> simpy.Event:
        phases, carried = self._collective(kind, group, nbytes, algorithm)
        if group in self._private:
            return self.env.timeout(self._closed_form(phases, carried))
        return self.env.process(self._transfer(phases, carried))

    def _static_cost(self, op: OpSpec) -> StaticCost | None:
        """Closed-form cost of a collective that can run inside a static segment, else None."""
        g = op.group
        if g not in self._private or self.expected(g) != 1:
            return None
        algorithm = op.algorithm if op.algorithm != "auto" else self.algorithm
        phases, carried = self._collective(op.kind, g, op.bytes, algorithm, count=False)
        self._static_label[id(op)] = self._label(op.kind, g, op.bytes, algorithm)
        t = 0.0
        rows = []
        for ph, moved in zip(phases, carried):  # the bytes moved, not the table-scaled phase's
            t += ph.latency_s
            if ph.bytes_per_flow > 0 and len(ph.links):
                d = ph.bytes_per_flow / self.flows.alone_rate(ph.links, ph.weights)
                rows.append((t, t + d, ph.links, moved))
                t += d
        return t, tuple(rows)

    def _label(self, kind: str, group: tuple[int, ...], nbytes: float, algorithm: str) -> str:
        spanned = self._nodes_spanned.get(group)
        if spanned is None:
            spanned = self._nodes_spanned[group] = len({self.topo.node_of(self.gpus[r]) for r in group})
        return f"{kind}:{choose_algorithm(kind, algorithm, nbytes, len(group), spanned)}"

    def _closed_form(self, phases: list[Phase], carried: list[np.ndarray]) -> float:
        """Uncontended time of a private transfer (and its bytes on every link)."""
        lb = self.flows.link_bytes
        now = self.env.now
        t = 0.0
        for ph, moved in zip(phases, carried):
            t += ph.latency_s
            if ph.bytes_per_flow > 0 and len(ph.links):
                d = ph.bytes_per_flow / self.flows.alone_rate(ph.links, ph.weights)
                self.transfer_log.append((now + t, now + t + d, ph.links, moved))
                t += d
                lb[ph.links] += moved
        self._tid += 1
        return t

    # -- collectives --------------------------------------------------------------------------------------
    def _arrive(self, rank: int, op: OpSpec) -> _Rendezvous:
        """`rank` joins its next instance of `op`'s collective; the last member to arrive starts the transfer.
        The rendezvous's `done` fires when the transfer ends; `began` is set once the last member arrived."""
        seqs = self._seq[rank]
        n = seqs.get(op.group, 0)
        seqs[op.group] = n + 1
        key = (op.group, n)
        rdv = self._rdv.get(key)
        if rdv is None:
            expected = self.expected(op.group)
            rdv = self._rdv[key] = _Rendezvous(expected, self.env.event() if expected > 1 else None)  # type: ignore[arg-type]
        rdv.arrived += 1
        if rdv.arrived == rdv.expected:
            del self._rdv[key]
            rdv.began = self.env.now
            algorithm = op.algorithm if op.algorithm != "auto" else self.algorithm
            proc = self._start(op.kind, op.group, op.bytes, algorithm)
            if rdv.expected == 1:
                rdv.done = proc
            else:
                proc.callbacks.append(lambda _e, d=rdv.done: d.succeed())
        return rdv

    def _async(
        self, rank: int, op: OpSpec, idx: int, prev: simpy.Event | None, held: float = 0.0
    ) -> Generator:
        """A non-blocking collective on its family's stream: after the one before it, holding `held` of the
        rank's SMs until it ends (from its issue when nothing was queued: the caller took them then)."""
        if prev is not None:
            yield prev
            if held:
                self._hold(rank, held)
        self._start_np[rank][idx] = self.env.now
        yield self._arrive(rank, op).done
        if held:
            self._hold(rank, -held)
        self._end_np[rank][idx] = self.env.now

    def _hold(self, rank: int, share: float) -> None:
        """`share` more (or less) of `rank`'s SMs held by its collectives; wakes a compute run waiting on it."""
        held = self._held.get(rank, 0.0) + share
        self._held[rank] = held if held > 1e-9 else 0.0  # no float residue once every collective has ended
        ev = self._held_evt.pop(rank, None)
        if ev is not None:
            ev.succeed()

    def _slowed(self, rank: int, work_s: float, bound: float) -> Generator:
        """Run `work_s` seconds of GPU work (alone) of which a share `bound` is compute-bound, at the fluid
        rate the rank's held SMs leave it, re-evaluated whenever they change."""
        env, c = self.env, self.contention
        assert c is not None
        left = work_s
        while left > 0:
            f = 1.0 + bound * (c.stretch(self._held.get(rank, 0.0)) - 1.0)
            t0 = env.now
            change = self._held_evt.get(rank)
            if change is None:
                change = self._held_evt[rank] = env.event()
            yield env.timeout(left * f) | change
            done = (env.now - t0) / f
            left = left - done if change.triggered and done < left * (1 - 1e-12) else 0.0

    def _p2p_key(self, op: OpSpec, mb: int) -> tuple:
        return (op.group, op.name.split(".", 1)[1], mb)

    # -- ranks --------------------------------------------------------------------------------------------
    def _rank(self, rank: int) -> Generator:
        env = self.env
        steps = self.steps[rank]
        start_s, end_s = self._start_np[rank], self._end_np[rank]
        seg_runs = self._seg_runs
        pos = self._pos
        dispatch = self._dispatch
        h = self.start_s.get(rank, 0.0)  # the host thread's clock: when it has issued every op so far
        busy = 0.0
        if h > 0:
            yield env.timeout(h)
        for item in self.plans[rank]:
            if type(item) is Segment:
                pos[rank] = item.i0
                lag = h - env.now
                seg = item if lag <= item.free_lag_s else self._retime(steps, item, lag)
                total = seg.total_s
                if self.stretch is not None and total > 0:
                    extra = self.stretch(rank, seg.i0, seg.i1)
                    if self._times_only:  # no op times to fill in afterwards: only the run's length
                        total = max(0.1 * total, total + extra)
                    else:
                        seg = _stretched(seg, extra)
                        total = seg.total_s
                # SM sharing with this rank's dynamic collectives in flight (static ones: the planner's)
                slowed = self.contention is not None and total > 0 and seg.bound_s > 0 and self._held.get(rank)
                if not slowed:
                    seg_runs.append((rank, seg, env.now, h))
                h0 = h
                h += item.host_total_s
                busy += item.host_total_s
                if slowed:
                    t0 = env.now
                    yield from self._slowed(rank, total, min(1.0, seg.bound_s / seg.total_s))
                    if not self._times_only:
                        seg = _stretched(seg, env.now - t0 - total)
                    seg_runs.append((rank, seg, t0, h0))
                elif total > 0:
                    yield env.timeout(total)
                continue
            i = pos[rank] = item
            op, _layer, mb = steps[i]
            kind = op.kind
            if kind == "host":
                start_s[i] = h
                h += op.duration_s
                busy += op.duration_s
                end_s[i] = h
                continue
            if kind == "sync":
                last = self._last_send.pop(rank, None)
                if last is not None and not last.processed:
                    self._waiting[rank] = "its sends to complete (host synchronization)"
                    yield last
                start_s[i] = max(h, env.now)
                h = start_s[i] + op.duration_s
                busy += op.duration_s
                end_s[i] = h
                continue
            d = dispatch[id(op)]
            h += d
            busy += d
            if h > env.now:
                yield env.timeout(h - env.now)
            start_s[i] = env.now
            if op.is_compute:  # only where a plan runs compute op by op (the reference path in tests)
                if self.contention is not None and op.kind in SLOWED_KINDS and self._held.get(rank):
                    yield from self._slowed(rank, op.duration_s, 1.0)
                else:
                    yield env.timeout(op.duration_s)
                end_s[i] = env.now
            elif kind == "send":
                key = self._p2p_key(op, mb)
                ev = self._p2p.get(key)
                if ev is None:
                    ev = self._p2p[key] = env.event()
                proc = self._start("send", op.group, op.bytes, "p2p")
                proc.callbacks.append(
                    lambda _e, ev=ev, idx=i: (end_s.__setitem__(idx, env.now), ev.succeed())
                )
                self._last_send[rank] = proc
                end_s[i] = float("nan")
            elif kind == "recv":
                key = self._p2p_key(op, mb)
                ev = self._p2p.get(key)
                if ev is None:
                    ev = self._p2p[key] = env.event()
                if not ev.processed:
                    self._waiting[rank] = f"recv {op.name} from rank {op.group[0]} (micro-batch {mb})"
                    yield ev
                del self._p2p[key]
                end_s[i] = env.now
            elif kind == "wait":
                tail = self._comm_tail.pop((rank, op.family), None)
                if tail is not None and not tail.processed:
                    self._waiting[rank] = f"its queued non-blocking {op.family} collectives"
                    yield tail
                end_s[i] = env.now
            elif op.blocking:
                rdv = self._arrive(rank, op)
                if not rdv.done.processed:
                    self._waiting[rank] = op  # formatted only for a deadlock report: a group may hold 10^5 ranks
                    yield rdv.done
                end_s[i] = env.now
                if rdv.began > start_s[i]:
                    self._peer_wait[rank][i] = rdv.began - start_s[i]
            else:
                prev = self._comm_tail.get((rank, op.family))
                held = self.contention.held_by(op) if self.contention is not None else 0.0
                if held:
                    if prev is not None and prev.processed:
                        prev = None
                    if prev is None:  # its kernel starts now: the compute issued next runs beside it
                        self._hold(rank, held)
                self._comm_tail[(rank, op.family)] = env.process(self._async(rank, op, i, prev, held))
            self._waiting.pop(rank, None)
        pos[rank] = len(steps)
        self.host_busy_s[rank] = busy
        self._finish[rank] = max(env.now, h)

    def _retime(self, steps: list, seg: Segment, lag: float) -> Segment:
        """A segment re-timed for a host that lags `lag` seconds behind its start (cached per lag: host-bound
        steady states repeat the same lags)."""
        key = (id(seg.start_off), lag)
        hit = self._retimed.get(key)
        if hit is None:
            if len(self._retimed) >= 4096:  # bound memory in long host-bound runs with ever-new lags
                self._retimed.clear()
            hit = self._retimed[key] = retime(steps, seg, self._seg_cost, lag, self.contention)
        if hit.i0 != seg.i0:
            hit = replace(hit, i0=seg.i0, i1=seg.i1)
        return hit

    def _run_reporting(self, progress: Callable[[float], None], every: int = 4096) -> None:
        """`env.run()` by hand, calling `progress` with the fraction of program steps the simulated ranks
        have reached every `every` SimPy events (simulated time is not known in advance)."""
        total = max(1, sum(len(s) for s in self.steps.values()))
        pos = self._pos
        step = self.env.step
        try:
            while True:
                for _ in range(every):
                    step()
                progress(sum(pos.values()) / total)
        except simpy.core.EmptySchedule:
            pass
        progress(1.0)

    def _run_ranks(self, progress: Callable[[float], None] | None) -> None:
        for r in self.reps:
            self.env.process(self._rank(r))
        if progress is None:
            self.env.run()
        else:
            self._run_reporting(progress)
        stuck = [r for r in self.reps if r not in self._finish]
        if stuck:
            parts = [
                f"rank {r} waits for {_waiting_text(self._waiting.get(r, 'an op that never completes'))}"
                for r in stuck[:8]
            ]
            more = f" (and {len(stuck) - 8} more ranks)" if len(stuck) > 8 else ""
            raise DeadlockError("deadlock: " + "; ".join(parts) + more)

    def run_time(self) -> float:
        """Simulate every rank to the end and return the iteration time only (no traces: many seeds)."""
        self._times_only = True
        self._run_ranks(None)
        return max(self._finish.values()) if self.reps else 0.0

    def run(self, progress: Callable[[float], None] | None = None) -> EngineResult:
        """Simulate every rank to the end; `progress(fraction)` is called now and then when given."""
        self._run_ranks(progress)
        self._finalize_segments()
        traces = {}
        for r in self.reps:
            tr = RankTrace(array("d"), array("d"), self._finish[r], self._peer_wait[r])
            tr.start_s.frombytes(memoryview(self._start_np[r]).cast("B"))  # the buffer: one copy
            tr.end_s.frombytes(memoryview(self._end_np[r]).cast("B"))
            traces[r] = tr
        finish = max(self._finish.values()) if self.reps else 0.0
        self.transfer_log.sort(key=itemgetter(0, 1))  # (start, end), as a C key function
        return EngineResult(
            traces=traces,
            iteration_time_s=finish,
            link_bytes_of=LinkBytes(self.flows.link_bytes, *self._seg_bytes),
            transfers=self._tid,
            sim_events=_scheduled_events(self.env),
            algorithms=dict(sorted(self.algorithms.items())),
            transfer_log=self.transfer_log,
            measured=frozenset(self.measured),
            table_speedup=max((1.0 / h[3] for h in self._collectives.values() if 0 < h[3] < 1.0), default=1.0),
        )

    def _finalize_segments(self) -> None:
        """Fill in the op times and link traffic of every static segment from its start time."""
        log = self.transfer_log
        labels = self._static_label
        counts = self.algorithms
        links: list[np.ndarray] = []
        carried: list[np.ndarray] = []
        runs: dict[tuple[int, int], tuple[Segment, list[int], list[float]]] = {}  # by rank and timing
        host_ops: list[tuple[int, np.ndarray, np.ndarray]] = []
        for rank, seg, t0, h0 in self._seg_runs:
            if seg.host_pos is not None:
                assert seg.issued is not None
                host_ops.append((rank, seg.i0 + seg.host_pos, h0 + seg.issued[seg.host_pos]))
            if seg.traffic:
                for a, b, lk, c in seg.traffic:
                    log.append((t0 + a, t0 + b, lk, c))
                    links.append(lk)
                    carried.append(c)
                self._tid += len(seg.traffic)
            for oid, n in seg.collectives:
                label = labels[oid]
                counts[label] = counts.get(label, 0) + n
            key = (rank, id(seg.start_off))  # segments with the same ops share their offset arrays
            hit = runs.get(key)
            if hit is None:
                hit = runs[key] = (seg, [], [])
            hit[1].append(seg.i0)
            hit[2].append(t0)
        self._seg_bytes = (links, carried)  # added to the links' bytes when a report asks (LinkBytes)
        for (rank, _), (seg, i0s, t0s) in runs.items():
            at = np.asarray(i0s)[:, None] + np.arange(seg.i1 - seg.i0)
            t0 = np.asarray(t0s)[:, None]
            self._start_np[rank][at] = seg.start_off + t0
            self._end_np[rank][at] = seg.end_off + t0
        for rank, at, end in host_ops:  # host-only ops run on the host clock
            self._end_np[rank][at] = end
            self._start_np[rank][at] = end - np.asarray([self.steps[rank][k][0].duration_s for k in at])


def _distinct_images(translations: Sequence, group: tuple[int, ...]) -> list[tuple[int, ...]]:
    """`group` under every translation, each set of ranks once, in order of first appearance. Translations
    that find them themselves (`distinct`, without walking every translation) are asked to."""
    distinct = getattr(translations, "distinct", None)
    if distinct is not None and group:
        return distinct(group)
    seen: set[frozenset[int]] = set()
    out = []
    for perm in translations:
        img = tuple(perm[r] for r in group)
        key = frozenset(img)
        if key not in seen:
            seen.add(key)
            out.append(img)
    return out


def _stretched(seg: Segment, extra_s: float) -> Segment:
    """`seg` taking `extra_s` more seconds (never less than a tenth of its time): every offset scaled alike."""
    if extra_s == 0:
        return seg
    total = max(0.1 * seg.total_s, seg.total_s + extra_s)  # exactly as run_time's
    f = total / seg.total_s
    traffic = tuple((a * f, b * f, lk, c) for a, b, lk, c in seg.traffic)
    return replace(seg, total_s=total, start_off=seg.start_off * f, end_off=seg.end_off * f, traffic=traffic)


def _add_in_order(total: np.ndarray, links: list[np.ndarray], carried: list[np.ndarray]) -> None:
    """`total[links[k]] += carried[k]` for every k in order (the same sums as row by row); empties both."""
    if links:
        np.add.at(total, np.concatenate(links), np.concatenate(carried))
        links.clear()
        carried.clear()


def _scheduled_events(env: simpy.Environment) -> int:
    """How many events SimPy scheduled (its event-id counter), for benchmarks."""
    eid = env._eid  # type: ignore[attr-defined]  # itertools.count: repr is 'count(N)'
    return int(repr(eid)[6:-1]) if not isinstance(eid, int) else eid


def _never_static(op: OpSpec) -> None:
    """Cost provider that keeps every collective on the general path (compute still forms segments)."""
    return None


def _waiting_text(what: str | OpSpec) -> str:
    """What a blocked rank waits for, in words (a collective names its kind, op and group)."""
    if isinstance(what, str):
        return what
    g = list(what.group)
    ranks = f"{g}" if len(g) <= 16 else f"[{', '.join(map(str, g[:8]))}, ... {g[-1]}] ({len(g)} ranks)"
    return f"{what.kind} {what.name} on ranks {ranks}"
