"""Generators of small scenarios (valid and invalid) and the engine's invariants, shared by the property tests
(tests/test_properties.py, Hypothesis) and the fuzz benchmark (benchmarks/fuzz.py, plain random draws).

A generator takes `choose(options) -> one option`, so the same code draws from Hypothesis or from a
`random.Random`.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

Choose = Callable[[Sequence[Any]], Any]

FOLD_REL = 1e-12  # folded vs full simulation: relative difference allowed (rounding, see check_invariants)
PRESETS = ("dgx-a100", "dgx-h100", "dgx2-v100", "frontera-rtx", "vtrain-a100")


def valid_scenario(choose: Choose) -> dict:
    """A small scenario that should load: 1-4 layers, hidden <= 512, world size <= 16."""
    scheme = choose(["megatron", "megatron-sp", "optimus"])
    if scheme == "optimus":
        tensor = choose([1, 4])
        q = math.isqrt(tensor)
    else:
        tensor = choose([1, 2, 4])
        q = 1
    pipeline = choose([1, 2])
    data = choose([1, 2])
    schedule = choose(["1f1b", "gpipe", "interleaved-1f1b"])
    virtual = choose([1, 2]) if schedule == "interleaved-1f1b" else 1
    layers = pipeline * virtual * choose([1, 2]) if pipeline * virtual <= 2 else pipeline * virtual
    heads = choose([4, 8])
    hidden = heads * choose([16, 32, 64])
    micro = q * choose([1, 2])
    n_micro = choose([1, 2, 4])
    if schedule == "interleaved-1f1b" and pipeline > 1:
        n_micro = pipeline * choose([1, 2])
    world = tensor * pipeline * data
    hardware = choose(PRESETS)
    gpn = choose([None, 1, 2, 4])
    placement: Any = choose(["naive", "naive", "bunched", "list"])
    if placement == "bunched" and scheme != "optimus":
        placement = "naive"
    if placement == "bunched":
        gpn = choose([1, 4])
    default_gpn = {"dgx2-v100": 16, "frontera-rtx": 4}.get(hardware, 8)
    per_node = gpn or default_gpn
    nodes = max(1, math.ceil(world / per_node)) + choose([0, 0, 1])
    if placement == "list":
        rng = random.Random(choose(range(1000)))
        placement = rng.sample(range(nodes * per_node), world)
    cluster: dict[str, Any] = {"nodes": nodes}
    if gpn is not None:
        cluster["gpus_per_node"] = gpn
    if choose([False, True]):
        cluster["nics_per_node"] = min(per_node, choose([1, 2]))
    cluster["rail_optimized"] = choose([False, True])
    if choose([False, True]):
        cluster["oversubscription"] = choose([1.0, 2.0, 4.0])
    extra_par: dict[str, Any] = {}
    extra_model: dict[str, Any] = {}
    moe_ok = scheme == "megatron-sp" or (scheme == "megatron" and tensor == 1)
    if moe_ok and choose([False, False, True]):  # mixture of experts (expert x tensor divides tensor x data)
        experts = choose([2, 4])
        extra_model["moe"] = {
            "experts": experts,
            "top_k": choose([1, 2]),
            "expert_ffn": hidden * choose([1, 2]),
            "first_dense": choose([0, 0, 1]) if layers > 1 else 0,
            "imbalance": choose([1.0, 1.5]),
        }
        if experts == 4 and choose([False, True]):  # group-limited routing: 2 groups of 2, 1 or 2 picked
            extra_model["moe"].update(router_groups=2, router_group_top_k=choose([1, 2]))
        extra_par["expert"] = choose([1, data]) if experts % data == 0 else 1
        extra_par["expert_dispatcher"] = choose(["alltoall", "deepep"])
    if scheme != "optimus" and hardware == "dgx-h100" and choose([False, False, True]):  # latent attention
        extra_model.update(attention=choose(["flash", "cudnn"]), bias=False)
        extra_model["mla"] = {
            "q_lora_rank": choose([None, hidden // 2]),
            "kv_lora_rank": choose([16, 32]),
            "qk_head_dim": choose([16, 32]),
            "qk_pos_emb_head_dim": choose([8, 16]),
            "v_head_dim": choose([16, 32]),
        }
    if scheme != "optimus" and "mla" not in extra_model and choose([False, True]):
        extra_model["qk_norm"] = True  # query and key norms (Qwen3-style)
    if scheme != "optimus" and hardware == "dgx-h100" and "mla" not in extra_model and choose([False, True]):
        extra_model["attention"] = choose(["flash", "cudnn"])  # a fused kernel and its measured table
    extra_train: dict[str, Any] = {}
    if data > 1 and choose([False, True]):  # sharded data parallel, the weights' gathers overlapped or not
        extra_par["zero"] = choose(["optimizer", "gradients", "full"])
        extra_train["param_gather_overlap"] = choose([False, True])
        if hardware == "dgx-h100":  # its collectives on registered buffers (the profile has their SM share)
            extra_train["nccl_ub"] = choose([False, True])
    if scheme == "megatron-sp" and choose([False, True]):  # micro-pipelined sequence-parallel collectives
        extra_train["async_tp"] = True
    precision = choose(["bf16", "fp16", "fp32"])
    if hardware == "dgx-h100" and scheme != "optimus" and precision != "fp32" and choose([False, True]):
        extra_train.update(fp8=True, fp8_weight_cache=choose([False, True]), fp8_saved_inputs=choose([None, False, True]))
    return {
        "name": "prop",
        "hardware": hardware,
        "seed": choose([0, 7]),
        "cluster": cluster,
        "parallelism": {
            "scheme": scheme,
            "tensor": tensor,
            "pipeline": pipeline,
            "data": data,
            "schedule": schedule,
            "virtual_stages": virtual,
            "placement": placement,
            **extra_par,
        },
        "model": {
            "layers": layers,
            "hidden": hidden,
            "heads": heads,
            "seq_len": choose([32, 64]) * max(tensor, 1),
            "vocab": choose([0, 256 * max(tensor, 1)]),
            "hidden_dropout": choose([0.1, 0.0]),
            "attention_dropout": choose([0.1, 0.0]),
            **extra_model,
        },
        "training": {
            "global_batch": micro * data * n_micro,
            "micro_batch": micro,
            "precision": precision,
            "recompute": choose(["none", "selective", "full"]),
            "mode": choose(["train", "train", "forward"]),
            "grad_overlap": choose([False, True]),
            "tp_comm_overlap": choose([False, True]),
            "masked_softmax_fusion": choose([True, False]),
            "step_sync": choose([None, False, True]),
            "grad_bucket_MB": choose([0.05, 1.0, 160.0]),
            "distribute_saved_activations": choose([False, True]),
            "grad_reduce_fp32": choose([False, True]),
            "activation_layout": choose(["sbh", "bsh"]),
            "async_tp_grad_scatter": choose([True, False]),
            "optimizer": choose(["megatron", "foreach", "fused"]),  # Megatron's passes, or PyTorch's AdamW
            **extra_train,
        },
        "network": {"algorithm": choose(["auto", "ring", "tree", "hierarchical"])},
        "simulation": {"fold": "auto", "events": "none"},
    }


# (dotted path, bad value): each must be refused naming that path.
BAD_VALUES: list[tuple[str, Any]] = [
    ("cluster.nodes", 0),
    ("cluster.nodes", -3),
    ("cluster.nodes", 10**12),
    ("cluster.nodes", True),
    ("cluster.nodes", 1.5),
    ("cluster.nodes", "two"),
    ("cluster.oversubscription", float("inf")),
    ("cluster.oversubscription", 0.5),
    ("parallelism.tensor", float("nan")),
    ("parallelism.tensor", None),
    ("parallelism.scheme", "zigzag"),
    ("parallelism.schedule", 3),
    ("parallelism.placement", "diagonal"),
    ("parallelism.placement", [-1]),
    ("model.layers", float("inf")),
    ("model.layers", 10**9),
    ("model.hidden", -1),
    ("model.heads", False),
    ("model.seq_len", "long"),
    ("model.vocab", -5),
    ("training.global_batch", 0),
    ("training.micro_batch", [1]),
    ("training.precision", "fp8"),
    ("training.recompute", True),
    ("training.grad_bucket_MB", float("nan")),
    ("training.grad_bucket_MB", 0.0),
    ("training.grad_reduce_fp32", "maybe"),
    ("training.grad_bucket_MB", -1e300),
    ("network.algorithm", "mesh"),
    ("simulation.fold", "yes"),
    ("seed", -1),
    ("model.colour", "red"),
]


def with_value(data: dict, path: str, value: Any) -> dict:
    out = json.loads(json.dumps(data))
    node = out
    keys = path.split(".")
    for k in keys[:-1]:
        node = node.setdefault(k, {})
    node[keys[-1]] = value
    return out


# -- invariants ------------------------------------------------------------------------------------------


def check_invariants(res: Any, full: Any | None = None) -> None:
    """Assert the engine's invariants on one result (`res`); `full` is the same scenario simulated with
    folding off (every rank), whose iteration time must equal the folded one to the last bit."""
    from simcluster.report.series import memory_series

    it = res.engine.iteration_time_s
    assert math.isfinite(it) and it > 0
    summary = res.summary()
    json.dumps(summary, allow_nan=False)  # strict JSON: no Infinity or NaN
    steps = res.program.steps
    for rep in res.program.reps:
        tr = res.engine.traces[rep]
        start = np.frombuffer(tr.start_s, dtype=float)
        end = np.frombuffer(tr.end_s, dtype=float)
        ops = [s.op for s in steps[rep]]
        # compute ops and blocking collectives hold the compute stream, in program order, never overlapping
        on_stream = [
            i
            for i, op in enumerate(ops)
            if op.is_compute or (op.kind not in ("send", "recv", "host", "sync", "wait") and op.blocking)
        ]
        s, e = start[on_stream], end[on_stream]
        assert np.all(e >= s - 1e-15), f"rank {rep}: an op ends before it starts"
        assert np.all(s[1:] >= e[:-1] - 1e-12 * max(it, 1.0)), f"rank {rep}: compute-stream ops overlap"
        st = res.stats[rep]
        assert st["compute_busy_s"] <= it * (1 + 1e-9), f"rank {rep}: compute busy exceeds the iteration"
        assert st["comm_busy_s"] <= it * (1 + 1e-9), f"rank {rep}: communication busy exceeds the iteration"
        assert tr.finish_s <= it * (1 + 1e-12)
        # memory: never negative, peak equals the memory model
        ms = memory_series(res, rep)
        assert ms.value.min() >= 0.0
        assert ms.value.max() == _approx(res.memory[rep].total, 1e-9)
    _check_p2p(res)
    _check_bytes(res, summary)
    _check_links(res)
    if full is not None:
        # Equal up to rounding, not always to the last bit: a collective whose group has one simulated member
        # (the folded case) is timed inside a static segment (offsets summed from the segment's start), while
        # with every rank simulated the same collective is a rendezvous and times are summed op by op, so
        # the two add the same durations in a different order (seen: 3 ulp on 2e-4 s).
        gap = abs(full.engine.iteration_time_s - it)
        assert gap <= FOLD_REL * it, f"folded {it!r} != full {full.engine.iteration_time_s!r}"
        a, b = summary["per_rank"], full.summary()["per_rank"]
        for ra, rb in zip(a, b):
            assert ra["memory"] == rb["memory"]
            assert ra["bytes_sent"] == rb["bytes_sent"] and ra["bytes_received"] == rb["bytes_received"]


class _approx:
    def __init__(self, x: float, rel: float) -> None:
        self.x, self.rel = x, rel

    def __eq__(self, other: object) -> bool:
        return abs(float(other) - self.x) <= self.rel * max(abs(self.x), 1.0)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        return f"{self.x} +- {self.rel:g}"


def _check_p2p(res: Any) -> None:
    """Every recv ends after its matching send starts (matched by source, destination, tag, micro-batch)."""
    reps = set(res.program.reps)
    sends: dict[tuple, list[float]] = {}
    recvs: dict[tuple, list[tuple[float, float]]] = {}
    for rep in reps:
        tr = res.engine.traces[rep]
        for i, (op, _layer, mb) in enumerate(res.program.steps[rep]):
            if op.kind in ("send", "recv"):
                key = (op.group, op.name.split(".", 1)[1], mb)
                if op.kind == "send":
                    sends.setdefault(key, []).append(tr.start_s[i])
                else:
                    recvs.setdefault(key, []).append((tr.start_s[i], tr.end_s[i]))
    for key, rs in recvs.items():
        src = key[0][0]
        if src not in reps:
            continue  # folded: the sender is represented by another rank
        assert key in sends and len(sends[key]) == len(rs), f"recv {key} has no matching send"
        for (_rs, re_), ss in zip(sorted(rs), sorted(sends[key])):
            assert re_ >= ss, f"recv {key} ends at {re_} before its send starts at {ss}"


def _check_bytes(res: Any, summary: dict) -> None:
    """Bytes sent equal bytes received in total; the engine's per-link totals equal its transfer log's."""
    sent = sum(r["bytes_sent"] for r in summary["per_rank"])
    received = sum(r["bytes_received"] for r in summary["per_rank"])
    assert abs(sent - received) <= 1e-9 * max(sent, 1.0) + len(summary["per_rank"]), (sent, received)
    carried = np.zeros(len(res.engine.link_bytes))
    for _t0, _t1, ids, nbytes in res.engine.transfer_log:
        np.add.at(carried, np.asarray(ids, dtype=np.int64), np.asarray(nbytes, dtype=float))
    lb = np.asarray(res.engine.link_bytes, dtype=float)
    assert np.allclose(carried, lb, rtol=1e-9, atol=1.0), "per-link bytes differ from the transfer log"


def _check_links(res: Any) -> None:
    """No link carries more than its capacity allows: within every window spanned by the transfer phases
    on a link, the bytes of the phases inside it fit in capacity x window length (x the engine's
    `table_speedup` where a measured collective table ran faster than the link model)."""
    cap = np.asarray(res.topology.capacity_Bps, dtype=float) * res.engine.table_speedup  # measured tables
    per_link: dict[int, list[tuple[float, float, float]]] = {}
    for t0, t1, ids, nbytes in res.engine.transfer_log:
        for lk, b in zip(np.asarray(ids).tolist(), np.asarray(nbytes, dtype=float).tolist()):
            if b > 0:
                per_link.setdefault(lk, []).append((t0, t1, b))
    for lk, phases in per_link.items():
        phases.sort()
        t0 = np.array([p[0] for p in phases])
        t1 = np.array([p[1] for p in phases])
        b = np.array([p[2] for p in phases])
        lo, hi = t0.min(), t1.max()
        windows = [(lo, hi), *zip(t0, t1), *((lo, z) for z in t1), *((a, hi) for a in t0)]
        for a, z in windows:
            total = float(b[(t0 >= a) & (t1 <= z)].sum())
            assert total <= cap[lk] * (z - a) * (1 + 1e-9) + 1.0, (
                f"link {lk} carries {total} bytes in [{a}, {z}] over capacity {cap[lk]} B/s"
            )
