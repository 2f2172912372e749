"""One collective through the real engine and flow model, as nccl-tests would time it.

What `simcluster collective` prints and `simcluster validate`'s collective cases score against published
micro-benchmarks: OP of SIZE bytes (nccl-tests' convention: for all-to-all, each rank's whole send buffer) on
the first GPUs of N nodes, naive placement, one op per rank."""

from __future__ import annotations

from simcluster.config.limits import check_cluster
from simcluster.errors import ConfigError

OPS = ("allreduce", "allgather", "reducescatter", "broadcast", "reduce", "sendrecv", "alltoall")
MAX_SIZE_BYTES = 2**50
# how an error names each argument: the CLI's flags (validate's collective cases pass their own field names)
CLI_FIELDS = {
    "op": "OP",
    "hardware": "--hardware",
    "nodes": "--nodes",
    "gpus": "--gpus",
    "size": "--size",
    "algorithm": "--algorithm",
}


def run_collective(
    op: str,
    hardware: str,
    nodes: int,
    gpus: int | None,
    size: int,
    algorithm: str,
    fields: dict[str, str] = CLI_FIELDS,
) -> dict[str, object]:
    """Simulate one `op` of `size` bytes on the first `gpus` GPUs (naive placement) of `nodes` nodes; a bad
    argument is a one-line error naming it as `fields` says."""
    from simcluster.engine.executor import Engine
    from simcluster.hardware.profile import load_profile
    from simcluster.hardware.tables import lookup_of
    from simcluster.model.ops import OpSpec, RankGroup, Step
    from simcluster.network.collectives import REQUESTABLE, bus_factor
    from simcluster.network.protocols import protocols_of
    from simcluster.topology.graph import build_topology, per_flow_caps_Bps

    if not 0 < size <= MAX_SIZE_BYTES:
        raise ConfigError(
            fields["size"], size, f"must be a whole number of bytes in [1, {MAX_SIZE_BYTES}] (1 PiB)"
        )
    if op not in OPS:
        raise ConfigError(fields["op"], op, f"must be one of {', '.join(OPS)}")
    if algorithm not in REQUESTABLE[op]:
        raise ConfigError(
            fields["algorithm"], algorithm, f"is not an algorithm of {op} ({', '.join(REQUESTABLE[op])})"
        )
    hw = load_profile(hardware, field=fields["hardware"])
    gpn = hw.node.gpus_per_node
    if gpus is not None and gpus > nodes * gpn:
        raise ConfigError(fields["gpus"], gpus, f"exceeds the cluster's {nodes * gpn} GPUs ({nodes} x {gpn})")
    check_cluster(nodes, gpn, nodes * gpn if gpus is None else gpus, field=fields["nodes"])
    topo = build_topology(hw, nodes)
    n = topo.num_gpus if gpus is None else gpus  # not above nodes x gpus_per_node: checked above
    if n < 2:
        raise ConfigError(fields["gpus"], n, "a collective needs at least 2 GPUs")
    group = RankGroup(range(n))
    lookup = lookup_of(hw.tables)
    spec = OpSpec(kind=op, name=op, phase="forward", bytes=float(size), group=group, family="cli")
    steps = {r: [Step(spec, -1, -1)] for r in group}
    engine = Engine(
        steps,
        [group],
        list(group),
        topo,
        hw.collectives.launch_us * 1e-6,
        {op: algorithm},
        protocols=protocols_of(hw.collectives),
        per_flow_Bps=per_flow_caps_Bps(topo, hw.links),
        tables=lookup,
    )
    res = engine.run()
    t = res.iteration_time_s
    chosen = next(iter(res.algorithms)).split(":", 1)[1]
    algbw = size / t / 1e9
    spanned = len({topo.node_of(g) for g in group})
    if res.measured:
        source = "measured table"
    elif lookup.has_collective(op, n, spanned):
        source = "model, scaled by the measured table at its nearest size"
    else:
        source = "model"
    return {
        "source": source,
        "time_s": t,
        "algbw_GBps": algbw,
        "busbw_GBps": algbw * bus_factor(op, n),
        "algorithm": chosen,
        "gpus": n,
        "hardware": hw.name,
    }
