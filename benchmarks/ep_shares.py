"""How much of a DeepSeek-V3 step the expert-parallel all-to-alls take in the model, against what NVIDIA's
Megatron-Core MoE report states for DeepSeek-V3 with expert parallel 64 across 8 H100 nodes (arXiv 2603.07685):
"nearly 50% of step time with the standard all-to-all dispatcher" (Section 9.2.2), "30-40% (after DeepEP)" and,
with the 1F1B all-to-all overlap, "under 5%" exposed (Section 4.2.3).

The model's runs: scenarios/deepseek_v3_2048gpu.yaml (2,048 H100, tensor 2, pipeline 16, expert parallel 64 across
8 nodes, bf16) with each dispatcher, and the report's H100 layout (1,024 GPUs, pipeline 8, 4 chunks a stage;
64 layers) with DeepEP, without and with the overlap, which needs interleaving (the report's runs were FP8: the
shares compare, not the times). For the simulated rank with the most all-to-all time: the share of the iteration its all-to-alls are in
flight, and the share they are in flight while its compute stream is idle (exposed). Prints a table and writes
benchmarks/results/ep_shares.json. Usage: python benchmarks/ep_shares.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from simcluster.config.loader import load_scenario  # noqa: E402
from simcluster.simulate import simulate  # noqa: E402

SCENARIO = ROOT / "scenarios" / "deepseek_v3_2048gpu.yaml"
RESULTS = ROOT / "benchmarks" / "results"
# the report's H100 layout for DeepSeek-V3 (Table 17: 1,024 GPUs, tensor 2, pipeline 8, 4 chunks a stage,
# expert parallel 64), with 64 layers so that 32 chunks hold two each
H100_LAYOUT = [
    "cluster.nodes=128", "parallelism.pipeline=8", "parallelism.data=64", "parallelism.schedule=interleaved-1f1b",
    "parallelism.virtual_stages=4", "parallelism.first_stage_layers=null", "parallelism.last_stage_layers=null",
    "model.layers=64", "parallelism.expert_dispatcher=deepep",
]  # fmt: skip
RUNS = {
    "2,048 GPUs, all-to-all dispatcher": ["parallelism.expert_dispatcher=alltoall"],
    "2,048 GPUs, DeepEP": ["parallelism.expert_dispatcher=deepep"],
    "1,024 GPUs PP8 VPP4, DeepEP": H100_LAYOUT,
    "1,024 GPUs PP8 VPP4, DeepEP, overlap": [*H100_LAYOUT, "training.moe_overlap=true"],
}
PUBLISHED = {
    "2,048 GPUs, all-to-all dispatcher": "nearly 50%",
    "2,048 GPUs, DeepEP": "30-40%",
    "1,024 GPUs PP8 VPP4, DeepEP": "30-40%",
    "1,024 GPUs PP8 VPP4, DeepEP, overlap": "under 5% exposed",
}


def _union(intervals: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for a, b in sorted(intervals):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def _length(intervals: list[tuple[float, float]]) -> float:
    return sum(b - a for a, b in intervals)


def shares(overrides: list[str]) -> dict:
    res = simulate(load_scenario(SCENARIO, overrides))
    eng, prog = res.engine, res.program
    it = eng.iteration_time_s
    best = None
    for rank, trace in eng.traces.items():
        steps = prog.steps[rank]
        a2a = _union([(trace.start_s[i], trace.end_s[i]) for i, st in enumerate(steps) if st[0].kind == "alltoall"])
        if best is None or _length(a2a) > best[1]:
            comp = [(trace.start_s[i], trace.end_s[i]) for i, st in enumerate(steps) if st[0].is_compute]
            exposed = _length(_union([*a2a, *comp])) - _length(_union(comp))  # in flight, compute idle
            best = (rank, _length(a2a), exposed)
    assert best is not None
    rank, busy, exposed = best
    return {"iteration_s": float(it), "rank": rank, "alltoall_share": float(busy / it),
            "exposed_share": float(exposed / it)}  # fmt: skip


def main() -> None:
    out = {}
    print(f"{'run':38} {'iteration':>10} {'all-to-all':>11} {'exposed':>8}  published")
    for name, overrides in RUNS.items():
        r = shares(overrides)
        out[name] = {**r, "published": PUBLISHED[name]}
        print(f"{name:38} {r['iteration_s']:9.2f}s {r['alltoall_share']:10.1%} {r['exposed_share']:8.1%}  "
              f"{PUBLISHED[name]}")  # fmt: skip
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "ep_shares.json").write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
