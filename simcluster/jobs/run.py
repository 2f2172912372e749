"""Simulate several jobs together on one fabric: one topology, one SimPy environment, one flow network.

Every job's program is built as for a single run; its ranks are renumbered after the previous jobs' (its ops'
groups with them) and its GPUs are its cluster nodes' GPUs, so the engine sees one large program whose
collectives contend on shared links. Each job is also run alone on the same nodes, for its slowdown.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from simcluster.engine.executor import EngineResult, RankTrace
from simcluster.jobs.spec import ClusterSpec, Job
from simcluster.model.costs import CostModel
from simcluster.parallel.program import Program, build_program
from simcluster.simulate import SimResult, _cyclic_gc_paused, can_fold, profile_engine, rep_memory
from simcluster.topology.graph import Topology, build_topology
from simcluster.topology.placement import place


@dataclass
class Built:
    job: Job
    program: Program
    gpus: list[int]  # cluster GPU of every rank of the job


def cluster_topology(spec: ClusterSpec) -> Topology:
    c = spec.cluster
    return build_topology(
        spec.hardware, c.nodes, spec.gpus_per_node, c.oversubscription, c.nics_per_node, c.rail_optimized
    )


def build_job(job: Job, gpn: int) -> Built:
    sc, hw = job.loaded.scenario, job.loaded.hardware
    program = build_program(sc, CostModel(hw, sc.training.precision), fold=can_fold(sc))
    local = place(sc.parallelism.placement, program.layout, gpn, sc.parallelism.scheme)
    return Built(job, program, [job.nodes[g // gpn] * gpn + g % gpn for g in local])


def run_together(built: list[Built], topo: Topology, spec: ClusterSpec) -> list[EngineResult]:
    """One engine for every job in `built`; the per-job results (ranks local to each job, times from its start)."""
    steps: dict[int, list] = {}
    gpus: list[int] = []
    start: dict[int, float] = {}
    perms: list[tuple[int, ...]] = []
    bases = []
    total = sum(b.program.layout.world_size for b in built)
    base = 0
    for b in built:
        n = b.program.layout.world_size
        bases.append(base)
        algo = b.job.loaded.scenario.network.per_kind()
        memo: dict[int, object] = {}

        def remap(op, base=base, algo=algo, memo=memo):  # noqa: ANN001, ANN202
            hit = memo.get(id(op))
            if hit is None:
                kw = {}
                if op.group and base:
                    kw["group"] = tuple(r + base for r in op.group)
                if op.algorithm == "auto" and op.kind in algo:
                    kw["algorithm"] = algo[op.kind]
                hit = memo[id(op)] = replace(op, **kw) if kw else op
            return hit

        for r, st in b.program.steps.items():
            steps[r + base] = [(remap(op), layer, mb) for op, layer, mb in st]
            start[r + base] = b.job.start_s
        gpus.extend(b.gpus)
        for p in b.program.translations:
            perms.append(tuple(range(base)) + tuple(x + base for x in p) + tuple(range(base + n, total)))
        base += n
    hw = spec.hardware
    engine = profile_engine(steps, perms, gpus, topo, hw, "auto", start_s=start if any(start.values()) else None)
    with _cyclic_gc_paused():
        res = engine.run()
    out = []
    for b, base in zip(built, bases):
        t0 = b.job.start_s
        traces = {}
        for r in b.program.steps:
            tr = res.traces[r + base]
            if t0:
                s = np.frombuffer(tr.start_s, dtype=float) - t0
                e = np.frombuffer(tr.end_s, dtype=float) - t0
                tr = RankTrace(
                    type(tr.start_s)("d", s.tobytes()),
                    type(tr.end_s)("d", e.tobytes()),
                    tr.finish_s - t0,
                    tr.peer_wait_s,
                )
            traces[r] = tr
        it = max(t.finish_s for t in traces.values())
        out.append(replace(res, traces=traces, iteration_time_s=it))
    return out


def job_result(b: Built, topo: Topology, res: EngineResult) -> SimResult:
    """A single-job result (as `simulate` returns) for one job of a shared run."""
    return SimResult(b.job.loaded, topo, b.gpus, b.program, res, rep_memory(b.job.loaded, b.program))


def exposed_comm_s(r: SimResult) -> float:
    """Communication on the slowest rank's critical stream (blocking collectives and waits)."""
    rep = max(r.program.reps, key=lambda x: (r.engine.traces[x].finish_s, -x))
    return r.rank_stats(rep)["comm_busy_s"]


MAX_MATRIX_JOBS = 16  # the slowdown matrix runs every pair of jobs: n (n - 1) / 2 more simulations


def busy_intervals(r: SimResult, rep: int, limit: int = 4000) -> dict[str, list[tuple[float, float]]]:
    """Compute and exposed-communication intervals of one rank, adjacent ones merged (for the timeline)."""
    tr = r.engine.traces[rep]
    start = tr.busy_start_s()  # a blocking collective's wait for the last member of its group: idle
    end = np.frombuffer(tr.end_s, dtype=float)
    out: dict[str, list[tuple[float, float]]] = {"compute": [], "communication": []}
    for (op, _l, _m), a, b in zip(r.program.steps[rep], start.tolist(), end.tolist()):
        if not (math.isfinite(a) and math.isfinite(b)) or b <= a:
            continue
        if op.is_compute:
            kind = "compute"
        elif op.kind in ("wait", "recv") or (op.blocking and op.kind not in ("send", "host", "sync")):
            kind = "communication"
        else:
            continue
        rows = out[kind]
        if rows and a - rows[-1][1] <= 1e-9 * max(1.0, b):
            rows[-1] = (rows[-1][0], b)
        else:
            rows.append((a, b))
    for rows in out.values():  # a page stays small: widen the bars past `limit`
        while len(rows) > limit:
            rows[:] = [(rows[i][0], rows[min(i + 1, len(rows) - 1)][1]) for i in range(0, len(rows), 2)]
    return out


def cluster_summary(spec: ClusterSpec, alone_too: bool = True, matrix: bool = False) -> dict:
    """Run the jobs together (and each alone on the same nodes); the summary document. `matrix`: also every
    pair alone together, for the slowdown each job causes each other (row: the job slowed, column: the other)."""
    topo = cluster_topology(spec)
    built = [build_job(j, spec.gpus_per_node) for j in spec.jobs]
    together = run_together(built, topo, spec)
    alone = [run_together([b], topo, spec)[0] for b in built] if alone_too else together
    n = len(built)
    pairs = None
    if matrix and n <= MAX_MATRIX_JOBS:
        pairs = [[1.0] * n for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                ri, rj = run_together([built[i], built[j]], topo, spec)
                pairs[i][j] = ri.iteration_time_s / alone[i].iteration_time_s
                pairs[j][i] = rj.iteration_time_s / alone[j].iteration_time_s
    caps = np.asarray(topo.capacity_Bps)
    span = max(b.job.start_s + t.iteration_time_s for b, t in zip(built, together))
    names = [b.job.name for b in built]
    link_bytes = [np.asarray(a.link_bytes) for a in alone]  # a job's bytes per link do not depend on others
    uses = np.stack([lb > 0 for lb in link_bytes]) if link_bytes else np.zeros((0, len(caps)), bool)
    jobs = []
    timeline = {}
    for k, (b, t, a) in enumerate(zip(built, together, alone)):
        rt, ra = job_result(b, topo, t), job_result(b, topo, a)
        rep = max(rt.program.reps, key=lambda x: (rt.engine.traces[x].finish_s, -x))
        timeline[b.job.name] = {
            kind: [[b.job.start_s + x, b.job.start_s + y] for x, y in rows]
            for kind, rows in busy_intervals(rt, rep).items()
        }
        shared = {}
        for m, other in enumerate(names):
            if m != k:
                n = int((uses[k] & uses[m]).sum())
                if n:
                    shared[other] = n
        jobs.append(
            {
                "name": b.job.name,
                "scenario": b.job.loaded.scenario.name,
                "placement": b.job.policy,
                "nodes": list(b.job.nodes),
                "gpus": len(b.gpus),
                "start_s": b.job.start_s,
                "iteration_time_alone_s": a.iteration_time_s,
                "iteration_time_together_s": t.iteration_time_s,
                "slowdown": t.iteration_time_s / a.iteration_time_s if a.iteration_time_s > 0 else 1.0,
                "exposed_comm_alone_s": exposed_comm_s(ra),
                "exposed_comm_together_s": exposed_comm_s(rt),
                "shared_links_with": shared,
                "fits_in_memory": max(m.total for m in rt.memory.values()) <= rt.capacity_bytes,
            }
        )
    links = []
    for i in np.flatnonzero(uses.sum(axis=0) >= 2).tolist():
        a_, b_ = topo.link_ends[i]
        links.append(
            {
                "link": f"{a_}->{b_}",
                "class": topo.link_class[i],
                "jobs": [names[k] for k in range(len(names)) if uses[k, i]],
                "utilization_by_job": {
                    names[k]: float(link_bytes[k][i] / (caps[i] * span)) if span > 0 else 0.0
                    for k in range(len(names))
                    if uses[k, i]
                },
            }
        )
    doc = {
        "nodes": spec.cluster.nodes,
        "gpus": spec.cluster.nodes * spec.gpus_per_node,
        "hardware": spec.hardware.name,
        "makespan_s": span,
        "jobs": jobs,
        "shared_links": links,
        "slowdown_matrix": None
        if pairs is None
        else {"jobs": names, "slowdown": pairs, "note": "row: the job slowed; column: the one job beside it"},
        "timeline": timeline,
    }
    assert all(math.isfinite(j["slowdown"]) for j in jobs)
    return doc


def rank_new_job(spec: ClusterSpec, path: Path) -> list[dict]:
    """Candidate placements of a new job (every policy on the free nodes; distinct node sets only), best first:
    by the worst slowdown over all jobs, then the new job's slowdown, then the policy's name."""
    from simcluster.jobs.spec import POLICIES, add_job

    seen: set[tuple[int, ...]] = set()
    out = []
    for policy in POLICIES:
        trial = add_job(spec, path, policy)
        new = trial.jobs[-1]
        if new.nodes in seen:
            continue
        seen.add(new.nodes)
        doc = cluster_summary(trial)
        slow = [j["slowdown"] for j in doc["jobs"]]
        out.append(
            {
                "placement": policy,
                "nodes": list(new.nodes),
                "new_job_slowdown": slow[-1],
                "worst_slowdown": max(slow),
                "new_job_iteration_time_s": doc["jobs"][-1]["iteration_time_together_s"],
                "slowdown_by_job": {j["name"]: j["slowdown"] for j in doc["jobs"]},
            }
        )
    out.sort(key=lambda c: (c["worst_slowdown"], c["new_job_slowdown"], c["placement"]))
    return out


def compare_policies(path: Path) -> dict[str, dict]:
    """The same job mix under every placement policy (jobs with explicit nodes keep them)."""
    from simcluster.jobs.spec import POLICIES, load_cluster

    out = {}
    for policy in POLICIES:
        doc = cluster_summary(load_cluster(path, policy))
        slow = [j["slowdown"] for j in doc["jobs"]]
        out[policy] = {
            "worst_slowdown": max(slow),
            "mean_slowdown": sum(slow) / len(slow),
            "makespan_s": doc["makespan_s"],
            "shared_links": len(doc["shared_links"]),
            "nodes_by_job": {j["name"]: j["nodes"] for j in doc["jobs"]},
        }
    return out
