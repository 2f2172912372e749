"""SimPy executor: runs every simulated rank's program on one clock, with collectives as flows on links.

The engine knows programs of typed ops, groups of ranks and a topology; it knows nothing of Megatron or
Optimus. Per rank, one process walks the program:
  - consecutive compute ops are advanced with one timeout (their individual start/end times are still
    recorded), which is most of what makes large runs fast;
  - a blocking collective waits until every simulated member has arrived (rendezvous), then runs as a
    transfer on the network; non-blocking ones queue on the rank's communication stream until a `wait`;
  - send is eager (the transfer starts when the sender posts it) and recv waits for its data, matched by
    (source, destination, tag, micro-batch).
Folded ranks: a collective issued by a representative runs on every translated copy of its group at once.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Generator
from dataclasses import dataclass, field

import numpy as np
import simpy

from simcluster.errors import DeadlockError
from simcluster.model.ops import OpSpec
from simcluster.network.collectives import Phase, Shape, choose_algorithm, collective_shape
from simcluster.network.flows import FlowModel
from simcluster.topology.graph import Topology


@dataclass
class RankTrace:
    start_s: array
    end_s: array
    finish_s: float = float("nan")


@dataclass
class _Rendezvous:
    expected: int
    done: simpy.Event
    arrived: int = 0


@dataclass
class EngineResult:
    traces: dict[int, RankTrace]
    iteration_time_s: float
    link_bytes: list[float]
    transfers: int
    sim_events: int
    algorithms: dict[str, int] = field(default_factory=dict)
    # One row per transfer phase: (start_s, end_s, link ids, bytes each link carried). Link utilization
    # over time follows from it (rates inside a contended phase are averaged over the phase).
    transfer_log: list[tuple[float, float, np.ndarray, np.ndarray]] = field(default_factory=list)


class Engine:
    def __init__(
        self,
        steps: dict[int, list],
        translations: list[tuple[int, ...]],
        gpus: list[int],
        topo: Topology,
        launch_s: float,
        algorithm: str = "auto",
    ) -> None:
        self.steps = steps
        self.reps = sorted(steps)
        self.rep_set = set(self.reps)
        self.translations = translations
        self.gpus = gpus
        self.topo = topo
        self.launch_s = launch_s
        self.algorithm = algorithm
        self.env = simpy.Environment()
        self.flows = FlowModel(topo.capacity_Bps)
        self._rdv: dict[tuple, _Rendezvous] = {}
        self._seq: dict[int, dict[tuple[int, ...], int]] = {r: {} for r in self.reps}
        self._p2p: dict[tuple, simpy.Event] = {}
        self._p2p_start: dict[tuple, float] = {}
        self._instances: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
        self._expected: dict[tuple[int, ...], int] = {}
        self._shapes: dict[tuple, Shape] = {}
        self._nodes_spanned: dict[tuple[int, ...], int] = {}
        self._done_evt: dict[int, simpy.Event] = {}
        self._tid = 0
        self._waiting: dict[int, str] = {}
        self._comm_tail: dict[int, simpy.Event | None] = {r: None for r in self.reps}
        self._pos: dict[int, int] = {r: 0 for r in self.reps}  # steps each rank has reached (progress)
        self.algorithms: dict[str, int] = {}
        self.transfer_log: list[tuple[float, float, np.ndarray, np.ndarray]] = []
        self._private: set[tuple[int, ...]] = self._private_groups()
        self.traces = {
            r: RankTrace(array("d", bytes(8 * len(s))), array("d", bytes(8 * len(s))))
            for r, s in steps.items()
        }

    # -- groups ------------------------------------------------------------------------------------------
    def instances(self, group: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every distinct image of `group` under the fold translations (the group itself first)."""
        hit = self._instances.get(group)
        if hit is None:
            seen: set[frozenset[int]] = set()
            hit = []
            for perm in self.translations:
                img = tuple(perm[r] for r in group)
                key = frozenset(img)
                if key not in seen:
                    seen.add(key)
                    hit.append(img)
            self._instances[group] = hit
        return hit

    def expected(self, group: tuple[int, ...]) -> int:
        hit = self._expected.get(group)
        if hit is None:
            hit = self._expected[group] = sum(1 for r in group if r in self.rep_set)
        return hit

    # -- network ------------------------------------------------------------------------------------------
    def _private_groups(self) -> set[tuple[int, ...]]:
        """Groups that only ever run blocking collectives on links no other group can touch: they can never
        be contended (a rank runs one blocking op at a time), so their time is the closed form and they
        skip the flow model."""
        ops: dict[int, OpSpec] = {}
        for steps in self.steps.values():
            for st in steps:
                op = st[0]
                if not op.is_compute and op.kind != "wait" and id(op) not in ops:
                    ops[id(op)] = op
        links_of: dict[tuple[int, ...], set[int]] = {}
        eligible: dict[tuple[int, ...], bool] = {}
        for op in ops.values():
            g = op.group
            ok = op.blocking and op.kind not in ("send", "recv")
            eligible[g] = eligible.get(g, True) and ok
            algorithm = (
                "p2p"
                if op.kind in ("send", "recv")
                else (op.algorithm if op.algorithm != "auto" else self.algorithm)
            )
            for ph in self._phases(op.kind, g, op.bytes, algorithm, count=False):
                links_of.setdefault(g, set()).update(int(x) for x in ph.links)
        users = np.zeros(len(self.topo.capacity_Bps), dtype=np.int32)
        for links in links_of.values():
            users[list(links)] += 1
        return {
            g for g, links in links_of.items() if eligible[g] and (not links or users[list(links)].max() == 1)
        }

    def _phases(
        self, kind: str, group: tuple[int, ...], nbytes: float, algorithm: str, count: bool = True
    ) -> list[Phase]:
        spanned = self._nodes_spanned.get(group)
        if spanned is None:
            spanned = self._nodes_spanned[group] = len({self.topo.node_of(self.gpus[r]) for r in group})
        algo = choose_algorithm(kind, algorithm, nbytes, len(group), spanned)
        if count:
            self.algorithms[f"{kind}:{algo}"] = self.algorithms.get(f"{kind}:{algo}", 0) + 1
        key = (kind, algo, group)
        shape = self._shapes.get(key)
        if shape is None:
            inst = [tuple(self.gpus[r] for r in g) for g in self.instances(group)]
            shape = self._shapes[key] = collective_shape(self.topo, kind, algo, inst)
        return shape.phases(nbytes, self.launch_s)

    def _transfer(self, phases: list[Phase]) -> Generator:
        env = self.env
        for ph in phases:
            if ph.bytes_per_flow > 0 and len(ph.links):
                self._tid += 1
                tid = self._tid
                done = env.event()
                self._done_evt[tid] = done
                t0 = env.now
                self._reschedule(self.flows.add(tid, ph.links, ph.weights, ph.bytes_per_flow, env.now))
                yield done
                self.transfer_log.append((t0, env.now, ph.links, ph.weights * ph.bytes_per_flow))
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
        phases = self._phases(kind, group, nbytes, algorithm)
        if group in self._private:
            return self.env.timeout(self._closed_form(phases))
        return self.env.process(self._transfer(phases))

    def _closed_form(self, phases: list[Phase]) -> float:
        """Uncontended time of a private transfer (and its bytes on every link)."""
        cap = self.flows.capacity_Bps
        lb = self.flows.link_bytes
        now = self.env.now
        t = 0.0
        for ph in phases:
            t += ph.latency_s
            if ph.bytes_per_flow > 0 and len(ph.links):
                d = ph.bytes_per_flow / float(np.min(cap[ph.links] / ph.weights))
                carried = ph.weights * ph.bytes_per_flow
                self.transfer_log.append((now + t, now + t + d, ph.links, carried))
                t += d
                lb[ph.links] += carried
        self._tid += 1
        return t

    # -- collectives --------------------------------------------------------------------------------------
    def _arrive(self, rank: int, op: OpSpec) -> simpy.Event:
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
            algorithm = op.algorithm if op.algorithm != "auto" else self.algorithm
            proc = self._start(op.kind, op.group, op.bytes, algorithm)
            if rdv.expected == 1:
                return proc
            proc.callbacks.append(lambda _e, d=rdv.done: d.succeed())
        return rdv.done

    def _async(self, rank: int, op: OpSpec, idx: int, prev: simpy.Event | None) -> Generator:
        tr = self.traces[rank]
        if prev is not None:
            yield prev
        tr.start_s[idx] = self.env.now
        yield self._arrive(rank, op)
        tr.end_s[idx] = self.env.now

    def _p2p_key(self, op: OpSpec, mb: int) -> tuple:
        return (op.group, op.name.split(".", 1)[1], mb)

    # -- ranks --------------------------------------------------------------------------------------------
    def _rank(self, rank: int) -> Generator:
        env = self.env
        steps = self.steps[rank]
        tr = self.traces[rank]
        start_s, end_s = tr.start_s, tr.end_s
        n = len(steps)
        pos = self._pos
        i = 0
        while i < n:
            pos[rank] = i
            op, _layer, mb = steps[i]
            if op.is_compute:
                t = env.now
                j = i
                while j < n:
                    nxt = steps[j][0]
                    if not nxt.is_compute:
                        break
                    start_s[j] = t
                    t += nxt.duration_s
                    end_s[j] = t
                    j += 1
                yield env.timeout(t - env.now)
                i = j
                continue
            kind = op.kind
            start_s[i] = env.now
            if kind == "send":
                key = self._p2p_key(op, mb)
                ev = self._p2p.get(key)
                if ev is None:
                    ev = self._p2p[key] = env.event()
                proc = self._start("send", op.group, op.bytes, "p2p")
                proc.callbacks.append(
                    lambda _e, ev=ev, idx=i: (end_s.__setitem__(idx, env.now), ev.succeed())
                )
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
                tail = self._comm_tail[rank]
                if tail is not None and not tail.processed:
                    self._waiting[rank] = "its queued non-blocking collectives"
                    yield tail
                self._comm_tail[rank] = None
                end_s[i] = env.now
            elif op.blocking:
                ev = self._arrive(rank, op)
                if not ev.processed:
                    self._waiting[rank] = f"{kind} {op.name} on ranks {list(op.group)}"
                    yield ev
                end_s[i] = env.now
            else:
                prev = self._comm_tail[rank]
                self._comm_tail[rank] = env.process(self._async(rank, op, i, prev))
            self._waiting.pop(rank, None)
            i += 1
        pos[rank] = n
        tr.finish_s = env.now

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

    def run(self, progress: Callable[[float], None] | None = None) -> EngineResult:
        """Simulate every rank to the end; `progress(fraction)` is called now and then when given."""
        for r in self.reps:
            self.env.process(self._rank(r))
        if progress is None:
            self.env.run()
        else:
            self._run_reporting(progress)
        stuck = [r for r in self.reps if self.traces[r].finish_s != self.traces[r].finish_s]
        if stuck:
            parts = [
                f"rank {r} waits for {self._waiting.get(r, 'an op that never completes')}" for r in stuck[:8]
            ]
            more = f" (and {len(stuck) - 8} more ranks)" if len(stuck) > 8 else ""
            raise DeadlockError("deadlock: " + "; ".join(parts) + more)
        finish = max(self.traces[r].finish_s for r in self.reps) if self.reps else 0.0
        return EngineResult(
            traces=self.traces,
            iteration_time_s=finish,
            link_bytes=list(self.flows.link_bytes),
            transfers=self._tid,
            sim_events=self.env._eid,  # type: ignore[attr-defined]
            algorithms=dict(sorted(self.algorithms.items())),
            transfer_log=self.transfer_log,
        )
