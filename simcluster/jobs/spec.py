"""Cluster files: a shared fabric and the jobs on it (each a scenario plus its nodes and start time).

A cluster file is strict like a scenario (unknown keys rejected, one-line errors):

    cluster: {nodes: 16, oversubscription: 4}   # the fabric; the fields of a scenario's cluster section
    jobs:
      - scenario: a.yaml        # path relative to the cluster file; its cluster.nodes is the job's size
        nodes: [0, 1]           # explicit nodes, or
        placement: packed       # packed | spread | random | topology (seed: for random)
        start_s: 0.0
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationError

from simcluster.config.limits import check_cluster
from simcluster.config.loader import LoadedScenario, load_scenario, read_yaml_mapping
from simcluster.config.schema import MAX_NODES, NAME_PATTERN, ClusterConfig, _Strict
from simcluster.errors import ConfigError
from simcluster.hardware.profile import HardwareProfile
from simcluster.inputs.messages import first_error

Policy = Literal["packed", "spread", "random", "topology"]
POLICIES: tuple[str, ...] = ("packed", "spread", "random", "topology")


class JobConfig(_Strict):
    scenario: str = Field(min_length=1, description="scenario file, relative to the cluster file")
    name: str | None = Field(None, pattern=NAME_PATTERN, max_length=100, description="default: scenario name")
    nodes: list[int] | None = Field(None, description="explicit cluster nodes (as many as the scenario's)")
    placement: Policy | None = Field(None, description="packed, spread, random or topology (default packed)")
    seed: int = Field(0, ge=0, le=2**63 - 1, description="seed of the random placement")
    start_s: float = Field(0.0, ge=0.0, le=1e6, description="when the job starts (seconds)")


class ClusterFile(_Strict):
    cluster: ClusterConfig
    jobs: list[JobConfig] = Field(min_length=1, max_length=256)


@dataclass(frozen=True)
class Job:
    name: str
    loaded: LoadedScenario
    nodes: tuple[int, ...]  # cluster nodes, in the job's own node order
    start_s: float
    policy: str  # "explicit" or the policy that chose the nodes


@dataclass(frozen=True)
class ClusterSpec:
    cluster: ClusterConfig
    hardware: HardwareProfile
    gpus_per_node: int
    jobs: tuple[Job, ...]

    @property
    def nodes_per_leaf(self) -> int:
        return leaf_size(self.cluster, self.hardware)


def leaf_size(cluster: ClusterConfig, hw: HardwareProfile) -> int:
    return max(1, min(hw.fabric.nodes_per_leaf, cluster.nodes))


def choose_nodes(policy: str, k: int, free: list[int], per_leaf: int, seed: int = 0) -> list[int]:
    """`k` of the `free` nodes (sorted) by a placement policy; the caller checks k <= len(free).

    packed: the lowest free nodes; spread: round-robin over leaves; random: a seeded sample;
    topology: the fewest leaves (a leaf that fits the whole job, the fullest-fitting first; else the leaves with
    most free nodes first)."""
    if policy == "packed":
        return free[:k]
    if policy == "random":
        return sorted(random.Random(seed).sample(free, k))
    leaves: dict[int, list[int]] = {}
    for n in free:
        leaves.setdefault(n // per_leaf, []).append(n)
    if policy == "spread":
        out: list[int] = []
        queues = [list(v) for _, v in sorted(leaves.items())]
        while len(out) < k:
            for q in queues:
                if q and len(out) < k:
                    out.append(q.pop(0))
        return sorted(out)
    if policy == "topology":
        fits = [(len(v), leaf) for leaf, v in leaves.items() if len(v) >= k]
        if fits:
            return leaves[min(fits)[1]][:k]
        out = []
        for _, leaf in sorted(((-len(v), leaf) for leaf, v in leaves.items())):
            out.extend(leaves[leaf][: k - len(out)])
            if len(out) == k:
                break
        return sorted(out)
    raise ConfigError("placement", policy, f"must be one of {', '.join(POLICIES)}")  # pragma: no cover


def load_cluster(path: str | Path, policy: str | None = None) -> ClusterSpec:
    """Read, check and place a cluster file; every failure is a one-line ConfigError. `policy` replaces the
    placement of every job without explicit nodes (to compare policies on the same job mix)."""
    path = Path(path)
    data = read_yaml_mapping(path, "cluster file")
    try:
        cf = ClusterFile.model_validate(data)
    except ValidationError as exc:
        raise first_error(exc, ClusterFile) from None
    if cf.cluster.nodes > MAX_NODES:  # pragma: no cover - the schema bounds it
        raise ConfigError("cluster.nodes", cf.cluster.nodes, f"must be at most {MAX_NODES}")
    loaded: list[LoadedScenario] = []
    for k, job in enumerate(cf.jobs):
        p = path.parent / job.scenario
        if not p.is_file():
            raise ConfigError(
                f"jobs[{k}].scenario", job.scenario, "no such file (relative to the cluster file)"
            )
        try:
            loaded.append(load_scenario(p))
        except ConfigError as exc:  # name the job too: several jobs may share one field's name
            raise ConfigError(f"jobs[{k}] ({job.scenario}) {exc.field}", exc.value, exc.rule) from None
    hw = loaded[0].hardware
    gpn = cf.cluster.gpus_per_node or hw.node.gpus_per_node
    names: list[str] = []
    for k, (job, ld) in enumerate(zip(cf.jobs, loaded)):
        if ld.hardware.name != hw.name:
            raise ConfigError(
                f"jobs[{k}].scenario",
                job.scenario,
                f"uses hardware {ld.hardware.name}; the cluster is {hw.name}",
            )
        if ld.gpus_per_node != gpn:
            raise ConfigError(
                f"jobs[{k}].scenario",
                job.scenario,
                f"has {ld.gpus_per_node} GPUs per node; the cluster {gpn}",
            )
        name = job.name or ld.scenario.name
        if name in names:
            raise ConfigError(f"jobs[{k}].name", name, "is used by another job; give each job a name")
        names.append(name)
        if job.nodes is not None and job.placement is not None:
            raise ConfigError(f"jobs[{k}]", name, "give nodes or placement, not both")
    total = sum(ld.scenario.cluster.nodes for ld in loaded)
    if total > cf.cluster.nodes:
        raise ConfigError(
            "jobs",
            f"{total} nodes ({total * gpn} GPUs)",
            f"more than the cluster's {cf.cluster.nodes} nodes ({cf.cluster.nodes * gpn} GPUs)",
        )
    check_cluster(cf.cluster.nodes, gpn, total * gpn)
    per_leaf = leaf_size(cf.cluster, hw)
    taken: dict[int, str] = {}
    placed: dict[int, tuple[tuple[int, ...], str]] = {}
    for k, (job, ld) in enumerate(zip(cf.jobs, loaded)):  # explicit nodes first
        if job.nodes is None:
            continue
        need = ld.scenario.cluster.nodes
        if len(job.nodes) != need:
            raise ConfigError(
                f"jobs[{k}].nodes", job.nodes, f"must list {need} nodes (the scenario's cluster.nodes)"
            )
        for n in job.nodes:
            if not 0 <= n < cf.cluster.nodes:
                raise ConfigError(
                    f"jobs[{k}].nodes", n, f"must be a node of the cluster (0..{cf.cluster.nodes - 1})"
                )
            if n in taken:
                raise ConfigError(
                    f"jobs[{k}].nodes", n, f"is also a node of job {taken[n]}; node sets must not overlap"
                )
            taken[n] = names[k]
        placed[k] = (tuple(job.nodes), "explicit")
    for k, (job, ld) in enumerate(zip(cf.jobs, loaded)):
        if job.nodes is not None:
            continue
        chosen = policy or job.placement or "packed"
        free = [n for n in range(cf.cluster.nodes) if n not in taken]
        nodes = choose_nodes(chosen, ld.scenario.cluster.nodes, free, per_leaf, job.seed)
        for n in nodes:
            taken[n] = names[k]
        placed[k] = (tuple(nodes), chosen)
    jobs = tuple(
        Job(names[k], loaded[k], placed[k][0], cf.jobs[k].start_s, placed[k][1]) for k in range(len(cf.jobs))
    )
    return ClusterSpec(cf.cluster, hw, gpn, jobs)


def add_job(spec: ClusterSpec, path: Path, policy: str, seed: int = 0) -> ClusterSpec:
    """`spec` with the scenario at `path` placed by `policy` on the nodes its jobs leave free."""
    try:
        ld = load_scenario(path)
    except ConfigError as exc:
        raise ConfigError(f"--place-new ({path}) {exc.field}", exc.value, exc.rule) from None
    if ld.hardware.name != spec.hardware.name:
        raise ConfigError(
            "--place-new", str(path), f"uses hardware {ld.hardware.name}; the cluster is {spec.hardware.name}"
        )
    if ld.gpus_per_node != spec.gpus_per_node:
        raise ConfigError(
            "--place-new",
            str(path),
            f"has {ld.gpus_per_node} GPUs per node; the cluster {spec.gpus_per_node}",
        )
    taken = {n for j in spec.jobs for n in j.nodes}
    free = [n for n in range(spec.cluster.nodes) if n not in taken]
    need = ld.scenario.cluster.nodes
    if need > len(free):
        raise ConfigError(
            "--place-new", str(path), f"needs {need} nodes; the running jobs leave {len(free)} free"
        )
    name = ld.scenario.name
    while name in {j.name for j in spec.jobs}:
        name += "_new"
    nodes = choose_nodes(policy, need, free, spec.nodes_per_leaf, seed)
    job = Job(name, ld, tuple(nodes), 0.0, policy)
    return ClusterSpec(spec.cluster, spec.hardware, spec.gpus_per_node, (*spec.jobs, job))
